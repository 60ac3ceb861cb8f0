import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payAppDocumentId } from './support/pay-browser.js';
import { RawSocket, type SocketMessage } from './support/raw-socket.js';
import { createConfiguredSession, postJson, startTestServer, type TestServer } from './support/test-server.js';
import { accessCookieName } from '../src/http/cookies.js';

// The bounds as documented (docs/operations.md, "Live updates"; docs/architecture.md).
const MAX_MESSAGE_BYTES_BEFORE_INIT = 4096;
const MAX_SUBSCRIPTION_DOCUMENT_CHARS = 8192;
const MAX_DOCUMENT_TOKENS = 2000;
const MAX_DOCUMENT_NESTING = 32;
const INIT_TIMEOUT_MS = 600;
const PENDING_PER_ADDRESS = 4;

let server: TestServer;
let integration: { integrationId: string; apiKey: string };
let session: { sessionId: string; hostToken: string };
let cookie: string;
const open: RawSocket[] = [];
// graphql-ws's own ws binding wrote what went wrong to the console; nothing may print outside the logger.
const consoleError = vi.spyOn(console, 'error');
const consoleWarn = vi.spyOn(console, 'warn');

beforeAll(async () => {
  server = await startTestServer({
    environment: {
      RATE_LIMITS: 'off',
      LIVE_INIT_TIMEOUT_MS: String(INIT_TIMEOUT_MS),
      LIVE_INIT_PENDING_PER_ADDRESS: String(PENDING_PER_ADDRESS),
    },
  });
  integration = await server.provision({ name: 'Socket limits' });
  session = await createConfiguredSession(server.baseUrl, integration);
  cookie = `${accessCookieName(session.sessionId)}=${session.hostToken}`;
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
  expect(consoleError).not.toHaveBeenCalled();
  expect(consoleWarn).not.toHaveBeenCalled();
  expect(server.logLines().filter((line) => /"level":"(error|fatal)"/.test(line))).toEqual([]);
});

afterAll(async () => {
  await server?.close();
});

async function socket(headers: Record<string, string> = {}): Promise<RawSocket> {
  const opened = await RawSocket.accepted(server.baseUrl, { headers });
  open.push(opened);
  return opened;
}

/** A pay page's socket: its cookie, initialised. */
async function paySocket(): Promise<RawSocket> {
  const opened = await socket({ cookie });
  await opened.init();
  return opened;
}

