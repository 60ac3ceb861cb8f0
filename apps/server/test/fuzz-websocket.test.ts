import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm } from '../src/db/orm.js';
import { createIntegrationServices } from '../src/modules/integrations/integration-services.js';
import { SecretBox } from '../src/security/secret-box.js';
import { errorResponseSchema } from '../src/rest/error-response.js';
import { anyJson, mutate, type Outcome, reportTally, runAll, RUNS, sample, weirdId, weirdValue } from './support/fuzzing.js';
import { payAppDocumentId } from './support/pay-browser.js';
import { RawSocket, type SocketClose, type SocketMessage } from './support/raw-socket.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { createTestDatabase } from './support/test-database.js';
import { createConfiguredSession } from './support/test-server.js';
import { accessCookieName } from '../src/http/cookies.js';

/**
 * What a hostile client sends over the live updates' WebSocket, generated: connection_init too
 * large or too slow, subscribes too large, nested thousands deep or with thousands of aliases, and
 * garbage (binary frames, text that is not JSON or not UTF-8, wrong types, unknown message types,
 * messages before connection_init, duplicate ids); and over the listen connection (`paysplit
 * listen`): handshakes with any key, browser headers or subprotocol, and messages that are not the
 * answers it takes. Against a built server in its own process, so its memory is its own. The properties: no handshake answered >= 500, no socket closed with 4500
 * (an internal error) nor any INTERNAL_ERROR, every refusal coded, /healthz prompt throughout, no
 * error line and nothing but log lines on the server's output, and its RSS back within 100 MB.
 */
const INIT_TIMEOUT_MS = 1_000;
const SECRETS_KEY = randomBytes(32).toString('hex');
/** Close codes a refused socket may get: ours, ws's protocol errors, graphql-ws's refusals, or a cut connection. */
const REFUSAL_CLOSES = new Set([1000, 1002, 1005, 1006, 1007, 1009, 4400, 4401, 4406, 4408, 4409, 4429]);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ServerProcess;
let session: { sessionId: string; hostToken: string };
/** The integration's keys, for the listen connection. */
let listenKeys: { test: string; live: string };
let cookie: string;
const health: { status: number; ms: number }[] = [];
const rss: { before?: number; peak: number; after?: number } = { peak: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    DATABASE_URL: database.url,
    SECRETS_KEY,
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    LIVE_INIT_TIMEOUT_MS: String(INIT_TIMEOUT_MS),
    LIVE_INIT_PENDING_PER_ADDRESS: '64',
  });
  const orm = await openOrm({ databaseUrl: database.url });
  const integrations = createIntegrationServices({ secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')) });
  const created = await integrations.integrationSettings.createIntegration(orm.em.fork(), {
    name: 'Socket fuzz',
    redirectAllowlist: ['https://shop.example.com'],
  });
  const live = await integrations.apiKeys.createApiKey(orm.em.fork(), created.integration.id, 'live');
  listenKeys = { test: created.apiKey, live: live.apiKey };
  await orm.close(true);
  session = await createConfiguredSession(server.baseUrl, { integrationId: created.integration.id, apiKey: created.apiKey });
  cookie = `${accessCookieName(session.sessionId)}=${session.hostToken}`;
  // Warm up what a first subscription loads, then take the baseline.
  for (let warm = 0; warm < 10; warm += 1)
    await runScript({ cookie: true, frames: [...initialised, subscribeFrame('warm', trustedPayload())] });
  await settle();
  rss.before = residentBytes();
}, 90_000);

afterAll(async () => {
  reportTally('WebSocket');
  await server?.stop();
  await database?.drop();
});

function residentBytes(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]);
  rss.peak = Math.max(rss.peak, kilobytes * 1024);
  return kilobytes * 1024;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

