import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openOrm } from '../db/orm.js';
import { AccountRepository } from '../modules/accounts/account.repository.js';
import { AccountService } from '../modules/accounts/account.service.js';
import { OperatorTokenService } from '../modules/accounts/operator-tokens.service.js';
import { type OwnerScope, type Position, type SessionCriteria, sessionListQuery } from '../modules/admin/explorer.repository.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { AuditService } from '../modules/audit/audit.service.js';
import { createIntegrationServices } from '../modules/integrations/integration-services.js';
import { SecretBox } from '../security/secret-box.js';
import { summarize } from './harness.js';
import { load, type LoadResult } from './load.js';

/**
 * The admin sessions explorer at BENCH_EXPLORER_SESSIONS (1,000,000) sessions: each filter the admin
 * UI offers, its first page and a deep one (50 a page), p99 over sequential requests, and the
 * EXPLAIN (ANALYZE, BUFFERS) of the exact statement the server runs. `BENCH_ONLY=explorer`.
 */

/** The admin app's own AdminSessions document (apps/pay/src/admin/sessions/session-documents.ts), inlined. */
const ADMIN_SESSIONS = `query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {
  sessions(filter: $filter, first: $first, after: $after) {
    edges { node { id integrationId status mode currency amountMinor paidMinor orderReference createdAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const PAGE = 50;
const WARM_UP = 3;
const INTEGRATIONS = 10;
/** One session in SMALL_SHARE belongs to an eleventh, small integration (a merchant user's only one). */
const SMALL_SHARE = 1_000;
/** Seeded sessions are SPACING_MS apart, newest now: 1,000,000 span about a year. */
const SPACING_MS = 31_536;

interface ExplorerCase {
  name: string;
  /** The GraphQL filter the admin UI sends; absent: measured as SQL only (a merchant user's scope needs a signed-in browser). */
  filter?: Record<string, unknown>;
  /** The same filter as the repository takes it (for EXPLAIN). */
  criteria: SessionCriteria;
  scope?: OwnerScope;
  /** Where the deep page starts: an instant about 90 % down this filter's matches; none when one page holds them all. */
  deepAt?: Date;
}

export interface ExplorerCaseResult {
  name: string;
  via: 'graphql' | 'sql';
  first: { p50Ms: number; p99Ms: number; rows: number };
  deep?: { p50Ms: number; p99Ms: number; rows: number };
  /** The statement alone, from this process on its own connection: the database's share of the above. */
  sql: { first: { p50Ms: number; p99Ms: number }; deep?: { p50Ms: number; p99Ms: number } };
  plans: { first: string; deep?: string };
  indexes: string[];
}

export interface ExplorerScale {
  sessions: number;
  seedSeconds: number;
  samples: number;
  targetP99Ms: number;
  cases: ExplorerCaseResult[];
  /** REST creation with the explorer's indexes and with the ones they replaced, same table, same run. */
  creation: { withKeysetIndexes: LoadResult; withPreviousIndexes: LoadResult; rounds: { keyset: number[]; previous: number[] } };
}

export async function measureExplorerScale(options: {
  orm: MikroORM;
  /** For a connection of its own without statement_timeout: seeding and VACUUM take longer than requests may. */
  databaseUrl: string;
  url: string;
  createHeaders: Record<string, string>;
  createBody: string;
  seconds: number;
  sessions: number;
  samples?: number;
}): Promise<ExplorerScale> {
  const { orm, sessions } = options;
  const samples = options.samples ?? 40;
  const connection = orm.em.getConnection();
  const em = orm.em.fork();
  const audit = new AuditService(new AuditRepository());
  const accounts = new AccountService(new AccountRepository(), audit);
  const { account: operatorAccount } = await accounts.createAccount(em, {
    email: `bench-explorer-${Date.now()}@example.com`,
    password: 'bench operator passphrase',
    role: 'operator',
  });
  const { account: merchantAccount } = await accounts.createAccount(em, {
    email: `bench-explorer-merchant-${Date.now()}@example.com`,
    password: 'bench merchant passphrase',
    role: 'merchant',
  });
  const { token } = await new OperatorTokenService(new AccountRepository(), audit).createOperatorToken(
    em,
    {
      accountId: operatorAccount.id,
      email: operatorAccount.email,
      role: 'operator',
      mustChangePassword: false,
      actor: operatorAccount.email,
      via: 'login',
    },
    'bench explorer',
  );

  const integrationServices = createIntegrationServices({ secretBox: new SecretBox(randomBytes(32)) });
  const integrationIds: string[] = [];
  for (let index = 0; index <= INTEGRATIONS; index += 1) {
    const created = await integrationServices.integrationSettings.createIntegration(orm.em.fork(), { name: `Explorer ${index}` });
    integrationIds.push(created.integration.id);
  }
  const small = integrationIds[INTEGRATIONS]!;
  await connection.execute(`update integration set owner_id = ? where id = ?`, [merchantAccount.id, small]);

  const seedStarted = performance.now();
  const newest = Date.now();
  const untimed = await openOrm({ databaseUrl: options.databaseUrl, statementTimeoutMs: 0, poolMax: 1 });
  try {
    await seedExplorerSessions(untimed, integrationIds, sessions, newest);
    // As autovacuum would soon after such a load; measuring while it runs would measure it.
    await untimed.em.getConnection().execute(`vacuum (analyze) session`);
  } finally {
    await untimed.close(true);
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const oldest = newest - sessions * SPACING_MS;
  const at = (share: number) => new Date(oldest + share * (newest - oldest));
  const weekFrom = at(0.5);
  const weekTo = new Date(weekFrom.getTime() + 7 * 86_400_000);
  const deepAt = at(0.1);
  const deepInWeek = new Date(weekFrom.getTime() + 0.1 * (weekTo.getTime() - weekFrom.getTime()));
  const [big] = integrationIds;
  const cases: ExplorerCase[] = [
    { name: 'no filter (every session)', filter: {}, criteria: {}, deepAt },
    { name: 'integration (10 % of sessions)', filter: { integrationId: big }, criteria: { integrationId: big }, deepAt },
    { name: 'integration (0.1 % of sessions)', filter: { integrationId: small }, criteria: { integrationId: small }, deepAt },
    { name: 'status OPEN (8 %)', filter: { status: ['OPEN'] }, criteria: { statuses: ['open'] }, deepAt },
    {
      name: 'status CANCELLED or UNCONFIGURED (7 %)',
      filter: { status: ['CANCELLED', 'UNCONFIGURED'] },
      criteria: { statuses: ['cancelled', 'unconfigured'] },
      deepAt,
    },
    { name: 'mode TEST (20 %)', filter: { mode: 'TEST' }, criteria: { mode: 'test' }, deepAt },
    {
      name: 'created in one week (2 %)',
      filter: { createdFrom: weekFrom.toISOString(), createdTo: weekTo.toISOString() },
      criteria: { createdFrom: weekFrom, createdTo: weekTo },
      deepAt: deepInWeek,
    },
    { name: 'order reference (1 session)', filter: { orderReference: 'order-500000' }, criteria: { orderReference: 'order-500000' } },
    {
      name: 'currency USD, 100.00 to 120.00 (0.5 %)',
      filter: { currency: 'USD', amountMinorMin: '10000', amountMinorMax: '12000' },
      criteria: { currency: 'USD', amountMinorMin: 10_000n, amountMinorMax: 12_000n },
      deepAt,
    },
    {
      name: 'integration + status + mode + one week (combined)',
      filter: {
        integrationId: big,
        status: ['COMPLETED', 'EXPIRED'],
        mode: 'LIVE',
        createdFrom: weekFrom.toISOString(),
        createdTo: weekTo.toISOString(),
      },
      criteria: { integrationId: big, statuses: ['completed', 'expired'], mode: 'live', createdFrom: weekFrom, createdTo: weekTo },
      deepAt: deepInWeek,
    },
    { name: "merchant user's scope (owns the small integration)", criteria: {}, scope: { ownerAccountId: merchantAccount.id }, deepAt },
  ];

  const results: ExplorerCaseResult[] = [];
  for (const explorerCase of cases) {
    const scope = explorerCase.scope ?? {};
    const deepPosition = explorerCase.deepAt ? await positionBefore(orm, scope, explorerCase.criteria, explorerCase.deepAt) : undefined;
    const measure = async (viaSql: boolean, after?: Position) => {
      const durations: number[] = [];
      let rows = 0;
      // Three untimed requests first: the first of a kind compiles code and fills caches.
      for (let sample = -WARM_UP; sample < samples; sample += 1) {
        const started = performance.now();
        rows =
          explorerCase.filter && !viaSql
            ? await graphqlPage(options.url, token, explorerCase.filter, after)
            : await sqlPage(orm, scope, explorerCase.criteria, after);
        if (sample >= 0) durations.push(performance.now() - started);
      }
      const summary = summarize(durations);
      return { p50Ms: round(summary.median), p99Ms: round(summary.p99), rows };
    };
    const first = await measure(false);
    const deep = deepPosition ? await measure(false, deepPosition) : undefined;
    const timed = ({ p50Ms, p99Ms }: { p50Ms: number; p99Ms: number }) => ({ p50Ms, p99Ms });
    const sql = {
      first: timed(await measure(true)),
      deep: deepPosition ? timed(await measure(true, deepPosition)) : undefined,
    };
    const plans = {
      first: await explain(orm, scope, explorerCase.criteria),
      deep: deepPosition ? await explain(orm, scope, explorerCase.criteria, deepPosition) : undefined,
    };
    const indexes = [
      ...new Set([...`${plans.first}\n${plans.deep ?? ''}`.matchAll(/(?:using|on) (\w+_index|\w+_pkey)/g)].map((m) => m[1]!)),
    ];
    results.push({ name: explorerCase.name, via: explorerCase.filter ? 'graphql' : 'sql', first, deep, sql, plans, indexes });
  }

  const creation = await creationWithAndWithoutKeysetIndexes(options);
  return { sessions, seedSeconds: round(seedSeconds), samples, targetP99Ms: 100, cases: results, creation };
}

/**
 * `count` sessions in batches of 100,000, newest `newest`,
 * SPACING_MS apart (millisecond instants, as the server writes them). Shares: statuses completed 55 %,
 * expired 25 %, open 8 %, partially paid 5 %, cancelled 4 %, unconfigured 3 %; live 80 %; NZD 75 %,
 * AUD 20 %, USD 5 %; amounts 5.00 to 2,005.00; ten integrations alike and a small eleventh. Sessions
 * still open expire in 30 days, so the expiry job has nothing to do while the explorer is measured.
 */
async function seedExplorerSessions(orm: MikroORM, integrationIds: readonly string[], count: number, newest: number): Promise<void> {
  const ids = `{${integrationIds.join(',')}}`;
  for (let done = 0; done < count; done += 100_000) {
    await orm.em.getConnection().execute(
      `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, host_token_hash, order_reference,
                            metadata, expires_at, version, created_at, updated_at, completed_at)
       select gen_random_uuid(), x.integration_id, x.mode, x.status, x.currency, x.amount_minor,
              case when x.status = 'completed' then x.amount_minor when x.status = 'partially_paid' then x.amount_minor / 2 else 0 end,
              md5('bench-explorer-' || x.g), 'order-' || x.g, '{}',
              -- Not yet due: the expiry job would otherwise spend the measurement ending the open ones.
              case when x.status in ('unconfigured', 'open', 'partially_paid') then now() + interval '30 days'
                   else x.created_at + interval '3 days' end,
              1, x.created_at, x.created_at,
              case when x.status = 'completed' then x.created_at + interval '12 minutes' end
         from (select g,
                      (?::uuid[])[case when g % ${SMALL_SHARE} = 0 then ${INTEGRATIONS + 1} else 1 + g % ${INTEGRATIONS} end] as integration_id,
                      case when r1 < 0.55 then 'completed' when r1 < 0.80 then 'expired' when r1 < 0.88 then 'open'
                           when r1 < 0.93 then 'partially_paid' when r1 < 0.97 then 'cancelled' else 'unconfigured' end as status,
                      case when r2 < 0.8 then 'live' else 'test' end as mode,
                      case when r3 < 0.75 then 'NZD' when r3 < 0.95 then 'AUD' else 'USD' end as currency,
                      500 + floor(r4 * 200000)::bigint as amount_minor,
                      to_timestamp((? - g::bigint * ${SPACING_MS}) / 1000.0) as created_at
                 from (select g, random() r1, random() r2, random() r3, random() r4 from generate_series(?::int, ?::int) g) raw) x`,
      [ids, newest, done + 1, Math.min(count, done + 100_000)],
    );
  }
}

/** The newest matching row created before `instant`, as a cursor position (what a user paging that far holds). */
async function positionBefore(orm: MikroORM, scope: OwnerScope, criteria: SessionCriteria, instant: Date): Promise<Position | undefined> {
  const { sql, parameters } = sessionListQuery(scope, criteria, 1, {
    at: instant.toISOString(),
    id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  });
  const [row] = await orm.em.getConnection().execute<{ id: string; cursor_at: string }[]>(sql, parameters);
  return row && { at: row.cursor_at, id: row.id };
}

function cursorOf(position: Position): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

async function graphqlPage(url: string, token: string, filter: Record<string, unknown>, after?: Position): Promise<number> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: ADMIN_SESSIONS, variables: { filter, first: PAGE, after: after ? cursorOf(after) : null } }),
  });
  const reply = (await response.json()) as { data?: { sessions: { edges: unknown[] } }; errors?: unknown[] };
  if (!reply.data) throw new Error(`explorer bench: ${JSON.stringify(reply.errors)}`);
  return reply.data.sessions.edges.length;
}

async function sqlPage(orm: MikroORM, scope: OwnerScope, criteria: SessionCriteria, after?: Position): Promise<number> {
  const { sql, parameters } = sessionListQuery(scope, criteria, PAGE + 1, after);
  return Math.min(PAGE, (await orm.em.getConnection().execute<unknown[]>(sql, parameters)).length);
}

async function explain(orm: MikroORM, scope: OwnerScope, criteria: SessionCriteria, after?: Position): Promise<string> {
  const { sql, parameters } = sessionListQuery(scope, criteria, PAGE + 1, after);
  const lines = await orm.em.getConnection().execute<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${sql}`, parameters);
  return lines.map((line) => line['QUERY PLAN']).join('\n');
}

