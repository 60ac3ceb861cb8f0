import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A domain table that is also a job queue: the row is the job, so enqueueing is writing the row in
 * the transaction of its cause. Every name here is a constant identifier of our own schema (never
 * input), which is what lets the claim and finish statements be built from it.
 */
export interface QueueTable {
  table: string;
  /** The NOTIFY channel its rows are announced on when they commit (the runner LISTENs to it). */
  channel: string;
  /** The status column and its values. */
  status: string;
  waiting: readonly string[];
  running: string;
  /** The status each decision leaves the row in. */
  finished: { done: string; failed: string; retry: string };
  /** The attempt counter (1 on the first claim). */
  attempts: string;
  /** While running: when the claim lapses even though its instance still heartbeats (a hung handler). */
  lease: string;
  /** When a waiting row is due. */
  due: string;
  /** A further condition a row must meet to be claimed (columns of the table, unqualified). */
  claimableWhere?: string;
}

/** The outbox's column names, which a queue table keeps unless it says otherwise. */
const OUTBOX_COLUMNS = { attempts: 'attempt_count', lease: 'claimed_until', due: 'next_attempt_at' } as const;

/**
 * Describes a queue table by its status column's values: `waiting` rows are claimed into
 * `running`, and an attempt leaves the row `done`, `failed` or (to be retried) `retry`.
 */
export function queueTable(
  table: string,
  channel: string,
  status: string,
  states: Pick<QueueTable, 'waiting' | 'running'> & QueueTable['finished'],
  columns: Partial<Pick<QueueTable, keyof typeof OUTBOX_COLUMNS | 'claimableWhere'>> = {},
): QueueTable {
  const { waiting, running, done, failed, retry } = states;
  return { table, channel, status, waiting, running, finished: { done, failed, retry }, ...OUTBOX_COLUMNS, ...columns };
}

export interface ClaimedRow {
  id: string;
  /** The attempt this claim makes, counting from 1. */
  attempt: number;
  /** The row was running under another claim (its instance died, or its lease ran out). */
  reclaimed: boolean;
}

/**
 * SQL: the row (as `alias`) is running under a claim nobody will finish: its lease ran out, or the
 * instance that claimed it is gone. The runner takes such rows over; a queue that cancels rows
 * (the mail outbox) may cancel them too, by the same rule.
 */
export function abandonedClaim(queue: QueueTable, alias: string): string {
  const { status, running, lease } = queue;
  return `(${alias}.${status} = '${running}'
           and (${alias}.${lease} < now()
                or (${alias}.claimed_by is not null and not exists (select 1 from job_instance i where i.id = ${alias}.claimed_by))))`;
}

/** How long instances may stay silent before their claims are taken over. */
export const INSTANCE_SILENCE_MS = 6_000;

/** Every query and write of the job runner: the queues' claim and finish, instances, schedules. */
export class JobQueueRepository {
  /**
   * Claims up to `limit` rows with FOR UPDATE SKIP LOCKED, so instances never claim one row twice:
   * due waiting rows, and running rows whose instance is gone or whose lease ran out (a row claimed
   * without an instance, by a version before `claimed_by`, waits for its lease).
   */
  async claim(em: EntityManager, queue: QueueTable, instanceId: string, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
    const { table, status, running, attempts, lease, due } = queue;
    const waiting = queue.waiting.map((value) => `'${value}'`).join(', ');
    const rows = await em.getConnection().execute<{ id: string; attempt: number; reclaimed: boolean }[]>(
      `with picked as (
         select id, ${status} = '${running}' as reclaimed from ${table} q
          where ((${status} in (${waiting}) and ${due} <= now()) or ${abandonedClaim(queue, 'q')})
            ${queue.claimableWhere ? `and ${queue.claimableWhere}` : ''}
          order by ${due}
          limit ?
          for update skip locked)
       update ${table} t
          set ${status} = '${running}', ${lease} = now() + (? * interval '1 millisecond'), claimed_by = ?,
              ${attempts} = t.${attempts} + 1, updated_at = now()
         from picked
        where t.id = picked.id
      returning t.id, t.${attempts} as attempt, picked.reclaimed`,
      [limit, leaseMs, instanceId],
    );
    return rows;
  }

