import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { JobQueueRepository, type QueueTable } from '../src/db/job-queue.repository.js';
import { openOrm } from '../src/db/orm.js';
import { Metrics } from '../src/http/metrics.js';
import type { QueueJobKind } from '../src/jobs/job-kind.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase } from './support/test-database.js';
import { until } from './support/polling.js';

// The runner's claim, fence and liveness rules on a queue table of the test's own, with a handler
// the test drives: when an attempt finishes, and what it answers.

const QUEUE: QueueTable = {
  table: 'test_job',
  channel: 'paysplit_test_job',
  status: 'status',
  waiting: ['waiting'],
  running: 'running',
  finished: { done: 'done', failed: 'failed', retry: 'waiting' },
  attempts: 'attempts',
  lease: 'lease_until',
  due: 'due_at',
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
const runners: JobRunner[] = [];

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  orm.em.getConnection().execute<T[]>(query, params as never[]);

/** A kind whose attempts wait for `release` and then answer `answer`; every recorded attempt is kept. */
function testKind(options: { leaseMs?: number } = {}) {
  const recorded: { id: string; attempt: number; decision: string }[] = [];
  const started: string[] = [];
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const kind: QueueJobKind<{ id: string }, null> = {
    name: 'test-job',
    queue: QUEUE,
    retryScheduleMs: [60_000, 60_000],
    leaseMs: options.leaseMs ?? 60_000,
    concurrency: 2,
    load: async (_em, ids) => ids.map((id) => ({ id })),
    async run(job) {
      started.push(job.id);
      await gate;
      return { outcome: { kind: 'retry', reason: 'not yet' }, result: null };
    },
    async record(_tx, job, attempt) {
      recorded.push({ id: job.id, attempt: attempt.attempt, decision: attempt.decision.kind });
    },
  };
  return {
    kind,
    recorded,
    started,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

async function startRunner(kind: QueueJobKind<{ id: string }, null>, metrics?: Metrics): Promise<JobRunner> {
  const runner = new JobRunner({ orm, databaseUrl: database.url, logger: createLogger({ level: 'silent' }), metrics, random: () => 0.5 });
  runner.register(kind);
  runners.push(runner);
  await runner.start();
  return runner;
}

const row = async (id: string) =>
  (
    await sql<{ status: string; attempts: number; claimed_by: string | null; due_in_ms: string }>(
      `select status, attempts, claimed_by, extract(epoch from (due_at - now())) * 1000 as due_in_ms from test_job where id = ?`,
      [id],
    )
  )[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm({ databaseUrl: database.url });
  await sql(
    `create table test_job (id uuid primary key, status text not null, attempts int not null default 0, lease_until timestamptz,
       due_at timestamptz not null default now(), claimed_by uuid, updated_at timestamptz not null default now())`,
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await orm?.close(true);
  await database?.drop();
});

beforeEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await sql(`delete from test_job`);
  await sql(`delete from job_instance`);
});

describe('the job runner', () => {
  it('retries on the schedule, recording the attempt in the transaction that ends the claim', async () => {
    const test = testKind();
    await startRunner(test.kind);
    const id = randomUUID();
    await sql(`insert into test_job (id, status) values (?, 'waiting')`, [id]);
    await sql(`select pg_notify('paysplit_test_job', '')`);
    await until(
      async () => test.recorded,
      (recorded) => recorded.length === 1,
    );
    expect(test.recorded).toEqual([{ id, attempt: 1, decision: 'retry' }]);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'waiting', attempts: 1, claimed_by: null });
    expect(Number(after.due_in_ms)).toBeGreaterThan(55_000);
  });

  it('discards the finish of an attempt whose claim was taken over meanwhile, and counts it', async () => {
    const test = testKind();
    test.hold();
    const metrics = new Metrics(orm);
    const runner = await startRunner(test.kind, metrics);
    const id = randomUUID();
    await sql(`insert into test_job (id, status) values (?, 'waiting')`, [id]);
    runner.wake('test-job');
    await until(
      async () => test.started,
      (started) => started.length === 1,
    );
    // Another live instance took the claim (this one's lease ran out while it still worked).
    const other = randomUUID();
    await sql(`insert into job_instance (id, application, started_at, heartbeat_at) values (?, 'other', now(), now())`, [other]);
    await sql(`update test_job set claimed_by = ?, attempts = 2 where id = ?`, [other, id]);
    test.release();
    await until(
      async () => (await metrics.jobClaimsLost.get()).values[0]?.value ?? 0,
      (lost) => lost === 1,
    );
    expect(test.recorded).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 2, claimed_by: other });
  });

  it('takes over at once the claims of an instance that stopped heartbeating, whatever their lease says', async () => {
    const dead = randomUUID();
    await sql(
      `insert into job_instance (id, application, started_at, heartbeat_at) values (?, 'dead', now(), now() - interval '10 seconds')`,
      [dead],
    );
    const id = randomUUID();
    await sql(
      `insert into test_job (id, status, attempts, lease_until, claimed_by) values (?, 'running', 1, now() + interval '1 hour', ?)`,
      [id, dead],
    );
    const test = testKind();
    const startedAt = Date.now();
    await startRunner(test.kind);
    await until(
      async () => test.recorded,
      (recorded) => recorded.length === 1,
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(test.recorded).toEqual([{ id, attempt: 2, decision: 'retry' }]);
    expect(await sql(`select id from job_instance where id = ?`, [dead])).toEqual([]);
  });

  it('leaves the claim of a live instance alone until its lease runs out', async () => {
    const test = testKind({ leaseMs: 60_000 });
    test.hold();
    await startRunner(test.kind);
    const id = randomUUID();
    await sql(`insert into test_job (id, status) values (?, 'waiting')`, [id]);
    await sql(`select pg_notify('paysplit_test_job', '')`);
    await until(
      async () => test.started,
      (started) => started.length === 1,
    );
    const second = testKind();
    const other = await startRunner(second.kind);
    other.wake('test-job');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(second.started).toEqual([]);
    // The lease runs out (a hung handler): the claim is taken over although its instance lives.
    await sql(`update test_job set lease_until = now() - interval '1 second' where id = ?`, [id]);
    other.wake('test-job');
    await until(
      async () => second.recorded,
      (recorded) => recorded.length === 1,
    );
    test.release();
  });

  it('runs each tick of a periodic kind on one instance of two, and a tick set under a longer interval at once', async () => {
    await sql(`delete from job_schedule`);
    let runs = 0;
    const periodic = (everyMs: number) => ({ name: 'test-periodic', everyMs, run: async () => (runs += 1) });
    const start = async (everyMs: number) => {
      const runner = new JobRunner({ orm, databaseUrl: database.url, logger: createLogger({ level: 'silent' }) });
      runner.registerPeriodic(periodic(everyMs));
      runners.push(runner);
      await runner.start();
    };
    await Promise.all([start(3_600_000), start(3_600_000)]);
    // Once one has run the tick, the other has had time to try it too.
    await until(
      async () => runs,
      (count) => count >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toBe(1);
    // The interval is lowered to 300 ms: the next run an hour away is stale, and is due now.
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await start(300);
    await until(
      async () => runs,
      (count) => count >= 3,
      5_000,
    );
  });

  it('gives a tick to one instance when another claimed it while the first waited on the row', async () => {
    // Instance A holds the schedule row while B's claim begins, then claims the tick and commits:
    // B's claim, which began earlier, must not take A's next run (now plus one interval, later than
    // B's start plus one interval) for one set under a longer interval and run the tick again.
    await sql(`delete from job_schedule`);
    await sql(`insert into job_schedule (kind, next_run_at) values ('raced', now() - interval '1 second')`);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from job_schedule where kind = 'raced' for update`);
      const waiting = new JobQueueRepository().claimTick(orm.em.fork(), 'raced', randomUUID(), 3_600_000);
      // B's statement is now waiting on the row lock.
      await until(
        async () =>
          Number((await sql<{ n: string }>(`select count(*) as n from pg_locks where not granted and locktype = 'transactionid'`))[0]!.n),
        (n) => n > 0,
        5_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query(`update job_schedule set next_run_at = clock_timestamp() + interval '1 hour' where kind = 'raced'`);
      await holder.query('commit');
      expect(await waiting).toBe(false);
    } finally {
      await holder.end();
    }
  });

  it('an instance that finds itself presumed dead abandons its claims and comes back as a new instance', async () => {
    const test = testKind();
    const runner = await startRunner(test.kind);
    const first = runner.instance;
    await sql(`delete from job_instance where id = ?`, [first]);
    await until(
      async () => runner.instance,
      (instance) => instance !== first,
      5_000,
    );
    expect(await sql(`select id from job_instance where id = ?`, [runner.instance])).toHaveLength(1);
  });
});
