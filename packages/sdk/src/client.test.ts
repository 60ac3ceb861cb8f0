import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PaySplitError, createClient, type ClientOptions } from './index.js';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers the n-th request (0-based) as the test scripts it; unscripted requests get a 500. */
type Script = (res: ServerResponse, request: RecordedRequest, n: number) => void;

interface ScriptedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const openServers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(openServers.splice(0).map((s) => s.close()));
});

async function startServer(script: Script): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      script(res, recorded, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scripted: ScriptedServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  openServers.push(scripted);
  return scripted;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const API_KEY = 'ps_test_3kVq8Hn2LmP4rT6wYz9AbCdEfGhJkMnPqRsTuVwXyZ0';

/** A client whose waits are recorded instead of slept. */
function testClient(baseUrl: string, overrides: Partial<ClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createClient({
    apiKey: API_KEY,
    baseUrl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { client, sleeps };
}

const createdSession = {
  success: true,
  sessionId: '6c0d3a52-3f0e-4d58-9a43-1b3f8d2b7e10',
  hostToken: 'host-token',
  participantIds: [],
  mode: 'test',
  message: 'The host must configure the session before inviting participants.',
  sessionUrl: 'http://127.0.0.1/pay/6c0d3a52-3f0e-4d58-9a43-1b3f8d2b7e10?host=1&hostToken=host-token',
  status: 'unconfigured',
  expiresAt: '2030-01-01T00:00:00.000Z',
  amountMinor: '12050',
  currency: 'NZD',
};

const rateLimited = {
  success: false,
  code: 'RATE_LIMIT_EXCEEDED',
  message: 'Rate limit exceeded. Please try again later.',
  requestId: 'req-429',
};
const unavailable = { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly.', requestId: 'req-503' };

async function rejectionOf(promise: Promise<unknown>): Promise<PaySplitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaySplitError);
  return error as PaySplitError;
}

describe('createClient', () => {
  it('refuses a key without the ps_ prefix without echoing the key', () => {
    expect(() => createClient({ apiKey: 'sk_secret_value', baseUrl: 'http://localhost:3000' })).toThrow(TypeError);
    try {
      createClient({ apiKey: 'sk_secret_value', baseUrl: 'http://localhost:3000' });
    } catch (error) {
      expect(String(error)).not.toContain('sk_secret_value');
    }
  });

  it('refuses a base URL that is not absolute http(s)', () => {
    expect(() => createClient({ apiKey: API_KEY, baseUrl: 'localhost:3000' })).toThrow(TypeError);
    expect(() => createClient({ apiKey: API_KEY, baseUrl: 'ftp://example.com' })).toThrow(TypeError);
  });
});

describe('requests on the wire', () => {
  it('sends each call to its path with the API key, JSON headers and no browser headers', async () => {
    const server = await startServer((res, req) => {
      if (req.url === '/api/v1/payments/sessions') return json(res, 200, createdSession);
      if (req.url.startsWith('/api/payments/unified')) return json(res, 200, { success: true, sessionId: 's-1', completed: false });
      if (req.url === '/api/v1/payments/record') return json(res, 200, { success: true, paymentId: 'p-1' });
      return json(res, 200, { success: true, sessionId: 's 1/x' });
    });
    const { client } = testClient(`${server.baseUrl}/`);

    const created = await client.sessions.create({ integrationId: 'i-1', amountMinor: '12050', merchantOrderRef: 'order-7' });
    expect(created.sessionId).toBe(createdSession.sessionId);
    expect(created.hostToken).toBe('host-token');
    await client.sessions.get('s 1/x');
    await client.sessions.cancel('s 1/x');
    await client.payments.record({ paymentId: 'p-1', action: 'authorize', processorReference: 'pi_1', amountMinor: '6025' });
    const status = await client.status.get('s-1');
    expect(status.completed).toBe(false);

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/payments/sessions',
      'GET /api/v1/payments/sessions/s%201%2Fx',
      'POST /api/v1/payments/sessions/s%201%2Fx/cancel',
      'POST /api/v1/payments/record',
      'GET /api/payments/unified?sessionId=s-1',
    ]);
    for (const request of server.requests) {
      expect(request.headers['x-service-api-key']).toBe(API_KEY);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['accept']).toBe('application/json');
      // PaySplit refuses API-key calls that look like they came from a browser.
      expect(request.headers['origin']).toBeUndefined();
      expect(request.headers['sec-fetch-site']).toBeUndefined();
    }
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ integrationId: 'i-1', amountMinor: '12050', merchantOrderRef: 'order-7' });
    expect(JSON.parse(server.requests[3]!.body)).toEqual({
      paymentId: 'p-1',
      action: 'authorize',
      processorReference: 'pi_1',
      amountMinor: '6025',
    });
    expect(server.requests[1]!.body).toBe('');
  });

  it('keeps a path prefix of the base URL', async () => {
    const server = await startServer((res) => json(res, 200, { success: true }));
    const { client } = testClient(`${server.baseUrl}/paysplit//`);
    await client.status.get('abc');
    expect(server.requests[0]!.url).toBe('/paysplit/api/payments/unified?sessionId=abc');
  });

  it('sends a generated Idempotency-Key on every create, and the caller’s key when given', async () => {
    const server = await startServer((res) => json(res, 200, createdSession));
    const { client } = testClient(server.baseUrl);
    await client.sessions.create({ integrationId: 'i-1', amount: 120.5 });
    await client.sessions.create({ integrationId: 'i-1', amount: 120.5 });
    await client.sessions.create({ integrationId: 'i-1', amount: 120.5 }, { idempotencyKey: 'order-7-attempt-1' });

    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('order-7-attempt-1');
  });
});