  /**
   * Ends this instance's claim with the decision, in the caller's transaction; false when the claim
   * was taken over meanwhile (nothing is written then). A row the attempt's own effects moved out of
   * the running state (a refund settled meanwhile is already done) keeps that state.
   */
  async finish(
    em: EntityManager,
    queue: QueueTable,
    finish: { id: string; instanceId: string; status: keyof QueueTable['finished']; dueInMs: number },
  ): Promise<boolean> {
    const { table, status, running, lease, due } = queue;
    const rows = await em.execute<{ id: string }[]>(
      `update ${table}
          set ${status} = case when ${status} = '${running}' then ? else ${status} end,
              ${lease} = null, claimed_by = null, ${due} = now() + (? * interval '1 millisecond'), updated_at = now()
        where id = ? and claimed_by = ?
      returning id`,
      [queue.finished[finish.status], finish.dueInMs, finish.id, finish.instanceId],
    );
    return rows.length > 0;
  }

  /**
   * Milliseconds until a claimable waiting row is due or a running claim lapses (negative when
   * overdue), or null when neither. Rows the claim would never take are left out, or the timer
   * would fire at once, again and again.
   */
  async msUntilNext(em: EntityManager, queue: QueueTable): Promise<number | null> {
    const { table, status, running, lease, due } = queue;
    const waiting = queue.waiting.map((value) => `'${value}'`).join(', ');
    const claimable = queue.claimableWhere ? ` and ${queue.claimableWhere}` : '';
    const [next] = await em.getConnection().execute<{ in_ms: string | null }[]>(
      `select extract(epoch from (least(
                (select min(${due}) from ${table} where ${status} in (${waiting})${claimable}),
                (select min(${lease}) from ${table} where ${status} = '${running}')) - now())) * 1000 as in_ms`,
    );
    return next?.in_ms == null ? null : Number(next.in_ms);
  }

  async registerInstance(em: EntityManager, instanceId: string, application: string): Promise<void> {
    await em.getConnection().execute(
      `insert into job_instance (id, application, started_at, heartbeat_at) values (?, ?, now(), now())
         on conflict (id) do update set heartbeat_at = now()`,
      [instanceId, application],
    );
  }

  /** Marks this instance alive; false when others found it silent and removed it (its claims are gone). */
  async heartbeat(em: EntityManager, instanceId: string): Promise<boolean> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(`update job_instance set heartbeat_at = now() where id = ? returning id`, [instanceId]);
    return rows.length > 0;
  }

  /** Removes instances silent for longer than INSTANCE_SILENCE_MS; returns how many. */
  async removeSilentInstances(em: EntityManager): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(`delete from job_instance where heartbeat_at < now() - (? * interval '1 millisecond') returning id`, [
        INSTANCE_SILENCE_MS,
      ]);
    return rows.length;
  }

  async removeInstance(em: EntityManager, instanceId: string): Promise<void> {
    await em.getConnection().execute(`delete from job_instance where id = ?`, [instanceId]);
  }

  async notify(em: EntityManager, channel: string): Promise<void> {
    await em.getConnection().execute(`select pg_notify(?, '')`, [channel]);
  }

  /**
   * Claims the current tick of a periodic kind: true for the one instance that moves `next_run_at`
   * on by `everyMs` (a kind seen for the first time is due now). A next run further away than one
   * interval was set under a longer one (the setting was lowered): it is due now too. That test reads
   * clock_timestamp(), not now(): now() is when the statement began, and a statement that waited
   * for another instance's claim of the same row would see that claim's next run (its now() plus one
   * interval) as further away than its own earlier now() plus one interval, and claim the tick again.
   */
  async claimTick(em: EntityManager, kind: string, instanceId: string, everyMs: number): Promise<boolean> {
    const connection = em.getConnection();
    await connection.execute(`insert into job_schedule (kind, next_run_at) values (?, now()) on conflict (kind) do nothing`, [kind]);
    const rows = await connection.execute<{ kind: string }[]>(
      `update job_schedule set next_run_at = now() + (? * interval '1 millisecond'), claimed_by = ?
        where kind = ? and (next_run_at <= now() or next_run_at > clock_timestamp() + (? * interval '1 millisecond'))
      returning kind`,
      [everyMs, instanceId, kind, everyMs],
    );
    return rows.length > 0;
  }

  /** Milliseconds until a periodic kind's next tick (negative when overdue), or null when never run. */
  async msUntilTick(em: EntityManager, kind: string): Promise<number | null> {
    const [row] = await em
      .getConnection()
      .execute<{ in_ms: string }[]>(`select extract(epoch from (next_run_at - now())) * 1000 as in_ms from job_schedule where kind = ?`, [
        kind,
      ]);
    return row ? Number(row.in_ms) : null;
  }
}

/** Stateless: one instance serves every unit of work. */