/** One frame a socket sends: JSON text, raw text, binary, a message in fragments, or a pause. */
type Frame =
  | { json: unknown }
  | { text: string | Buffer }
  | { binary: Buffer }
  | { fragments: string[]; gapMs: number }
  | { pauseMs: number }
  | { invalidUtf8: true }
  | { awaitAck: true }
  | { awaitCloseMs: number };

interface Script {
  cookie: boolean;
  frames: Frame[];
}

interface SocketOutcome {
  close: SocketClose | undefined;
  messages: SocketMessage[];
}

const initFrame: Frame = { json: { type: 'connection_init' } };
/** connection_init, and the acknowledgement a client waits for before it subscribes. */
const initialised: Frame[] = [initFrame, { awaitAck: true }];
const subscribeFrame = (id: unknown, payload: unknown): Frame => ({ json: { type: 'subscribe', id, payload } });
const trustedPayload = () => ({
  query: '',
  documentId: payAppDocumentId('PaySessionUpdated'),
  variables: { sessionId: session.sessionId },
});
const subscription = (selection: string, argument = '$id') =>
  `subscription S($id: ID!) { paySessionUpdated(sessionId: ${argument}) { ${selection} } }`;

async function send(socket: RawSocket, frame: Frame): Promise<void> {
  if ('pauseMs' in frame) await new Promise((resolve) => setTimeout(resolve, frame.pauseMs));
  else if ('awaitAck' in frame) await socket.waitFor((message) => message.type === 'connection_ack');
  else if ('awaitCloseMs' in frame) await socket.closedWithin(frame.awaitCloseMs);
  else if ('json' in frame) socket.send(JSON.stringify(frame.json));
  else if ('text' in frame) {
    if (socket.isOpen) socket.socket.send(frame.text, { binary: false });
  } else if ('binary' in frame) socket.send(frame.binary);
  else if ('invalidUtf8' in frame) {
    if (socket.isOpen) socket.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
  } else {
    for (const [index, part] of frame.fragments.entries()) {
      if (!socket.isOpen) return;
      socket.socket.send(part, { fin: index === frame.fragments.length - 1 });
      if (index < frame.fragments.length - 1) await new Promise((resolve) => setTimeout(resolve, frame.gapMs));
    }
  }
}

/** Opens a socket, sends the script, and waits for it to close or fall quiet. A 4500 counts as a 500. */
async function runScript(script: Script): Promise<Outcome> {
  const opened = await RawSocket.open(server.baseUrl, { headers: script.cookie ? { cookie } : {} });
  if (!opened.socket) return { status: opened.status, body: { handshake: opened.status }, requestId: null };
  const socket = opened.socket;
  try {
    for (const frame of script.frames) await send(socket, frame);
    let seen = -1;
    // Quiet for 300 ms, or closed, or 3 s in all.
    for (const deadline = Date.now() + 3_000; Date.now() < deadline && seen !== socket.messages.length;) {
      seen = socket.messages.length;
      if (await socket.closedWithin(300)) break;
    }
    const outcome: SocketOutcome = { close: await socket.closedWithin(0), messages: socket.messages };
    const internal = outcome.close?.code === 4500 || outcome.close?.code === 1011;
    return { status: internal ? 500 : 101, body: outcome, requestId: null };
  } finally {
    socket.terminate();
  }
}

/** Every socket: no internal error, a close code that names a refusal, every error message coded. */
function expectRefusalsCoded(results: { item: Script; outcome: Outcome }[]): void {
  for (const { item, outcome } of results) {
    const context = `${JSON.stringify(item).slice(0, 300)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 400)}`;
    expect(outcome.status, context).toBeLessThan(500);
    if (outcome.status !== 101) continue;
    const { close, messages } = outcome.body as SocketOutcome;
    if (close) expect(REFUSAL_CLOSES.has(close.code), context).toBe(true);
    for (const message of messages) {
      const errors =
        message.type === 'error' ? (message.payload as { extensions?: { code?: string } }[]) : (message.payload as { errors?: [] })?.errors;
      for (const error of (errors ?? []) as { message?: string; extensions?: { code?: string } }[]) {
        expect(error.extensions?.code, context).toMatch(/^[A-Z_]+$/);
        expect(error.extensions?.code, context).not.toBe('INTERNAL_ERROR');
        expect(error.message ?? '', context).not.toMatch(/call stack|RangeError/i);
        expect(JSON.stringify(error), context).not.toContain(session.hostToken);
      }
    }
  }
}

