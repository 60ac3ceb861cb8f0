import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../src/rest/error-response.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let integrationId: string;
let apiKey: string;
const URL_PATH = '/api/v1/payments/sessions';

beforeAll(async () => {
  server = await startTestServer();
  ({ integrationId, apiKey } = await server.provision({ redirectAllowlist: ['https://shop.example.com', 'https://*.example.org'] }));
});

afterAll(async () => {
  await server?.close();
});

async function businessRowCount(): Promise<number> {
  const [row] = await server.query<{ total: string }>(
    'select (select count(*) from session) + (select count(*) from participant) + (select count(*) from idempotency_record) as total',
  );
  return Number(row!.total);
}

/** Sends a request that must fail, and checks the error contract of decisions §4 and that nothing was written. */
async function expectRefusal(
  request: { body: unknown; headers?: Record<string, string> },
  expected: { status: number; code: string; message?: RegExp },
) {
  const before = await businessRowCount();
  const response = await postJson(`${server.baseUrl}${URL_PATH}`, request.body, {
    'x-service-api-key': apiKey,
    'idempotency-key': `refusal-${Math.random()}`,
    ...request.headers,
  });
  expect({ status: response.status, code: response.body?.code }).toEqual({ status: expected.status, code: expected.code });
  const body = errorResponseSchema.parse(response.body);
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
  expect(body.message.length).toBeGreaterThan(5);
  if (expected.message) expect(body.message).toMatch(expected.message);
  expect(JSON.stringify(body)).not.toMatch(/ at .*\.(ts|js):\d+|select |insert /i);
  expect(await businessRowCount()).toBe(before);
  return body;
}

describe('amount and currency errors', () => {
  it.each([
    ['zero', { amount: 0 }, /greater than 0/],
    ['negative', { amount: -1 }, /amount/],
    ['a number too large for a double', '{"integrationId":"__ID__","amount":1e309}', /amount/],
    ['a string instead of a number', { amount: '12' }, /JSON number/],
    ['more decimals than NZD has', { amount: 0.001 }, /decimal/i],
    ['any decimals for JPY', { amount: 1.5, currency: 'JPY' }, /decimal/i],
    ['more digits than a double keeps', '{"integrationId":"__ID__","amount":0.30000000000000001}', /amount/],
    ['above the maximum', { amountMinor: '100000000000' }, /amountMinor/],
    ['amountMinor with a leading zero', { amountMinor: '012' }, /amountMinor/],
    ['amountMinor with a sign', { amountMinor: '-5' }, /amountMinor/],
    ['amountMinor in exponent form', { amountMinor: '1e3' }, /amountMinor/],
    ['amountMinor as a fraction', { amountMinor: 12.5 }, /amountMinor/],
    ['neither amount nor amountMinor', {}, /amount/],
    ['amount and amountMinor that disagree', { amount: 120.5, amountMinor: '12000' }, /differ|same|agree|match/i],
  ])('refuses %s with 400 INVALID_AMOUNT', async (_name, fields, message) => {
    const body = typeof fields === 'string' ? fields.replace('__ID__', integrationId) : { integrationId, ...fields };
    await expectRefusal({ body }, { status: 400, code: 'INVALID_AMOUNT', message });
  });

  it('refuses an unknown currency with 400 INVALID_CURRENCY', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, currency: 'XYZ' } },
      { status: 400, code: 'INVALID_CURRENCY', message: /XYZ/ },
    );
  });
});

