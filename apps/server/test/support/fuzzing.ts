import { appendFileSync } from 'node:fs';
import { brotliCompressSync, deflateSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fc from 'fast-check';
import { expect, inject } from 'vitest';
import { errorResponseSchema } from '../../src/rest/error-response.js';
import { MerchantStub } from './merchant-stub.js';
import { PayBrowser } from './pay-browser.js';
import { createConfiguredSession, startTestServer, type TestServer } from './test-server.js';
import { accessCookieName } from '../../src/http/cookies.js';

/**
 * Property-based request fuzzing: for every REST endpoint and GraphQL mutation, thousands of
 * generated bodies (near-valid ones with one field broken, wrong types, random JSON, broken
 * JSON), ids and tokens of every shape, and bodies in every Content-Encoding. The properties:
 * never a 5xx nor INTERNAL_ERROR, every refusal has the spec's error shape, a refused request
 * writes nothing and repeats no secret, and the server logs no error line. FUZZ_RUNS scales every
 * case (each sends `share × RUNS` requests); the default sends about 56,000 across both suites,
 * counted and printed at the end of the run (global-setup.ts).
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const CONCURRENCY = 24;

/** Requests this worker sent since its last report and what came back, for the run's summary. */
const tally = { requests: 0, serverErrors: 0, internalErrors: 0 };

/** Adds this suite's counts to the run's summary (printed by global-setup.ts when the run ends) and prints them. */
export function reportTally(suite: string): void {
  const line = JSON.stringify({ suite, ...tally });
  process.stdout.write(
    `[fuzz] ${suite}: ${tally.requests} requests, ${tally.serverErrors} statuses >= 500, ${tally.internalErrors} INTERNAL_ERROR answers\n`,
  );
  appendFileSync(inject('fuzzTallyFile'), `${line}\n`);
  // A worker runs several files one after another with this module loaded once: each report counts
  // only its own file's requests.
  Object.assign(tally, { requests: 0, serverErrors: 0, internalErrors: 0 });
}

// JSON values of every type, small enough to stay under the body limit.
export const anyJson = fc.jsonValue({ maxDepth: 3 });
export const weirdString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    '012',
    '12.5',
    'NaN',
    'Infinity',
    'null',
    'javascript:alert(1)',
    'https://evil.test',
    '\u0000',
    '💸'.repeat(300),
  ),
  fc.uuid(),
  fc.uuid().map((id) => id.toUpperCase()),
);
/** What an id may arrive as: malformed, uppercase, empty, huge, or not a string at all. */
export const weirdId = fc.oneof(
  weirdString,
  fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g', "1' or '1'='1", 'x'.repeat(20_000)),
  fc.uuid().map((id) => `${id} `),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.integer(),
  fc.array(fc.uuid(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.uuid(), { maxKeys: 1 }),
  fc.constant(null),
);
export const weirdNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 1e21, 0.001, 99_999_999_999, 100_000_000_000, 1.5));
export const weirdValue = fc.oneof(anyJson, weirdString, weirdNumber, fc.constant(null), fc.boolean());

/** A valid object with each field kept, dropped, or replaced by something odd; plus extra keys. */
export function mutate(valid: Record<string, unknown>, odd: fc.Arbitrary<unknown> = weirdValue): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, value]) => [
      key,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(value) },
        { weight: 1, arbitrary: odd },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(fc.string({ maxLength: 12 }), odd, { maxKeys: 2 }))
    .map(([record, extra]) =>
      Object.fromEntries(Object.entries({ ...record, ...(Math.random() < 0.2 ? extra : {}) }).filter(([, value]) => value !== undefined)),
    );
}

/** Bodies: mostly near-valid, some random JSON, some not JSON at all. */
export function bodies(valid: Record<string, unknown>, odd: fc.Arbitrary<unknown> = weirdValue): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutate(valid, odd).map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: anyJson.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: mutate(valid, odd).map((body) => JSON.stringify(body).slice(0, -1)) },
  );
}

