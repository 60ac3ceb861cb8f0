import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { newSigningSecret } from './support/merchant-harness.js';

const mainJs = fileURLToPath(new URL('../dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let database: TestDatabase;
beforeAll(async () => {
  // `npm test` builds first; a bare vitest run must say so rather than silently skip.
  if (!existsSync(mainJs)) throw new Error('Build first (npm run build): the merchant demo process test runs dist/main.js');
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the merchant demo process', () => {
  it('boots, prints where the booking page is, serves it, and stops on SIGTERM', async () => {
    const port = await freePort();
    const apiKey = 'ps_test_processsecretkey';
    const child = spawn(process.execPath, [mainJs], {
      env: {
        PATH: process.env.PATH,
        MERCHANT_DEMO_PORT: String(port),
        DATABASE_URL: database.url,
        PAYSPLIT_API_KEY: apiKey,
        PAYSPLIT_INTEGRATION_ID: '00000000-0000-4000-8000-000000000002',
        PAYSPLIT_PARTNER_SIGNING_SECRET: newSigningSecret(),
        PAYSPLIT_WEBHOOK_SIGNING_SECRET: newSigningSecret(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const line = `Merchant demo: booking page at http://localhost:${port}/`;
      for (let waited = 0; !output.includes(line); waited += 50) {
        if (waited > 20_000 || child.exitCode !== null) throw new Error(`no start line; output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Dinner for 4');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).not.toContain(apiKey);
  });

  it('refuses to start without its configuration, naming what is missing', async () => {
    const child = spawn(process.execPath, [mainJs], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL');
    expect(stderr).toContain('PAYSPLIT_API_KEY');
  });
});
