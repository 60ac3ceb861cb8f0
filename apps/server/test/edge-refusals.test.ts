import { PassThrough } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser, payAppDocumentId } from './support/pay-browser.js';
import { createConfiguredSession, startTestServer, type TestServer } from './support/test-server.js';
import { browserSocketClient } from './support/socket-client.js';
import { accessCookieName } from '../src/http/cookies.js';

/**
 * Issue 13, "hold the edge": requests an attacker would send. Each answers a 4xx with its code;
 * none reaches the database, repeats a secret, or writes an error line to the log.
 */
let server: TestServer;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string };
let session: { sessionId: string; hostToken: string };

beforeAll(async () => {
  merchant = new MerchantStub();
  await merchant.start();
  server = await startTestServer({ logLevel: 'debug', environment: { RATE_LIMITS: 'off' } });
  integration = await merchant.provisionOn(server, { name: 'Edge' });
  session = await createConfiguredSession(server.baseUrl, integration);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await merchant?.stop();
});

async function send(path: string, body: Buffer | string, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, any> };
}

/** Log lines written since `from`, parsed. */
function logSince(from: number): Record<string, any>[] {
  return server
    .logLines()
    .slice(from)
    .map((line) => JSON.parse(line) as Record<string, any>);
}

function expectQuietLog(lines: Record<string, any>[], secrets: string[]) {
  const text = JSON.stringify(lines);
  expect(lines.filter((line) => line.level === 'error' || line.level === 'fatal' || line.level === 'warn')).toEqual([]);
  expect(text).not.toMatch(/"stack"|invalid input syntax| {4}at /);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

// The pay operations as a client may write them (the pay app sends its own by documentId).
const OPEN_SESSION = `mutation($sessionId: ID!, $token: String!) { openSession(sessionId: $sessionId, token: $token) { id } }`;
const PAY_SESSION = `query($sessionId: ID!) { paySession(sessionId: $sessionId) { id } }`;
const START_PAYMENT = `mutation($sessionId: ID!, $participantId: ID) { startPayment(sessionId: $sessionId, participantId: $participantId) { paymentId } }`;
const CONFIGURE_SESSION = `mutation($input: ConfigureSessionInput!) { configureSession(input: $input) { id } }`;

const JSON_ROUTES = ['/api/v1/payments/sessions', '/api/payments/sessions', '/api/v1/payments/record', '/graphql'];
const tooBig = JSON.stringify({ query: `{ __typename }`, padding: 'x'.repeat(200 * 1024) });

describe('a body that cannot be decoded', () => {
  it.each(JSON_ROUTES)(
    '%s: corrupt gzip, deflate or br is 400, an unknown encoding 415, a gzip bomb 413: before the API key',
    async (path) => {
      const from = server.logLines().length;
      for (const encoding of ['gzip', 'deflate', 'br', 'GZIP']) {
        const reply = await send(path, '{}', { 'content-encoding': encoding });
        expect(reply, `${path} ${encoding}`).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_ERROR' } });
        expect(reply.body.requestId).toMatch(/^req_/);
      }
      const truncated = gzipSync(JSON.stringify({ query: '{ __typename }' })).subarray(0, 12);
      expect(await send(path, truncated, { 'content-encoding': 'gzip' })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR' },
      });
      for (const encoding of ['compress', 'zstd2', 'gzip, br', 'x'.repeat(300)]) {
        expect(await send(path, '{}', { 'content-encoding': encoding }), encoding).toMatchObject({
          status: 415,
          body: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE' },
        });
      }
      // 200 KiB of JSON in a few hundred bytes: refused once the inflated size passes 100 KiB.
      const bomb = gzipSync(tooBig);
      expect(bomb.length).toBeLessThan(2048);
      expect(await send(path, bomb, { 'content-encoding': 'gzip' })).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
      expectQuietLog(logSince(from), [integration.apiKey]);
    },
  );

  it('decodes a valid compressed body on REST and /graphql', async () => {
    const body = JSON.stringify({ integrationId: integration.integrationId, amountMinor: '1000' });
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const created = await send('/api/v1/payments/sessions', compress(body), {
        'content-encoding': encoding,
        'x-service-api-key': integration.apiKey,
      });
      expect(created, encoding).toMatchObject({ status: 200, body: { success: true } });
      const query = await send('/graphql', compress(JSON.stringify({ query: '{ __typename }' })), { 'content-encoding': encoding });
      expect(query, encoding).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
    }
  });

  it('answers malformed JSON on /graphql in the same shape whether it arrived compressed or not', async () => {
    const plain = await send('/graphql', '{"query":', {});
    const zipped = await send('/graphql', gzipSync('{"query":'), { 'content-encoding': 'gzip' });
    expect(plain).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_ERROR' } });
    expect(zipped).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_ERROR' } });
  });
});

