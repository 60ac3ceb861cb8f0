import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';
import { Integration } from '../src/modules/integrations/integration.entity.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { staleSdkSources } from '../../../packages/tooling/sdk-sources.mjs';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/sdk-merchant/', import.meta.url));

let server: TestServer;
let project: string;

beforeAll(async () => {
  server = await startTestServer();
  // Outside the workspace: npm must not see the repository's workspaces or node_modules.
  project = await mkdtemp(path.join(tmpdir(), 'paysplit-sdk-merchant-'));
});

afterAll(async () => {
  await server?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

/** npm with a plain environment, so nothing of this repository's npm run leaks into the project. */
function npm(args: string[], cwd: string) {
  return run('npm', args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

describe('the SDK as a merchant installs it', () => {
  it('has its generated sources (OpenAPI document, wire types, currency table) in step with the server and the domain', async () => {
    // Regenerate with `npm run sdk:generate` when this fails.
    expect(await staleSdkSources()).toEqual([]);
  });

  it('packs into a tarball that installs outside the repository, type-checks a merchant script and runs it against a live server', async () => {
    const { stdout } = await npm(['pack', '--json', '--pack-destination', project, path.join(repo, 'packages/sdk')], project);
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    const files = packed!.files.map((file) => file.path);
    for (const expected of [
      'LICENSE',
      'README.md',
      'package.json',
      'openapi.json',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/paysplit.js',
    ]) {
      expect(files).toContain(expected);
    }
    expect(files.filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.js'))).toEqual([]);

    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'a-merchant', private: true, type: 'module' }));
    await copyFile(path.join(fixture, 'merchant.ts'), path.join(project, 'merchant.ts'));
    await copyFile(path.join(fixture, 'tsconfig.json'), path.join(project, 'tsconfig.json'));
    await npm(['install', '--no-audit', '--prefer-offline', `./${packed!.filename}`, 'typescript@5.9', '@types/node@20'], project);
    expect(await readdir(path.join(project, 'node_modules/@paysplit/sdk/dist'))).toContain('index.js');
    // The merchant's command is installed with it (npx paysplit listen), its one dependency (ws) too.
    const help = await run(path.join(project, 'node_modules/.bin/paysplit'), ['--help'], { cwd: project });
    expect(help.stdout).toMatch(/^Usage: paysplit listen --forward-to <url>/);
    const refused = await run(
      path.join(project, 'node_modules/.bin/paysplit'),
      ['listen', '--forward-to', 'http://localhost:4242/webhooks'],
      {
        cwd: project,
        env: { PATH: process.env.PATH, PAYSPLIT_BASE_URL: server.baseUrl, PAYSPLIT_API_KEY: `ps_test_${'0'.repeat(43)}` },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: 'paysplit listen: The API key is not valid (INVALID_API_KEY)\n' });

    // The merchant's own compiler, against the installed declarations only.
    await run(process.execPath, [path.join(project, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project });

    const webhookPort = await findFreePort();
    const integration = await server.provision({ webhookUrl: `http://127.0.0.1:${webhookPort}/webhooks/paysplit` });
    const child = spawn(process.execPath, [path.join(project, 'dist/merchant.js')], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        PAYSPLIT_BASE_URL: server.baseUrl,
        PAYSPLIT_API_KEY: integration.apiKey,
        PAYSPLIT_INTEGRATION_ID: integration.integrationId,
        PAYSPLIT_WEBHOOK_SECRET: integration.webhookSecret,
        WEBHOOK_PORT: String(webhookPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 20_000;
    while (!output.includes('ready for webhooks')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the merchant script did not get ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // A real signed delivery through the outbox, as the administration area's "Send test event" makes.
    const em = server.orm.em.fork();
    const entity = await em.findOneOrFail(Integration, { id: integration.integrationId });
    const { event } = await server.paysplit.services.webhooks.sendTestEvent(em, entity, () => {});

    expect(await exited, output).toBe(0);
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'unconfigured',
      display: 'HUF\u00a0120.50',
      refusedCode: 'INVALID_API_KEY',
      tamperedRejected: true,
      eventType: 'SERVICE_TEST_EVENT',
      eventId: event.id,
    });
  }, 120_000);
});
