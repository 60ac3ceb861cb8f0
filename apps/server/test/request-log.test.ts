import { randomBytes, randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';
import { createLogger } from '../src/logger.js';
import { lineColumns, lineOf } from '../src/modules/requests/request-log-rows.js';
import { RequestLog } from '../src/modules/requests/request-log-thread.js';
import type { MerchantRequest } from '../src/rest/merchant-request.js';
import { AdminClient, errorCode } from './support/admin-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * The merchant API's request log (modules/requests): every request of an API-key route is kept,
 * redacted, under the integration of its key; the administration area reads it scoped like the
 * deliveries pages; old requests are purged. One server for the file.
 */

const PASSWORD = 'correct horse battery staple';
const LOAD = 2_000;

let server: TestServer;
let alice: AdminClient;
let bob: AdminClient;
let operator: AdminClient;
let integrationA: { id: string; apiKey: string; revokedKey: string; webhookSecret: string };
let integrationB: { id: string; apiKey: string };

async function makeIntegration(client: AdminClient, name: string): Promise<{ id: string; apiKey: string }> {
  const created = await client.ok(`mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { id } }`, {
    input: { name, redirectAllowlist: ['https://shop.example.com'] },
  });
  const id = created.createIntegration.id as string;
  const key = await client.ok(`mutation($id: ID!) { createApiKey(integrationId: $id, mode: TEST, name: "server") { apiKey } }`, { id });
  return { id, apiKey: key.createApiKey.apiKey as string };
}

beforeAll(async () => {
  server = await startTestServer({ environment: { RATE_LIMITS: 'off' }, jobs: false, logLevel: 'warn' });
  alice = new AdminClient(server.baseUrl);
  bob = new AdminClient(server.baseUrl);
  await alice.register('alice@shop.example', PASSWORD);
  await bob.register('bob@other.example', PASSWORD);
  const a = await makeIntegration(alice, 'Alice shop');
  const old = await alice.ok(`mutation($id: ID!) { createApiKey(integrationId: $id, mode: TEST, name: "old") { apiKey key { id } } }`, {
    id: a.id,
  });
  await alice.ok(`mutation($i: ID!, $k: ID!) { revokeApiKey(integrationId: $i, keyId: $k) { revokedAt } }`, {
    i: a.id,
    k: old.createApiKey.key.id,
  });
  const rotated = await alice.ok(`mutation($id: ID!) { rotateSigningSecret(integrationId: $id, kind: WEBHOOK) { secret } }`, { id: a.id });
  integrationA = { ...a, revokedKey: old.createApiKey.apiKey, webhookSecret: rotated.rotateSigningSecret.secret };
  integrationB = await makeIntegration(bob, 'Bob shop');
  const email = 'ops@paysplit.example';
  await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), { email, password: PASSWORD, role: 'operator' });
  operator = new AdminClient(server.baseUrl);
  await operator.login(email, PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The one row a query answers. */
async function first<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await server.query<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

interface Sent {
  requestId: string;
  status: number;
  code: string | undefined;
  /** Whose key it carried as the log should say: A, B, or nobody's. */
  owner: 'A' | 'B' | null;
  sessionId?: string;
}

/** Everything the load put into requests that must never be in the log. */
const secrets = {
  keys: [] as string[],
  hostTokens: [] as string[],
  emails: ['payer.one@example.com', 'owner+orders@shop.example', 'carol@example.org', 'dave@example.net'],
  ips: ['203.0.113.77', '198.51.100.23', '2001:db8::17', '192.0.2.1'],
  others: ['12 Queen Street', 'token-in-a-query-4f9a', 'Bearer abc.def.ghi-secret'],
};

describe('recording', () => {
  it(`keeps every one of ${LOAD.toLocaleString('en')} mixed merchant requests, and no key, secret, email or IP address`, async () => {
    const unknownKey = `ps_test_${randomBytes(32).toString('hex').slice(0, 43)}`;
    secrets.keys.push(integrationA.apiKey, integrationA.revokedKey, integrationB.apiKey, unknownKey, integrationA.webhookSecret);
    const api = `${server.baseUrl}/api/v1/payments`;
    const created: string[] = [];
    const replayable: { body: string; key: string }[] = [];
    const send = async (index: number, owner: Sent['owner'], init: RequestInit & { url: string; requestId?: string }): Promise<Sent> => {
      const requestId = init.requestId ?? `load-${String(index).padStart(5, '0')}-${randomBytes(3).toString('hex')}`;
      const response = await fetch(init.url, { ...init, headers: { 'x-request-id': requestId, ...(init.headers as object) } });
      const body = (await response.json()) as { code?: string; sessionId?: string; hostToken?: string };
      if (body.hostToken) secrets.hostTokens.push(body.hostToken);
      if (response.status === 200 && body.sessionId && init.method === 'POST') created.push(body.sessionId);
      return { requestId, status: response.status, code: body.code, owner, sessionId: body.sessionId };
    };
    const json = (key: string | undefined, extra: Record<string, string> = {}) => ({
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'x-service-api-key': key }),
      ...extra,
    });
    const createBody = (index: number, integrationId: string) =>
      JSON.stringify({
        integrationId,
        amountMinor: String(1000 + index),
        merchantOrderRef: `order-${index}`,
        successUrl: `https://shop.example.com/back?token=token-in-a-query-4f9a&email=${secrets.emails[0]}`,
        metadata: {
          note: `Call ${secrets.emails[0]} from ${secrets.ips[0]}, deliver to 12 Queen Street`,
          clientIp: secrets.ips[2],
          shippingAddress: { line1: '1 Lambton Quay', city: 'Lower Hutt' },
          city: 'Wellington',
          webhookSecret: integrationA.webhookSecret,
          pasted: `key ${integrationA.apiKey}`,
          [secrets.emails[3]!]: 'an address as a key',
          auth: 'Bearer abc.def.ghi-secret',
        },
        ...(index % 20 === 0
          ? {
              unconfigured: false,
              splitMode: 'equal',
              participants: [{ displayName: 'Host' }, { displayName: 'Payer', email: secrets.emails[2] }],
            }
          : {}),
      });
    const request = async (index: number): Promise<Sent> => {
      const kind = index % 10;
      const anySession = () => created[index % Math.max(1, created.length)];
      switch (kind) {
        case 0: {
          const body = createBody(index, integrationA.id);
          const key = `${index}-${secrets.emails[1]}`;
          replayable.push({ body, key });
          return send(index, 'A', {
            url: `${api}/sessions`,
            method: 'POST',
            headers: json(integrationA.apiKey, { 'idempotency-key': key }),
            body,
          });
        }
        case 1: {
          // An idempotent replay of an earlier creation (the same key and body); now and then a creation on the legacy path.
          const earlier = replayable[index % Math.max(1, replayable.length)];
          if (!earlier || index % 50 === 1) {
            return send(index, 'A', {
              url: `${server.baseUrl}/api/payments/sessions`,
              method: 'POST',
              headers: json(integrationA.apiKey),
              body: createBody(index, integrationA.id),
            });
          }
          return send(index, 'A', {
            url: `${api}/sessions`,
            method: 'POST',
            headers: json(integrationA.apiKey, { 'idempotency-key': earlier.key }),
            body: earlier.body,
          });
        }
        case 2:
        case 3:
        case 4:
        case 5: {
          const sessionId = anySession() ?? randomUUID();
          // Polls of Alice's sessions; every fifth with Bob's key (not found for him).
          const bobs = index % 5 === 3;
          const sent = await send(index, bobs ? 'B' : 'A', {
            url: `${api}/sessions/${sessionId}`,
            headers: { 'x-service-api-key': bobs ? integrationB.apiKey : integrationA.apiKey },
          });
          return { ...sent, sessionId };
        }
        case 6: {
          const keys: [string | undefined, Sent['owner']][] = [
            [undefined, null],
            ['not-a-key', null],
            [unknownKey, null],
            [integrationA.revokedKey, 'A'],
          ];
          const [key, owner] = keys[Math.floor(index / 10) % keys.length]!;
          return send(index, owner, {
            url: `${api}/sessions`,
            method: 'POST',
            headers: json(key),
            body: createBody(index, integrationA.id),
          });
        }
        case 7: {
          const bodies = [
            `{"integrationId": "${integrationA.id}", "note": "${integrationA.apiKey} ${secrets.emails[0]}"`,
            JSON.stringify({ integrationId: integrationA.id, amount: 'lots', contact: secrets.emails[2], ip: secrets.ips[1] }),
            JSON.stringify({
              integrationId: integrationA.id,
              amountMinor: '100',
              password: 'hunter2hunter2',
              unknownField: secrets.ips[3],
            }),
          ];
          const body = bodies[Math.floor(index / 10) % bodies.length]!;
          const headers =
            index % 30 === 27 ? { 'content-type': 'text/plain', 'x-service-api-key': integrationA.apiKey } : json(integrationA.apiKey);
          return send(index, 'A', { url: `${api}/sessions`, method: 'POST', headers, body });
        }
        case 8: {
          // Bob's creations, some whose caller sends an IP address or an API key as its request id.
          const requestId = index % 30 === 8 ? secrets.ips[1] : index % 30 === 18 ? integrationB.apiKey : undefined;
          return send(index, 'B', {
            url: `${api}/sessions`,
            method: 'POST',
            headers: json(integrationB.apiKey),
            body: createBody(index, integrationB.id),
            requestId,
          });
        }
        default: {
          if (index % 100 === 9) {
            // A body over the limit: refused before it is read whole, still under the key's integration.
            return send(index, 'A', {
              url: `${api}/sessions`,
              method: 'POST',
              headers: json(integrationA.apiKey),
              body: `{"x":"${'a'.repeat(101 * 1024)}"}`,
            });
          }
          // An address where a session id goes, and a cancel of an unknown session.
          const url =
            index % 20 === 9 ? `${api}/sessions/${encodeURIComponent(secrets.emails[3]!)}` : `${api}/sessions/${randomUUID()}/cancel`;
          return send(index, 'A', {
            url,
            method: index % 20 === 9 ? 'GET' : 'POST',
            headers: { 'x-service-api-key': integrationA.apiKey },
          });
        }
      }
    };

    // Creations first (the polls and replays need some), then everything at 16 at a time.
    const sent: Sent[] = [];
    for (let index = 0; index < 40; index += 1) sent.push(await request(index));
    let next = 40;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < LOAD) sent.push(await request(next++));
      }),
    );
    expect(sent).toHaveLength(LOAD);
    expect([...new Set(sent.map((item) => item.status))]).toEqual(expect.arrayContaining([200, 400, 401, 404, 413, 415]));

    // Each request is handed over as its answer is written: flushing now writes all of them.
    await server.paysplit.services.requestLogWriter.flush();
    const { count } = await first<{ count: string }>(`select count(*)::text as count from request_log`);
    expect(Number(count)).toBe(LOAD);

    // Each as it was answered, under whose key it carried (a revoked key's integration is known).
    const rows = await server.query<{
      request_id: string;
      status: number;
      error_code: string | null;
      integration_id: string | null;
      session_id: string | null;
    }>(`select request_id, status, error_code, integration_id, session_id from request_log`);
    const byRequestId = new Map(rows.map((row) => [row.request_id, row]));
    const ids = { A: integrationA.id, B: integrationB.id };
    for (const item of sent.filter((entry) => entry.requestId.startsWith('load-'))) {
      const row = byRequestId.get(item.requestId);
      expect(row, item.requestId).toBeDefined();
      expect({ status: row!.status, code: row!.error_code, integration: row!.integration_id }, item.requestId).toEqual({
        status: item.status,
        code: item.code ?? null,
        integration: item.owner ? ids[item.owner] : null,
      });
      if (item.sessionId) expect(row!.session_id, item.requestId).toBe(item.sessionId);
    }
    // Request ids that were an IP address or a key are kept redacted.
    expect(rows.filter((row) => !row.request_id.startsWith('load-')).map((row) => row.request_id)).toEqual(
      expect.arrayContaining(['[IP]', '[REDACTED]']),
    );

    // The whole table as text: none of what was sent to be kept out.
    const { dump } = await first<{ dump: string }>(`select string_agg(row_to_json(r)::text, E'\\n') as dump from request_log r`);
    const forbidden = [...secrets.keys, ...secrets.hostTokens, ...secrets.emails, ...secrets.ips, ...secrets.others, 'hunter2hunter2'];
    expect(secrets.hostTokens.length).toBeGreaterThan(100);
    expect(forbidden.filter((value) => dump.includes(value))).toEqual([]);
    // What was taken out is said so, and what is not secret stays readable.
    expect(dump).toContain('[EMAIL]');
    expect(dump).toContain('[IP]');
    expect(dump).toContain('[ADDRESS]');
    expect(dump).toContain('Wellington');
    expect(dump).toContain('https://shop.example.com/back?[REDACTED]');
    expect(dump).toContain('[not JSON: ');
  }, 120_000);

  it('keeps text with tabs, line breaks, backslashes and any script exactly as it was sent', async () => {
    const note = 'line one\nline two\r\n\ttabbed, a \\ backslash, C:\\temp\\new, \\N, "quoted", é, 東京, مرحبا, 🙂';
    const created = await fetch(`${server.baseUrl}/api/v1/payments/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': integrationA.apiKey },
      body: JSON.stringify({ integrationId: integrationA.id, amountMinor: '2500', merchantOrderRef: 'odd-text', metadata: { note } }),
    });
    expect(created.status).toBe(200);
    // A path is kept percent-decoded: the only way a raw tab, line break or backslash reaches a column.
    const oddPath = '/api/v1/payments/sessions/a\ttab\nline\\N\\back';
    const polled = await fetch(`${server.baseUrl}${oddPath.replace(/[\t\n\\]/g, encodeURIComponent)}`, {
      headers: { 'x-service-api-key': integrationA.apiKey },
    });
    expect(polled.status).toBeGreaterThanOrEqual(400);
    await server.paysplit.services.requestLogWriter.flush();
    const creation = await first<{ request_body: string }>(`select request_body from request_log where request_id = ?`, [
      created.headers.get('x-request-id'),
    ]);
    expect((JSON.parse(creation.request_body) as { metadata: { note: string } }).metadata.note).toBe(note);
    const poll = await first<{ path: string }>(`select path from request_log where request_id = ?`, [polled.headers.get('x-request-id')]);
    expect(poll.path).toBe(oddPath);
  });

  it('shows its counts on /metrics', async () => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toMatch(/^paysplit_request_log_written_total \d+/m);
    expect(text).toMatch(/^paysplit_request_log_dropped_total\{reason="buffer_full"\} 0$/m);
    expect(text).toMatch(/^paysplit_request_log_buffered 0$/m);
  });
});

const LIST = `query($filter: MerchantRequestFilter!, $first: Int, $after: String) {
  merchantRequests(filter: $filter, first: $first, after: $after) {
    edges { cursor node { id at integrationId method path status errorCode requestId sessionId requestBody responseBody } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const ALL = { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' };
const ONE = `query($id: ID!) { merchantRequest(id: $id) { id requestId status requestBody responseBody sessionId } }`;

describe('the administration area', () => {
  it("shows a merchant user their integration's requests, newest first, by status, path, time, request id and session", async () => {
    const all = await alice.ok(LIST, { filter: { integrationId: integrationA.id }, first: 100 });
    const edges = all.merchantRequests.edges as { node: { at: string; integrationId: string; status: number; path: string } }[];
    expect(edges).toHaveLength(100);
    expect(new Set(edges.map((edge) => edge.node.integrationId))).toEqual(new Set([integrationA.id]));
    const times = edges.map((edge) => Date.parse(edge.node.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The next page continues where the first ended.
    const second = await alice.ok(LIST, {
      filter: { integrationId: integrationA.id },
      first: 100,
      after: all.merchantRequests.pageInfo.endCursor,
    });
    const firstIds = new Set(edges.map((edge) => (edge as unknown as { node: { id: string } }).node.id));
    expect(second.merchantRequests.edges.some((edge: { node: { id: string } }) => firstIds.has(edge.node.id))).toBe(false);

    const refused = await alice.ok(LIST, {
      filter: { integrationId: integrationA.id, statusClass: 4, path: '/api/v1/payments/sessions' },
      first: 20,
    });
    for (const { node } of refused.merchantRequests.edges) {
      expect(node.status).toBeGreaterThanOrEqual(400);
      expect(node.status).toBeLessThan(500);
      expect(node.path.startsWith('/api/v1/payments/sessions')).toBe(true);
    }
    const revoked = await alice.ok(LIST, { filter: { integrationId: integrationA.id, status: 401 }, first: 5 });
    expect(revoked.merchantRequests.edges.length).toBeGreaterThan(0);
    expect(revoked.merchantRequests.edges.every((edge: { node: { errorCode: string } }) => edge.node.errorCode === 'INVALID_API_KEY')).toBe(
      true,
    );

    const { node: newest } = edges[0] as unknown as { node: { at: string; requestId: string } };
    const inWindow = await alice.ok(LIST, {
      filter: { integrationId: integrationA.id, from: newest.at, to: new Date(Date.parse(newest.at) + 1).toISOString() },
    });
    expect(inWindow.merchantRequests.edges.map((edge: { node: { requestId: string } }) => edge.node.requestId)).toContain(newest.requestId);
    const byId = await alice.ok(LIST, { filter: { requestId: newest.requestId } });
    expect(byId.merchantRequests.edges).toHaveLength(1);

    // One session's requests: its creation (whose answer named it) and the polls of it.
    const { session_id: sessionId } = await first<{ session_id: string }>(
      `select session_id from request_log where integration_id = ? and method = 'GET' and status = 200 limit 1`,
      [integrationA.id],
    );
    const ofSession = await alice.ok(LIST, { filter: { integrationId: integrationA.id, sessionId }, first: 100 });
    const methods = ofSession.merchantRequests.edges.map((edge: { node: { method: string; sessionId: string } }) => {
      expect(edge.node.sessionId).toBe(sessionId);
      return edge.node.method;
    });
    expect(methods).toEqual(expect.arrayContaining(['POST', 'GET']));
  });

  it('shows one request with its bodies redacted', async () => {
    const list = await alice.ok(LIST, {
      filter: { integrationId: integrationA.id, status: 200, path: '/api/v1/payments/sessions' },
      first: 100,
    });
    const creation = list.merchantRequests.edges.find((edge: { node: { requestBody: string | null } }) =>
      edge.node.requestBody?.includes('clientIp'),
    );
    const one = (await alice.ok(ONE, { id: creation.node.id })).merchantRequest;
    const request = JSON.parse(one.requestBody) as { metadata: Record<string, unknown>; successUrl: string };
    expect(request.metadata).toMatchObject({
      note: 'Call [EMAIL] from [IP], deliver to [ADDRESS]',
      clientIp: '[IP]',
      shippingAddress: '[ADDRESS]',
      webhookSecret: '[REDACTED]',
      pasted: 'key [REDACTED]',
      '[EMAIL]': 'an address as a key',
      auth: 'Bearer [REDACTED]',
    });
    expect(request.successUrl).toBe('https://shop.example.com/back?[REDACTED]');
    const reply = JSON.parse(one.responseBody) as { sessionId: string; hostToken: string; sessionUrl: string };
    expect(reply.hostToken).toBe('[REDACTED]');
    expect(reply.sessionUrl).toMatch(/\/pay\/[0-9a-f-]{36}\?\[REDACTED\]$/);
    expect(one.sessionId).toBe(reply.sessionId);
  });

  it("answers another merchant's integration and requests as not found, and lets operators see every request", async () => {
    expect(errorCode(await bob.gql(LIST, { filter: { integrationId: integrationA.id } }))).toBe('NOT_FOUND');
    expect(errorCode(await bob.gql(LIST, { filter: { integrationId: randomUUID() } }))).toBe('NOT_FOUND');
    const alices = await alice.ok(LIST, { filter: { integrationId: integrationA.id }, first: 1 });
    const { id, requestId, sessionId } = alices.merchantRequests.edges[0].node;
    expect(errorCode(await bob.gql(ONE, { id }))).toBe('NOT_FOUND');
    // By request id or session across integrations: only their own.
    expect((await bob.ok(LIST, { filter: { requestId } })).merchantRequests.edges).toEqual([]);
    if (sessionId) expect((await bob.ok(LIST, { filter: { sessionId } })).merchantRequests.edges).toEqual([]);
    const bobs = await bob.ok(LIST, { filter: { integrationId: integrationB.id }, first: 100 });
    expect(new Set(bobs.merchantRequests.edges.map((edge: { node: { integrationId: string } }) => edge.node.integrationId))).toEqual(
      new Set([integrationB.id]),
    );
    // A list must name what it is of.
    expect(errorCode(await alice.gql(LIST, { filter: {} }))).toBe('VALIDATION_ERROR');
    expect(errorCode(await alice.gql(LIST, { filter: { integrationId: integrationA.id, statusClass: 9 } }))).toBe('VALIDATION_ERROR');
    for (const filter of [
      { requestId: 'req\u0000x' },
      { path: '/api\u0000' },
      { path: 'api' },
      { status: 99 },
      { from: ALL.to, to: ALL.from },
    ]) {
      expect(errorCode(await alice.gql(LIST, { filter: { integrationId: integrationA.id, ...filter } })), JSON.stringify(filter)).toBe(
        'VALIDATION_ERROR',
      );
    }

    // Operators: any integration's, and by request id those of keys nobody issued too.
    expect((await operator.ok(ONE, { id })).merchantRequest.requestId).toBe(requestId);
    const { request_id: unattributed } = await first<{ request_id: string }>(
      `select request_id from request_log where integration_id is null and request_id like 'load-%' limit 1`,
    );
    const found = await operator.ok(LIST, { filter: { requestId: unattributed } });
    expect(found.merchantRequests.edges.map((edge: { node: { integrationId: string | null } }) => edge.node.integrationId)).toEqual([null]);
    expect((await alice.ok(LIST, { filter: { requestId: unattributed } })).merchantRequests.edges).toEqual([]);
  });
});

describe('retention', () => {
  it('purges requests older than REQUEST_LOG_RETENTION_DAYS and keeps the rest', async () => {
    expect(server.config.requestLog.retentionDays).toBe(30);
    const { count: before } = await first<{ count: string }>(`select count(*)::text as count from request_log`);
    await server.query(
      `insert into request_log (at, integration_id, method, path, status, status_class, request_id, duration_ms)
       select now() - (g || ' days')::interval - interval '1 minute', ?, 'GET', '/api/v1/payments/sessions/x', 200, 2, 'old-' || g, 1
         from generate_series(29, 32) g`,
      [integrationA.id],
    );
    expect(await server.jobs.runNow('request-log-purge')).toBe(3);
    const left = await server.query<{ request_id: string }>(
      `select request_id from request_log where request_id like 'old-%' order by request_id`,
    );
    expect(left.map((row) => row.request_id)).toEqual(['old-29']);
    const { count: after } = await first<{ count: string }>(`select count(*)::text as count from request_log`);
    expect(Number(after)).toBe(Number(before) + 1);
  });
});

describe("the log's thread", () => {
  /** A request as a route hands it over, with its own request id. */
  const handed = (requestId: string): MerchantRequest => ({
    at: Date.now(),
    durationMs: 2.5,
    method: 'POST',
    path: '/api/v1/payments/sessions',
    status: 200,
    errorCode: null,
    requestId,
    idempotencyKey: 'order-7',
    caller: { integrationId: integrationA.id, apiKeyId: randomUUID(), mode: 'test' },
    sessionId: randomUUID(),
    body: Buffer.from(JSON.stringify({ note: 'call bob@example.com from 203.0.113.5', amountMinor: '700' })),
    reply: undefined,
    replyJson: JSON.stringify({ success: true, hostToken: 'h'.repeat(43) }),
  });
  const quiet = createLogger({ level: 'silent' });
  const connection = () => ({ connectionString: server.orm.config.get('clientUrl') });
  const threadOf = (log: RequestLog) => (log as unknown as { worker: Worker | undefined }).worker;

  it('writes each request as the in-thread row, and starts again after its thread stopped', async () => {
    const log = new RequestLog({ enabled: true, thread: { connection: connection(), maxBufferedBytes: 1 << 20 }, logger: quiet });
    try {
      const first = handed(`thread-${randomBytes(4).toString('hex')}`);
      log.record(first);
      await log.flush();
      const [row] = await server.query<Record<string, unknown>>(
        `select request_body, response_body, idempotency_key, session_id, mode, status_class from request_log where request_id = ?`,
        [first.requestId],
      );
      const inThread = lineColumns(lineOf(first)!);
      expect(row).toEqual({
        request_body: inThread.request_body,
        response_body: inThread.response_body,
        idempotency_key: 'order-7',
        session_id: first.sessionId,
        mode: 'test',
        status_class: 2,
      });
      expect(row!.request_body).toBe('{"note":"call [EMAIL] from [IP]","amountMinor":"700"}');

      await threadOf(log)!.terminate();
      const second = handed(`thread-${randomBytes(4).toString('hex')}`);
      log.record(second);
      await log.flush();
      expect(await server.query(`select 1 from request_log where request_id = ?`, [second.requestId])).toHaveLength(1);
      expect(log.stats).toMatchObject({ recorded: 2, written: 2, droppedWriteFailed: 0, buffered: 0, bufferedBytes: 0 });
    } finally {
      await log.stop();
    }
  });

  it('counts what a batch it could not write and a thread that stopped had as not recorded', async () => {
    // A database that is not there: each batch fails, and with no retries left is given up.
    const closedPort = `postgres://paysplit@127.0.0.1:${await findFreePort()}/nothing`;
    const unreachable = { connection: { connectionString: closedPort, connectionTimeoutMillis: 500 }, maxBufferedBytes: 1 << 20 };
    const givingUp = new RequestLog({ enabled: true, thread: { ...unreachable, retryDelaysMs: [] }, logger: quiet });
    givingUp.record(handed('never-1'));
    givingUp.record(handed('never-2'));
    await givingUp.flush();
    expect(givingUp.stats).toMatchObject({ recorded: 2, written: 0, droppedWriteFailed: 2, buffered: 0 });
    await givingUp.stop();

    const stopping = new RequestLog({ enabled: true, thread: { ...unreachable, retryDelaysMs: [60_000] }, logger: quiet });
    stopping.record(handed('never-3'));
    stopping.record(handed('never-4'));
    const flushed = stopping.flush();
    await threadOf(stopping)!.terminate();
    await flushed;
    expect(stopping.stats).toMatchObject({ recorded: 2, written: 0, droppedWriteFailed: 2, buffered: 0, bufferedBytes: 0 });
    // The next request starts a thread again.
    stopping.record(handed('never-5'));
    expect(stopping.stats.buffered).toBe(1);
    // Stopping gives a failing batch up at once instead of retrying it.
    await stopping.stop();
    expect(stopping.stats).toMatchObject({ recorded: 3, droppedWriteFailed: 3, buffered: 0 });
  });
});