describe('malformed ids', () => {
  const tokenVariants = (sessionId: string) => [
    // The token as an argument (the first visit) and as the cookie the pay app then holds.
    { query: OPEN_SESSION, variables: { sessionId, token: session.hostToken }, cookie: '' },
    { query: PAY_SESSION, variables: { sessionId }, cookie: `${accessCookieName(session.sessionId)}=${session.hostToken}` },
    {
      query: START_PAYMENT,
      variables: { sessionId, participantId: null },
      cookie: `${accessCookieName(session.sessionId)}=${session.hostToken}`,
    },
    {
      query: CONFIGURE_SESSION,
      variables: { input: { sessionId, splitMode: 'EQUAL', participants: [{ displayName: 'Host' }] } },
      cookie: `${accessCookieName(session.sessionId)}=${session.hostToken}`,
    },
    {
      query: `mutation($sessionId: ID!) { cancelSessionAsHost(sessionId: $sessionId) { id } }`,
      variables: { sessionId },
      cookie: `${accessCookieName(session.sessionId)}=${session.hostToken}`,
    },
  ];

  it.each(['not-a-uuid', '', `${'0'.repeat(8)}-0000-0000-0000-00000000000g`, 'x'.repeat(5000), "1' or '1'='1"])(
    'pay operations answer SESSION_NOT_FOUND for sessionId %#, as for an unknown one, without touching the database',
    async (sessionId) => {
      const from = server.logLines().length;
      for (const { query, variables, cookie } of tokenVariants(sessionId)) {
        const reply = await send('/graphql', JSON.stringify({ query, variables }), { cookie });
        expect(reply.status).toBe(200);
        expect(reply.body.errors?.[0]?.extensions?.code, query).toBe('SESSION_NOT_FOUND');
        expect(reply.text).not.toContain(session.hostToken);
        expect(reply.text.length).toBeLessThan(1000);
      }
      expectQuietLog(logSince(from), [session.hostToken]);
    },
  );

  it('accepts an uppercase id as the same session', async () => {
    const browser = new PayBrowser(server.baseUrl);
    const opened = await browser.open(session.sessionId.toUpperCase(), session.hostToken);
    expect(opened.errors).toBeUndefined();
    expect(opened.data.openSession.id).toBe(session.sessionId);
  });

  it('a malformed participantId, integrationId or paymentId answers what an unknown one does, on REST with its status', async () => {
    const host = new PayBrowser(server.baseUrl);
    await host.open(session.sessionId, session.hostToken);
    // The viewer pays only their own share: any other participant is refused.
    expect((await host.startPayment(session.sessionId, 'nope')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const configured = await host.configure({
      sessionId: session.sessionId,
      splitMode: 'EQUAL',
      participants: [{ displayName: 'Host' }, { displayName: 'Guest', participantId: 'guest' }],
    });
    expect(configured.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'participants[1].participantId', message: 'must be a UUID' }],
    });
    const key = { 'x-service-api-key': integration.apiKey };
    expect(await send('/api/v1/payments/record', JSON.stringify({ paymentId: 'nope', action: 'fail' }), key)).toMatchObject({
      status: 404,
      body: { code: 'PAYMENT_NOT_FOUND' },
    });
    // Compared with the key's own integration: any other id, well-formed or not, is a mismatch.
    expect(await send('/api/v1/payments/sessions', JSON.stringify({ integrationId: 'nope', amountMinor: '100' }), key)).toMatchObject({
      status: 403,
      body: { code: 'INTEGRATION_MISMATCH' },
    });
    const detail = await fetch(`${server.baseUrl}/api/v1/payments/sessions/nope`, { headers: key });
    expect(detail.status).toBe(404);
    expect(((await detail.json()) as { code: string }).code).toBe('SESSION_NOT_FOUND');
    const cancel = await send('/api/v1/payments/sessions/nope/cancel', '{}', key);
    expect(cancel).toMatchObject({ status: 404, body: { code: 'SESSION_NOT_FOUND' } });
    const status = await fetch(`${server.baseUrl}/api/payments/unified?sessionId=nope`);
    expect(status.status).toBe(400);
  });
});