describe('request format errors', () => {
  it('refuses malformed JSON with 400 VALIDATION_ERROR', async () => {
    await expectRefusal({ body: '{"integrationId": ' }, { status: 400, code: 'VALIDATION_ERROR', message: /JSON/ });
  });

  it('refuses a JSON array body', async () => {
    await expectRefusal({ body: '[1,2]' }, { status: 400, code: 'VALIDATION_ERROR' });
  });

  it('refuses wrong field types with details', async () => {
    const body = await expectRefusal(
      { body: { integrationId, amount: 10, unconfigured: 'no', metadata: 'x' } },
      { status: 400, code: 'VALIDATION_ERROR' },
    );
    expect(body.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(['unconfigured', 'metadata']));
  });

  it('refuses unknown fields, naming them', async () => {
    await expectRefusal({ body: { integrationId, amount: 10, amuont: 5 } }, { status: 400, code: 'VALIDATION_ERROR', message: /amuont/ });
  });

  it('refuses a body over 100 KiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ integrationId, amount: 10, metadata: { note: 'x'.repeat(110 * 1024) } });
    await expectRefusal({ body: big }, { status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a non-JSON content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    await expectRefusal(
      { body: `integrationId=${integrationId}&amount=10`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    );
  });

  it('refuses a missing integrationId, and a malformed one as any id other than its own (403 INTEGRATION_MISMATCH)', async () => {
    await expectRefusal({ body: { amount: 10 } }, { status: 400, code: 'VALIDATION_ERROR', message: /integrationId/ });
    for (const integrationId of ['nope', randomUUID()]) {
      await expectRefusal({ body: { integrationId, amount: 10 } }, { status: 403, code: 'INTEGRATION_MISMATCH', message: /integrationId/ });
    }
  });
});

describe('metadata, references and redirects', () => {
  it.each([
    ['51 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))],
    ['a key longer than 40 characters', { ['k'.repeat(41)]: 1 }],
    ['a string value longer than 500 characters', { note: 'x'.repeat(501) }],
    ['more than 8 KiB in all', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'y'.repeat(450)]))],
    ['a number JSON cannot carry exactly', '__RAW__'],
  ])('refuses metadata with %s', async (_name, metadata) => {
    const body =
      metadata === '__RAW__'
        ? `{"integrationId":"${integrationId}","amount":10,"metadata":{"big":12345678901234567890}}`
        : { integrationId, amount: 10, metadata };
    await expectRefusal({ body }, { status: 400, code: 'VALIDATION_ERROR', message: /metadata/ });
  });

  it('refuses a merchantOrderRef over 200 characters', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, merchantOrderRef: 'r'.repeat(201) } },
      { status: 400, code: 'VALIDATION_ERROR', message: /merchantOrderRef/ },
    );
  });

  it.each([['english'], ['en_US'], ['und'], [''], [`de-${'x'.repeat(40)}`], ['12']])(
    'refuses a locale that is not a BCP 47 language tag (%s), naming the field',
    async (locale) => {
      const body = await expectRefusal(
        { body: { integrationId, amount: 10, locale } },
        { status: 400, code: 'VALIDATION_ERROR', message: /locale/ },
      );
      expect(body.details).toEqual([{ path: 'locale', message: expect.stringContaining('BCP 47') }]);
    },
  );

  it('keeps a locale in its canonical spelling, and the pay page reads it', async () => {
    const created = await postJson<{ sessionId: string; hostToken: string }>(
      `${server.baseUrl}${URL_PATH}`,
      { integrationId, amount: 10, locale: 'pt-br' },
      { 'x-service-api-key': apiKey },
    );
    expect(created.status).toBe(200);
    expect(await server.query(`select locale from session where id = ?`, [created.body.sessionId])).toEqual([{ locale: 'pt-BR' }]);
    const opened = await postJson<{ data: { openSession: { locale: string } } }>(`${server.baseUrl}/graphql`, {
      query: 'mutation($s: ID!, $t: String!) { openSession(sessionId: $s, token: $t) { locale } }',
      variables: { s: created.body.sessionId, t: created.body.hostToken },
    });
    expect(opened.body).toEqual({ data: { openSession: { locale: 'pt-BR' } } });
  });

  it.each([
    ['another origin', 'https://evil.test/thanks'],
    ['a look-alike with credentials', 'https://shop.example.com@evil.test/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['http for an https entry', 'http://shop.example.com/thanks'],
    ['two labels under a wildcard', 'https://a.b.example.org/'],
  ])('refuses a successUrl on %s with REDIRECT_URL_NOT_ALLOWED', async (_name, successUrl) => {
    await expectRefusal({ body: { integrationId, amount: 10, successUrl } }, { status: 400, code: 'REDIRECT_URL_NOT_ALLOWED' });
  });

  it('refuses a cancelUrl off the allowlist', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, cancelUrl: 'https://evil.test/' } },
      { status: 400, code: 'REDIRECT_URL_NOT_ALLOWED' },
    );
  });

  it('accepts allowlisted and one-label wildcard redirects', async () => {
    const response = await postJson(
      `${server.baseUrl}${URL_PATH}`,
      { integrationId, amount: 10, successUrl: 'https://shop.example.com/thanks?b=1', cancelUrl: 'https://eu.example.org/cancel' },
      { 'x-service-api-key': apiKey },
    );
    expect(response.status).toBe(200);
  });

  it('refuses successUrl and successReturnUrl that differ', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, successUrl: 'https://shop.example.com/a', successReturnUrl: 'https://shop.example.com/b' } },
      { status: 400, code: 'VALIDATION_ERROR', message: /successReturnUrl/ },
    );
  });

  it('refuses participants without a split mode, and splits that do not add up', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, unconfigured: false } },
      { status: 400, code: 'VALIDATION_ERROR', message: /participants/ },
    );
    await expectRefusal(
      {
        body: {
          integrationId,
          amount: 480,
          unconfigured: false,
          splitMode: 'exact',
          participants: [
            { displayName: 'A', amountMinor: '20000' },
            { displayName: 'B', amountMinor: '27000' },
          ],
        },
      },
      { status: 400, code: 'VALIDATION_ERROR' },
    );
    await expectRefusal(
      { body: { integrationId, amount: 10, unconfigured: true, participants: [{ displayName: 'A' }] } },
      { status: 400, code: 'VALIDATION_ERROR', message: /unconfigured/ },
    );
  });

  it('refuses expiresInSeconds outside 1800..2592000', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, expiresInSeconds: 60 } },
      { status: 400, code: 'VALIDATION_ERROR', message: /expiresInSeconds/ },
    );
  });
});