/**
 * The write cost of the indexes: REST creation with this release's session indexes, then with the
 * ones they replaced ((integration_id), (integration_id, created_at); no (created_at, id),
 * (status, created_at, id) nor (currency, amount_minor)), same table.
 */
async function creationWithAndWithoutKeysetIndexes(options: {
  databaseUrl: string;
  url: string;
  createHeaders: Record<string, string>;
  createBody: string;
  seconds: number;
}): Promise<ExplorerScale['creation']> {
  // Building an index over the table takes longer than the pool's statement timeout allows.
  const untimed = await openOrm({ databaseUrl: options.databaseUrl, statementTimeoutMs: 0, poolMax: 1 });
  const connection = untimed.em.getConnection();
  const create = () =>
    load({
      url: `${options.url}/api/v1/payments/sessions`,
      method: 'POST',
      headers: options.createHeaders,
      body: options.createBody,
      seconds: options.seconds,
      connections: 10,
    });
  const previousIndexes = async () => {
    await connection.execute(`drop index session_currency_amount_index`);
    await connection.execute(`create index session_integration_id_index on session (integration_id)`);
    await connection.execute(`create index session_integration_created_2_index on session (integration_id, created_at)`);
    await connection.execute(`drop index session_created_index`);
    await connection.execute(`drop index session_integration_created_index`);
    await connection.execute(`drop index session_status_created_index`);
  };
  const keysetIndexes = async () => {
    await connection.execute(`create index session_currency_amount_index on session (currency, amount_minor)`);
    await connection.execute(`create index session_created_index on session (created_at, id)`);
    await connection.execute(`create index session_integration_created_index on session (integration_id, created_at, id)`);
    await connection.execute(`create index session_status_created_index on session (status, created_at, id)`);
    await connection.execute(`drop index session_integration_id_index`);
    await connection.execute(`drop index session_integration_created_2_index`);
  };
  // Alternately, twice each (a single run swings with whatever else the machine does); the better run of each side counts.
  const ours: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  for (let round = 0; round < 2; round += 1) {
    ours.push(await create());
    await previousIndexes();
    theirs.push(await create());
    if (round === 0) await keysetIndexes();
  }
  const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const withKeysetIndexes = best(ours);
  const withPreviousIndexes = best(theirs);
  await untimed.close(true);
  return { withKeysetIndexes, withPreviousIndexes, rounds: { keyset: ours.map(rate), previous: theirs.map(rate) } };
}

const round = (value: number) => Math.round(value * 10) / 10;
const rate = (result: LoadResult) => Math.round(result.requestsPerSecond);