describe('settling a cancellation', () => {
  it('posts the settlement to the cancellation’s own path, its id encoded, and returns the reply', async () => {
    const reply = { success: true, cancelId: 'c-1', status: 'succeeded', reason: 'replaced' };
    const server = await startServer((res) => json(res, 200, reply));
    const { client } = testClient(server.baseUrl);
    const settled = await client.payments.settleCancellation('c 1/x', { status: 'succeeded', processorReference: 'cs_1' });
    expect(settled).toEqual(reply);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v1/payments/cancellations/c%201%2Fx/settle']);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ status: 'succeeded', processorReference: 'cs_1' });
    expect(server.requests[0]!.headers['x-service-api-key']).toBe(API_KEY);
  });

  it('rejects an empty cancelId before calling', async () => {
    const { client } = testClient('http://127.0.0.1:9');
    await expect(client.payments.settleCancellation('', { status: 'failed' })).rejects.toThrow(TypeError);
  });

  it('settles a capture at its own path, and refuses an empty captureId before calling', async () => {
    const reply = { success: true, captureId: 'k-1', status: 'failed', reason: 'session_complete' };
    const server = await startServer((res) => json(res, 200, reply));
    const { client } = testClient(server.baseUrl);
    expect(await client.payments.settleCapture('k 1', { status: 'failed', failureReason: 'declined' })).toEqual(reply);
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /api/v1/payments/captures/k%201/settle {"status":"failed","failureReason":"declined"}',
    ]);
    await expect(client.payments.settleCapture('', { status: 'succeeded' })).rejects.toThrow(TypeError);
  });
});

