import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';

/** `npm start` after its build step: the launcher, PaySplit, the reference merchant, the embedded database. */
const DEV_STACK = fileURLToPath(new URL('../dist/dev-stack.js', import.meta.url));
const SCRIPTS = fileURLToPath(new URL('../scripts/', import.meta.url));
const run = promisify(execFile);

let dataDir: string;
let stack: ChildProcess;
let output = '';
let environment: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(DEV_STACK)) throw new Error('Build first (npm run build): this test runs apps/server/dist/dev-stack.js');
  dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-dev-stack-'));
  const [port, merchantPort] = [await findFreePort(), await findFreePort()];
  environment = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    MERCHANT_DEMO_PORT: String(merchantPort),
    PAYSPLIT_DATA_DIR: dataDir,
  };
  // Its own process group, like a terminal's foreground job: Ctrl+C signals every process in it.
  stack = spawn(process.execPath, [DEV_STACK], { env: environment, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  stack.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 45_000;
  while (!output.includes('PaySplit is running.')) {
    if (stack.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  if (stack?.exitCode === null) {
    process.kill(-stack.pid!, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start explains itself', () => {
  it('prints one banner: the shop, the admin area and its first operator, the API reference, how to stop and reset', async () => {
    const banner = output.slice(output.indexOf('PaySplit is running.'));
    for (const expected of [
      `http://localhost:${environment.MERCHANT_DEMO_PORT}/`,
      `http://localhost:${environment.PORT}/docs`,
      `http://localhost:${environment.PORT}/admin`,
      'operator create --email',
      'Ctrl+C',
      'npm run reset',
    ]) {
      expect(banner).toContain(expected);
    }
    const home = await fetch(`http://localhost:${environment.PORT}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('href="/docs"');
  });

  it('names PORT and MERCHANT_DEMO_PORT when a second start finds them taken, before building and without a stack', async () => {
    const preflight = await run(process.execPath, [path.join(SCRIPTS, 'preflight.mjs')], { env: environment }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(preflight.code).toBe(1);
    expect(preflight.stderr).toContain(`Port ${environment.PORT} (PaySplit, set by PORT) is already in use`);
    expect(preflight.stderr).toContain('set by MERCHANT_DEMO_PORT');
    const second = await run(process.execPath, [DEV_STACK], { env: environment }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('set by PORT) is already in use');
    expect(second.stderr).not.toMatch(/\n\s+at /);
  });

  it('stops on Ctrl+C (SIGINT to the whole process group) without errors or stacks, and npm run reset then clears the data', async () => {
    const exited = new Promise<number | null>((resolve) => stack.once('exit', resolve));
    process.kill(-stack.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const afterStop = output.slice(output.indexOf('PaySplit is running.'));
    expect(afterStop).not.toMatch(/DatabaseError|"level":"(warn|error)"|\n\s+at /);
    expect(afterStop).toContain('stopped');

    const reset = await run(process.execPath, [path.join(SCRIPTS, 'reset.mjs')], { env: environment });
    expect(reset.stdout).toContain('Deleted');
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);
});
