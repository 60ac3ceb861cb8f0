import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders } from '../../../db/bindings.js';
import type { CancelReason } from '@paysplit/domain';
import { PaymentCall, PaymentCallAttempt, type PaymentCallKind } from './payment-call.entity.js';

/** The channel the payment call jobs are woken on. */
export const PAYMENT_CALL_CHANNEL = 'paysplit_payment_calls';

export interface NewPaymentCall {
  sessionId: string;
  paymentId: string;
  payerId: string;
  kind: PaymentCallKind;
  reason: CancelReason;
  amountMinor: bigint;
  currency: string;
  /** How long after the commit the first attempt is due (by the database's clock). */
  dueInMs: number;
  createdAt: Date;
}

/** A payment call being made, with everything its body needs (read when the attempt is made). */
export interface PaymentCallJob {
  id: string;
  kind: PaymentCallKind;
  reason: CancelReason;
  session_id: string;
  payment_id: string;
  payer_id: string;
  amount_minor: string;
  currency: string;
  mode: string;
  order_reference: string | null;
  processor_reference: string | null;
  integration_id: string;
  partner_cancel_url: string | null;
}

export interface PaymentCallAttemptRecord {
  callId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  httpStatus: number | null;
  outcome: string;
  excerpt: string | null;
}

/** Every query and write of the payment_call and payment_call_attempt tables. */
export class PaymentCallRepository {
  /**
   * Writes the calls in the caller's transaction and wakes the callers when it commits. A payment
   * that already has a call of the kind that has not failed keeps that one (payment_call_one_active):
   * the merchant is never told twice. Returns the ids written.
   */
  async insertCalls(em: EntityManager, calls: readonly NewPaymentCall[]): Promise<string[]> {
    if (calls.length === 0) return [];
    const rows = await em.execute<{ id: string }[]>(
      `insert into payment_call (id, session_id, payment_id, payer_id, kind, reason, amount_minor, currency, status, call_status,
                                 attempt_count, next_attempt_at, created_at, updated_at)
       values ${calls.map(() => `(gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, 'pending', 'due', 0, now() + (? * interval '1 millisecond'), ?, now())`).join(', ')}
       on conflict (payment_id, kind) where status <> 'failed' do nothing
       returning id`,
      calls.flatMap((call) => [
        call.sessionId,
        call.paymentId,
        call.payerId,
        call.kind,
        call.reason,
        call.amountMinor.toString(),
        call.currency,
        call.dueInMs,
        call.createdAt,
      ]),
    );
    if (rows.length > 0) await em.execute(`select pg_notify('${PAYMENT_CALL_CHANNEL}', '')`);
    return rows.map((row) => row.id);
  }

  /** The session and payment of a call (of this integration, when given), without locking yet: the session is locked first. */
  async locate(
    em: EntityManager,
    callId: string,
    kind: PaymentCallKind,
    integrationId?: string,
  ): Promise<{ sessionId: string } | undefined> {
    const [row] = await em.execute<{ session_id: string }[]>(
      `select c.session_id from payment_call c join session s on s.id = c.session_id
        where c.id = ? and c.kind = ?${integrationId === undefined ? '' : ' and s.integration_id = ?'}`,
      integrationId === undefined ? [callId, kind] : [callId, kind, integrationId],
    );
    return row && { sessionId: row.session_id };
  }

  /** Whether a cancel of this payment succeeded: the merchant said its checkout can no longer be paid. */
  async hasSucceededCancel(em: EntityManager, paymentId: string): Promise<boolean> {
    const rows = await em.execute<unknown[]>(
      `select 1 from payment_call where payment_id = ? and kind = 'cancel' and status = 'succeeded' limit 1`,
      [paymentId],
    );
    return rows.length > 0;
  }

  lockCall(em: EntityManager, callId: string): Promise<PaymentCall> {
    return em.findOneOrFail(PaymentCall, { id: callId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }

  /** Every call of each session, oldest first, in one query. */
  async findOfSessions(em: EntityManager, sessionIds: readonly string[]): Promise<Map<string, PaymentCall[]>> {
    const calls = sessionIds.length
      ? await em.find(PaymentCall, { session: { $in: [...sessionIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })
      : [];
    const groups = new Map<string, PaymentCall[]>(sessionIds.map((id) => [id, []]));
    for (const call of calls) groups.get(call.session.id)?.push(call);
    return groups;
  }

  /** The attempts of each call, in order, in one query. */
  async attemptsOfCalls(em: EntityManager, callIds: readonly string[]): Promise<Map<string, PaymentCallAttempt[]>> {
    const attempts = callIds.length
      ? await em.find(PaymentCallAttempt, { call: { $in: [...callIds] } }, { orderBy: { attempt: 'asc' } })
      : [];
    const groups = new Map<string, PaymentCallAttempt[]>(callIds.map((id) => [id, []]));
    for (const attempt of attempts) groups.get(attempt.call.id)?.push(attempt);
    return groups;
  }

  /** What the calls of claimed rows need: the call, its session, payment and integration. */
  async callsOf(em: EntityManager, callIds: readonly string[]): Promise<PaymentCallJob[]> {
    if (callIds.length === 0) return [];
    return em.getConnection().execute<PaymentCallJob[]>(
      `select c.id, c.kind, c.reason, c.session_id, c.payment_id, c.payer_id, c.amount_minor::text as amount_minor, c.currency,
              s.mode, s.order_reference, p.processor_reference, s.integration_id, i.partner_cancel_url
         from payment_call c
         join session s on s.id = c.session_id
         join payment p on p.id = c.payment_id
         join integration i on i.id = s.integration_id
        where c.id in (${placeholders(callIds)})`,
      [...callIds],
    );
  }

  /** Records one attempt, in the transaction that ends the call's claim. */
  async recordCallAttempt(em: EntityManager, record: PaymentCallAttemptRecord): Promise<void> {
    em.create(PaymentCallAttempt, {
      call: em.getReference(PaymentCall, record.callId),
      attempt: record.attempt,
      startedAt: record.startedAt,
      durationMs: record.durationMs,
      httpStatus: record.httpStatus,
      outcome: record.outcome,
      excerpt: record.excerpt,
    });
    await em.flush();
  }
}
