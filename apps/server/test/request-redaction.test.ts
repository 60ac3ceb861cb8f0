import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { lineColumns, lineOf, toRow } from '../src/modules/requests/request-log-rows.js';
import { toColumns } from '../src/modules/requests/request-log-thread.js';
import { fromColumns } from '../src/modules/requests/request-log-worker.js';
import { RequestLogWriter } from '../src/modules/requests/request-log-writer.js';
import { keptJson, keptPath, keptRequestBody, MAX_KEPT_BODY_CHARS, redactText } from '../src/modules/requests/request-redaction.js';
import { parseJsonBody } from '../src/rest/json-body.js';
import type { MerchantRequest } from '../src/rest/merchant-request.js';

/** The request log's rules (docs/security.md, "The request log") and its writer's bounds, without a server. */

describe('what the request log keeps of text', () => {
  it.each([
    ['an API key', 'use ps_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmno please', 'use [REDACTED] please'],
    ['a signing secret', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '[REDACTED]'],
    ['an operator token', 'pso_abc-DEF_123', '[REDACTED]'],
    ['a host token', 'x Q2FuIHlvdSBzZWUgdGhpcz8gSXQgaXMgNDMgY2hhcnM y', 'x [REDACTED] y'],
    ['a bearer credential', 'Authorization: Bearer abc.def', 'Authorization: Bearer [REDACTED]'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', '[REDACTED]'],
    ['an email address', 'write to Jane.Doe+pay@mail.example.co.nz today', 'write to [EMAIL] today'],
    ['an IPv4 address', 'from 203.0.113.7:8443, then 10.1.2.3.', 'from [IP]:8443, then [IP].'],
    ['an IPv6 address', 'client 2001:db8:0:1::5 and ::ffff:192.0.2.1', 'client [IP] and [IP]'],
    ['a street address', 'deliver to 4/21a Karangahape Road, Auckland', 'deliver to [ADDRESS], Auckland'],
    ['a PO box', 'PO Box 1234, Wellington', '[ADDRESS], Wellington'],
    [
      "a URL's query and fragment",
      'https://shop.example.com/return?t=abc&email=x#frag and more',
      'https://shop.example.com/return?[REDACTED] and more',
    ],
    ['a fragment alone', 'https://shop.example.com/done#access_token=abc', 'https://shop.example.com/done#[REDACTED]'],
  ])('takes out %s', (_name, text, kept) => {
    expect(redactText(text)).toBe(kept);
  });

  it.each([
    ['a time of day', '12:30:45'],
    ['an instant', '2030-01-31T23:59:59.123Z'],
    ['an amount', '120.50 NZD'],
    ['a version', 'v1.2.3'],
    ['a session id', '3f9c1c8e-5b7a-4c7e-9a55-0d1f2f0b6a11'],
    ['an order reference', 'order-1234'],
    ['a description', 'Dinner for 4 at the harbour'],
    ['a path', '/api/v1/payments/sessions'],
    ['a URL without query', 'https://shop.example.com/thanks'],
  ])('leaves %s alone', (_name, text) => {
    expect(redactText(text)).toBe(text);
  });
});

describe('what the request log keeps of a body', () => {
  it('replaces the values of fields named like secrets, emails and addresses, at any depth, and keeps ids', () => {
    const kept = JSON.parse(
      keptJson({
        apiKey: 'anything',
        nested: [{ password: 'x', hostToken: 'y', keyId: '3f9c1c8e-5b7a-4c7e-9a55-0d1f2f0b6a11' }],
        contactEmail: 'not an address at all',
        billing: { streetAddress: { line1: 'x' }, postcode: 6011, zip: '90210' },
        signature: 'v1,abc',
        cvc: 123,
        amountMinor: '12050',
        unset: null,
      })!,
    );
    expect(kept).toEqual({
      apiKey: '[REDACTED]',
      nested: [{ password: '[REDACTED]', hostToken: '[REDACTED]', keyId: '3f9c1c8e-5b7a-4c7e-9a55-0d1f2f0b6a11' }],
      contactEmail: '[EMAIL]',
      billing: { streetAddress: '[ADDRESS]', postcode: '[ADDRESS]', zip: '[ADDRESS]' },
      signature: '[REDACTED]',
      cvc: '[REDACTED]',
      amountMinor: '12050',
      unset: null,
    });
  });

  it('keeps numbers exactly as sent', () => {
    expect(keptRequestBody(Buffer.from('{"amount": 0.30000000000000001, "n": 12345678901234567890}'))).toBe(
      '{"amount":0.30000000000000001,"n":12345678901234567890}',
    );
    // Bodies with and without fractions, exponents or long numbers read the same as the exact parser reads them.
    for (const body of [
      '{"a": 1.10, "b": [2.50e3, -0.0], "c": 12, "d": "v1.2 of 9007199254740993"}',
      '{"n": 12, "list": [1, -3, 900719925474099], "s": "x", "t": true, "nothing": null}',
      '[{"e":1E2}]',
    ]) {
      expect(keptRequestBody(Buffer.from(body))).toBe(keptJson(parseJsonBody(Buffer.from(body))));
    }
    expect(keptRequestBody(Buffer.from('{"a": 1.10, "b": [2.50e3, -0.0]}'))).toBe('{"a":1.1,"b":[2500,0]}');
  });

  it('keeps a body with a repeated key as its last value, redacted like any other', () => {
    expect(keptRequestBody(Buffer.from('{"note": "hello", "note": "call bob@example.com", "n": 3}'))).toBe('{"note":"call [EMAIL]","n":3}');
  });

  it('keeps a body that is not JSON as its size only, and an empty one as nothing', () => {
    expect(keptRequestBody(Buffer.from('{"note": "ps_test_secret bob@example.com"'))).toBe('[not JSON: 41 bytes, not kept]');
    expect(keptRequestBody(Buffer.from('[[[['.repeat(100)))).toMatch(/^\[not JSON: 400 bytes/);
    expect(keptRequestBody(Buffer.from([0xff, 0xfe]))).toBe('[not JSON: 2 bytes, not kept]');
    expect(keptRequestBody(Buffer.alloc(0))).toBeNull();
    expect(keptRequestBody(undefined)).toBeNull();
  });

  it(`cuts a body at ${MAX_KEPT_BODY_CHARS} characters after redacting it, and says so`, () => {
    const kept = keptJson({ note: `${'a'.repeat(MAX_KEPT_BODY_CHARS)} bob@example.com` })!;
    expect(kept.startsWith('{"note":"aaaa')).toBe(true);
    expect(kept).toMatch(/… \[truncated: \d+ characters\]$/);
    expect(kept.length).toBeLessThan(MAX_KEPT_BODY_CHARS + 40);
    // Never half a surrogate pair at the cut.
    const emoji = keptJson({ note: '😀'.repeat(MAX_KEPT_BODY_CHARS) })!;
    expect(() => encodeURIComponent(emoji)).not.toThrow();
  });

  it('reads a path percent-decoded, so an address cannot hide as %40', () => {
    expect(keptPath('/api/v1/payments/sessions/bob%40example.com')).toBe('/api/v1/payments/sessions/[EMAIL]');
    expect(keptPath('/api/v1/payments/sessions/%E0%A4%A')).toBe('/api/v1/payments/sessions/%E0%A4%A');
  });
});

const quietLogger = createLogger({ level: 'silent' });

function request(overrides: Partial<MerchantRequest> = {}): MerchantRequest {
  return {
    at: Date.now(),
    durationMs: 1.234,
    method: 'POST',
    path: '/api/v1/payments/sessions',
    status: 200,
    errorCode: null,
    requestId: 'req_1',
    idempotencyKey: undefined,
    caller: undefined,
    sessionId: undefined,
    body: undefined,
    reply: { success: true },
    ...overrides,
  };
}

describe('the row of a request', () => {
  it('keeps only values its columns take: a session id only when it is one, no NUL, bounded text', () => {
    const row = toRow(
      request({
        sessionId: 'not-a-session',
        path: '/api/v1/payments/sessions/a%00b',
        idempotencyKey: `${'k'.repeat(400)}`,
        requestId: '203.0.113.9',
      }),
    );
    expect(row.sessionId).toBeNull();
    expect(row.path).toBe('/api/v1/payments/sessions/a\uFFFDb');
    expect(row.idempotencyKey).toHaveLength(300);
    expect(row.requestId).toBe('[IP]');
    expect(row.durationMs).toBe(1.23);
  });
});

describe('the writer', () => {
  it('writes in batches, and a flush writes what waits', async () => {
    const batches: number[] = [];
    const writer = new RequestLogWriter({
      write: async (rows) => void batches.push(rows.length),
      logger: quietLogger,
      enabled: true,
      maxBufferedBytes: 1024 * 1024,
      batchRows: 4,
      flushIntervalMs: 60_000,
    });
    for (let index = 0; index < 10; index += 1) writer.record(request());
    await writer.flush();
    expect(batches).toEqual([4, 4, 2]);
    expect(writer.stats).toMatchObject({ recorded: 10, written: 10, buffered: 0, bufferedBytes: 0 });
  });

  it('writes what waits without a flush, also when its wait ends while a batch is being written', async () => {
    const written: number[] = [];
    const writer = new RequestLogWriter({
      write: async (rows) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        written.push(rows.length);
      },
      logger: quietLogger,
      enabled: true,
      maxBufferedBytes: 1024 * 1024,
      batchRows: 2,
      flushIntervalMs: 10,
    });
    writer.record(request());
    writer.record(request());
    writer.record(request());
    await expect.poll(() => writer.stats.written, { timeout: 2_000 }).toBe(3);
    expect(written).toEqual([2, 1]);
  });

  it('does not grow past its bound while the database is away: further requests are counted as dropped', async () => {
    let release!: () => void;
    const away = new Promise<void>((resolve) => (release = resolve));
    const writer = new RequestLogWriter({
      write: () => away,
      logger: quietLogger,
      enabled: true,
      maxBufferedBytes: 5_000,
      batchRows: 2,
      flushIntervalMs: 60_000,
    });
    for (let index = 0; index < 50; index += 1) writer.record(request());
    const { buffered, bufferedBytes, droppedBufferFull, recorded } = writer.stats;
    expect(recorded).toBe(buffered);
    expect(buffered).toBeLessThan(50);
    expect(bufferedBytes).toBeLessThan(5_000 + 1_000);
    expect(droppedBufferFull).toBe(50 - recorded);
    release();
    await writer.flush();
    expect(writer.stats).toMatchObject({ written: recorded, buffered: 0 });
  });

  it('retries a failed batch, gives it up after its last try (counted), and on stop gives up at once', async () => {
    let failures = 2;
    const written: number[] = [];
    const writer = new RequestLogWriter({
      write: async (rows) => {
        if (failures-- > 0) throw new Error('connection refused');
        written.push(rows.length);
      },
      logger: quietLogger,
      enabled: true,
      maxBufferedBytes: 1024 * 1024,
      retryDelaysMs: [1, 1],
    });
    writer.record(request());
    await writer.flush();
    expect(written).toEqual([1]);

    failures = 10;
    writer.record(request());
    await writer.flush();
    expect(writer.stats).toMatchObject({ written: 1, droppedWriteFailed: 1, buffered: 0 });

    const stopping = new RequestLogWriter({
      write: async () => {
        throw new Error('connection refused');
      },
      logger: quietLogger,
      enabled: true,
      maxBufferedBytes: 1024 * 1024,
      retryDelaysMs: [60_000],
    });
    stopping.record(request());
    const started = Date.now();
    await stopping.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stopping.stats).toMatchObject({ droppedWriteFailed: 1, buffered: 0 });
  });

  it('writes a refused batch row by row, so one bad row costs only itself', async () => {
    const written: { request_id: string | null }[] = [];
    const writer = new RequestLogWriter({
      write: async (rows) => {
        const parsed = rows.map(lineColumns);
        if (parsed.some((row) => row.request_id === 'bad')) throw Object.assign(new Error('invalid input'), { code: '22P02' });
        written.push(...parsed);
      },
      logger: quietLogger,
      enabled: true,
      maxBufferedBytes: 1024 * 1024,
    });
    for (const requestId of ['a', 'bad', 'c']) writer.record(request({ requestId }));
    await writer.flush();
    expect(written.map((row) => row.request_id)).toEqual(['a', 'c']);
    expect(writer.stats).toMatchObject({ written: 2, droppedWriteFailed: 1 });
  });

  it('records nothing when switched off (REQUEST_LOG=off)', () => {
    const writer = new RequestLogWriter({ write: async () => undefined, logger: quietLogger, enabled: false, maxBufferedBytes: 1024 });
    writer.record(request());
    expect(writer.stats.recorded).toBe(0);
  });
});

