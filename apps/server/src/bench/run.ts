import { readdir, readFile, writeFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedDatabase } from '../db/embedded-database.js';
import { openOrm } from '../db/orm.js';
import { createIntegrationServices } from '../modules/integrations/integration-services.js';
import { SecretBox } from '../security/secret-box.js';
import { SESSION_STATUS_STATEMENT } from '../modules/sessions/session.repository.js';
import { type ChildServer, load, type LoadResult, startChild } from './load.js';
import { measureDashboardIsolation } from './dashboard-isolation.js';
import { explorerRows } from './explorer-rows.js';
import { measureExports } from './exports.js';
import { payPageLoad } from './pay-session-read.js';
import { measureFanout } from './fanout.js';
import { measureOpenGroupJoins } from './open-group.js';
import { measureThroughPooler } from './through-pooler.js';
import { measureWebhookLatency } from './webhook-latency.js';

/**
 * `npm run bench`: PaySplit (a separate process) under load from this process over loopback,
 * each figure beside its floor or target measured in the same run. Prints a table and writes
 * apps/server/bench-results/<name>.json. Never part of `npm test`.
 */
const RESULTS_DIR = fileURLToPath(new URL('../../bench-results/', import.meta.url));
const PAY_DIST = fileURLToPath(new URL('../../../pay/dist/', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LATENCY_SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const LARGE_TABLE = Number(process.env.BENCH_LARGE_TABLE ?? 1_000_000);
const SECRETS_KEY = '42'.repeat(32);
/**
 * `BENCH_ONLY=dashboard-isolation` runs that row alone (on BENCH_LARGE_TABLE sessions);
 * `BENCH_ONLY=pgbouncer` the two rows through PgBouncer (on 20,000 sessions);
 * `BENCH_ONLY=hot-reads` the status poll and the GraphQL session query beside their floor (about a minute);
 * `BENCH_ONLY=pay-session` only the pay page's paySession row (to profile that one read);
 * `BENCH_ONLY=explorer` the admin sessions explorer at BENCH_EXPLORER_SESSIONS (1,000,000) sessions.
 * `BENCH_ONLY=fanout` the live fan-out rows (BENCH_FANOUT_SUBSCRIPTIONS pages over BENCH_FANOUT_SESSIONS sessions).
 * `BENCH_ONLY=webhook-latency` the last record -> webhook received row and the pay app's bundle, on their own server.
 * `BENCH_ONLY=request-log` REST create and the merchant's session poll with the request log on, beside a server with it off
 *   (BENCH_REQUEST_LOG_SIDE=off: both off, what the row reads when nothing differs).
 * `BENCH_ONLY=exports` a reconciliation export of BENCH_EXPORT_PAYMENTS (1,000,000) payments beside one of 10,000.
 * `BENCH_ONLY=open-group` BENCH_OPEN_GROUP_PAYERS (200) payers joining one open group of BENCH_OPEN_GROUP_PLACES (150) places at once.
 */
const ONLY = process.env.BENCH_ONLY;
const KNOWN_ONLY = [
  'dashboard-isolation',
  'pgbouncer',
  'hot-reads',
  'pay-session',
  'explorer',
  'fanout',
  'webhook-latency',
  'request-log',
  'exports',
  'open-group',
];
const EXPORT_PAYMENTS = Number(process.env.BENCH_EXPORT_PAYMENTS ?? 1_000_000);
if (ONLY !== undefined && !KNOWN_ONLY.includes(ONLY)) throw new Error(`BENCH_ONLY: unknown row ${ONLY} (known: ${KNOWN_ONLY.join(', ')})`);
/** `BENCH_PROFILE=<dir>`: PaySplit writes a V8 CPU profile there when it stops (node --cpu-prof). */
const PROFILE_DIR = process.env.BENCH_PROFILE;

interface Row {
  benchmark: string;
  figure: string;
  baseline: string;
  ratio: string;
}

const rows: Row[] = [];
const results: Record<string, unknown> = {};
/** What a row found wrong (not a figure off target: a wrong outcome); the run prints every row, then fails. */
const failures: string[] = [];

function record(name: string, row: Row, data: unknown): void {
  rows.push(row);
  results[name] = data;
  process.stderr.write(`  ${row.benchmark}: ${row.figure}\n`);
}

const fmt = (result: LoadResult) =>
  `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`;

/** A row measured beside the floor (a bare Express handler, one primary-key SELECT), its ratio against the target. */
function recordBesideFloor(name: string, benchmark: string, ours: LoadResult, floor: LoadResult, target: number, data: unknown): void {
  record(
    name,
    {
      benchmark,
      figure: fmt(ours),
      baseline: `floor (bare Express, one PK SELECT): ${fmt(floor)}; target ratio >= ${target}`,
      ratio: (ours.requestsPerSecond / floor.requestsPerSecond).toFixed(2),
    },
    data,
  );
}

async function main(): Promise<void> {
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
  if (ONLY === 'webhook-latency') {
    await latencyAndBundleRows();
    await writeResults(machine);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paysplit-bench-'));
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'bench' });
  const environment = {
    DATABASE_URL: database.url,
    SECRETS_KEY,
    NODE_ENV: 'production',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: '20',
    PAYSPLIT_DATA_DIR: dataDir,
  };
  const paysplit = await startChild(
    '../main.js',
    environment,
    '/readyz',
    PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
  );
  const floor = await startChild(
    './floor-server.js',
    { DATABASE_URL: database.url },
    '/floor/status?sessionId=00000000-0000-4000-8000-000000000000',
  );
  const orm = await openOrm({ databaseUrl: database.url });
  try {
    const created = await createIntegrationServices({
      secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')),
    }).integrationSettings.createIntegration(orm.em.fork(), {
      name: 'Bench',
    });
    const api = { 'content-type': 'application/json', 'x-service-api-key': created.apiKey };
    const createBody = JSON.stringify({
      integrationId: created.integration.id,
      amountMinor: '48000',
      merchantOrderRef: 'bench',
      metadata: { table: 4 },
    });
    const rssAtRest = await paysplit.rssMb();

    // The pay page's paySession beside the floor (hot reads, and BENCH_ONLY=pay-session alone).
    const payPageRow = async (): Promise<void> => {
      // The pay page's PaySession document, as the pay app sends it (bench/pay-session-read.ts).
      const paySession = await payPageLoad({
        url: paysplit.url,
        createHeaders: api,
        integrationId: created.integration.id,
        seconds: SECONDS,
        connections: 20,
      });
      // The floor reads the same session's row by its primary key.
      const [pay, payFloor, payRounds] = await interleaved(paySession.run, () =>
        load({ url: `${floor.url}/floor/status?sessionId=${paySession.sessionId}`, seconds: SECONDS, connections: 20 }),
      );
      recordBesideFloor(
        'graphql-pay-session-floor',
        'GraphQL paySession query (pay page, trusted document + cookie) vs floor (max throughput)',
        pay,
        payFloor,
        0.5,
        { pay, payFloor, rounds: payRounds },
      );
    };

    let rssUnderLoad: number;
    if (ONLY === 'pay-session') {
      await payPageRow();
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'dashboard-isolation') {
      await seedSessions(orm, created.integration.id, LARGE_TABLE);
      await settle(orm);
      await dashboardIsolationRow(orm, paysplit.url, api, createBody, LARGE_TABLE);
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'explorer') {
      await explorerRows({ orm, databaseUrl: database.url, url: paysplit.url, createHeaders: api, createBody, seconds: SECONDS, record });
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'fanout') {
      await fanoutRows(orm, environment);
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'request-log') {
      await requestLogRows(environment, api, createBody);
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'exports') {
      await exportRows(orm, paysplit, created.integration.id, created.apiKey);
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'open-group') {
      await openGroupRow(orm, environment, floor.url);
      rssUnderLoad = await paysplit.rssMb();
    } else if (ONLY === 'pgbouncer') {
      await seedSessions(orm, created.integration.id, 20_000);
      await settle(orm);
      const spread = await orm.em.getConnection().execute<{ id: string }[]>(`select id from session limit 20000`);
      await poolerRows(database.url, environment, paysplit, spread, api, createBody);
      rssUnderLoad = await paysplit.rssMb();
    } else {
      // Status poll and GraphQL read, on a small table first.
      const session = (await (
        await fetch(`${paysplit.url}/api/v1/payments/sessions`, { method: 'POST', headers: api, body: createBody })
      ).json()) as { sessionId: string };
      await seedSessions(orm, created.integration.id, 1_000);
      const pollUrl = `${paysplit.url}/api/payments/unified?sessionId=${session.sessionId}`;
      const [poll, pollFloor, pollRounds] = await interleaved(
        () => load({ url: pollUrl, seconds: SECONDS, connections: 20 }),
        () => load({ url: `${floor.url}/floor/status?sessionId=${session.sessionId}`, seconds: SECONDS, connections: 20 }),
      );
      recordBesideFloor('poll', 'status poll, one session (max throughput)', poll, pollFloor, 0.7, { poll, pollFloor, rounds: pollRounds });
      const graphqlSession = () =>
        load({
          url: `${paysplit.url}/graphql`,
          method: 'POST',
          headers: api,
          body: JSON.stringify({
            query: 'query($id: ID!) { session(id: $id) { id status amountMinor paidMinor remainingMinor participants { id status } } }',
            variables: { id: session.sessionId },
          }),
          seconds: SECONDS,
          connections: 20,
        });
      const [graphql, graphqlFloor, graphqlRounds] = await interleaved(graphqlSession, () =>
        load({ url: `${floor.url}/floor/status?sessionId=${session.sessionId}`, seconds: SECONDS, connections: 20 }),
      );
      record(
        'graphql-session',
        {
          benchmark: 'GraphQL session query (max throughput)',
          figure: fmt(graphql),
          baseline: `REST poll: ${Math.round(poll.requestsPerSecond)} req/s`,
          ratio: (graphql.requestsPerSecond / poll.requestsPerSecond).toFixed(2),
        },
        { graphql },
      );
      recordBesideFloor('graphql-session-floor', 'GraphQL session query vs floor (max throughput)', graphql, graphqlFloor, 0.5, {
        graphql,
        graphqlFloor,
        rounds: graphqlRounds,
      });
      await payPageRow();
      rssUnderLoad = await paysplit.rssMb();
      // BENCH_ONLY=hot-reads stops here.
      if (ONLY === undefined) {
        // The same poll load spread over two instances on one database (decisions §9).
        const second = await startChild('../main.js', environment, '/readyz');
        try {
          const [onA, onB] = await Promise.all([
            load({ url: pollUrl, seconds: SECONDS, connections: 10 }),
            load({ url: `${second.url}/api/payments/unified?sessionId=${session.sessionId}`, seconds: SECONDS, connections: 10 }),
          ]);
          const together = onA.requestsPerSecond + onB.requestsPerSecond;
          record(
            'two-instances',
            {
              benchmark: 'status poll on two instances (max throughput, summed)',
              figure: `${Math.round(together)} req/s (p99 ${Math.max(onA.p99Ms, onB.p99Ms)} ms)`,
              baseline: `one instance: ${Math.round(poll.requestsPerSecond)} req/s`,
              ratio: (together / poll.requestsPerSecond).toFixed(2),
            },
            { onA, onB, oneInstance: poll },
          );
        } finally {
          await second.stop();
        }

        // Poll latency with 1k vs 1M sessions stored: flat, because every lookup is by index. The
        // 1,000 seeded sessions are polled in turn, so each answer comes from the database (a session
        // is asked again only after 10 s, past the status cache's 2 s).
        const seeded = await orm.em
          .getConnection()
          .execute<{ id: string }[]>(`select id from session where id <> ? limit 1000`, [session.sessionId]);
        const pollPaths = (ids: readonly { id: string }[], path: string) => ids.map(({ id }) => `${path}?sessionId=${id}`);
        const seededPaths = pollPaths(seeded, '/api/payments/unified');
        const smallLatency = await load({
          url: pollUrl,
          paths: seededPaths,
          seconds: SECONDS,
          connections: 4,
          rate: 100,
        });
        await seedSessions(orm, created.integration.id, LARGE_TABLE - 1_000);
        await settle(orm);
        const largeLatency = await load({
          url: pollUrl,
          paths: seededPaths,
          seconds: SECONDS,
          connections: 4,
          rate: 100,
        });
        // The plan of the statement the poll runs (the prepared one), for a session of the rotation.
        const plans = (
          await orm.em
            .getConnection()
            .execute<{ 'QUERY PLAN': string }[]>(`explain ${SESSION_STATUS_STATEMENT.text.replace('$1', `'${seeded[0]!.id}'`)}`)
        ).map((line) => line['QUERY PLAN']);
        record(
          'poll-table-size',
          {
            benchmark: `status poll latency at 100 req/s, 1,000 sessions in turn, ${LARGE_TABLE.toLocaleString('en')} stored`,
            figure: `p50 ${largeLatency.p50Ms} ms, p99 ${largeLatency.p99Ms} ms`,
            baseline: `1,000 stored: p50 ${smallLatency.p50Ms} ms, p99 ${smallLatency.p99Ms} ms`,
            ratio: (largeLatency.p99Ms / Math.max(1, smallLatency.p99Ms)).toFixed(2),
          },
          { smallLatency, largeLatency, plans },
        );

        // The status poll where the cache cannot help: 20,000 sessions in turn, each asked again only
        // after about 15 s, so every answer is read from the database. Same rotation for the floor.
        const spread = await orm.em.getConnection().execute<{ id: string }[]>(`select id from session limit 20000`);
        const [spreadPoll, spreadFloor, spreadRounds] = await interleaved(
          () => load({ url: pollUrl, paths: pollPaths(spread, '/api/payments/unified'), seconds: SECONDS, connections: 20 }),
          () => load({ url: `${floor.url}/floor/status`, paths: pollPaths(spread, '/floor/status'), seconds: SECONDS, connections: 20 }),
        );
        record(
          'poll-uncached',
          {
            benchmark: `status poll, 20,000 sessions in turn (every answer from the database; ${LARGE_TABLE.toLocaleString('en')} stored)`,
            figure: fmt(spreadPoll),
            baseline: `floor, same rotation: ${fmt(spreadFloor)}`,
            ratio: (spreadPoll.requestsPerSecond / spreadFloor.requestsPerSecond).toFixed(2),
          },
          { spreadPoll, spreadFloor, rounds: spreadRounds },
        );

        // Session creation: throughput, and latency at a fixed 200 req/s.
        // The same request against PaySplit and against the floor, unthrottled or at a fixed rate.
        const createOn = (target: 'paysplit' | 'floor', rate?: number) =>
          load({
            url: target === 'paysplit' ? `${paysplit.url}/api/v1/payments/sessions` : `${floor.url}/floor/sessions`,
            method: 'POST',
            headers: target === 'paysplit' ? api : { 'content-type': 'application/json' },
            body: createBody,
            seconds: SECONDS,
            connections: 20,
            rate,
          });
        const [create, createFloor, createRounds] = await interleaved(
          () => createOn('paysplit'),
          () => createOn('floor'),
        );
        record(
          'create',
          {
            benchmark: 'REST create session (max throughput)',
            figure: fmt(create),
            baseline: `floor (bare Express, one INSERT): ${fmt(createFloor)}; target ratio >= 0.5`,
            ratio: (create.requestsPerSecond / createFloor.requestsPerSecond).toFixed(2),
          },
          { create, createFloor, rounds: createRounds },
        );
        const createAt200 = await createOn('paysplit', 200);
        const floorAt200 = await createOn('floor', 200);
        record(
          'create-200',
          {
            benchmark: 'REST create session at a fixed 200 req/s',
            figure: `p50 ${createAt200.p50Ms} ms, p99 ${createAt200.p99Ms} ms, ${Math.round(createAt200.requestsPerSecond)} req/s`,
            baseline: `floor: p50 ${floorAt200.p50Ms} ms, p99 ${floorAt200.p99Ms} ms`,
            ratio: (createAt200.requestsPerSecond / Math.max(1, floorAt200.requestsPerSecond)).toFixed(2),
          },
          { createAt200, floorAt200 },
        );
        await poolerRows(database.url, environment, paysplit, spread, api, createBody);
        await requestLogRows(environment, api, createBody);
        await dashboardIsolationRow(orm, paysplit.url, api, createBody, LARGE_TABLE);
        await explorerRows({ orm, databaseUrl: database.url, url: paysplit.url, createHeaders: api, createBody, seconds: SECONDS, record });
        await fanoutRows(orm, environment);
        await openGroupRow(orm, environment, floor.url);
        await exportRows(orm, paysplit, created.integration.id, created.apiKey);
      }
    }
    record(
      'rss',
      {
        benchmark: 'server RSS',
        figure: `${rssAtRest} MB at rest, ${rssUnderLoad} MB after load`,
        baseline: '-',
        ratio: (rssUnderLoad / rssAtRest).toFixed(2),
      },
      { rssAtRest, rssUnderLoad },
    );
  } finally {
    await orm.close(true);
    await Promise.all([paysplit.stop(), floor.stop()]);
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  if (ONLY === undefined) await latencyAndBundleRows();
  await writeResults(machine);
}

/** Every row of this run into bench-results/ (with the machine), then the table. */
async function writeResults(machine: object): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const at = new Date().toISOString();
  for (const [name, data] of Object.entries(results))
    await writeFile(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify({ at, machine, ...(data as object) }, null, 2)}\n`);
  printTable([{ benchmark: 'benchmark', figure: 'figure', baseline: 'baseline or target (same run)', ratio: 'ratio' }, ...rows]);
  for (const failure of failures) process.stderr.write(`bench failed: ${failure}\n`);
  if (failures.length > 0) process.exitCode = 1;
}

/** Rows that need no PaySplit of the main run: webhook latency (its own server) and the pay app's bundle. */
async function latencyAndBundleRows(): Promise<void> {
  const latency = await measureWebhookLatency(LATENCY_SESSIONS);
  record(
    'webhook-latency',
    {
      benchmark: `last record -> webhook received (${latency.sessions} sessions)`,
      figure: `median ${latency.latencyMs.median.toFixed(1)} ms, p99 ${latency.latencyMs.p99.toFixed(1)} ms`,
      baseline: `target p99 < ${latency.targetP99Ms} ms`,
      ratio: (latency.latencyMs.p99 / latency.targetP99Ms).toFixed(2),
    },
    latency,
  );

  const payJs = await payAppFirstLoad();
  const english = payJs.base + payJs.catalogs.en!;
  record(
    'pay-js',
    {
      benchmark: 'pay page first-load JS, English (gzip)',
      figure: `${(english / 1024).toFixed(1)} KB`,
      baseline: 'target <= 120 KB',
      ratio: (english / 1024 / 120).toFixed(2),
    },
    { bytes: english, base: payJs.base, catalogs: payJs.catalogs },
  );
  // The other languages load their own catalog instead of English's: the largest is the worst case.
  const [largest, largestBytes] = Object.entries(payJs.catalogs)
    .filter(([locale]) => locale !== 'en' && locale !== 'en-XA')
    .sort(([, a], [, b]) => b - a)[0]!;
  const grown = payJs.base + largestBytes - english;
  record(
    'pay-js-largest-locale',
    {
      benchmark: `pay page first-load JS, largest language (${largest}, gzip)`,
      figure: `${((payJs.base + largestBytes) / 1024).toFixed(1)} KB (+${(grown / 1024).toFixed(1)} KB)`,
      baseline: 'target <= English + 8 KB',
      ratio: (grown / 1024 / 8).toFixed(2),
    },
    { bytes: payJs.base + largestBytes, locale: largest, overEnglish: grown },
  );
}

/**
 * Let a bulk load settle first (vacuum, statistics, checkpoint): otherwise autovacuum and the
 * checkpointer work on the fresh rows during the measurement, on the same 2 cores.
 */
async function settle(orm: Awaited<ReturnType<typeof openOrm>>): Promise<void> {
  await orm.em.getConnection().execute('vacuum (analyze) session');
  await orm.em.getConnection().execute('vacuum (analyze) participant');
  await orm.em.getConnection().execute('checkpoint');
}

/** The uncached status poll and creation through PgBouncer in transaction mode, beside direct. */
async function poolerRows(
  databaseUrl: string,
  environment: Record<string, string>,
  direct: ChildServer,
  sessions: readonly { id: string }[],
  createHeaders: Record<string, string>,
  createBody: string,
): Promise<void> {
  const pooled = await measureThroughPooler({
    databaseUrl,
    environment,
    direct,
    pollPaths: sessions.map(({ id }) => `/api/payments/unified?sessionId=${id}`),
    createHeaders,
    createBody,
    seconds: SECONDS,
    compare: interleaved,
  });
  const setting = 'PgBouncer 1.18, transaction mode, DATABASE_PREPARED_STATEMENTS=off';
  record(
    'poll-pgbouncer',
    {
      benchmark: `status poll through ${setting}, ${sessions.length.toLocaleString('en')} sessions in turn (every answer from the database)`,
      figure: fmt(pooled.poll.pooled),
      baseline: `direct, same rotation: ${fmt(pooled.poll.direct)}`,
      ratio: (pooled.poll.pooled.requestsPerSecond / pooled.poll.direct.requestsPerSecond).toFixed(2),
    },
    pooled.poll,
  );
  record(
    'create-pgbouncer',
    {
      benchmark: `REST create session through ${setting} (max throughput)`,
      figure: fmt(pooled.create.pooled),
      baseline: `direct: ${fmt(pooled.create.direct)}`,
      ratio: (pooled.create.pooled.requestsPerSecond / pooled.create.direct.requestsPerSecond).toFixed(2),
    },
    pooled.create,
  );
}

/** Fresh pairs of instances the request log's rows compare (BENCH_REQUEST_LOG_PAIRS). */
const REQUEST_LOG_PAIRS = Number(process.env.BENCH_REQUEST_LOG_PAIRS ?? 3);

/** One side of one pair in one row: its median round, and its CPU a request (median of the timed rounds). */
interface PairSide {
  result: LoadResult;
  rounds: number[];
  cpu: { process: number; main: number };
}

/**
 * The request log's cost: REST create and the merchant's poll of one session (GET, API key) on an
 * instance with REQUEST_LOG on (the default) beside one with REQUEST_LOG=off, on the same database,
 * alternating (docs/benchmarks.md, "The request log's cost"). Target: within 5 %.
 *
 * Two instances started alike and run alike still differ: with the log off on both, one pair
 * read 0.96 and another 1.07, each steady over its rounds. So the row starts BENCH_REQUEST_LOG_PAIRS
 * fresh pairs (the "on" side started first in one pair, second in the next), and its ratio is the
 * median over their rounds, each beside the other side's round next to it. BENCH_REQUEST_LOG_SIDE=off starts both sides with the log off: what
 * the row reads when nothing differs.
 */
async function requestLogRows(
  environment: Record<string, string>,
  createHeaders: Record<string, string>,
  createBody: string,
): Promise<void> {
  const side = process.env.BENCH_REQUEST_LOG_SIDE === 'off' ? 'off' : 'on';
  const rows = {
    'request-log-create': {
      benchmark: 'REST create session (max throughput), request log on',
      pairs: [] as { on: PairSide; off: PairSide }[],
    },
    'request-log-poll': {
      benchmark: "merchant's session poll, GET with API key (max throughput), request log on",
      pairs: [] as { on: PairSide; off: PairSide }[],
    },
  };
  // Both instances are profiled with BENCH_PROFILE.
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  for (let pair = 0; pair < REQUEST_LOG_PAIRS; pair += 1) {
    const start = (log: string) => startChild('../main.js', { ...environment, REQUEST_LOG: log }, '/readyz', profile);
    // The "on" side is started first in one pair and second in the next.
    let logged: ChildServer;
    let unlogged: ChildServer;
    if (pair % 2 === 0) {
      logged = await start(side);
      unlogged = await start('off');
    } else {
      unlogged = await start('off');
      logged = await start(side);
    }
    try {
      const session = (await (
        await fetch(`${logged.url}/api/v1/payments/sessions`, { method: 'POST', headers: createHeaders, body: createBody })
      ).json()) as { sessionId: string };
      // Each round also counts the server's CPU time per request answered, the whole process's and
      // its main thread's (which answers every request and bounds throughput; the log's thread is
      // not on it): on a shared machine throughput swings more between runs than CPU a request.
      const cpuPerRequest = new Map<ChildServer, { process: number; main: number }[]>();
      const measured = (server: ChildServer, run: () => Promise<LoadResult>) => async () => {
        const [before, mainBefore] = await Promise.all([server.cpuSeconds(), server.mainThreadCpuSeconds()]);
        const result = await run();
        const [after, mainAfter] = await Promise.all([server.cpuSeconds(), server.mainThreadCpuSeconds()]);
        const per = (seconds: number) => (seconds / Math.max(1, result.requests)) * 1e6;
        cpuPerRequest.set(server, [
          ...(cpuPerRequest.get(server) ?? []),
          { process: per(after - before), main: per(mainAfter - mainBefore) },
        ]);
        return result;
      };
      const create = (server: ChildServer) =>
        measured(server, () =>
          load({
            url: `${server.url}/api/v1/payments/sessions`,
            method: 'POST',
            headers: createHeaders,
            body: createBody,
            seconds: SECONDS,
            connections: 20,
          }),
        );
      const poll = (server: ChildServer) =>
        measured(server, () =>
          load({
            url: `${server.url}/api/v1/payments/sessions/${session.sessionId}`,
            headers: { 'x-service-api-key': createHeaders['x-service-api-key']! },
            seconds: SECONDS,
            connections: 20,
          }),
        );
      for (const [name, run] of [
        ['request-log-create', create],
        ['request-log-poll', poll],
      ] as const) {
        cpuPerRequest.clear();
        const [on, off, rounds] = await interleaved(run(logged), run(unlogged), { alternate: true });
        // The warm-up round of each side is left out, as for throughput.
        const cpu = (server: ChildServer) => {
          const timed = cpuPerRequest.get(server)!.slice(1);
          return { process: median(timed.map((round) => round.process)), main: median(timed.map((round) => round.main)) };
        };
        rows[name].pairs.push({
          on: { result: on, rounds: rounds.paysplit, cpu: cpu(logged) },
          off: { result: off, rounds: rounds.floor, cpu: cpu(unlogged) },
        });
      }
    } finally {
      await Promise.all([logged.stop(), unlogged.stop()]);
    }
  }
  for (const [name, { benchmark, pairs }] of Object.entries(rows)) {
    // Each timed round of one side beside the other side's round of the same index, run next to it
    // (the machine's load drifts between rounds more than between neighbours): the row's ratio is
    // the median over every pair's rounds; each pair's own ratio (of its medians) is shown too.
    const roundRatios = pairs.flatMap(({ on, off }) => on.rounds.map((rate, index) => rate / off.rounds[index]!));
    const ratios = pairs.map(({ on, off }) => on.result.requestsPerSecond / off.result.requestsPerSecond);
    // The figures shown are the pair whose ratio is the median.
    const middle = pairs[ratios.indexOf(median(ratios))]!;
    const cpuText = (pairSide: PairSide) =>
      `${Math.round(pairSide.cpu.process)} µs a request (main thread ${Math.round(pairSide.cpu.main)})`;
    record(
      name,
      {
        benchmark,
        figure: `${fmt(middle.on.result)}; server CPU ${cpuText(middle.on)}; ${pairs.length} pairs' ratios ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}`,
        baseline: `REQUEST_LOG=off, same database and run: ${fmt(middle.off.result)}; ${cpuText(middle.off)}; ratio: median of ${roundRatios.length} rounds beside theirs; target >= 0.95`,
        ratio: median(roundRatios).toFixed(2),
      },
      { side, pairs, ratios, roundRatios },
    );
  }
}

