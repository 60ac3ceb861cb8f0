import { parse } from 'graphql';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_APPLICATION_NAME } from '../src/db/dashboard-database.js';
import { buildPaySplitSchema } from '../src/graphql/schema.js';
import { estimateCost, FIELD_COSTS, MAX_QUERY_COST } from '../src/graphql/query-limits.js';
import { AdminClient, errorCode } from './support/admin-client.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

const PASSWORD = 'correct horse battery staple';
/** Everything ever stored: the widest range a dashboard can ask for. */
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

/** `count` aliases of the stats query in one operation (the attack: 900 of them, about 79 KB). */
function aliasedStats(count: number): string {
  const fields = Array.from(
    { length: count },
    (_, index) => `s${index}: stats(range: $r) { sessionCount countsByStatus { count } collected { amountMinor } }`,
  );
  return `query Many($r: DateRangeInput!) { ${fields.join(' ')} }`;
}

let registered = 0;
async function registeredAccount(server: TestServer): Promise<AdminClient> {
  const client = new AdminClient(server.baseUrl);
  registered += 1;
  await client.register(`limits-${registered}-${Date.now()}@example.com`, PASSWORD);
  return client;
}

interface Statement {
  text: string;
  /** The application_name of the connection it ran on (`paysplit-dashboard` for the dashboard pool). */
  pool: string;
}

/**
 * Every statement any pg client of this process sends while `run` runs (the app, both pools, the
 * change feed), except the change feed's heartbeat.
 */
