import { type EntityClass, LockMode } from '@mikro-orm/core';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { placeholders } from '../../../db/bindings.js';
import type { PartnerCallAttemptRecord, PartnerCallRow } from '../../../jobs/partner-call.job.js';
import type { PartnerCallAttemptColumns, PartnerCallColumns } from './partner-call.entity.js';

/** A call table and its attempts table, as the shared reads and writes below need them. */
export interface PartnerCallTables<Call extends PartnerCallColumns, Attempt extends PartnerCallAttemptColumns & { call: Call }> {
  call: EntityClass<Call>;
  attempt: EntityClass<Attempt>;
  table: string;
  /** The merchant's endpoint for the call, of the integration `i` (and the call row `c`). */
  url: string;
  /** The kind's own columns a call's body needs (of the call row `c`, the session `s` or the payment `p`). */
  bodyColumns: string;
}

/**
 * The reads and writes every partner call table shares (refunds, payment calls): what a claimed
 * call's body needs, its attempts, and a session's calls. Each table's repository extends it with
 * the writes of its own kind.
 */
export abstract class PartnerCallRepository<
  Call extends PartnerCallColumns,
  Attempt extends PartnerCallAttemptColumns & { call: Call },
  Row extends PartnerCallRow,
> {
  protected constructor(private readonly tables: PartnerCallTables<Call, Attempt>) {}

  lockCall(em: EntityManager, callId: string): Promise<Call> {
    return em.findOneOrFail(this.tables.call, { id: callId } as FilterQuery<Call>, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
  }

  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }

  /** Every call of each session, oldest first, in one query. */
  async findOfSessions(em: EntityManager, sessionIds: readonly string[]): Promise<Map<string, Call[]>> {
    const calls = sessionIds.length
      ? await em.find(this.tables.call, { session: { $in: [...sessionIds] } } as unknown as FilterQuery<Call>, {
          orderBy: { createdAt: 'asc', id: 'asc' } as never,
        })
      : [];
    const groups = new Map<string, Call[]>(sessionIds.map((id) => [id, []]));
    for (const call of calls) groups.get(call.session.id)?.push(call);
    return groups;
  }

  /** The attempts of each call, in order, in one query. */
  async attemptsOfCalls(em: EntityManager, callIds: readonly string[]): Promise<Map<string, Attempt[]>> {
    const attempts = callIds.length
      ? await em.find(this.tables.attempt, { call: { $in: [...callIds] } } as unknown as FilterQuery<Attempt>, {
          orderBy: { attempt: 'asc' } as never,
        })
      : [];
    const groups = new Map<string, Attempt[]>(callIds.map((id) => [id, []]));
    for (const attempt of attempts) groups.get(attempt.call.id)?.push(attempt);
    return groups;
  }

  /** What the calls of claimed rows need: the call, its session, payment and integration. */
  async callsOf(em: EntityManager, callIds: readonly string[]): Promise<Row[]> {
    if (callIds.length === 0) return [];
    const { table, url, bodyColumns } = this.tables;
    return em.getConnection().execute<Row[]>(
      `select c.id, c.session_id, c.payment_id, c.payer_id, c.amount_minor::text as amount_minor, c.currency, ${bodyColumns},
              s.mode, s.order_reference, p.processor_reference, s.integration_id, ${url} as url
         from ${table} c
         join session s on s.id = c.session_id
         join payment p on p.id = c.payment_id
         join integration i on i.id = s.integration_id
        where c.id in (${placeholders(callIds)})`,
      [...callIds],
    );
  }

  /** Records one attempt, in the transaction that ends the call's claim. */
  async recordCallAttempt(em: EntityManager, record: PartnerCallAttemptRecord): Promise<void> {
    const { callId, ...attempt } = record;
    em.create(this.tables.attempt, { ...attempt, call: em.getReference(this.tables.call, callId as never) } as never);
    await em.flush();
  }
}