/** The middle value (the upper of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Another merchant's session creation, idle and while eight dashboards send the heaviest allowed query (docs/benchmarks.md). */
async function dashboardIsolationRow(
  orm: Awaited<ReturnType<typeof openOrm>>,
  url: string,
  createHeaders: Record<string, string>,
  createBody: string,
  stored: number,
): Promise<void> {
  const isolation = await measureDashboardIsolation({ orm, url, createHeaders, createBody, seconds: SECONDS });
  const { idle, busy, dashboards } = isolation;
  const refused = Object.entries(dashboards.refused).map(([code, count]) => `${count} ${code}`);
  record(
    'dashboard-isolation',
    {
      benchmark: `REST create session at ${isolation.rate} req/s while ${isolation.clients} operator tokens send the heaviest allowed dashboard query (${stored.toLocaleString('en')} stored)`,
      figure: `p50 ${busy.p50Ms} ms, p99 ${busy.p99Ms} ms, ${Math.round(busy.requestsPerSecond)} req/s${busy.non2xx || busy.errors ? ` (${busy.non2xx} non-2xx, ${busy.errors} errors)` : ''}; dashboards: ${dashboards.answered} answered${refused.length ? `, ${refused.join(', ')}` : ''}, p50 ${dashboards.p50Ms} ms, p99 ${dashboards.p99Ms} ms`,
      baseline: `idle, same run: p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms`,
      ratio: (busy.p99Ms / Math.max(1, idle.p99Ms)).toFixed(2),
    },
    isolation,
  );
}