describe("the hand-over to the log's thread", () => {
  it('carries every field of a request as columns, bodies and replies included', () => {
    const requests = [
      request({
        body: Buffer.from('{"email":"jane@example.com","amountMinor":12345678901234567890}'),
        replyJson: JSON.stringify({ success: true, hostToken: 'x'.repeat(43) }),
        reply: undefined,
        caller: { integrationId: '6f1c2b1e-8a4d-4c1e-9a51-2f1f3a5b7c9d', apiKeyId: '0b7e0d64-3f7a-4f7c-8d2c-5f0e4f3b2a1c', mode: 'live' },
        sessionId: '9d2f1e0c-4b3a-4c5d-8e7f-1a2b3c4d5e6f',
        idempotencyKey: 'order-1',
      }),
      request({ body: undefined, errorCode: 'VALIDATION_ERROR', status: 400, caller: undefined, reply: { code: 'VALIDATION_ERROR' } }),
      request({ body: Buffer.alloc(0), sessionId: 42 }),
      request({ body: Buffer.from([0xff, 0xfe, 0x00]), idempotencyKey: undefined }),
    ];
    const back = fromColumns(toColumns(requests).columns);
    // A session id that is not text is not carried (a row keeps only a UUID), and an empty body is no body.
    const expected = requests.map((sent) => ({
      ...sent,
      sessionId: typeof sent.sessionId === 'string' ? sent.sessionId : undefined,
      body: sent.body && sent.body.length > 0 ? sent.body : undefined,
    }));
    expect(back.map((item) => ({ ...item, body: item.body && Buffer.from(item.body) }))).toEqual(expected);
    expect(back.map(lineOf).map((line) => ({ ...lineColumns(line!), id: undefined }))).toEqual(
      expected.map(lineOf).map((line) => ({ ...lineColumns(line!), id: undefined })),
    );
  });
});