describe('authentication and authorization', () => {
  it('refuses a request without X-Service-API-Key with 401 MISSING_API_KEY', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10 }, headers: { 'x-service-api-key': '' } },
      { status: 401, code: 'MISSING_API_KEY' },
    );
  });

  it('checks the key before the body: no key and a bad body is still 401', async () => {
    await expectRefusal({ body: '{oops', headers: { 'x-service-api-key': '' } }, { status: 401, code: 'MISSING_API_KEY' });
  });

  it('refuses an unknown or malformed key with 401 INVALID_API_KEY', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10 }, headers: { 'x-service-api-key': 'ps_test_' + 'A'.repeat(43) } },
      { status: 401, code: 'INVALID_API_KEY' },
    );
    await expectRefusal(
      { body: { integrationId, amount: 10 }, headers: { 'x-service-api-key': 'sk_live_nope' } },
      { status: 401, code: 'INVALID_API_KEY' },
    );
  });

  it('refuses a revoked key with 401 INVALID_API_KEY', async () => {
    const { apiKey: revoked } = await server.paysplit.services.apiKeys.createApiKey(server.orm.em.fork(), integrationId, 'test');
    await server.paysplit.services.apiKeys.revokeApiKey(server.orm.em.fork(), revoked);
    await expectRefusal(
      { body: { integrationId, amount: 10 }, headers: { 'x-service-api-key': revoked } },
      { status: 401, code: 'INVALID_API_KEY' },
    );
  });

  it('refuses a key of another integration with 403 INTEGRATION_MISMATCH', async () => {
    const other = await server.provision({ name: 'Other' });
    await expectRefusal(
      { body: { integrationId, amount: 10 }, headers: { 'x-service-api-key': other.apiKey } },
      { status: 403, code: 'INTEGRATION_MISMATCH' },
    );
  });

  it('refuses a disabled integration with 403 INTEGRATION_DISABLED, and serves it again once enabled', async () => {
    const disabled = await server.provision({ name: 'Soon disabled' });
    await server.paysplit.services.integrationSettings.setEnabled(server.orm.em.fork(), disabled.integrationId, false);
    await expectRefusal(
      { body: { integrationId: disabled.integrationId, amount: 10 }, headers: { 'x-service-api-key': disabled.apiKey } },
      { status: 403, code: 'INTEGRATION_DISABLED' },
    );
    await server.paysplit.services.integrationSettings.setEnabled(server.orm.em.fork(), disabled.integrationId, true);
    const response = await postJson(
      `${server.baseUrl}${URL_PATH}`,
      { integrationId: disabled.integrationId, amount: 10 },
      { 'x-service-api-key': disabled.apiKey },
    );
    expect(response.status).toBe(200);
  });

  it('refuses a live key before payout onboarding with 403 PAYOUT_ONBOARDING_REQUIRED', async () => {
    const live = await server.provision({ name: 'Live, not onboarded', keyMode: 'live' });
    expect(live.apiKey).toMatch(/^ps_live_/);
    await expectRefusal(
      { body: { integrationId: live.integrationId, amount: 10 }, headers: { 'x-service-api-key': live.apiKey } },
      { status: 403, code: 'PAYOUT_ONBOARDING_REQUIRED' },
    );
  });

  it('creates live sessions with a live key once onboarded', async () => {
    const live = await server.provision({ name: 'Live merchant', keyMode: 'live', payoutOnboarded: true });
    const response = await postJson(
      `${server.baseUrl}${URL_PATH}`,
      { integrationId: live.integrationId, amount: 10 },
      { 'x-service-api-key': live.apiKey },
    );
    expect(response.status).toBe(200);
    expect(response.body.mode).toBe('live');
  });

  it('refuses browser requests (Origin or Sec-Fetch-Site) with 403 BROWSER_REQUEST_FORBIDDEN and no CORS headers', async () => {
    for (const header of [{ origin: 'https://shop.example.com' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const before = await businessRowCount();
      const response = await postJson(
        `${server.baseUrl}${URL_PATH}`,
        { integrationId, amount: 10 },
        { 'x-service-api-key': apiKey, ...header },
      );
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('BROWSER_REQUEST_FORBIDDEN');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await businessRowCount()).toBe(before);
    }
  });
});

describe('unknown routes', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/nothing-here`);
    expect(response.status).toBe(404);
    const body = errorResponseSchema.parse(await response.json());
    expect(body.code).toBe('NOT_FOUND');
  });
});

describe('text the database cannot store', () => {
  it('refuses the NUL character in any field with VALIDATION_ERROR (found by the fuzzer)', async () => {
    await expectRefusal(
      { body: { integrationId, amount: 10, merchantOrderRef: 'a\u0000b' } },
      { status: 400, code: 'VALIDATION_ERROR', message: /merchantOrderRef/ },
    );
    await expectRefusal(
      { body: { integrationId, amount: 10, metadata: { note: '\u0000' } } },
      { status: 400, code: 'VALIDATION_ERROR', message: /metadata\.note/ },
    );
  });
});