/** A reconciliation export of EXPORT_PAYMENTS payments over HTTP beside one of 10,000, same run (docs/benchmarks.md). */
async function exportRows(
  orm: Awaited<ReturnType<typeof openOrm>>,
  server: ChildServer,
  integrationId: string,
  apiKey: string,
): Promise<void> {
  const measured = await measureExports({ orm, server, integrationId, apiKey, payments: EXPORT_PAYMENTS });
  const { small, large, targets } = measured;
  const count = large.rows.toLocaleString('en');
  const whole = (run: typeof large) =>
    `${(run.totalMs / 1000).toFixed(1)} s in all, ${run.rowsPerSecond.toLocaleString('en')} rows/s, ${(run.bytes / 2 ** 20).toFixed(0)} MiB`;
  record(
    'export-first-byte',
    {
      benchmark: `reconciliation export of ${count} payments (CSV over HTTP): first byte`,
      figure: `${large.firstByteMs} ms (${whole(large)})`,
      baseline: `10,000 payments, same run: ${small.firstByteMs} ms (${whole(small)}); target < ${targets.firstByteMs} ms`,
      ratio: (large.firstByteMs / targets.firstByteMs).toFixed(2),
    },
    measured,
  );
  record(
    'export-memory',
    {
      benchmark: `server RSS growth while streaming ${count} payments`,
      figure: `+${large.rssGrowthMb} MB (${large.rssBeforeMb} -> ${large.rssPeakMb} MB)`,
      baseline: `10,000 payments, same run: +${small.rssGrowthMb} MB; target < ${targets.rssGrowthMb} MB`,
      ratio: (large.rssGrowthMb / targets.rssGrowthMb).toFixed(2),
    },
    { small, large },
  );
}

