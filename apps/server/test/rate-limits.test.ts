import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredLimit } from '../src/graphql/rate-limited.js';
import { buildPaySplitSchema } from '../src/graphql/schema.js';
import { REST_ROUTES } from '../src/rest/routes.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let integration: { integrationId: string; apiKey: string };
const WINDOW_SECONDS = 6;

beforeAll(async () => {
  // A 6-second window instead of a minute, so the test also sees the budget come back.
  server = await startTestServer({ environment: { RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) } });
  integration = await server.provision();
});

afterAll(async () => {
  await server?.close();
});

const create = (apiKey = integration.apiKey, integrationId = integration.integrationId) =>
  postJson(`${server.baseUrl}/api/v1/payments/sessions`, { integrationId, amountMinor: '1000' }, { 'x-service-api-key': apiKey });

describe('session creation: 100 per window per integration', () => {
  it('lets 100 through with the budget in headers, refuses the 101st with 429 and Retry-After, then recovers', async () => {
    const startedAt = Date.now();
    // Ten at a time, so all 101 requests land well inside one window.
    const responses: Awaited<ReturnType<typeof create>>[] = [];
    for (let batch = 0; batch < 10; batch += 1) responses.push(...(await Promise.all(Array.from({ length: 10 }, () => create()))));
    const refused = await create();
    expect(Date.now() - startedAt, 'the 101 requests fit in one window').toBeLessThan(WINDOW_SECONDS * 1000);

    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));
    expect(responses.map((response) => response.headers.get('x-ratelimit-limit'))).toEqual(Array(100).fill('100'));
    const remaining = responses.map((response) => Number(response.headers.get('x-ratelimit-remaining'))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    const reset = Number(responses[0]!.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + WINDOW_SECONDS);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Rate limit exceeded. Please try again later.',
      requestId: refused.headers.get('x-request-id'),
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    const recovered = await create();
    expect(recovered.status).toBe(200);
    expect(recovered.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('counts each integration separately', async () => {
    const other = await server.provision({ name: 'Another merchant' });
    expect((await create(other.apiKey, other.integrationId)).headers.get('x-ratelimit-remaining')).toBe('99');
  });
});

describe('status polling: 1 a second per session and client, burst 3', () => {
  it('allows a burst of 3, refuses the 4th at once, and does not limit another session', async () => {
    const a = await create();
    const b = await create();
    const poll = (sessionId: string) => fetch(`${server.baseUrl}/api/payments/unified?sessionId=${sessionId}`);
    const burst = await Promise.all([poll(a.body.sessionId as string), poll(a.body.sessionId as string), poll(a.body.sessionId as string)]);
    expect(burst.map((response) => response.status)).toEqual([200, 200, 200]);
    const fourth = await poll(a.body.sessionId as string);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(fourth.headers.get('cache-control')).toBe('no-store');
    expect((await poll(b.body.sessionId as string)).status).toBe(200);
  });

  it('counts the burst in X-RateLimit-*, and the same session in capitals spends the same allowance', async () => {
    const sessionId = (await create()).body.sessionId as string;
    const poll = (id: string) => fetch(`${server.baseUrl}/api/payments/unified?sessionId=${id}`);
    const replies = [];
    for (const id of [sessionId, sessionId.toUpperCase(), sessionId, sessionId.toUpperCase()]) replies.push(await poll(id));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(replies.map((reply) => reply.headers.get('x-ratelimit-limit'))).toEqual(['3', '3', '3', '3']);
    expect(replies.map((reply) => reply.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
  });
});

describe('one declaration per operation, one budget whatever the transport', () => {
  it('declares the poll limit on the operation in the schema', async () => {
    const schema = await buildPaySplitSchema();
    expect(schema.getQueryType()!.getFields().sessionStatus!.extensions.rateLimit).toMatchObject({ name: 'poll' });
    expect(schema.getMutationType()!.getFields().createSession!.extensions.rateLimit).toMatchObject({ name: 'createSession' });
  });

  it('gives every REST route the limit of the operation it runs (decisions §8)', async () => {
    const schema = await buildPaySplitSchema();
    const limits = Object.fromEntries(
      REST_ROUTES.map((route) => [route.operationId, declaredLimit(schema, route.operation)?.declaration.name]),
    );
    expect(limits).toEqual({
      createSession: 'createSession',
      getSession: 'merchantApi',
      cancelSession: 'merchantApi',
      recordPayment: 'merchantApi',
      refundSession: 'merchantApi',
      settleRefund: 'merchantApi',
      settleCancellation: 'merchantApi',
      settleCapture: 'merchantApi',
      getSessionStatus: 'poll',
      advanceTestClock: 'merchantApi',
    });
  });

  it('spends one poll allowance whether the status is asked over REST or GraphQL', async () => {
    const sessionId = (await create()).body.sessionId as string;
    const overRest = () => fetch(`${server.baseUrl}/api/payments/unified?sessionId=${sessionId}`);
    const overGraphql = () =>
      postJson<{ errors?: { extensions: { code: string } }[] }>(`${server.baseUrl}/graphql`, {
        query: 'query($id: String!) { sessionStatus(sessionId: $id) { status } }',
        variables: { id: sessionId },
      });
    const first = await overRest();
    const second = await overGraphql();
    const third = await overRest();
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.body.errors).toBeUndefined();
    expect([first, second, third].map((reply) => reply.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
    const refusedOverGraphql = await overGraphql();
    expect(refusedOverGraphql.body.errors?.[0]?.extensions.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(refusedOverGraphql.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await overRest()).status).toBe(429);
  });
});

describe('metrics', () => {
  it('exposes request latency by route and rate-limit rejections for Prometheus', async () => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toMatch(/paysplit_http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/payments\/sessions"/);
    expect(text).toMatch(/paysplit_rate_limit_rejections_total\{limit="poll"\} [1-9]/);
    expect(text).toContain('paysplit_outbox_backlog');
    expect(text).toMatch(/paysplit_db_pool_connections\{state="used"\}/);
  });
});

describe('the same limits over GraphQL', () => {
  it('counts createSession mutations per integration and refuses the 101st with RATE_LIMIT_EXCEEDED and Retry-After', async () => {
    const merchant = await server.provision({ name: 'GraphQL merchant' });
    const mutate = () =>
      postJson<{ data?: unknown; errors?: { extensions: { code: string } }[] }>(
        `${server.baseUrl}/graphql`,
        {
          query: 'mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }',
          variables: { input: { integrationId: merchant.integrationId, amountMinor: '100' } },
        },
        { 'x-service-api-key': merchant.apiKey },
      );
    const replies = [];
    for (let batch = 0; batch < 10; batch += 1) replies.push(...(await Promise.all(Array.from({ length: 10 }, mutate))));
    const refused = await mutate();
    expect(replies.filter((reply) => reply.body.errors)).toEqual([]);
    expect(replies[0]!.headers.get('x-ratelimit-limit')).toBe('100');
    expect(refused.body.errors?.[0]?.extensions.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