describe('secrets are never repeated', () => {
  const cookie = () => `${accessCookieName(session.sessionId)}=${session.hostToken}`;

  it('not in coercion or validation errors, inline or in variables, and not in the log', async () => {
    const from = server.logLines().length;
    const { sessionId, hostToken } = session;
    const attempts = [
      { query: `mutation { openSession(sessionId: "${sessionId}", token: ["${hostToken}"]) { id } }` },
      { query: `mutation { openSession(sessionId: "${sessionId}", token: { t: "${hostToken}" }) { id } }` },
      { query: `mutation { openSession(sessionId: "${sessionId}", token: ${hostToken.replace(/-/g, '_').replace(/^\d/, 'x')}) { id } }` },
      { query: `mutation { openSession(sessionId: "${sessionId}" "${hostToken}") { id } }` },
      { query: OPEN_SESSION, variables: { sessionId, token: [hostToken] } },
      { query: OPEN_SESSION, variables: { sessionId, token: { value: hostToken } } },
      { query: OPEN_SESSION, variables: { sessionId: [hostToken], token: 42 } },
      { query: CONFIGURE_SESSION, variables: { input: { sessionId, splitMode: hostToken, participants: [{ displayName: [hostToken] }] } } },
      { query: CONFIGURE_SESSION, variables: { input: { sessionId, splitMode: 'EQUAL', participants: [], [hostToken]: 1 } } },
      {
        query: `mutation($p: String!) { login(email: "a@b.example", password: $p) { accountId } }`,
        variables: { p: [integration.apiKey] },
      },
      {
        query: `{ sessionStatus(sessionId: ${JSON.stringify(integration.apiKey)}) { status } x: sessionStatus(sessionId: ["${integration.apiKey}"]) { status } }`,
      },
    ];
    for (const attempt of attempts) {
      const reply = await send('/graphql', JSON.stringify(attempt), { cookie: cookie() });
      expect(reply.status, JSON.stringify(attempt)).toBeLessThan(500);
      expect(reply.body.errors?.length, JSON.stringify(attempt)).toBeGreaterThan(0);
      for (const error of reply.body.errors) expect(error.extensions.code).toMatch(/^[A-Z_]+$/);
      expect(reply.text, JSON.stringify(reply.body)).not.toContain(hostToken);
      expect(reply.text).not.toContain(integration.apiKey);
    }
    expectQuietLog(logSince(from), [hostToken, integration.apiKey]);
  });

  it('keeps the path and the expected type, which is what a developer needs', async () => {
    const reply = await send(
      '/graphql',
      JSON.stringify({ query: OPEN_SESSION, variables: { sessionId: session.sessionId, token: [session.hostToken] } }),
      {},
    );
    expect(reply.body.errors[0]).toMatchObject({
      message: 'Variable "$token" got invalid value; String cannot represent the value sent.',
      extensions: { code: 'VALIDATION_ERROR' },
    });
    const nested = await send(
      '/graphql',
      JSON.stringify({
        query: CONFIGURE_SESSION,
        variables: { input: { sessionId: session.sessionId, splitMode: 'EQUAL', participants: [{ displayName: 7 }] } },
      }),
      { cookie: cookie() },
    );
    expect(nested.body.errors[0].message).toBe(
      'Variable "$input" got invalid value at "input.participants[0].displayName"; String cannot represent the value sent.',
    );
  });

  it('not on the graphql-ws subscription path either', async () => {
    const from = server.logLines().length;
    const client = browserSocketClient(server.baseUrl, { cookie: cookie() });
    const outcome = (payload: { query: string; variables?: Record<string, unknown> }) =>
      new Promise<unknown>((resolve) => {
        const results: unknown[] = [];
        client.subscribe(payload, {
          next: (value) => void results.push(value),
          error: (error) => resolve({ error, results }),
          complete: () => resolve({ results }),
        });
      });
    const subscription = `subscription($sessionId: ID!) { paySessionUpdated(sessionId: $sessionId) { status } }`;
    const replies = [
      await outcome({ query: `subscription { paySessionUpdated(sessionId: "${session.sessionId}" "${session.hostToken}") { status } }` }),
      await outcome({ query: `subscription { paySessionUpdated(sessionId: ["${session.hostToken}"]) { status } }` }),
      await outcome({ query: subscription, variables: { sessionId: [session.hostToken] } }),
      await outcome({ query: subscription, variables: { sessionId: 'not-a-uuid' } }),
    ];
    await client.dispose();
    for (const reply of replies) {
      const text = JSON.stringify(reply);
      expect(text).not.toContain(session.hostToken);
      expect(text).toMatch(/VALIDATION_ERROR|SESSION_NOT_FOUND/);
    }
    expect(JSON.stringify(replies[3])).toContain('SESSION_NOT_FOUND');
    expectQuietLog(logSince(from), [session.hostToken]);
  });
});