/** Payers joining one open group at once, beside session creations sent at once to the floor (docs/benchmarks.md). */
async function openGroupRow(
  orm: Awaited<ReturnType<typeof openOrm>>,
  environment: Record<string, string>,
  floorUrl: string,
): Promise<void> {
  const measured = await measureOpenGroupJoins({
    // The merchant stub listens on loopback.
    environment: { ...environment, PRIVATE_TEST_URLS: 'allow' },
    provision: async (merchantUrl) => {
      const created = await createIntegrationServices({
        secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      }).integrationSettings.createIntegration(orm.em.fork(), {
        name: 'Bench open group',
        partnerCreatePaymentUrl: `${merchantUrl}/create-payment`,
        partnerCancelUrl: `${merchantUrl}/cancel`,
        partnerRefundUrl: `${merchantUrl}/refund`,
      });
      return { integrationId: created.integration.id, apiKey: created.apiKey };
    },
    floorUrl,
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    payers: Number(process.env.BENCH_OPEN_GROUP_PAYERS ?? 200),
    maxPlaces: Number(process.env.BENCH_OPEN_GROUP_PLACES ?? 150),
  });
  const { joinMs, floorCreateMs } = measured;
  const refused = Object.entries(measured.refused).map(([code, count]) => `${count} ${code}`);
  record(
    'open-group',
    {
      benchmark: `${measured.payers} payers joining one open group of ${measured.maxPlaces} places at once (join, ${measured.document} document)`,
      figure: `p50 ${Math.round(joinMs.median)} ms, p99 ${Math.round(joinMs.p99)} ms; ${measured.joined} joined${refused.length ? `, ${refused.join(', ')}` : ''}; ${measured.placesSold} of ${measured.maxPlaces} places sold once paid${measured.placesReserved ? `, ${measured.placesReserved} still reserved` : ''} (${measured.status})`,
      baseline: `floor, ${measured.payers} creations (one INSERT) at once: p50 ${Math.round(floorCreateMs.median)} ms, p99 ${Math.round(floorCreateMs.p99)} ms`,
      ratio: (joinMs.p99 / Math.max(1, floorCreateMs.p99)).toFixed(2),
    },
    measured,
  );
  if (measured.placesSold !== measured.maxPlaces || measured.joined !== Math.min(measured.payers, measured.maxPlaces)) {
    failures.push(`open-group: ${measured.joined} joined and ${measured.placesSold} places sold, not exactly ${measured.maxPlaces}`);
  }
}