async function statementsDuring(run: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    const pool = (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name;
    if (text && text.trim() !== 'select 1') statements.push({ text, pool: pool ?? '' });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

describe('the cost of an operation', () => {
  it('gives every root field a cost for its SQL, and keeps the admin area’s own pages under the limit', async () => {
    const schema = await buildPaySplitSchema();
    for (const name of Object.keys(schema.getQueryType()!.getFields()))
      expect(FIELD_COSTS, `Query.${name}`).toHaveProperty([`Query.${name}`]);
    const cost = (query: string, variables: Record<string, unknown> = {}) => estimateCost(schema, { query: parse(query), variables })!;
    // Each alias counts in full: 900 aliases cost 900 times one.
    expect(cost(aliasedStats(900), { r: ALL_TIME })).toBe(900 * cost(aliasedStats(1), { r: ALL_TIME }));
    expect(cost(aliasedStats(1), { r: ALL_TIME })).toBeGreaterThan(1_000);
    expect(cost(aliasedStats(9), { r: ALL_TIME })).toBeLessThanOrEqual(MAX_QUERY_COST);
    expect(cost(aliasedStats(10), { r: ALL_TIME })).toBeGreaterThan(MAX_QUERY_COST);
    // The admin area's largest pages stay allowed.
    const largestPages = [
      `{ sessions(first: 100) { edges { cursor node { amountMinor createdAt currency id integrationId mode orderReference paidMinor status } } pageInfo { endCursor hasNextPage } } }`,
      `{ webhookDeliveries(first: 100) { edges { cursor node { createdAt eventId eventType integrationId sessionId delivery { attemptCount attempts { attemptNumber durationMs error responseExcerpt startedAt statusCode } deliveredAt id lastError nextAttemptAt status url } } } pageInfo { endCursor hasNextPage } } }`,
      `{ auditLog(first: 100) { edges { cursor node { action actor at id summary } } pageInfo { endCursor hasNextPage } } }`,
      `{ merchantRequests(filter: { integrationId: "00000000-0000-4000-8000-000000000000" }, first: 100) { edges { cursor node { apiKeyId at durationMs errorCode id idempotencyKey integrationId method mode path requestBody requestId responseBody sessionId status } } pageInfo { endCursor hasNextPage } } }`,
      `{ integrations { createdAt enabled id name ownerEmail payoutOnboarding { status } webhookUrl } }`,
      `{ integrations { id name apiKeys { createdAt id last4 lastUsedAt mode name revokedAt } } }`,
    ];
    for (const query of largestPages) expect(cost(query), query).toBeLessThanOrEqual(MAX_QUERY_COST);
    // Pages multiply by their size, and a per-row statement by the rows.
    expect(cost(`{ sessions(first: 100) { edges { node { refundsOwed { id } } } } }`)).toBeGreaterThan(100 * 10);
    expect(cost(`{ sessions(first: 10) { edges { node { id } } } }`)).toBeLessThan(
      cost(`{ sessions(first: 100) { edges { node { id } } } }`),
    );
  });
});

describe('dashboards cannot slow the service down', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      jobs: false,
      environment: { ADMIN_QUERY_COST_PER_MINUTE: '3500', DASHBOARD_STATEMENT_TIMEOUT_MS: '300', DASHBOARD_POOL_MAX: '3' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses 900 aliased stats fields (by their tokens) and 90 (by their cost) from a self-registered account before any SQL runs', async () => {
    const attacker = await registeredAccount(server);
    const explorerStats = vi.spyOn(server.paysplit.services.explorer, 'stats');
    expect(aliasedStats(900).length).toBeGreaterThan(70_000);
    // 900 are refused before parsing (graphql/document-limits.ts); 90 fit in a document and cost too much.
    for (const [count, refusal] of [
      [900, /more than 2000 tokens/],
      [90, /costs \d+ points; the limit is 10000/],
    ] as const) {
      let reply: Awaited<ReturnType<AdminClient['gql']>> | undefined;
      const statements = await statementsDuring(async () => {
        reply = await attacker.gql(aliasedStats(count), { r: ALL_TIME });
      });
      expect(reply!.status).toBe(400);
      expect(errorCode(reply!)).toBe('VALIDATION_ERROR');
      expect(reply!.errors![0]!.message).toMatch(refusal);
      expect(reply!.data).toBeUndefined();
      expect(statements).toEqual([]);
    }
    expect(explorerStats).not.toHaveBeenCalled();

    // The spy does see SQL: one stats field is allowed and runs its statements.
    const allowed = await statementsDuring(async () => {
      expect((await attacker.ok(aliasedStats(1), { r: ALL_TIME })).s0.sessionCount).toBe(0);
    });
    expect(allowed.some(({ text }) => /percentile_cont/.test(text))).toBe(true);
    expect(explorerStats).toHaveBeenCalledTimes(1);
  });

  it('does not skip the cost limit for an operation padded past the node limit', async () => {
    const attacker = await registeredAccount(server);
    const explorerStats = vi.spyOn(server.paysplit.services.explorer, 'stats');
    // 20 distinct stats aliases, padded with 2^14 spreads of a trivial fragment: each fragment
    // spreads the next one twice, so a few hundred characters pass the node limit.
    const pads = Array.from({ length: 14 }, (_, level) => `fragment Pad${level} on Query { ...Pad${level + 1} ...Pad${level + 1} }`);
    const query = `query Padded($r: DateRangeInput!) { ${Array.from({ length: 20 }, (_, i) => `s${i}: stats(range: $r) { sessionCount }`).join(' ')} ...Pad0 } ${pads.join(' ')} fragment Pad14 on Query { __typename }`;
    const statements = await statementsDuring(async () => {
      const reply = await attacker.gql(query, { r: ALL_TIME });
      expect(reply.status).toBe(400);
      expect(errorCode(reply)).toBe('VALIDATION_ERROR');
      expect(reply.errors![0]!.message).toMatch(/more points than can be counted/);
    });
    expect(statements).toEqual([]);
    expect(explorerStats).not.toHaveBeenCalled();
  });

  it('does not skip the cost limit for arguments that only one field would refuse (a null for a defaulted variable)', async () => {
    const attacker = await registeredAccount(server);
    const explorerStats = vi.spyOn(server.paysplit.services.explorer, 'stats');
    // Valid by the rules (a nullable variable with a default may stand where ID! is expected), and
    // its variables coerce; at run time only `integration` would fail, and the 90 stats would run.
    const query = `query Defaulted($r: DateRangeInput!, $v: ID = "00000000-0000-0000-0000-000000000000") { ${Array.from(
      { length: 90 },
      (_, i) => `s${i}: stats(range: $r) { sessionCount }`,
    ).join(' ')} x: integration(id: $v) { id } }`;
    const statements = await statementsDuring(async () => {
      const reply = await attacker.gql(query, { r: ALL_TIME, v: null });
      expect(reply.status).toBe(400);
      expect(errorCode(reply)).toBe('VALIDATION_ERROR');
      expect(reply.errors![0]!.message).toMatch(/cannot be costed/);
      expect(reply.data).toBeUndefined();
    });
    expect(statements).toEqual([]);
    expect(explorerStats).not.toHaveBeenCalled();
  });

  it('charges each account its operations’ cost and refuses them once the budget is spent', async () => {
    const spender = await registeredAccount(server);
    const bystander = await registeredAccount(server);
    // Budget 3,500 a minute; three stats fields cost about 3,030, so the second such operation is refused.
    const three = aliasedStats(3);
    expect((await spender.gql(three, { r: ALL_TIME })).errors).toBeUndefined();
    const refused = await spender.gql(three, { r: ALL_TIME });
    expect(refused.status).toBe(429);
    expect(errorCode(refused)).toBe('RATE_LIMIT_EXCEEDED');
    const wait = refused.errors![0]!.extensions!.retryAfterSeconds!;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(wait));
    expect(refused.data).toBeUndefined();
    // An API key header beside the sign-in does not make the admin fields free.
    const withKeyHeader = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: spender.cookie,
        'x-csrf-token': spender.csrfToken,
        'x-service-api-key': `ps_test_${'x'.repeat(43)}`,
      },
      body: JSON.stringify({ query: three, variables: { r: ALL_TIME } }),
    });
    expect(withKeyHeader.status).toBe(429);
    // What is left still buys a cheap operation; another account has its own budget.
    expect((await spender.gql(`{ me { email } }`)).errors).toBeUndefined();
    expect((await bystander.gql(three, { r: ALL_TIME })).errors).toBeUndefined();
  });

  it('gives each operator token a budget of its own, apart from its operator’s sign-in', async () => {
    const email = `operator-${Date.now()}@example.com`;
    await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), { email, password: PASSWORD, role: 'operator' });
    const operator = new AdminClient(server.baseUrl);
    await operator.login(email, PASSWORD);
    const created = await operator.ok(`mutation { createOperatorToken(name: "wallboard") { token } }`);
    const wallboard = new AdminClient(server.baseUrl);
    wallboard.bearer = created.createOperatorToken.token as string;
    const three = aliasedStats(3);
    expect((await wallboard.gql(three, { r: ALL_TIME })).errors).toBeUndefined();
    const refused = await wallboard.gql(three, { r: ALL_TIME });
    expect(refused.status).toBe(429);
    expect(errorCode(refused)).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await operator.gql(three, { r: ALL_TIME })).errors).toBeUndefined();
  });

  it('stops a dashboard statement at its timeout with SERVICE_UNAVAILABLE, not INTERNAL_ERROR', async () => {
    const viewer = await registeredAccount(server);
    // Another connection holds the session table, so the dashboard's statements wait past 300 ms.
    const blocker = new pg.Client({ connectionString: server.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table "session" in access exclusive mode');
      const stats = await viewer.gql(aliasedStats(1), { r: ALL_TIME });
      expect(errorCode(stats)).toBe('SERVICE_UNAVAILABLE');
      expect(stats.errors![0]!.message).toMatch(/took too long.*narrow/);
      expect(stats.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThan(0);
      const explorer = await viewer.gql(`{ sessions(first: 5) { edges { node { id } } } }`);
      expect(errorCode(explorer)).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    expect((await viewer.gql(`{ sessions(first: 5) { edges { node { id } } } }`)).errors).toBeUndefined();
  });
});

describe('payments keep their connections while dashboards are busy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      jobs: false,
      // A budget too large to matter here: this is about the pool (many free accounts can each spend one).
      environment: { ADMIN_QUERY_COST_PER_MINUTE: '100000000', DASHBOARD_POOL_MAX: '3' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates another merchant’s sessions while eight accounts send the most expensive dashboard queries allowed', async () => {
    const merchant = await server.provision({ name: 'Busy shop' });
    await server.query(
      `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, host_token_hash, metadata, expires_at, version, created_at, updated_at)
       select gen_random_uuid(), ?, 'test', 'open', 'NZD', 1000, 0, md5(g::text), '{}', now() + interval '3 days', 1, now() - g * interval '1 second', now()
         from generate_series(1, 20000) g`,
      [merchant.integrationId],
    );
    const attackers = await Promise.all(Array.from({ length: 8 }, () => registeredAccount(server)));
    const heaviest = aliasedStats(9);
    const outcomes: string[] = [];
    // The most connections pg_stat_activity shows for this server's dashboard pool while they hammer
    // (its database only: the other test files' servers share the cluster, dashboards included).
    let dashboardConnections = 0;
    let hammering = true;
    const hammer = attackers.map(async (client) => {
      while (hammering) {
        const reply = await client.gql(heaviest, { r: ALL_TIME });
        outcomes.push(errorCode(reply) ?? 'ok');
      }
    });
    const watch = (async () => {
      while (hammering) {
        const [row] = await server.query<{ count: string }>(
          `select count(*)::text as count from pg_stat_activity where application_name = ? and datname = current_database()`,
          [DASHBOARD_APPLICATION_NAME],
        );
        dashboardConnections = Math.max(dashboardConnections, Number(row!.count));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const statements = await statementsDuring(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let index = 0; index < 20; index += 1) {
        const created = await postJson<{ success: boolean; sessionId: string }>(
          `${server.baseUrl}/api/v1/payments/sessions`,
          { integrationId: merchant.integrationId, amountMinor: '2500', merchantOrderRef: `busy-${index}` },
          { 'x-service-api-key': merchant.apiKey },
        );
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        expect(created.body.success).toBe(true);
      }
      hammering = false;
      await Promise.all([...hammer, watch]);
    }).finally(() => {
      hammering = false;
    });
    // The dashboards really were busy, only ever on their own pool, and never with more than its 3 connections.
    expect(outcomes.length).toBeGreaterThan(8);
    expect(outcomes.filter((outcome) => outcome !== 'ok' && outcome !== 'SERVICE_UNAVAILABLE')).toEqual([]);
    const stats = statements.filter(({ text }) => /from "session" s join "integration" i/.test(text));
    expect(stats.length).toBeGreaterThan(0);
    expect(stats.filter(({ pool }) => pool !== DASHBOARD_APPLICATION_NAME)).toEqual([]);
    expect(dashboardConnections).toBeLessThanOrEqual(3);
  }, 60_000);
});
