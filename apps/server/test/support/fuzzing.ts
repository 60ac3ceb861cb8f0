import fc from 'fast-check';
import { expect } from 'vitest';
import { errorResponseSchema } from '../../src/rest/error-response.js';
import { MerchantStub } from './merchant-stub.js';
import { PayBrowser } from './pay-browser.js';
import { postJson, startTestServer, type TestServer } from './test-server.js';

/**
 * Property-based request fuzzing: for every REST endpoint and GraphQL mutation, thousands of
 * generated bodies (near-valid ones with one field broken, wrong types, random JSON, broken
 * JSON). The properties: never a 5xx, every refusal has the spec's error shape, and a refused
 * request writes nothing. FUZZ_RUNS raises the count for a nightly-size run.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const CONCURRENCY = 24;

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
);
export const weirdNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 1e21, 0.001, 99_999_999_999, 100_000_000_000, 1.5));
export const weirdValue = fc.oneof(anyJson, weirdString, weirdNumber, fc.constant(null), fc.boolean());

/** A valid object with each field kept, dropped, or replaced by something odd; plus extra keys. */
export function mutate(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, value]) => [
      key,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(value) },
        { weight: 1, arbitrary: weirdValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(fc.string({ maxLength: 12 }), weirdValue, { maxKeys: 2 }))
    .map(([record, extra]) =>
      Object.fromEntries(Object.entries({ ...record, ...(Math.random() < 0.2 ? extra : {}) }).filter(([, value]) => value !== undefined)),
    );
}

/** Bodies: mostly near-valid, some random JSON, some not JSON at all. */
export function bodies(valid: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutate(valid).map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: anyJson.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: mutate(valid).map((body) => JSON.stringify(body).slice(0, -1)) },
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
        results.push({ item, outcome: await send(item) });
      }
    }),
  );
  return results;
}

export async function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body });
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

export const sample = <T>(arbitrary: fc.Arbitrary<T>, seed: number) => fc.sample(arbitrary, { numRuns: RUNS, seed });

export interface FuzzTarget {
  server: TestServer;
  integration: { integrationId: string; apiKey: string };
  sessionId: string;
  paymentId: string;
  count(table: string): Promise<number>;
  send(method: string, path: string, body: string | undefined, headers?: Record<string, string>): Promise<Outcome>;
  close(): Promise<void>;
}

/** A server without rate limits, one integration, one configured session with a live payment attempt. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const merchant = new MerchantStub();
  await merchant.start();
  const server = await startTestServer({ environment: { RATE_LIMITS: 'off' }, logLevel: 'warn' });
  const integration = await merchant.provisionOn(server, { name: 'Fuzz' });
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: '3000',
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Host' }, { displayName: 'Guest' }],
    },
    { 'x-service-api-key': integration.apiKey },
  );
  const host = new PayBrowser(server.baseUrl);
  await host.open(created.body.sessionId, created.body.hostToken);
  const paymentId = (await host.startPayment(created.body.sessionId)).data.startPayment.paymentId;
  return {
    server,
    integration,
    sessionId: created.body.sessionId,
    paymentId,
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