/** A live socket refusal counter from /metrics (open outside production). */
async function refusedSockets(reason: string): Promise<number> {
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(new RegExp(`^paysplit_live_sockets_refused_total\\{reason="${reason}"\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? 0);
}

async function healthzMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/healthz`);
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const subscription = (selection: string, argument = `"${'0'.repeat(8)}"`) =>
  `subscription { paySessionUpdated(sessionId: ${argument}) { ${selection} } }`;

function errorOf(answer: SocketMessage | undefined): { message: string; extensions: { code: string } } {
  expect(answer?.type, JSON.stringify(answer)?.slice(0, 300)).toBe('error');
  return (answer!.payload as { message: string; extensions: { code: string } }[])[0]!;
}

/** The socket still serves: the pay app's own subscription is accepted, answers the session as it is, and runs on. */
async function expectStillServes(opened: RawSocket): Promise<void> {
  const answer = await opened.subscribe('still-serving', {
    query: '',
    documentId: payAppDocumentId('PaySessionUpdated'),
    variables: { sessionId: session.sessionId },
  });
  expect(answer, JSON.stringify(answer)).toMatchObject({
    type: 'next',
    payload: { data: { paySessionUpdated: { id: session.sessionId } } },
  });
  expect(opened.isOpen).toBe(true);
}

describe('WebSocket messages are bounded before anyone is known', () => {
  it('closes sockets whose connection_init is larger than the body limit with 1009, without reading it, while /healthz answers', async () => {
    // The attack's shape (a padded array as the payload), at 2 MB instead of 90: ws's default would read up to 100 MiB.
    const padded = `{"type":"connection_init","payload":[${'0,'.repeat(1_000_000)}0]}`;
    const before = await refusedSockets('message_too_big');
    const sockets = await Promise.all(Array.from({ length: 4 }, () => socket()));
    for (const opened of sockets) opened.send(padded);
    expect(await healthzMs()).toBeLessThan(500);
    for (const opened of sockets) {
      expect((await opened.closedWithin(5_000))?.code).toBe(1009);
      expect(opened.messages).toEqual([]);
    }
    expect(await healthzMs()).toBeLessThan(500);
    expect((await refusedSockets('message_too_big')) - before).toBe(4);
  });

  it(`refuses a connection_init over ${MAX_MESSAGE_BYTES_BEFORE_INIT} bytes with 1009 and says why`, async () => {
    const opened = await socket();
    opened.send({ type: 'connection_init', payload: { padding: 'x'.repeat(8 * 1024) } });
    const closed = await opened.closedWithin(5_000);
    expect(closed).toEqual({ code: 1009, reason: expect.stringMatching(/before connection_init is acknowledged/) as string });
    expect(opened.messages).toEqual([]);
  });

  it('closes a socket that sends no connection_init within LIVE_INIT_TIMEOUT_MS with 4408', async () => {
    const started = Date.now();
    const silent = await socket();
    // Half a message is not a connection_init either.
    const trickling = await socket();
    trickling.socket.send('{"type":"connection_', { fin: false });
    for (const opened of [silent, trickling]) {
      expect((await opened.closedWithin(INIT_TIMEOUT_MS + 1_000))?.code).toBe(4408);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(INIT_TIMEOUT_MS - 50);
  });

  it('lets one address keep LIVE_INIT_PENDING_PER_ADDRESS sockets waiting for connection_init, and refuses one more with 429', async () => {
    const waiting = await Promise.all(Array.from({ length: PENDING_PER_ADDRESS }, () => socket()));
    const refused = await RawSocket.open(server.baseUrl);
    expect(refused.status).toBe(429);
    // Once one of them has sent its connection_init, another may open.
    await waiting[0]!.init();
    const admitted = await RawSocket.open(server.baseUrl);
    expect(admitted.status).toBe(101);
    open.push(admitted.socket!);
  });

  it(`refuses a subscribe whose document is over ${MAX_SUBSCRIPTION_DOCUMENT_CHARS} characters before parsing it, and keeps serving the socket`, async () => {
    const opened = await paySocket();
    // The development-server attack, scaled to what now fits in one message: thousands of aliases.
    const aliases = Array.from({ length: 9_000 }, (_, index) => `a${index}: id`).join(' ');
    const refusal = errorOf(await opened.subscribe('aliases', { query: subscription(aliases) }));
    expect(refusal.extensions.code).toBe('VALIDATION_ERROR');
    expect(refusal.message).toMatch(/limited to 8192 characters/);
    await expectStillServes(opened);
  });

  it(`refuses a subscribe of more than ${MAX_DOCUMENT_TOKENS} tokens, nested deeper than ${MAX_DOCUMENT_NESTING}, or costing more than the limit`, async () => {
    const opened = await paySocket();
    const tokens = errorOf(await opened.subscribe('tokens', { query: subscription('id '.repeat(2_400)) }));
    expect(tokens).toMatchObject({ extensions: { code: 'VALIDATION_ERROR' }, message: expect.stringMatching(/more than 2000 tokens/) });

    const nested = subscription(`${'... on PaySessionView { '.repeat(40)}id${' }'.repeat(40)}`);
    expect(errorOf(await opened.subscribe('nested', { query: nested }))).toMatchObject({
      extensions: { code: 'VALIDATION_ERROR' },
      message: expect.stringMatching(/nests more than 32 levels/),
    });

    // 2^15 selections from a few hundred characters: each fragment spreads the next one twice.
    const fragments = Array.from(
      { length: 15 },
      (_, level) => `fragment F${level} on PaySessionView { ...F${level + 1} ...F${level + 1} }`,
    );
    const costly = `subscription { paySessionUpdated(sessionId: "x") { ...F0 } } ${fragments.join(' ')} fragment F15 on PaySessionView { id }`;
    expect(errorOf(await opened.subscribe('costly', { query: costly }))).toMatchObject({
      extensions: { code: 'VALIDATION_ERROR' },
      message: expect.stringMatching(/The query costs .* the limit is 10000/),
    });
    await expectStillServes(opened);
  });
});

describe('a client’s protocol mistakes are answered as its own', () => {
  it('closes a socket that sends the server’s own message types with 4400, not 4500', async () => {
    for (const message of [{ type: 'connection_ack' }, { type: 'next', id: 'x', payload: {} }, { type: 'error', id: 'x', payload: [] }]) {
      const opened = await paySocket();
      opened.send(message);
      expect(await opened.closedWithin(5_000)).toEqual({ code: 4400, reason: 'Invalid message received' });
    }
  });
});

describe('documents nested thousands deep are refused with our own message, on every transport', () => {
  it('answers a subscribe nested 5,000 deep with 1009 (too big) and one nested 6,000 deep in 12 KB with VALIDATION_ERROR, never 4500', async () => {
    const opened = await paySocket();
    // The attack as sent: 5,000 nested inline fragments are more than one message may carry.
    const attack = subscription(`${'...on PaySessionView{'.repeat(5_000)}id${'}'.repeat(5_000)}`, `"${session.sessionId}"`);
    opened.send({ type: 'subscribe', id: 'deep', payload: { query: attack } });
    expect((await opened.closedWithin(5_000))?.code).toBe(1009);

    // A list nested 6,000 deep fits in a message and overflowed graphql-js's parser before.
    const again = await paySocket();
    const list = subscription('id', `${'['.repeat(6_000)}${']'.repeat(6_000)}`);
    const refusal = errorOf(await again.subscribe('list', { query: list }));
    expect(refusal.extensions.code).toBe('VALIDATION_ERROR');
    expect(refusal.message).not.toMatch(/call stack/i);
    await expectStillServes(again);
  });

  it('answers /graphql documents nested thousands deep with 400 VALIDATION_ERROR and our message, not the RangeError', async () => {
    const documents = [
      `{ ${'...on Query{'.repeat(6_000)}__typename${'}'.repeat(6_000)} }`,
      `{ sessionStatus(sessionId: ${'['.repeat(20_000)}${']'.repeat(20_000)}) { status } }`,
    ];
    for (const query of documents) {
      const reply = await postJson<{ errors: { message: string; extensions: { code: string } }[] }>(`${server.baseUrl}/graphql`, { query });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        {
          message: `The document nests more than ${MAX_DOCUMENT_NESTING} levels of braces, brackets or parentheses`,
          extensions: { code: 'VALIDATION_ERROR' },
        },
      ]);
    }
    // By GET too (its URL is at most 16 KB), and a document of too many tokens.
    const deepByGet = await fetch(
      `${server.baseUrl}/graphql?${new URLSearchParams({ query: `{ ${'...on Query{'.repeat(40)}__typename${'}'.repeat(40)} }` })}`,
      { headers: { 'apollo-require-preflight': 'true' } },
    );
    expect(deepByGet.status).toBe(400);
    expect(JSON.stringify(await deepByGet.json())).toMatch(/nests more than 32 levels/);
    const many = await postJson<{ errors: { message: string }[] }>(`${server.baseUrl}/graphql`, {
      query: `{ ${'__typename '.repeat(9_000)}}`,
    });
    expect(many.status).toBe(400);
    expect(many.body.errors[0]!.message).toMatch(/more than 2000 tokens/);
  });

  it('answers a REST body nested thousands deep with 400 VALIDATION_ERROR and our message, not the RangeError', async () => {
    // REST runs our own named operations, so only the body can be deep: metadata is free-form JSON.
    const body = `{"integrationId":"${integration.integrationId}","amount":10,"metadata":{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`;
    const reply = await postJson<{ code: string; message: string }>(`${server.baseUrl}/api/v1/payments/sessions`, body, {
      'x-service-api-key': integration.apiKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The request body nests arrays and objects more than 64 deep' });
    // Nesting inside strings is text, not structure.
    const inString = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: integration.integrationId, amount: 10, metadata: { note: `${'[{'.repeat(100)}\\"` } },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(inString.status).toBe(200);
  });
});