const closeOf = (outcome: Outcome) => (outcome.body as SocketOutcome).close?.code;
const errorsOf = (outcome: Outcome) =>
  (outcome.body as SocketOutcome).messages.filter((message) => message.type === 'error').map((message) => JSON.stringify(message.payload));

describe(`WebSocket fuzzing (FUZZ_RUNS=${RUNS})`, { timeout: 600_000 }, () => {
  let polling = true;
  let poller: Promise<void>;

  beforeAll(() => {
    // /healthz every 100 ms while the sockets are fuzzed.
    poller = (async () => {
      while (polling) {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}/healthz`).catch(() => undefined);
        health.push({ status: response?.status ?? 0, ms: performance.now() - started });
        residentBytes();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
  });

  afterAll(async () => {
    polling = false;
    await poller;
  });

  it('the attack as reported, four anonymous 90 MB connection_init at once: each closed unread', async () => {
    // A padded array as the payload, as sent to the production server (ws's default would read it whole).
    const padded = Buffer.from(`{"type":"connection_init","payload":[${'0,'.repeat(45_000_000)}0]}`);
    const attack = Array.from({ length: 4 }, (): Script => ({ cookie: false, frames: [{ text: padded }, { awaitCloseMs: 5_000 }] }));
    const results = await runAll(attack, runScript);
    // Told apart by their outcome; the 90 MB itself stays out of any failure message.
    expectRefusalsCoded(results.map(({ outcome }) => ({ item: { cookie: false, frames: [] }, outcome })));
    // 4408 when masking 90 MB kept this client from starting its frame within LIVE_INIT_TIMEOUT_MS.
    for (const { outcome } of results) expect([1009, 4408]).toContain(closeOf(outcome));
  });

  it('connection_init too large, in any shape: closed with 1009 before it is read', async () => {
    const oversized = fc
      .record({ bytes: fc.integer({ min: 4 * 1024 + 1, max: 1024 * 1024 }), shape: fc.constantFrom('array', 'string', 'object') })
      .map(({ bytes, shape }): Script => {
        const padding =
          shape === 'array'
            ? `[${'0,'.repeat(bytes / 2)}0]`
            : shape === 'string'
              ? `"${'x'.repeat(bytes)}"`
              : `{"p":"${'y'.repeat(bytes)}"}`;
        return { cookie: false, frames: [{ text: `{"type":"connection_init","payload":${padding}}` }, { awaitCloseMs: 5_000 }] };
      });
    const results = await runAll(sample(oversized, 1, 0.01), runScript);
    expectRefusalsCoded(results);
    for (const { outcome } of results) expect(closeOf(outcome)).toBe(1009);
  });

  it('connection_init late, slow or in fragments: acknowledged in time, else closed with 4408', async () => {
    const slow = fc
      .record({
        waitMs: fc.integer({ min: 0, max: 1_500 }),
        parts: fc.integer({ min: 1, max: 4 }),
        gapMs: fc.integer({ min: 0, max: 400 }),
        // What graphql-ws takes as connection_init's payload: none, or an object.
        payload: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }), { nil: undefined }),
      })
      .map(({ waitMs, parts, gapMs, payload }): Script & { finishesAt: number } => {
        const text = JSON.stringify({ type: 'connection_init', payload });
        const size = Math.ceil(text.length / parts);
        const fragments = Array.from({ length: parts }, (_, index) => text.slice(index * size, (index + 1) * size)).filter(Boolean);
        return {
          cookie: false,
          frames: [{ pauseMs: waitMs }, { fragments, gapMs }],
          finishesAt: waitMs + (fragments.length - 1) * gapMs,
        };
      });
    const results = await runAll(sample(slow, 2, 0.01), runScript);
    expectRefusalsCoded(results);
    for (const { item, outcome } of results) {
      const acknowledged = (outcome.body as SocketOutcome).messages.some((message) => message.type === 'connection_ack');
      // Well clear of the timeout either way (timers and the loaded machine blur the edge).
      if (item.finishesAt < INIT_TIMEOUT_MS - 400) expect(acknowledged, JSON.stringify(item)).toBe(true);
      if (item.finishesAt > INIT_TIMEOUT_MS + 400) expect(closeOf(outcome), JSON.stringify(item)).toBe(4408);
    }
  });

  it('subscribes too large, nested thousands deep, or with thousands of aliases: refused with VALIDATION_ERROR or 1009', async () => {
    const filler = fc.constantFrom('aliases', 'spaces', 'comment', 'string');
    const large = fc.record({ chars: fc.integer({ min: 8 * 1024 + 1, max: 150 * 1024 }), filler }).map(({ chars, filler: kind }) => {
      const count = Math.ceil(chars / 8);
      const selection =
        kind === 'aliases'
          ? Array.from({ length: count }, (_, index) => `a${index}: id`).join(' ')
          : kind === 'spaces'
            ? `${' '.repeat(chars)}id`
            : kind === 'comment'
              ? `# ${'c'.repeat(chars)}\nid`
              : `id @include(if: true) __typename(x: "${'s'.repeat(chars)}")`;
      return subscription(selection);
    });
    const nested = fc
      .record({ depth: fc.integer({ min: 20, max: 8_000 }), kind: fc.constantFrom('inline', 'list', 'object', 'braces', 'type') })
      .map(({ depth, kind }) => {
        if (kind === 'inline') return subscription(`${'...on PaySessionView{'.repeat(depth)}id${'}'.repeat(depth)}`);
        if (kind === 'list') return subscription('id', `${'['.repeat(depth)}$id${']'.repeat(depth)}`);
        if (kind === 'object') return subscription('id', `${'{a:'.repeat(depth)}1${'}'.repeat(depth)}`);
        if (kind === 'type')
          return `subscription S($id: ${'['.repeat(depth)}ID${']'.repeat(depth)}) { paySessionUpdated(sessionId: $id) { id } }`;
        return `subscription ${'{'.repeat(depth)}${'}'.repeat(depth)}`;
      });
    const aliases = fc
      .record({ count: fc.integer({ min: 1, max: 12_000 }), field: fc.constantFrom('id', 'status', 'participants { id }', '__typename') })
      .map(({ count, field }) => subscription(Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ')));
    const spread = fc.integer({ min: 2, max: 24 }).map((levels) => {
      const fragments = Array.from(
        { length: levels },
        (_, level) => `fragment F${level} on PaySessionView { ...F${level + 1} ...F${level + 1} }`,
      );
      return `subscription S($id: ID!) { paySessionUpdated(sessionId: $id) { ...F0 } } ${fragments.join(' ')} fragment F${levels} on PaySessionView { id }`;
    });
    const script = fc
      .record({
        query: fc.oneof(large, nested, aliases, spread),
        cookie: fc.boolean(),
        sessionId: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: weirdId }),
      })
      .map(({ query, cookie: withCookie, sessionId }): Script => ({
        cookie: withCookie,
        frames: [...initialised, subscribeFrame('s', { query, variables: { id: sessionId === '' ? session.sessionId : sessionId } })],
      }));
    const results = await runAll(sample(script, 3, 0.03), runScript);
    expectRefusalsCoded(results);
    for (const { item, outcome } of results) {
      const query = (item.frames.at(-1) as { json: { payload: { query: string } } }).json.payload.query.length;
      // Past 8 KiB of text the subscribe is refused unread; past the message limit the socket is closed.
      if (query > 8 * 1024) {
        expect(
          closeOf(outcome) === 1009 || errorsOf(outcome).some((error) => /limited to 8192 characters/.test(error)),
          `${query} characters -> ${JSON.stringify(outcome.body).slice(0, 300)}`,
        ).toBe(true);
      }
    }
  });

  it('garbage: binary, not JSON, not UTF-8, wrong types, unknown types, before connection_init, duplicate ids', async () => {
    const odd = fc.oneof(weirdValue, weirdId);
    const frame: fc.Arbitrary<Frame> = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ binary: Buffer.from(bytes) })),
      fc.string({ maxLength: 300 }).map((text) => ({ text })),
      fc.constant<Frame>({ invalidUtf8: true }),
      anyJson.map((json) => ({ json })),
      odd.map((type) => ({ json: { type } })),
      fc
        .record({
          type: fc.constantFrom('start', 'stop', 'connection_terminate', 'ka', 'data', 'next', 'error', 'connection_ack', 'foo', ''),
          id: odd,
          payload: odd,
        })
        .map((json) => ({ json })),
      fc
        .record({ id: fc.oneof(fc.constant('dup'), odd), payload: fc.oneof(odd, fc.constant(trustedPayload())) })
        .map(({ id, payload }) => subscribeFrame(id, payload)),
      fc
        .record({ query: fc.oneof(odd, fc.constant(subscription('id'))), variables: odd, operationName: odd, extensions: odd })
        .map((payload) => subscribeFrame('dup', payload)),
      fc.record({ id: odd }).map(({ id }) => ({ json: { type: 'complete', id } })),
      fc.record({ type: fc.constantFrom('ping', 'pong'), payload: odd }).map((json) => ({ json })),
      odd.map((payload) => ({ json: { type: 'connection_init', payload } })),
    );
    const script = fc
      .record({
        init: fc.constantFrom('first', 'none', 'later'),
        frames: fc.array(frame, { minLength: 1, maxLength: 6 }),
        cookie: fc.boolean(),
      })
      .map(({ init, frames, cookie: withCookie }): Script => ({
        cookie: withCookie,
        frames: init === 'first' ? [...initialised, ...frames] : init === 'later' ? [...frames, initFrame] : frames,
      }));
    const results = await runAll(sample(script, 4, 0.05), runScript);
    expectRefusalsCoded(results);
    // Some scripts were answered, some closed: the generator reached both.
    expect(results.some(({ outcome }) => closeOf(outcome) === 4400)).toBe(true);
    expect(
      results.some(({ outcome }) => (outcome.body as SocketOutcome).messages.some((message) => message.type === 'connection_ack')),
    ).toBe(true);
  });

  it('listen handshakes with any key, browser headers or subprotocol: upgraded only for a test key asking for paysplit-listen.v1, else a coded error body', async () => {
    // Mostly what a merchant's server sends, so the well-formed handshake comes up too.
    const now = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
    const handshake = fc.record({
      key: fc.oneof(
        { weight: 4, arbitrary: fc.constant(listenKeys.test) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constant(listenKeys.live) },
        { weight: 1, arbitrary: fc.stringMatching(/^ps_(test|live)_[0-9A-Za-z]{43}$/) },
        // Anything a header can carry.
        { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e]{0,80}$/) },
      ),
      origin: now(fc.constantFrom('https://evil.test', 'null', 'http://localhost:3000')),
      fetchSite: now(fc.constantFrom('cross-site', 'same-origin', 'none')),
      protocols: fc.oneof(
        { weight: 3, arbitrary: fc.constant(['paysplit-listen.v1']) },
        {
          weight: 2,
          arbitrary: fc.constantFrom<string[]>([], ['graphql-transport-ws'], ['paysplit-listen.v2'], ['graphql-ws', 'paysplit-listen.v1']),
        },
      ),
    });
    const wellFormed = { key: listenKeys.test, origin: undefined, fetchSite: undefined, protocols: ['paysplit-listen.v1'] };
    const results = await runAll([...sample(handshake, 5, 0.01), wellFormed], async (item): Promise<Outcome> => {
      const headers: Record<string, string> = {
        ...(item.key === undefined ? {} : { 'x-service-api-key': item.key }),
        ...(item.origin === undefined ? {} : { origin: item.origin }),
        ...(item.fetchSite === undefined ? {} : { 'sec-fetch-site': item.fetchSite }),
      };
      const opened = await RawSocket.open(server.baseUrl, { path: '/api/v1/listen', headers, protocol: item.protocols });
      if (!opened.socket) {
        let body: unknown = opened.body;
        try {
          body = JSON.parse(opened.body ?? '');
        } catch {
          // Not JSON: the property below says so.
        }
        return { status: opened.status, body, requestId: null };
      }
      const ready = await opened.socket.waitFor((message) => message.type === 'ready', 5_000);
      const close = await opened.socket.closedWithin(0);
      opened.socket.terminate();
      return { status: close?.code === 4500 ? 500 : 101, body: { ready: ready !== undefined, close }, requestId: null };
    });
    for (const { item, outcome } of results) {
      const context = `${JSON.stringify(item)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
      expect(outcome.status, context).toBeLessThan(500);
      const expected =
        item.origin !== undefined || item.fetchSite !== undefined
          ? 'BROWSER_REQUEST_FORBIDDEN'
          : !item.key
            ? 'MISSING_API_KEY'
            : item.key === listenKeys.live
              ? 'TEST_MODE_ONLY'
              : item.key !== listenKeys.test
                ? 'INVALID_API_KEY'
                : !item.protocols.includes('paysplit-listen.v1')
                  ? 'VALIDATION_ERROR'
                  : undefined;
      if (expected === undefined) {
        // Upgraded and told it is ready (unless a later handshake for the integration replaced it first).
        expect(outcome.status, context).toBe(101);
        const { ready, close } = outcome.body as { ready: boolean; close?: { code: number } };
        expect(ready || close?.code === 4409, context).toBe(true);
        continue;
      }
      expect(errorResponseSchema.safeParse(outcome.body).success, context).toBe(true);
      expect((outcome.body as { code: string }).code, context).toBe(expected);
      if (item.key && item.key.length > 12) expect(JSON.stringify(outcome.body), context).not.toContain(item.key);
    }
    expect(results.some(({ outcome }) => outcome.status === 101)).toBe(true);
  });

  it('listen messages that are not answers, or oversized: closed with 4400 or 1009; answers to calls nobody waits for: dropped', async () => {
    const answer = { type: 'answer', callId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', status: 200, body: '{"ok":true}' };
    // Well formed, for a call nobody waits for (it timed out): dropped, and the socket stays.
    const unawaited = fc.uuid().map((callId): Frame => ({ json: { ...answer, callId } }));
    const frame: fc.Arbitrary<Frame> = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ binary: Buffer.from(bytes) })),
      fc.string({ maxLength: 300 }).map((text) => ({ text })),
      fc.constant<Frame>({ invalidUtf8: true }),
      anyJson.map((json) => ({ json })),
      mutate(answer).map((json) => ({ json })),
      mutate({ type: 'answer', callId: answer.callId, error: 'could not connect (ECONNREFUSED)' }).map((json) => ({ json })),
      unawaited,
      fc
        .integer({ min: 100 * 1024 + 1, max: 300 * 1024 })
        .map((bytes): Frame => ({ text: JSON.stringify({ ...answer, body: 'x'.repeat(bytes) }) })),
    );
    const script = fc.oneof(
      fc.array(frame, { minLength: 1, maxLength: 5 }).map((frames) => ({ frames, droppedOnly: false })),
      fc.array(unawaited, { minLength: 1, maxLength: 3 }).map((frames) => ({ frames, droppedOnly: true })),
    );
    // Besides what is generated, each kind of refusal once for sure, alone.
    const sure = [
      { frames: [{ text: JSON.stringify({ ...answer, body: 'x'.repeat(100 * 1024) }) }], droppedOnly: false },
      { frames: [{ text: 'not an answer' }], droppedOnly: false },
    ];
    const run = async ({ frames }: { frames: Frame[] }): Promise<Outcome> => {
      const opened = await RawSocket.open(server.baseUrl, {
        path: '/api/v1/listen',
        headers: { 'x-service-api-key': listenKeys.test },
        protocol: 'paysplit-listen.v1',
      });
      if (!opened.socket) return { status: opened.status, body: opened.body, requestId: null };
      const socket = opened.socket;
      try {
        await socket.waitFor((message) => message.type === 'ready');
        for (const item of frames) await send(socket, item);
        const close = await socket.closedWithin(500);
        const internal = close?.code === 4500 || close?.code === 1011;
        return { status: internal ? 500 : 101, body: { close, messages: socket.messages }, requestId: null };
      } finally {
        socket.terminate();
      }
    };
    const results = await runAll(sample(script, 6, 0.01), run);
    // One at a time: a concurrent handshake would take the integration over first (4409).
    for (const item of sure) results.push(...(await runAll([item], run)));
    const closeCode = (outcome: Outcome) => (outcome.body as { close?: { code: number } }).close?.code;
    for (const { item, outcome } of results) {
      const context = `${JSON.stringify(item).slice(0, 300)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
      expect(outcome.status, context).toBe(101);
      // 4409: a concurrent script's handshake took the integration over.
      const code = closeCode(outcome);
      if (code !== undefined) expect([1002, 1006, 1007, 1009, 4400, 4409], context).toContain(code);
      if (item.droppedOnly) expect(code === undefined || code === 4409, context).toBe(true);
    }
    expect(results.some(({ outcome }) => closeCode(outcome) === 4400)).toBe(true);
    expect(results.some(({ outcome }) => closeCode(outcome) === 1009)).toBe(true);
  });

  it('answered /healthz promptly throughout, and promptly after', async () => {
    await settle();
    const after = performance.now();
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const afterMs = performance.now() - after;
    const slowest = Math.max(...health.map((check) => check.ms));
    process.stdout.write(
      `[fuzz] WebSocket: /healthz ${health.length} checks, slowest ${Math.round(slowest)} ms, after ${Math.round(afterMs)} ms\n`,
    );
    expect(health.length).toBeGreaterThan(10);
    expect(health.filter((check) => check.status !== 200)).toEqual([]);
    expect(slowest).toBeLessThan(2_000);
    expect(afterMs).toBeLessThan(1_000);
  });

  it('kept its memory: RSS back within 100 MB of before, and no subscription left behind', async () => {
    rss.after = residentBytes();
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const metric = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(metrics)?.[1]);
    expect(metric('paysplit_live_subscriptions')).toBe(0);
    expect(metric('paysplit_listen_connections')).toBe(0);
    process.stdout.write(
      `[fuzz] WebSocket: server heap ${Math.round(metric('paysplit_nodejs_heap_size_used_bytes') / 1024 / 1024)} MB used after\n`,
    );
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    process.stdout.write(
      `[fuzz] WebSocket: server RSS ${mb(rss.before!)} MB before, ${mb(rss.peak)} MB at most, ${mb(rss.after)} MB after\n`,
    );
    expect(rss.after - rss.before!).toBeLessThan(100 * 1024 * 1024);
  });

  it('logged no error line and printed nothing but log lines', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const notLogLines = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(notLogLines.slice(0, 20)).toEqual([]);
    expect(lines.filter((line) => /"level":"(error|fatal)"/.test(line)).map((line) => line.slice(0, 500))).toEqual([]);
  });
});
