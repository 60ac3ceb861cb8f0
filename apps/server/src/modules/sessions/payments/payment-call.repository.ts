import type { EntityManager } from '@mikro-orm/postgresql';
import type { PartnerCallRow } from '../../../jobs/partner-call.job.js';
import { PartnerCallRepository } from '../partner-calls/partner-call.repository.js';
import { PaymentCall, PaymentCallAttempt, type PaymentCallKind, type PaymentCallReason } from './payment-call.entity.js';

/** The channel the payment call jobs are woken on. */
export const PAYMENT_CALL_CHANNEL = 'paysplit_payment_calls';

export interface NewPaymentCall {
  sessionId: string;
  paymentId: string;
  payerId: string;
  kind: PaymentCallKind;
  reason: PaymentCallReason;
  amountMinor: bigint;
  currency: string;
  /** How long after the commit the first attempt is due (by the database's clock). */
  dueInMs: number;
  createdAt: Date;
}

/** A cancel or capture being made, with everything its body needs (read when the attempt is made; `url`: the kind's URL). */
export interface PaymentCallJob extends PartnerCallRow {
  kind: PaymentCallKind;
  reason: PaymentCallReason;
  /** When the payment's hold lapses (manual capture), as the database gives it. */
  hold_expires_at: Date | string | null;
}

/** Every query and write of the payment_call and payment_call_attempt tables. */
export class PaymentCallRepository extends PartnerCallRepository<PaymentCall, PaymentCallAttempt, PaymentCallJob> {
  constructor() {
    super({
      call: PaymentCall,
      attempt: PaymentCallAttempt,
      table: 'payment_call',
      url: `case c.kind when 'capture' then i.partner_capture_url else i.partner_cancel_url end`,
      bodyColumns: 'c.kind, c.reason, p.hold_expires_at',
    });
  }

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

  /** The payment's call of the kind that has not failed (payment_call_one_active allows one), if any. */
  activeCall(em: EntityManager, paymentId: string, kind: PaymentCallKind): Promise<PaymentCall | null> {
    return em.findOne(PaymentCall, { payment: paymentId, kind, status: { $ne: 'failed' } });
  }

  /** The session and payment of a call (of this integration, when given), without locking yet: the session is locked first. */
  async locate(
    em: EntityManager,
    callId: string,
    kind: PaymentCallKind,
    integrationId?: string,
  ): Promise<{ sessionId: string; paymentId: string } | undefined> {
    const [row] = await em.execute<{ session_id: string; payment_id: string }[]>(
      `select c.session_id, c.payment_id from payment_call c join session s on s.id = c.session_id
        where c.id = ? and c.kind = ?${integrationId === undefined ? '' : ' and s.integration_id = ?'}`,
      integrationId === undefined ? [callId, kind] : [callId, kind, integrationId],
    );
    return row && { sessionId: row.session_id, paymentId: row.payment_id };
  }
}
