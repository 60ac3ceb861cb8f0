import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';

const run = promisify(execFile);
const serverDir = path.resolve(fileURLToPath(import.meta.url), '../..');
const MAIN = path.join(serverDir, 'dist/main.js');
const CLI = path.join(serverDir, 'dist/cli/main.js');

let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
let serverOutput = '';

/** The environment of a fresh machine: no DATABASE_URL, so the embedded PostgreSQL is used. */
function environment(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, PAYSPLIT_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', NODE_ENV: 'development' };
}

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [CLI, ...args], { env: environment(), timeout: 60_000 });
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server?.exitCode !== null) throw new Error(`server exited early:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${serverOutput}`);
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('Build first: `npm test` runs `npm run build` before the tests');
  dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-quickstart-'));
  port = await findFreePort();
  server = spawn(process.execPath, [MAIN], { env: environment(), stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  await waitForHealth();
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the README quickstart on a fresh machine (embedded PostgreSQL, built server, CLI)', () => {
  it('provisions with the CLI while the server runs, then creates a session over HTTP', async () => {
    const { stdout } = await cli(
      'integration',
      'create',
      '--name',
      'Quickstart shop',
      '--allow-origin',
      'https://shop.example.com',
      '--json',
    );
    const created = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual([
      'apiKey',
      'integrationId',
      'mode',
      'partnerCreatePaymentSigningSecret',
      'webhookSigningSecret',
    ]);
    expect(created.apiKey).toMatch(/^ps_test_[0-9A-Za-z]{43}$/);
    expect(created.partnerCreatePaymentSigningSecret).toMatch(/^whsec_/);
    expect(created.mode).toBe('test');

    const response = await fetch(`http://127.0.0.1:${port}/api/v1/payments/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': created.apiKey! },
      body: JSON.stringify({ integrationId: created.integrationId, amount: 480, merchantOrderRef: 'booking-1' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sessionUrl: string; sessionId: string };
    expect(body.sessionUrl).toContain(`http://localhost:${port}/pay/${body.sessionId}?host=1&hostToken=`);

    expect(serverOutput).not.toContain(created.apiKey);
  });

  it('creates live keys, revokes keys, and disables integrations from the CLI', async () => {
    const created = JSON.parse(
      (await cli('integration', 'create', '--name', 'Live shop', '--live', '--onboarded', '--json')).stdout,
    ) as Record<string, string>;
    expect(created.apiKey).toMatch(/^ps_live_/);
    expect(created.mode).toBe('live');
    const { apiKey: second } = JSON.parse((await cli('key', 'create', created.integrationId!, '--json')).stdout) as { apiKey: string };
    expect(second).toMatch(/^ps_test_/);
    await cli('key', 'revoke', second.slice(-4));
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/payments/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': second },
      body: JSON.stringify({ integrationId: created.integrationId, amount: 1 }),
    });
    expect((await refused.json()) as object).toMatchObject({ code: 'INVALID_API_KEY' });

    await cli('integration', 'disable', created.integrationId!);
    const disabled = await fetch(`http://127.0.0.1:${port}/api/v1/payments/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': created.apiKey! },
      body: JSON.stringify({ integrationId: created.integrationId, amount: 1 }),
    });
    expect(disabled.status).toBe(403);
    expect((await disabled.json()) as object).toMatchObject({ code: 'INTEGRATION_DISABLED' });
  });

  it('explains bad CLI usage with exit code 64', async () => {
    const failure = await cli('integration', 'create').catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 64 });
    expect((failure as { stderr: string }).stderr).toContain('--name');
  });

  it('stops cleanly on SIGTERM, and the CLI then starts the embedded database by itself', async () => {
    server!.kill('SIGTERM');
    const code = await new Promise((resolve) => server!.once('exit', resolve));
    expect(code).toBe(0);
    const { stdout } = await cli('integration', 'create', '--name', 'While the server is down', '--json');
    expect(JSON.parse(stdout)).toHaveProperty('integrationId');
  });

  it('refuses to start with invalid configuration, naming the variable', async () => {
    const failure = await run(process.execPath, [MAIN], { env: { ...environment(), PORT: 'eighty' }, timeout: 30_000 }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 78 });
    expect((failure as { stderr: string }).stderr).toContain('PORT');
  });
});
