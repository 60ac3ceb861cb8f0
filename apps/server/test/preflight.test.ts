import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';

/** `npm start`'s first step, as npm runs it: before the build, so a port problem costs no build. */
const PREFLIGHT = fileURLToPath(new URL('../scripts/preflight.mjs', import.meta.url));
const run = promisify(execFile);

const holders: Server[] = [];
afterEach(async () => {
  await Promise.all(holders.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Another program holding the port, on the address given. */
async function hold(port: number, host: string): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, resolve);
  });
  holders.push(server);
}

async function preflight(environment: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return run(process.execPath, [PREFLIGHT], { env: { PATH: process.env.PATH!, ...environment } }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await findFreePort();
    // Each step of 100 above a port is where the preflight looks for a free one: keep them apart.
    if (port + 2000 < 65_535 && ports.every((other) => Math.abs(other - port) % 100 !== 0)) ports.push(port);
  }
  return ports;
}

describe('npm start checks every port it will bind before building', () => {
  it('runs the check before the build', async () => {
    const manifest = JSON.parse(await readFile(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toMatch(/^node apps\/server\/scripts\/preflight\.mjs && npm run build && /);
  });

  it('passes when every port is free', async () => {
    const [port, merchant, inbox, metrics] = await freePorts(4);
    const result = await preflight({
      PORT: String(port),
      MERCHANT_DEMO_PORT: String(merchant),
      MAILDEV_WEB_PORT: String(inbox),
      METRICS_PORT: String(metrics),
    });
    expect(result).toEqual({ code: 0, stderr: '' });
  });

  for (const [variable, what, host] of [
    ['PORT', 'PaySplit', '0.0.0.0'],
    ['MERCHANT_DEMO_PORT', 'the reference merchant', '0.0.0.0'],
    // The inbox binds loopback only: a program there is in its way as much as one on every interface.
    ['MAILDEV_WEB_PORT', 'the development email inbox', '127.0.0.1'],
    ['METRICS_PORT', "PaySplit's /metrics", '0.0.0.0'],
  ] as const) {
    it(`names ${variable} when its port is taken, with a free one to use instead`, async () => {
      const [port, merchant, inbox, metrics] = await freePorts(4);
      const environment: Record<string, string> = {
        PORT: String(port),
        MERCHANT_DEMO_PORT: String(merchant),
        MAILDEV_WEB_PORT: String(inbox),
        METRICS_PORT: String(metrics),
      };
      const taken = Number(environment[variable]);
      await hold(taken, host);
      const result = await preflight(environment);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Port ${taken} (${what}, set by ${variable}) is already in use.`);
      // Only the variable in the way is named, and its suggested port is free.
      expect(result.stderr.match(/set by \w+/g)).toEqual([`set by ${variable}`]);
      const suggested = new RegExp(`Or start on free ports: {2}${variable}=(\\d+) npm start`).exec(result.stderr);
      expect(suggested, result.stderr).not.toBeNull();
      await hold(Number(suggested![1]), host);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('leaves MAILDEV_WEB_PORT alone when no inbox starts (SMTP_URL set, or not development)', async () => {
    const [port, merchant, inbox] = await freePorts(3);
    await hold(inbox!, '127.0.0.1');
    const base = { PORT: String(port), MERCHANT_DEMO_PORT: String(merchant), MAILDEV_WEB_PORT: String(inbox) };
    expect(await preflight({ ...base, SMTP_URL: 'smtp://relay.example.com:587' })).toEqual({ code: 0, stderr: '' });
    expect(await preflight({ ...base, NODE_ENV: 'production' })).toEqual({ code: 0, stderr: '' });
    expect((await preflight(base)).stderr).toContain('set by MAILDEV_WEB_PORT) is already in use.');
  });

  it('refuses one port given to two variables, and a value that is not a port, naming each variable', async () => {
    const port = (await freePorts(1))[0]!;
    const twice = await preflight({ PORT: String(port), MERCHANT_DEMO_PORT: String(port) });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(`Port ${port} (the reference merchant, set by MERCHANT_DEMO_PORT) is also PaySplit's (PORT).`);
    expect(twice.stderr).toMatch(/Or start on free ports: {2}MERCHANT_DEMO_PORT=\d+ npm start/);
    // Nothing is in use: nobody is told to stop another PaySplit.
    expect(twice.stderr).not.toContain('already running');

    const notPort = await preflight({ PORT: 'eighty', MERCHANT_DEMO_PORT: String(port), MAILDEV_WEB_PORT: '70000' });
    expect(notPort.code).toBe(1);
    expect(notPort.stderr).toContain('PORT (PaySplit) is not a port number: use 1 to 65535.');
    expect(notPort.stderr).toContain('MAILDEV_WEB_PORT (the development email inbox) is not a port number: use 1 to 65535.');
  });
});