describe('advancing a test clock', () => {
  it('posts the advance to the session’s test-clock path and returns the clock and what ran', async () => {
    const reply = {
      success: true,
      sessionId: 's-1',
      status: 'expired',
      testClockAt: '2026-12-03T10:00:00.000Z',
      advancedFrom: '2026-12-01T09:00:00.000Z',
      ran: [{ at: '2026-12-03T09:00:00.000Z', kind: 'session_expired', participantId: null, paymentId: null, offsetMinutes: null }],
    };
    const server = await startServer((res) => json(res, 200, reply));
    const { client } = testClient(server.baseUrl);
    expect(await client.sessions.advanceTestClock('s 1', { seconds: 176_400 })).toEqual(reply);
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /api/v1/payments/sessions/s%201/test-clock/advance {"seconds":176400}',
    ]);
    await expect(client.sessions.advanceTestClock('', { seconds: 1 })).rejects.toThrow(TypeError);
  });

  it('never retries an advance, which would move the clock again, and reports the refusal', async () => {
    const server = await startServer((res) =>
      json(res, 503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly', requestId: 'req_1' }),
    );
    const { client, sleeps } = testClient(server.baseUrl);
    const failure = await client.sessions.advanceTestClock('s-1', { to: '2026-12-03T10:00:00Z' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaySplitError);
    expect((failure as PaySplitError).code).toBe('SERVICE_UNAVAILABLE');
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('retries', () => {
  it('honours Retry-After on a 429 and reuses the Idempotency-Key for the retry', async () => {
    const server = await startServer((res, _req, n) =>
      n === 0 ? json(res, 429, rateLimited, { 'retry-after': '1', 'x-request-id': 'req-429' }) : json(res, 200, createdSession),
    );
    const { client, sleeps } = testClient(server.baseUrl);

    const created = await client.sessions.create({ integrationId: 'i-1', amountMinor: '12050' });

    expect(created.sessionId).toBe(createdSession.sessionId);
    expect(sleeps).toEqual([1000]);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first!.headers['idempotency-key']).toBeDefined();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toBe(first!.body);
  });

  it('waits 2 to 5 s with jitter after a 503 without Retry-After, then succeeds', async () => {
    const server = await startServer((res, _req, n) =>
      n === 0 ? json(res, 503, unavailable) : json(res, 200, { success: true, sessionId: 's-1' }),
    );
    const { client, sleeps } = testClient(server.baseUrl);

    const session = await client.sessions.get('s-1');

    expect(session.sessionId).toBe('s-1');
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(2000);
    expect(sleeps[0]).toBeLessThanOrEqual(5000);
  });

  it('draws the jitter from the injected random source', async () => {
    const server = await startServer((res, _req, n) => (n < 2 ? json(res, 429, rateLimited) : json(res, 200, { success: true })));
    const draws = [0, 0.999];
    const { client, sleeps } = testClient(server.baseUrl, { random: () => draws.shift() ?? 0.5 });

    await client.payments.record({ paymentId: 'p-1', action: 'authorize' });

    expect(sleeps).toEqual([2000, 4997]);
  });

  it('backs off 5 to 10 s when status polling is rate limited without Retry-After', async () => {
    const server = await startServer((res, _req, n) => (n === 0 ? json(res, 429, rateLimited) : json(res, 200, { success: true })));
    const { client, sleeps } = testClient(server.baseUrl, { random: () => 0.5 });

    await client.status.get('s-1');

    expect(sleeps).toEqual([7500]);
  });

  it('gives up after maxRetries and reports the last 429', async () => {
    const server = await startServer((res) => json(res, 429, rateLimited, { 'retry-after': '2' }));
    const { client, sleeps } = testClient(server.baseUrl, { maxRetries: 2 });

    const error = await rejectionOf(client.sessions.create({ integrationId: 'i-1', amountMinor: '100' }));

    expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.status).toBe(429);
    expect(error.requestId).toBe('req-429');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('does not wait out a Retry-After longer than a minute inside one call', async () => {
    const server = await startServer((res) => json(res, 429, rateLimited, { 'retry-after': '3600' }));
    const { client, sleeps } = testClient(server.baseUrl);

    const error = await rejectionOf(client.sessions.get('s-1'));

    expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a closed connection, then fails with NETWORK_ERROR after maxRetries', async () => {
    const server = await startServer((res) => res.socket?.destroy());
    const { client, sleeps } = testClient(server.baseUrl, { maxRetries: 2 });

    const error = await rejectionOf(client.sessions.create({ integrationId: 'i-1', amountMinor: '100' }));

    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
    expect(error.requestId).toBeUndefined();
    expect(error.message).not.toContain(API_KEY);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(sleeps).toHaveLength(2);
    for (const ms of sleeps) {
      expect(ms).toBeGreaterThanOrEqual(2000);
      expect(ms).toBeLessThanOrEqual(5000);
    }
  });

  it('recovers when a retry after a closed connection is answered', async () => {
    const server = await startServer((res, _req, n) =>
      n === 0 ? res.socket?.destroy() : json(res, 200, { success: true, paymentId: 'p-1' }),
    );
    const { client } = testClient(server.baseUrl);

    const recorded = await client.payments.record({ paymentId: 'p-1', action: 'authorize' });

    expect(recorded.paymentId).toBe('p-1');
    expect(server.requests).toHaveLength(2);
  });

  it('treats an attempt that exceeds timeoutMs as unanswered', async () => {
    const server = await startServer(() => {
      // Never answers.
    });
    const { client, sleeps } = testClient(server.baseUrl, { maxRetries: 1, timeoutMs: 100 });

    const error = await rejectionOf(client.sessions.get('s-1'));

    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
    expect(error.message).toContain('timed out after 100 ms');
    expect(error.cause).toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('reports NETWORK_ERROR when nothing listens on the port', async () => {
    const server = await startServer(() => undefined);
    await server.close();
    const { client, sleeps } = testClient(server.baseUrl, { maxRetries: 1 });

    const error = await rejectionOf(client.status.get('s-1'));

    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toContain('ECONNREFUSED');
    expect(sleeps).toHaveLength(1);
  });
});

describe('errors', () => {
  it('turns a PaySplit error body into a PaySplitError without retrying', async () => {
    const server = await startServer((res) =>
      json(
        res,
        400,
        {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'The request body has problems',
          requestId: 'req-400',
          details: [{ path: 'amuont', message: 'Unknown field' }],
        },
        { 'x-request-id': 'req-400' },
      ),
    );
    const { client, sleeps } = testClient(server.baseUrl);

    const error = await rejectionOf(client.sessions.create({ integrationId: 'i-1', amountMinor: '100' }));

    expect(error.name).toBe('PaySplitError');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('req-400');
    expect(error.message).toBe('The request body has problems');
    expect(error.details).toEqual([{ path: 'amuont', message: 'Unknown field' }]);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it.each([401, 404, 409, 500])('does not retry HTTP %i', async (status) => {
    const server = await startServer((res) => json(res, status, { success: false, code: 'SOME_CODE', message: 'no', requestId: 'r' }));
    const { client } = testClient(server.baseUrl);

    const error = await rejectionOf(client.sessions.cancel('s-1'));

    expect(error.status).toBe(status);
    expect(error.code).toBe('SOME_CODE');
    expect(server.requests).toHaveLength(1);
  });

  it('falls back to HTTP_<status> when the body is not PaySplit’s error shape', async () => {
    const server = await startServer((res) => {
      res.writeHead(502, { 'content-type': 'text/html', 'x-request-id': 'proxy-1' });
      res.end('<h1>Bad Gateway</h1>');
    });
    const { client } = testClient(server.baseUrl);

    const error = await rejectionOf(client.sessions.get('s-1'));

    expect(error.code).toBe('HTTP_502');
    expect(error.status).toBe(502);
    expect(error.requestId).toBe('proxy-1');
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow a redirect, which would carry the API key elsewhere', async () => {
    const elsewhere = await startServer((res) => json(res, 200, { success: true }));
    const server = await startServer((res) => {
      res.writeHead(302, { location: `${elsewhere.baseUrl}/steal` });
      res.end();
    });
    const { client } = testClient(server.baseUrl);

    const error = await rejectionOf(client.sessions.get('s-1'));

    expect(error.code).toBe('HTTP_302');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('reports INVALID_RESPONSE for a 200 that is not JSON', async () => {
    const server = await startServer((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    const { client } = testClient(server.baseUrl);

    const error = await rejectionOf(client.status.get('s-1'));

    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
  });

  it('never puts the API key into an error message', async () => {
    const leakyFetch: typeof fetch = async () => {
      throw new Error(`socket hang up while sending x-service-api-key: ${API_KEY}`);
    };
    const { client } = testClient('http://127.0.0.1:9', { fetch: leakyFetch, maxRetries: 0 });

    const error = await rejectionOf(client.sessions.get('s-1'));

    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).toContain('[redacted]');
    expect(error.cause).toBeUndefined();
  });

  it('rejects (not throws) on a bad argument', async () => {
    const { client } = testClient('http://127.0.0.1:9');
    await expect(client.sessions.get('')).rejects.toThrow(TypeError);
    await expect(client.sessions.create({ integrationId: 'i' }, { idempotencyKey: '' })).rejects.toThrow(TypeError);
  });
});

describe('a create whose first attempt is still running on the server', () => {
  it('retries 409 IDEMPOTENCY_IN_PROGRESS with the same Idempotency-Key and returns the replayed session', async () => {
    const keys: string[] = [];
    let calls = 0;
    const server = createServer((req, res) => {
      keys.push(String(req.headers['idempotency-key']));
      calls += 1;
      req.resume();
      req.on('end', () => {
        if (calls === 1) {
          res
            .writeHead(409, { 'content-type': 'application/json' })
            .end(JSON.stringify({ success: false, code: 'IDEMPOTENCY_IN_PROGRESS', message: 'still running', requestId: 'req_1' }));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, sessionId: 's1' }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = createClient({ apiKey: 'ps_test_key', baseUrl: `http://127.0.0.1:${port}`, sleep: async () => undefined });
      const created = await client.sessions.create({ integrationId: 'i', amountMinor: '100' });
      expect(created.sessionId).toBe('s1');
      expect(calls).toBe(2);
      expect(keys[0]).toBe(keys[1]);
    } finally {
      server.close();
    }
  });
});

describe('exports', () => {
  const row = (n: number) => ({ payment_id: `p-${n}`, amount_minor: String(n), amount: `${n}.00`, fee_minor: null });

  it('asks for the range and format, and hands over the body as a stream once answered', async () => {
    const server = await startServer((res) => {
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': 'attachment; filename="paysplit-payments-test-20261101T000000Z-20261201T000000Z.csv"',
        'x-request-id': 'req-export',
      });
      res.write('payment_id,amount_minor\r\n');
      res.end('p-1,100\r\n');
    });
    const { client } = testClient(server.baseUrl);
    const opened = await client.exports.stream('payments', { from: new Date('2026-11-01T00:00:00Z'), to: '2026-12-01', format: 'csv' });
    expect(opened).toMatchObject({
      contentType: 'text/csv; charset=utf-8; header=present',
      fileName: 'paysplit-payments-test-20261101T000000Z-20261201T000000Z.csv',
      requestId: 'req-export',
    });
    expect(await new Response(opened.body).text()).toBe('payment_id,amount_minor\r\np-1,100\r\n');
    const [request] = server.requests;
    expect(request!.url).toBe('/api/v1/exports/payments?from=2026-11-01T00%3A00%3A00.000Z&to=2026-12-01&format=csv');
    expect(request!.headers['x-service-api-key']).toBe(API_KEY);
  });

  it('reads a body for longer than timeoutMs: the timeout bounds the answer only', async () => {
    const server = await startServer((res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${JSON.stringify(row(1))}\n`);
      setTimeout(() => res.end(`${JSON.stringify(row(2))}\n`), 300);
    });
    const { client } = testClient(server.baseUrl, { timeoutMs: 100 });
    const rows = [];
    for await (const exported of client.exports.rows('payments', { from: '2026-11-01', to: '2026-12-01' })) rows.push(exported);
    expect(rows).toEqual([row(1), row(2)]);
    expect(server.requests[0]!.url).toContain('&format=jsonl');
  });

  it('parses JSON lines split anywhere across chunks, multi-byte characters included', async () => {
    const text = [{ order_reference: 'Ümlaut, "quoted"' }, row(2), row(3)].map((value) => `${JSON.stringify(value)}\n`).join('');
    const bytes = Buffer.from(text, 'utf8');
    const server = await startServer((res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      // One byte at a time for the first line: a character's bytes arrive in two chunks.
      const write = (offset: number): void => {
        if (offset >= bytes.length) return void res.end();
        const size = offset < 40 ? 1 : 17;
        res.write(bytes.subarray(offset, offset + size), () => write(offset + size));
      };
      write(0);
    });
    const { client } = testClient(server.baseUrl);
    const rows = [];
    for await (const exported of client.exports.rows('refunds', { from: '2026-11-01', to: '2026-12-01' })) rows.push(exported);
    expect(rows).toEqual([{ order_reference: 'Ümlaut, "quoted"' }, row(2), row(3)]);
  });

  it('reports an export cut short as EXPORT_INCOMPLETE after the rows that came', async () => {
    const server = await startServer((res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'x-request-id': 'req-cut' });
      res.write(`${JSON.stringify(row(1))}\n`, () => res.destroy());
    });
    const { client } = testClient(server.baseUrl);
    const rows: unknown[] = [];
    const failure = await rejectionOf(
      (async () => {
        for await (const exported of client.exports.rows('payments', { from: '2026-11-01', to: '2026-12-01' })) rows.push(exported);
      })(),
    );
    expect(rows).toEqual([row(1)]);
    expect(failure).toMatchObject({ code: 'EXPORT_INCOMPLETE', requestId: 'req-cut' });
    expect(failure.message).toContain('after 1 row(s)');
  });

  it('throws PaySplit’s refusal before any row, and retries an overloaded server like the other reads', async () => {
    const server = await startServer((res, _req, n) => {
      if (n === 0) return json(res, 503, unavailable);
      json(res, 400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'to: to must be after from: the range is [from, to)',
        requestId: 'req-400',
        details: [{ path: 'to', message: 'to must be after from: the range is [from, to)' }],
      });
    });
    const { client, sleeps } = testClient(server.baseUrl);
    const failure = await rejectionOf(client.exports.stream('sessions', { from: '2026-12-01', to: '2026-11-01' }));
    expect(failure).toMatchObject({ code: 'VALIDATION_ERROR', status: 400, details: [{ path: 'to' }] });
    expect(sleeps).toHaveLength(1);
    await expect(client.exports.stream('sessions', { from: new Date(Number.NaN), to: '2026-11-01' })).rejects.toThrow(TypeError);
  });
});