/** Live pay pages: thousands of graphql-ws subscriptions, one instance then two (docs/benchmarks.md). */
async function fanoutRows(orm: Awaited<ReturnType<typeof openOrm>>, environment: Record<string, string>): Promise<void> {
  const fanout = await measureFanout({
    // The partner stub listens on loopback.
    environment: { ...environment, PRIVATE_TEST_URLS: 'allow' },
    provision: async (partnerUrl) => {
      const created = await createIntegrationServices({
        secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      }).integrationSettings.createIntegration(orm.em.fork(), { name: 'Bench fan-out', partnerCreatePaymentUrl: partnerUrl });
      return { integrationId: created.integration.id, apiKey: created.apiKey };
    },
    subscriptions: Number(process.env.BENCH_FANOUT_SUBSCRIPTIONS ?? 5_000),
    sessions: Number(process.env.BENCH_FANOUT_SESSIONS ?? 500),
    records: Number(process.env.BENCH_FANOUT_RECORDS ?? 500),
  });
  const { oneInstance: one, twoInstances: two } = fanout;
  const ms = (value: number) => value.toFixed(1);
  const pages = `${fanout.subscriptions.toLocaleString('en')} subscriptions over ${fanout.sessions} sessions (${fanout.subscribersPerSession} each)`;
  record(
    'fanout',
    {
      benchmark: `record reply -> push at every page of the session, ${pages}, one instance (${one.fromReplyMs.count} records)`,
      figure: `p50 ${ms(one.fromReplyMs.median)} ms, p99 ${ms(one.fromReplyMs.p99)} ms (from sending: p99 ${ms(one.fromSendMs.p99)} ms); ${one.sessionReads} session reads for ${one.pushes} pushes`,
      baseline: `target p99 < ${fanout.targetP99Ms} ms`,
      ratio: (one.fromReplyMs.p99 / fanout.targetP99Ms).toFixed(2),
    },
    fanout,
  );
  record(
    'fanout-memory',
    {
      benchmark: `memory per idle subscription (${pages}, one instance)`,
      figure: `RSS ${one.rssIdleMb} -> ${one.rssSubscribedMb} MiB: ${one.rssPerSubscriptionKiB} KiB each; JS heap ${one.heapUsedIdleMb} -> ${one.heapUsedSubscribedMb} MiB: ${one.heapPerSubscriptionKiB} KiB each`,
      baseline: 'reported (no target); RSS not after a forced GC',
      ratio: '-',
    },
    { oneInstance: one },
  );
  record(
    'fanout-two-instances',
    {
      benchmark: `the same, pages split across two instances (${two.subscriptionsOnA} + ${two.subscriptionsOnB}), records on the first`,
      figure: `p50 ${ms(two.fromReplyMs.median)} ms, p99 ${ms(two.fromReplyMs.p99)} ms (from sending: p99 ${ms(two.fromSendMs.p99)} ms)`,
      baseline: `target p99 < ${fanout.targetP99Ms} ms; one instance p99 ${ms(one.fromReplyMs.p99)} ms`,
      ratio: (two.fromReplyMs.p99 / fanout.targetP99Ms).toFixed(2),
    },
    { twoInstances: two },
  );
}