/** Odd values, sometimes a secret in any wrapping: so a refusal that repeats input would show it. */
export function oddValuesWith(secrets: readonly string[]): fc.Arbitrary<unknown> {
  const secret = fc.constantFrom(...secrets);
  return fc.oneof(
    { weight: 4, arbitrary: weirdValue },
    {
      weight: 1,
      arbitrary: fc.oneof(
        secret,
        secret.map((value) => [value]),
        secret.map((value) => ({ value })),
        secret.map((value) => ` ${value}\n`),
      ),
    },
  );
}

export interface Outcome {
  status: number;
  body: unknown;
  requestId: string | null;
}

export async function runAll<T>(items: T[], send: (item: T) => Promise<Outcome>): Promise<{ item: T; outcome: Outcome }[]> {
  const results: { item: T; outcome: Outcome }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const outcome = await send(item);
        tally.requests += 1;
        if (outcome.status >= 500) tally.serverErrors += 1;
        if (JSON.stringify(outcome.body).includes('INTERNAL_ERROR')) tally.internalErrors += 1;
        results.push({ item, outcome });
      }
    }),
  );
  return results;
}

export async function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  body: string | Uint8Array | undefined,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined || typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // kept as text; the assertions below say what was wrong
  }
  return { status: response.status, body: parsed, requestId: response.headers.get('x-request-id') };
}

