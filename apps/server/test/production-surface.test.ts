import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Integration } from '../src/modules/integrations/integration.entity.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const PRODUCTION = { NODE_ENV: 'production', SECRETS_KEY: 'a'.repeat(64) };
const TOKEN = 'metrics-token-of-at-least-24-chars';

const servers: TestServer[] = [];
async function server(environment: Record<string, string>, dispatcher = true): Promise<TestServer> {
  const started = await startTestServer({ environment, dispatcher });
  servers.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(servers.map((started) => started.close()));
});

describe('/metrics is not public in production', () => {
  it('answers 404 on the API port in production when neither METRICS_PORT nor METRICS_TOKEN is set', async () => {
    const { baseUrl } = await server(PRODUCTION);
    const response = await fetch(`${baseUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('paysplit_');
  });

  it('needs the bearer token when METRICS_TOKEN is set, compared exactly', async () => {
    const { baseUrl } = await server({ ...PRODUCTION, METRICS_TOKEN: TOKEN });
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${baseUrl}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    const allowed = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('paysplit_http_request_duration_seconds');
  });

  it('serves /metrics only on its own listener when METRICS_PORT is set', async () => {
    const started = await server({ ...PRODUCTION, METRICS_PORT: '9' });
    expect((await fetch(`${started.baseUrl}/metrics`)).status).toBe(404);
    const listener = started.paysplit.metricsApp.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    try {
      const response = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('paysplit_outbox_backlog');
    } finally {
      listener.close();
    }
  });
});

describe('introspection', () => {
  const INTROSPECT = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
  const ask = (baseUrl: string) =>
    fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: INTROSPECT }).then(
      async (response) => ({
        status: response.status,
        body: (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] },
      }),
    );

  it('is refused in production, before any other check', async () => {
    const { baseUrl } = await server(PRODUCTION);
    const reply = await ask(baseUrl);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
  });

  it('can be turned on in production with GRAPHQL_INTROSPECTION=on', async () => {
    const { baseUrl } = await server({ ...PRODUCTION, GRAPHQL_INTROSPECTION: 'on', GRAPHQL_TRUSTED_DOCUMENTS_ONLY: 'off' });
    expect((await ask(baseUrl)).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('a scrape does not cost a query each time', () => {
  it('answers the outbox backlog from a count at most 10 s old', async () => {
    const started = await server({}, false);
    const scrape = async () => (await (await fetch(`${started.baseUrl}/metrics`)).text()).match(/^paysplit_outbox_backlog\{.*$/m)?.[0];
    expect(await scrape()).toBeUndefined();
    // A delivery waits (the dispatcher is off); scrapes right after still show the count already read.
    const { integrationId } = await started.provision({ webhookUrl: 'http://127.0.0.1:9/webhooks' });
    const em = started.orm.em.fork();
    await started.paysplit.services.webhooks.sendTestEvent(em, await em.findOneOrFail(Integration, integrationId), () => undefined);
    const [pending] = await started.query<{ n: string }>(`select count(*) as n from webhook_delivery where status = 'pending'`);
    expect(Number(pending!.n)).toBe(1);
    for (let scrapes = 0; scrapes < 5; scrapes += 1) expect(await scrape()).toBeUndefined();
    // Once the count is older than 10 s, the next scrape counts again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_500 });
    try {
      expect(await scrape()).toBe('paysplit_outbox_backlog{status="pending"} 1');
    } finally {
      vi.useRealTimers();
    }
  });
});
