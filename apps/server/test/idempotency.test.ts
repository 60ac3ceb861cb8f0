import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let integrationId: string;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ integrationId, apiKey } = await server.provision());
});

afterAll(async () => {
  await server?.close();
});

function create(body: Record<string, unknown>, key: string, path = '/api/v1/payments/sessions') {
  return postJson(`${server.baseUrl}${path}`, body, { 'x-service-api-key': apiKey, 'idempotency-key': key });
}

async function sessionCount(): Promise<number> {
  const [row] = await server.query<{ n: string }>('select count(*) as n from session');
  return Number(row!.n);
}

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, on either path', async () => {
    const body = { integrationId, amount: 48, merchantOrderRef: 'order-1' };
    const first = await create(body, 'order-1-create');
    const before = await sessionCount();
    const second = await create({ merchantOrderRef: 'order-1', amount: 48, integrationId }, 'order-1-create', '/api/payments/sessions');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses the same key with a different body: 409 IDEMPOTENCY_KEY_REUSED', async () => {
    await create({ integrationId, amount: 10 }, 'reuse-me');
    const reused = await create({ integrationId, amount: 11 }, 'reuse-me');
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('scopes keys to the integration', async () => {
    const other = await server.provision({ name: 'Other' });
    const mine = await create({ integrationId, amount: 10 }, 'shared-key');
    const theirs = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: other.integrationId, amount: 10 },
      { 'x-service-api-key': other.apiKey, 'idempotency-key': 'shared-key' },
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.sessionId).not.toBe(mine.body.sessionId);
  });

  it('refuses a key longer than 255 characters', async () => {
    const response = await create({ integrationId, amount: 10 }, 'k'.repeat(256));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });

  it('a failed request does not burn the key: the corrected request succeeds with it', async () => {
    const failed = await create({ integrationId, amount: 0 }, 'fix-and-retry');
    expect(failed.body.code).toBe('INVALID_AMOUNT');
    const fixed = await create({ integrationId, amount: 5 }, 'fix-and-retry');
    expect(fixed.status).toBe(200);
  });

  it('20 concurrent requests with one key create exactly one session', async () => {
    const before = await sessionCount();
    const body = { integrationId, amount: 99.99, merchantOrderRef: 'burst' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(body, 'burst-key')));
    expect(await sessionCount()).toBe(before + 1);
    const succeeded = responses.filter((response) => response.status === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    for (const response of responses) {
      if (response.status === 200) {
        expect(response.body.sessionId).toBe(succeeded[0]!.body.sessionId);
        expect(response.body.hostToken).toBe(succeeded[0]!.body.hostToken);
      } else {
        expect(response.status).toBe(409);
        expect(response.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      }
    }
  });
});
