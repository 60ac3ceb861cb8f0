import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Integration } from '../src/modules/integrations/integration.entity.js';
import { createConfiguredSession, postJson, startTestServer, type TestServer } from './support/test-server.js';
import { browserSocketClient } from './support/socket-client.js';
import { accessCookieName } from '../src/http/cookies.js';

const PRODUCTION = { NODE_ENV: 'production', SECRETS_KEY: 'a'.repeat(64) };
const TOKEN = 'metrics-token-of-at-least-24-chars';

const servers: TestServer[] = [];
async function server(environment: Record<string, string>, jobs = true): Promise<TestServer> {
  const started = await startTestServer({ environment, jobs });
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
  const ask = (baseUrl: string, query: string, apiKey: string) =>
    postJson<{ data?: unknown; errors?: { message: string; extensions: { code: string } }[] }>(
      `${baseUrl}/graphql`,
      { query },
      { 'x-service-api-key': apiKey },
    );
  const INTROSPECT = '{ __schema { queryType { name } } }';

  it('is refused in production, even to a caller allowed to send its own documents', async () => {
    const started = await server(PRODUCTION);
    const { apiKey } = await started.provision({ name: 'Introspecting' });
    const reply = await ask(started.baseUrl, INTROSPECT, apiKey);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
    expect(reply.body.errors?.[0]?.message).toMatch(/introspection/i);
    // Nor do validation errors spell the schema out.
    const misspelt = await ask(started.baseUrl, '{ sesion(id: "x") { id } }', apiKey);
    expect(misspelt.body.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
    expect(misspelt.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  it('can be turned on in production with GRAPHQL_INTROSPECTION=on', async () => {
    const started = await server({ ...PRODUCTION, GRAPHQL_INTROSPECTION: 'on' });
    const { apiKey } = await started.provision({ name: 'Introspecting' });
    expect((await ask(started.baseUrl, INTROSPECT, apiKey)).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const misspelt = await ask(started.baseUrl, '{ sesion(id: "x") { id } }', apiKey);
    expect(misspelt.body.errors?.[0]?.message).toMatch(/Did you mean "session"/);
  });
});

describe('trusted documents: in production a browser runs only the pay app and admin area', () => {
  // Written by the pay app's build (npm test builds first).
  const trusted = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../pay/dist/trusted-documents.json', import.meta.url)), 'utf8'),
  ) as Record<string, string>;
  const idOf = (start: string): string => Object.entries(trusted).find(([, text]) => text.includes(start))![0];
  const graphql = (baseUrl: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<{ data?: Record<string, { id?: string }>; errors?: { message: string; extensions: { code: string } }[] }>(
      `${baseUrl}/graphql`,
      body,
      headers,
    );

  let started: TestServer;
  let session: { sessionId: string; hostToken: string };
  let apiKey: string;
  const openSession = () => idOf('mutation OpenSession(');

  it('runs a document named by its id, and refuses its text sent as a query', async () => {
    started = await server(PRODUCTION);
    const integration = await started.provision({ name: 'Trusted' });
    apiKey = integration.apiKey;
    session = await createConfiguredSession(started.baseUrl, integration, { amountMinor: '2000', participants: ['Host'] });
    const variables = { sessionId: session.sessionId, token: session.hostToken };

    const byId = await graphql(started.baseUrl, { documentId: openSession(), variables });
    expect(byId.body.errors, JSON.stringify(byId.body.errors)).toBeUndefined();
    expect(byId.body.data?.openSession?.id).toBe(session.sessionId);

    const byText = await graphql(started.baseUrl, { query: trusted[openSession()], variables });
    expect(byText.status).toBe(400);
    expect(byText.body.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
    expect(byText.body.errors?.[0]?.message).toMatch(/own operations/);
  });

  it('refuses an unknown id, and an id sent beside a query', async () => {
    const unknown = await graphql(started.baseUrl, { documentId: `sha256:${'0'.repeat(64)}` });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.message).toMatch(/Unknown documentId/);
    const both = await graphql(started.baseUrl, { documentId: openSession(), query: '{ __typename }' });
    expect(both.status).toBe(400);
  });

  it('lets a valid API key send its own document, but not a made-up key', async () => {
    const query = { query: 'query($id: ID!) { session(id: $id) { id } }', variables: { id: session.sessionId } };
    const own = await graphql(started.baseUrl, query, { 'x-service-api-key': apiKey });
    expect(own.body.data?.session?.id).toBe(session.sessionId);
    const forged = await graphql(started.baseUrl, { query: '{ __typename }' }, { 'x-service-api-key': 'ps_test_madeup' });
    expect(forged.body.data).toBeUndefined();
    expect(forged.body.errors?.[0]?.extensions.code).toBe('INVALID_API_KEY');
    const junkBearer = await graphql(started.baseUrl, { query: '{ __typename }' }, { authorization: 'Bearer pso_madeup' });
    expect(junkBearer.body.data).toBeUndefined();
    expect(junkBearer.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('applies the same rule to subscriptions over graphql-ws', async () => {
    const cookie = `${accessCookieName(session.sessionId)}=${session.hostToken}`;
    const client = browserSocketClient(started.baseUrl, { cookie, origin: started.baseUrl });
    const firstOutcome = (payload: Record<string, unknown>) =>
      new Promise<string>((resolve) => {
        const stop = client.subscribe(payload as never, {
          // An accepted subscription's first push is the session as it is; a refusal carries errors.
          next: (value: { data?: unknown; errors?: unknown }) =>
            resolve(value.data ? 'pushed the session' : `refused: ${JSON.stringify(value.errors)}`),
          error: (errors) => resolve(`error: ${JSON.stringify(errors)}`),
          complete: () => resolve('complete'),
        });
        setTimeout(() => {
          stop();
          resolve('no answer');
        }, 5_000);
      });
    try {
      const subscription = idOf('subscription PaySessionUpdated(');
      expect(await firstOutcome({ query: trusted[subscription], variables: { sessionId: session.sessionId } })).toMatch(/own operations/);
      expect(await firstOutcome({ query: '', documentId: subscription, variables: { sessionId: session.sessionId } })).toBe(
        'pushed the session',
      );
    } finally {
      await client.dispose();
    }
  });
});

describe('in production a credential is checked before the document it brings is read', () => {
  type Reply = { data?: Record<string, { id?: string }> | null; errors?: { message: string; extensions: { code: string } }[] };
  const graphql = (baseUrl: string, query: string, headers: Record<string, string>, variables?: Record<string, unknown>) =>
    postJson<Reply>(`${baseUrl}/graphql`, { query, variables }, headers);
  // A misspelt field: parsing and validating it would answer `Cannot query field "sessio"`.
  const misspelt = '{ sessio { id } }';

  it('answers a key or operator token that is not one with its code, without parsing or validating the document', async () => {
    const started = await server(PRODUCTION);
    const refusals: [Record<string, string>, string, number][] = [
      [{ 'x-service-api-key': 'junk' }, 'INVALID_API_KEY', 401],
      [{ 'x-service-api-key': `ps_live_${'a'.repeat(40)}` }, 'INVALID_API_KEY', 401],
      [{ authorization: 'Bearer x' }, 'UNAUTHENTICATED', 401],
    ];
    // Past the document limits too: the credential is checked before the document is even counted.
    for (const query of [misspelt, `{ ${'__typename '.repeat(9_000)}}`]) {
      for (const [headers, code, status] of refusals) {
        const reply = await graphql(started.baseUrl, query, headers);
        expect(reply.status, JSON.stringify(reply.body)).toBe(status);
        expect(reply.body.errors).toHaveLength(1);
        expect(reply.body.errors![0]!.extensions.code).toBe(code);
        expect(JSON.stringify(reply.body)).not.toMatch(/sessio|tokens|junk/);
      }
    }
  });

  it('still reads a valid key’s own document, refuses its mistakes as before, and counts its limit once', async () => {
    const started = await server(PRODUCTION);
    const { apiKey, integrationId } = await started.provision({ name: 'Own documents' });
    const { sessionId } = await createConfiguredSession(started.baseUrl, { apiKey, integrationId });
    const invalid = await graphql(started.baseUrl, misspelt, { 'x-service-api-key': apiKey });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors![0]!.extensions.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.errors![0]!.message).toMatch(/Cannot query field "sessio"/);
    const remaining: number[] = [];
    for (let call = 0; call < 2; call += 1) {
      const reply = await graphql(
        started.baseUrl,
        'query($id: ID!) { session(id: $id) { id } }',
        { 'x-service-api-key': apiKey },
        {
          id: sessionId,
        },
      );
      expect(reply.body.data?.session?.id).toBe(sessionId);
      remaining.push(Number(reply.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining[0]! - remaining[1]!).toBe(1);
  });
});

describe('a scrape does not cost a query each time', () => {
  it('answers the outbox backlog from a count at most 10 s old', async () => {
    const started = await server({}, false);
    const scrape = async () => (await (await fetch(`${started.baseUrl}/metrics`)).text()).match(/^paysplit_outbox_backlog\{.*$/m)?.[0];
    expect(await scrape()).toBeUndefined();
    // A delivery waits (the job runner is off); scrapes right after still show the count already read.
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