/**
 * On a small shared machine one run of a few seconds swings by ±15 % with whatever else the cores
 * do, so PaySplit and its floor run alternately ROUNDS times and each side reports its median run.
 */
async function interleaved(
  paysplit: () => Promise<LoadResult>,
  floor: () => Promise<LoadResult>,
  options: { alternate?: boolean } = {},
): Promise<[LoadResult, LoadResult, { paysplit: number[]; floor: number[]; warmup: { paysplit: number; floor: number } }]> {
  // One round of each first, left out of the medians: a path's first seconds run while V8 is still
  // optimizing it (on both sides alike); kept in the results beside the timed rounds.
  const warmup = { paysplit: Math.round((await paysplit()).requestsPerSecond), floor: Math.round((await floor()).requestsPerSecond) };
  const ours: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating who goes first (A B, B A, …) for two sides that share everything: the side that
    // always runs right after the other's round was measured 2 to 4 % slower with both alike.
    if (options.alternate && round % 2 === 1) {
      theirs.push(await floor());
      ours.push(await paysplit());
    } else {
      ours.push(await paysplit());
      theirs.push(await floor());
    }
  }
  const median = (runs: LoadResult[]) => [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
  const rates = (runs: LoadResult[]) => runs.map((run) => Math.round(run.requestsPerSecond));
  return [median(ours), median(theirs), { paysplit: rates(ours), floor: rates(theirs), warmup }];
}