describe('the logger', () => {
  it('keeps the names of our migrations whole, and still scrubs a 43-character token beside one', () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const logger = createLogger({ level: 'info', destination: stream });
    // Exactly 43 characters, the length of an access token.
    const migration = 'Migration20261123010000_payments_and_outbox';
    const lookalike = `Migration20261123010000_${'A'.repeat(19)}`;
    logger.info({ migrations: [migration, lookalike] }, `applied ${migration}; token ${session.hostToken}`);
    const text = lines.join('');
    expect(text.split(migration).length - 1).toBe(2);
    for (const secret of [lookalike, session.hostToken]) expect(text).not.toContain(secret);
  });

  it('redacts secret-named fields at any depth and secret-shaped text anywhere, error stacks included', () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const logger = createLogger({ level: 'debug', destination: stream });
    const { hostToken } = session;
    const error = new Error(`String cannot represent a non string value: ["${hostToken}"] (${integration.apiKey})`);
    logger.error(
      { err: error, variables: { sessionId: session.sessionId, token: [hostToken], input: { password: { value: 'hunter2!' } } } },
      'failed',
    );
    logger.info({ errors: [`got ${hostToken}`], keyId: 'kept-1234' }, `message with pso_${hostToken}`);
    const text = lines.join('');
    for (const secret of [hostToken, integration.apiKey, 'hunter2!']) expect(text).not.toContain(secret);
    expect(text).toContain(session.sessionId);
    expect(text).toContain('kept-1234');
    expect(text).toContain('String cannot represent a non string value');
  });
});

