import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MONEY_TAKEN, Payment } from '../payments/payment.entity.js';
import { Session } from '../session.entity.js';
import type { PartnerCallRow } from '../../../jobs/partner-call.job.js';
import { PartnerCallRepository } from '../partner-calls/partner-call.repository.js';
import { Refund, RefundCallAttempt, type RefundPurpose, type RefundSource } from './refund.entity.js';

/** The channel the refund call job is woken on; the payload is a refund id. */
export const REFUND_CHANNEL = 'paysplit_refunds';

export interface NewRefund {
  session: Session;
  payment: Payment;
  amountMinor: bigint;
  source: RefundSource;
  reason: string | null;
  createdAt: Date;
  /** What the money is; by default a duplicate payment's refunds are `duplicate`, any other's `booking`. */
  purpose?: RefundPurpose;
}

/** A refund whose partner call is being made, with everything the call's body needs (`url`: the partnerRefundUrl). */
export interface RefundCall extends PartnerCallRow {
  reason: string | null;
}

/** Every query and write of the refund and refund_call_attempt tables (and the payment rows a refund locks). */
export class RefundRepository extends PartnerCallRepository<Refund, RefundCallAttempt, RefundCall> {
  constructor() {
    super({ call: Refund, attempt: RefundCallAttempt, table: 'refund', url: 'i.partner_refund_url', bodyColumns: 'c.reason' });
  }

  /**
   * Locks the session row alone (FOR UPDATE of a join would lock the integration row too, which
   * every idempotency record's foreign key also touches: a deadlock under concurrent refunds),
   * then loads its integration without a lock.
   */
  async lockSession(em: EntityManager, where: { id: string; integration?: string }): Promise<Session | null> {
    const session = await em.findOne(Session, where, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (session) await em.populate(session, ['integration']);
    return session;
  }

  /**
   * The session's payments whose money was taken (MONEY_TAKEN), locked FOR UPDATE in id order
   * (after the session's lock: lock order session, then payments), returned oldest authorization
   * first (ties by id), which is the order allocateRefund breaks ties in.
   */
  async lockCapturedPayments(em: EntityManager, sessionId: string): Promise<Payment[]> {
    const locked = await em.find(
      Payment,
      { session: sessionId, ...MONEY_TAKEN },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' }, refresh: true },
    );
    return locked.sort(
      (a, b) => (a.authorizedAt?.getTime() ?? 0) - (b.authorizedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  /** Money taken that is owed back (refundRequired, not refunded by hand), locked in id order. */
  async lockOwedPayments(em: EntityManager, sessionId: string): Promise<Payment[]> {
    return em.find(
      Payment,
      { session: sessionId, ...MONEY_TAKEN, refundRequired: true, refundedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' }, refresh: true },
    );
  }

  lockPayment(em: EntityManager, paymentId: string): Promise<Payment> {
    return em.findOneOrFail(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /**
   * Adds refunds to the unit of work, reserving their amounts on the payments (the CHECK on
   * payment refuses a reservation above the amount), flushes, and wakes the callers when the
   * transaction commits.
   */
  async insertRefunds(em: EntityManager, refunds: readonly NewRefund[]): Promise<Refund[]> {
    if (refunds.length === 0) return [];
    const created = refunds.map((refund) => {
      refund.payment.refundReservedMinor += refund.amountMinor;
      return em.create(Refund, {
        session: refund.session,
        payment: refund.payment,
        payerId: refund.payment.payerId,
        amountMinor: refund.amountMinor,
        currency: refund.session.currency,
        source: refund.source,
        // Whoever asks for it, money going back from a duplicate payment is a duplicate's refund.
        purpose: refund.purpose ?? (refund.payment.duplicateOf ? 'duplicate' : 'booking'),
        reason: refund.reason,
        createdAt: refund.createdAt,
        // Due now by the callers' clock (the database's), whatever clock the services read.
        nextAttemptAt: new Date(),
      });
    });
    await em.flush();
    for (const refund of created) await em.execute(`select pg_notify('${REFUND_CHANNEL}', ?)`, [refund.id]);
    return created;
  }

  /** The session and payment of a refund (of this integration, when given), without locking yet: the session is locked first. */
  async locate(em: EntityManager, refundId: string, integrationId?: string): Promise<{ sessionId: string; paymentId: string } | undefined> {
    const [row] = await em.execute<{ session_id: string; payment_id: string }[]>(
      `select r.session_id, r.payment_id from refund r join session s on s.id = r.session_id
        where r.id = ?${integrationId === undefined ? '' : ' and s.integration_id = ?'}`,
      integrationId === undefined ? [refundId] : [refundId, integrationId],
    );
    return row && { sessionId: row.session_id, paymentId: row.payment_id };
  }
}