/** Seeds sessions straight into PostgreSQL (the table size matters, not how rows got there). */
async function seedSessions(orm: Awaited<ReturnType<typeof openOrm>>, integrationId: string, count: number): Promise<void> {
  // Batches stay well inside the 15 s statement timeout.
  for (let done = 0; done < count; done += 100_000) await insertSessions(orm, integrationId, Math.min(100_000, count - done));
}

async function insertSessions(orm: Awaited<ReturnType<typeof openOrm>>, integrationId: string, count: number): Promise<void> {
  await orm.em.getConnection().execute(
    `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, host_token_hash, metadata, expires_at, version, created_at, updated_at)
     select gen_random_uuid(), ?, 'test', 'open', 'NZD', 1000, 0, md5(random()::text || g::text), '{}', now() + interval '3 days', 1, now(), now()
       from generate_series(1, ?) g`,
    [integrationId, count],
  );
}

/**
 * JS a payer's browser loads first: the entry chunk and what index.html preloads (`base`), and
 * the one catalog of the reader's language it fetches beside the session (messages-<locale>-*.js).
 */
async function payAppFirstLoad(): Promise<{ base: number; catalogs: Record<string, number> }> {
  const html = await readFile(path.join(PAY_DIST, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/(?:src|href)="\/pay-assets\/([^"]+\.js)"/g)].map((match) => match[1]!));
  const available = await readdir(PAY_DIST);
  const gzipped = async (file: string) => gzipSync(await readFile(path.join(PAY_DIST, file))).length;
  let base = 0;
  for (const file of files) if (available.includes(file)) base += await gzipped(file);
  const catalogs: Record<string, number> = {};
  for (const file of available) {
    const locale = /^messages-([A-Za-z-]+)-[\w-]{8}\.js$/.exec(file)?.[1];
    if (locale) catalogs[locale] = await gzipped(file);
  }
  if (catalogs.en === undefined) throw new Error('The pay app has no English catalog chunk: build it first (npm run build)');
  return { base, catalogs };
}

function printTable(table: Row[]): void {
  const keys = ['benchmark', 'figure', 'baseline', 'ratio'] as const;
  const widths = keys.map((key) => Math.max(...table.map((row) => row[key].length)));
  for (const row of table) process.stdout.write(`${keys.map((key, index) => row[key].padEnd(widths[index]!)).join(' | ')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