describe("a body over its route's limit", () => {
  it("is refused with 413 naming that route's own limit", async () => {
    const form = await fetch(`${server.baseUrl}/email/unsubscribe?t=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `List-Unsubscribe=One-Click&pad=${'x'.repeat(3 * 1024)}`,
    });
    expect(form.status).toBe(413);
    expect(await form.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body exceeds 2 KiB (after decompression)' });
    const query = await send('/graphql', tooBig, {});
    expect(query).toMatchObject({ status: 413, body: { message: 'The request body exceeds 100 KiB (after decompression)' } });
  });
});

describe('addresses nothing serves', () => {
  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  const request = (method: string, path: string) =>
    fetch(`${server.baseUrl}${path}`, { method, ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }) });

  it.each(['/api/nope', '/api', '/graphql/nope', '/graphql/x/y', '/healthz/x', '/readyz/x', '/metrics/x'])(
    "%s answers 404 NOT_FOUND in the spec's error body, for any method",
    async (path) => {
      for (const method of METHODS) {
        const response = await request(method, path);
        expect(response.status, method).toBe(404);
        expect(response.headers.get('content-type'), method).toMatch(/^application\/json/);
        if (method === 'HEAD') continue;
        const body = await response.json();
        expect(body, method).toEqual({
          success: false,
          code: 'NOT_FOUND',
          message: `No endpoint ${method} ${path}`,
          requestId: response.headers.get('x-request-id'),
        });
      }
    },
  );

  it.each(['/nope', '/pay/x/y', '/session/x/y', '/email/x', '/pay-assets/nope.js', '/docs/nope', '/%E0%A4%A', '/favicon.png'])(
    '%s answers 404 with a page of ours, for any method',
    async (path) => {
      const from = server.logLines().length;
      for (const method of METHODS) {
        const response = await request(method, path);
        expect(response.status, method).toBe(404);
        expect(response.headers.get('content-type'), method).toMatch(/^text\/html/);
        expect(response.headers.get('cache-control'), method).toBe('no-store');
        expect(response.headers.get('content-security-policy'), method).toMatch(/^default-src 'none';/);
        if (method === 'HEAD') continue;
        const page = await response.text();
        expect(page).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
        expect(page).toContain('<title>Page not found</title>');
        expect(page).toContain('<a href="/"');
        expect(page).not.toContain('Cannot');
      }
      expectQuietLog(logSince(from), []);
    },
  );

  it("leaves the pay app's own addresses, and GraphQL at /graphql/, to them", async () => {
    for (const path of [
      `/pay/${session.sessionId}`,
      `/session/${session.sessionId}/`,
      `/pay/${session.sessionId}/join?code=anything`,
      '/admin',
      '/admin/anything/at/all',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<div id="root">');
    }
    expect(await send('/graphql/', JSON.stringify({ query: '{ __typename }' }), {})).toMatchObject({
      status: 200,
      body: { data: { __typename: 'Query' } },
    });
  });
});

describe('the site icon', () => {
  it("is served at /favicon.ico (and /favicon.svg): the pay app's icon, cached for a day", async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=86400');
      expect(await response.text(), path).toMatch(/^<svg /);
    }
  });
});

describe('a subscription sent over HTTP', () => {
  it('is refused with 400 VALIDATION_ERROR pointing to the WebSocket, as text or as a trusted document, and logs no error', async () => {
    const from = server.logLines().length;
    const variables = { sessionId: session.sessionId };
    const cookie = `${accessCookieName(session.sessionId)}=${session.hostToken}`;
    const asText = await send(
      '/graphql',
      JSON.stringify({ query: 'subscription($sessionId: ID!) { paySessionUpdated(sessionId: $sessionId) { id } }', variables }),
      { cookie },
    );
    const asDocument = await send('/graphql', JSON.stringify({ documentId: payAppDocumentId('PaySessionUpdated'), variables }), { cookie });
    for (const reply of [asText, asDocument]) {
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        { message: expect.stringMatching(/^Subscriptions are served over WebSocket/), extensions: { code: 'VALIDATION_ERROR' } },
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expectQuietLog(logSince(from), [session.hostToken]);
  });
});

describe('an automatic persisted query (a hash instead of the query)', () => {
  it('is refused with VALIDATION_ERROR saying what to send, by POST and by GET, and logs no error', async () => {
    const from = server.logLines().length;
    const extensions = { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } };
    const posted = await send('/graphql', JSON.stringify({ extensions }), {});
    const withQuery = await send('/graphql', JSON.stringify({ query: '{ __typename }', extensions }), {});
    const got = await fetch(`${server.baseUrl}/graphql?${new URLSearchParams({ extensions: JSON.stringify(extensions) }).toString()}`, {
      headers: { 'content-type': 'application/json' },
    });
    for (const reply of [posted, withQuery, { status: got.status, body: (await got.json()) as Record<string, any> }]) {
      expect(reply.body.errors).toEqual([
        {
          message: expect.stringMatching(/^Automatic persisted queries are not supported: send the query text/),
          extensions: { code: 'VALIDATION_ERROR' },
        },
      ]);
      expect(reply.status).toBeLessThan(500);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expectQuietLog(logSince(from), []);
  });
});

describe('the log after a burst of bad requests', () => {
  it('holds no error line and no stack: client mistakes are logged at info or debug', async () => {
    const from = server.logLines().length;
    const key = { 'x-service-api-key': integration.apiKey };
    const requests: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 20; i += 1) {
      requests.push(
        send('/graphql', `{"query": "{ nope }"}`, {}),
        send('/graphql', JSON.stringify({ query: 'query { session(id: "x") { id } }' }), key),
        send('/graphql', JSON.stringify({ query: 'mutation { cancelSession(id: 1) { id } }' }), key),
        send('/graphql', JSON.stringify({ query: '{ sessionStatus(sessionId: "nope") { status } }' }), {}),
        send('/graphql', JSON.stringify({ query: 'query { ' }), {}),
        send('/graphql', gzipSync(tooBig), { 'content-encoding': 'gzip' }),
        send('/api/v1/payments/record', 'not json', key),
        send('/api/v1/payments/record', JSON.stringify({ paymentId: 'x', action: 'fail' }), {}),
        send('/api/v1/payments/sessions', JSON.stringify({ integrationId: 'x', amount: -1 }), key),
        send('/api/v1/payments/sessions', '{}', { 'content-encoding': 'br', ...key }),
        fetch(`${server.baseUrl}/api/v1/payments/sessions/%E0%A4%A`, { headers: key }),
      );
    }
    const statuses = (await Promise.all(requests)).map((reply) => reply.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 403, 413]));
    // Every request still leaves its access line.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = logSince(from);
    expect(lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThanOrEqual(requests.length);
    expectQuietLog(lines, [integration.apiKey]);
  });
});