export function expectNoServerErrorsAndSpecShape(results: { item: unknown; outcome: Outcome }[]): void {
  for (const { item, outcome } of results) {
    const context = `request ${JSON.stringify(item).slice(0, 300)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
    expect(outcome.status, context).toBeLessThan(500);
    if (outcome.status >= 400) {
      const parsed = errorResponseSchema.safeParse(outcome.body);
      expect(parsed.success, context).toBe(true);
      expect((outcome.body as { requestId: string }).requestId, context).toBe(outcome.requestId);
    }
  }
}

/** `share × RUNS` generated values (at least 20), the same ones for the same seed. */
export const sample = <T>(arbitrary: fc.Arbitrary<T>, seed: number, share = 1) =>
  fc.sample(arbitrary, { numRuns: Math.max(20, Math.round(RUNS * share)), seed });

/** A refusal never repeats a secret (the host token, the API key), wherever it was sent. */
export function expectNoSecretsInRefusals(results: { item: unknown; outcome: Outcome }[], secrets: readonly string[]): void {
  for (const { item, outcome } of results) {
    const text = JSON.stringify(outcome.body);
    const refused = outcome.status >= 400 || text.includes('"errors"');
    if (!refused) continue;
    for (const secret of secrets)
      expect(text.includes(secret), `${JSON.stringify(item).slice(0, 300)} -> ${text.slice(0, 300)}`).toBe(false);
  }
}

/** The server logged no error line over the run (client mistakes are info or debug). */
export function expectNoErrorLines(server: TestServer): void {
  const errors = server
    .logLines()
    .filter((line) => /"level":"(error|fatal)"/.test(line))
    .map((line) => line.slice(0, 500));
  expect(errors).toEqual([]);
}

export interface EncodedBody {
  encoding: string | undefined;
  kind: string;
  body: Buffer;
}

// Brotli's default quality (11) takes most of a run's time on the bombs; the server decodes any quality alike.
const COMPRESSORS: Record<string, (data: Buffer) => Buffer> = {
  gzip: (data) => gzipSync(data, { level: 1 }),
  deflate: (data) => deflateSync(data, { level: 1 }),
  br: (data) => brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
};

/**
 * Bodies in every Content-Encoding: valid (compressed as declared), declared one way and
 * compressed another, corrupt, truncated, uncompressed under a compressed label, bombs (a few
 * hundred bytes that inflate past the 100 KiB limit), unknown or stacked encodings.
 */
export function encodedBodies(json: fc.Arbitrary<string>): fc.Arbitrary<EncodedBody> {
  const encoding = fc.constantFrom('gzip', 'deflate', 'br');
  const bomb = fc.integer({ min: 101 * 1024, max: 512 * 1024 }).map((size) => Buffer.from(`{"padding":"${'0'.repeat(size)}"}`));
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(encoding, json)
        .map(([name, text]) => ({ encoding: name, kind: 'valid', body: COMPRESSORS[name]!(Buffer.from(text)) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(encoding, encoding, json).map(([declared, used, text]) => ({
        encoding: declared,
        kind: `${used} as ${declared}`,
        body: COMPRESSORS[used]!(Buffer.from(text)),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(encoding, json).map(([name, text]) => ({ encoding: name, kind: 'not compressed', body: Buffer.from(text) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(encoding, json, fc.nat()).map(([name, text, cut]) => {
        const whole = COMPRESSORS[name]!(Buffer.from(text));
        return { encoding: name, kind: 'truncated', body: whole.subarray(0, cut % Math.max(1, whole.length)) };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(encoding, json, fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.nat()).map(([name, text, noise, at]) => {
        const body = Buffer.from(COMPRESSORS[name]!(Buffer.from(text)));
        body.set(noise.subarray(0, Math.max(0, body.length - (at % body.length))), at % body.length);
        return { encoding: name, kind: 'corrupt', body };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(encoding, fc.uint8Array({ maxLength: 300 }))
        .map(([name, bytes]) => ({ encoding: name, kind: 'noise', body: Buffer.from(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(encoding, bomb).map(([name, data]) => ({ encoding: name, kind: 'bomb', body: COMPRESSORS[name]!(data) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('identity', 'IDENTITY', 'Gzip', 'compress', 'zstd', 'gzip, gzip', 'br;q=1', '', ' ', 'x'.repeat(500), '\t'),
          json,
        )
        .map(([name, text]) => ({ encoding: name, kind: 'label', body: Buffer.from(text) })),
    },
  );
}

export function encodingHeaders(item: EncodedBody): Record<string, string> {
  return item.encoding === undefined ? {} : { 'content-encoding': item.encoding };
}

export interface FuzzTarget {
  server: TestServer;
  integration: { integrationId: string; apiKey: string };
  sessionId: string;
  /** The host token of `sessionId`: a secret no refusal may repeat. */
  hostToken: string;
  paymentId: string;
  /** A new configured session (host and one guest), opened by its host. */
  createSession(): Promise<PaySessionFixture>;
  count(table: string): Promise<number>;
  send(method: string, path: string, body: string | Uint8Array | undefined, headers?: Record<string, string>): Promise<Outcome>;
  close(): Promise<void>;
}

/** A server without rate limits, one integration, one configured session with a live payment attempt. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const merchant = new MerchantStub();
  await merchant.start();
  const server = await startTestServer({ environment: { RATE_LIMITS: 'off' }, logLevel: 'warn' });
  const integration = await merchant.provisionOn(server, { name: 'Fuzz' });
  const created = await createConfiguredSession(server.baseUrl, integration);
  const host = new PayBrowser(server.baseUrl);
  await host.open(created.sessionId, created.hostToken);
  const paymentId = (await host.startPayment(created.sessionId)).data.startPayment.paymentId;
  return {
    server,
    integration,
    sessionId: created.sessionId,
    hostToken: created.hostToken,
    paymentId,
    async createSession() {
      const { sessionId, hostToken } = await createConfiguredSession(server.baseUrl, integration);
      const [host, guest] = await server.query<{ id: string }>(`select id from participant where session_id = ? order by position`, [
        sessionId,
      ]);
      return { sessionId, hostToken, hostId: host!.id, guestId: guest!.id, hostCookie: `${accessCookieName(sessionId)}=${hostToken}` };
    },
    async count(table) {
      const [row] = await server.query<{ n: string }>(`select count(*) as n from ${table}`);
      return Number(row!.n);
    },
    send: (method, path, body, headers) => sendRaw(server.baseUrl, method, path, body, headers),
    async close() {
      await server.close();
      await merchant.stop();
    },
  };
}

export interface PaySessionFixture {
  sessionId: string;
  hostToken: string;
  hostId: string;
  guestId: string;
  /** The cookie the pay app holds after openSession, as a browser sends it back. */
  hostCookie: string;
}
