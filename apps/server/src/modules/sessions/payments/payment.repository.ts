import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CaptureMethod } from '@paysplit/domain';
import type { Participant } from '../participant.entity.js';
import type { Session } from '../session.entity.js';
import { placeholders } from '../../../db/bindings.js';
import { LIVE_PAYMENT_STATUSES, MONEY_TAKEN, Payment, type PayerRole, type PaymentStatus } from './payment.entity.js';

export interface NewPayment {
  session: Session;
  participant: Participant;
  payerRole: PayerRole;
  amountMinor: bigint;
  coversParticipantIds: string[] | null;
  captureMethod: CaptureMethod;
  createdAt: Date;
}

/** A live attempt that was just abandoned, and the status it had. */
export interface AbandonedPayment {
  id: string;
  payerId: string;
  amountMinor: bigint;
  previousStatus: PaymentStatus;
}

/** Every query and write of the payment table. */
export class PaymentRepository {
  async insertPayment(em: EntityManager, payment: NewPayment): Promise<Payment> {
    const created = em.create(Payment, { ...payment, payerId: payment.participant.id });
    await em.flush();
    return created;
  }

  /**
   * Live attempts of these participants give way (to a newer attempt, or to a changed share).
   * `except` keeps one (the payment that has just paid them); `covering` takes the host's live
   * attempts that would also pay one of these shares too. Returns the attempts abandoned, with the
   * status each had, for the calls that tell the merchant.
   */
  abandonLiveAttempts(
    em: EntityManager,
    participantIds: readonly string[],
    options: { except?: string; covering?: boolean } = {},
  ): Promise<AbandonedPayment[]> {
    if (participantIds.length === 0) return Promise.resolve([]);
    const ids = placeholders(participantIds);
    const covering = options.covering
      ? ` or exists (select 1 from jsonb_array_elements_text(covers_participant_ids) covered where covered in (${ids}))`
      : '';
    return this.abandon(em, `(participant_id in (${ids})${covering})${options.except ? ' and id <> ?' : ''}`, [
      ...participantIds,
      ...(options.covering ? participantIds : []),
      ...(options.except ? [options.except] : []),
    ]);
  }

  /**
   * A session that ends: its live attempts (but `except`) are abandoned, and returned as
   * abandonLiveAttempts does, money already taken is flagged for refund (the session will not
   * complete), and the holds of a manual session (but `except`) are returned to be released: a
   * hold is given back, never refunded.
   */
  async settleEndedSession(
    em: EntityManager,
    sessionId: string,
    except?: string,
  ): Promise<{ abandoned: AbandonedPayment[]; held: AbandonedPayment[] }> {
    const abandoned = await this.abandon(em, `session_id = ?${except ? ' and id <> ?' : ''}`, except ? [sessionId, except] : [sessionId]);
    await em.nativeUpdate(Payment, { session: sessionId, ...MONEY_TAKEN, refundedAt: null }, { refundRequired: true });
    const held = (await this.heldPayments(em, sessionId)).filter((payment) => payment.id !== except);
    return {
      abandoned,
      held: held.map((payment) => ({
        id: payment.id,
        payerId: payment.payerId,
        amountMinor: payment.amountMinor,
        previousStatus: 'authorized',
      })),
    };
  }

  /** A manual session's holds that count toward it (authorized, not yet captured), in the order they arrived. */
  heldPayments(em: EntityManager, sessionId: string): Promise<Payment[]> {
    return em.find(
      Payment,
      { session: sessionId, status: 'authorized', captureMethod: 'manual', refundRequired: false },
      { orderBy: { authorizedAt: 'asc' } },
    );
  }

  /**
   * The hold-expiry sweep: claims up to `limit` sessions, neither capturing nor ended, with a
   * counted hold that lapses within `marginMs` of the session's clock (real time `now`, or its
   * test clock); such a session is `partially_paid`: a counted hold is money paid. SKIP LOCKED on
   * the session row, so instances sweeping at once share the sessions and each is handled by one
   * of them. Returns their ids.
   */
  async claimSessionsWithLapsingHolds(em: EntityManager, now: Date, marginMs: number, limit: number): Promise<string[]> {
    // Two statements: real time reads the index of counted holds up to `now` + margin; the few
    // sessions with a test clock are each compared with their own.
    const counted = `p.status = 'authorized' and p.capture_method = 'manual' and p.refund_required = false`;
    const byRealTime = await em.execute<{ id: string }[]>(
      `select s.id from session s
        where s.status = 'partially_paid' and s.test_clock_at is null
          and s.id in (select p.session_id from payment p where ${counted} and p.hold_expires_at <= ?)
        order by s.id limit ? for update of s skip locked`,
      [new Date(now.getTime() + marginMs), limit],
    );
    const byTestClock = await em.execute<{ id: string }[]>(
      `select s.id from session s
        where s.status = 'partially_paid' and s.test_clock_at is not null
          and exists (select 1 from payment p where p.session_id = s.id and ${counted}
                        and p.hold_expires_at <= s.test_clock_at + ? * interval '1 millisecond')
        order by s.id limit ? for update of s skip locked`,
      [marginMs, Math.max(0, limit - byRealTime.length)],
    );
    return [...byRealTime, ...byTestClock].map((row) => row.id);
  }

  /** When the first counted hold of a session lapses (null: it has none). */
  async earliestCountedHoldLapse(em: EntityManager, sessionId: string): Promise<Date | null> {
    const [row] = await em.execute<{ lapses: Date | string | null }[]>(
      `select min(hold_expires_at) as lapses from payment
        where session_id = ? and status = 'authorized' and capture_method = 'manual' and refund_required = false`,
      [sessionId],
    );
    return row?.lapses ? new Date(row.lapses) : null;
  }

  /** A locked session's counted holds that lapse by `lapsesBy`, each locked, the soonest first. */
  lockLapsingHolds(em: EntityManager, sessionId: string, lapsesBy: Date): Promise<Payment[]> {
    return em.find(
      Payment,
      { session: sessionId, status: 'authorized', captureMethod: 'manual', refundRequired: false, holdExpiresAt: { $lte: lapsesBy } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { holdExpiresAt: 'asc' }, refresh: true },
    );
  }

  /** Sets the live attempts matching `where` (columns of payment) abandoned; only their status changes. */
  private async abandon(em: EntityManager, where: string, bindings: readonly unknown[]): Promise<AbandonedPayment[]> {
    const live = LIVE_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ');
    const rows = await em.execute<{ id: string; payer_id: string; amount_minor: string; previous_status: PaymentStatus }[]>(
      `with live as (select id, status from payment where ${where} and status in (${live}) for update)
       update payment p set status = 'abandoned' from live where p.id = live.id
       returning p.id, p.payer_id, p.amount_minor::text as amount_minor, live.status as previous_status`,
      [...bindings],
    );
    return rows.map((row) => ({
      id: row.id,
      payerId: row.payer_id,
      amountMinor: BigInt(row.amount_minor),
      previousStatus: row.previous_status,
    }));
  }

  /** The attempt has its checkout address; false when a newer attempt already replaced it. */
  async markRedirected(em: EntityManager, paymentId: string, redirectUrl: string): Promise<boolean> {
    return (await em.nativeUpdate(Payment, { id: paymentId, status: 'creating' }, { status: 'redirected', redirectUrl })) > 0;
  }

  async markCreationFailed(em: EntityManager, paymentId: string, failureReason: string): Promise<void> {
    await em.nativeUpdate(Payment, { id: paymentId, status: 'creating' }, { status: 'failed', failureReason });
  }

  /** The session of a payment, without locking anything yet (the session is locked first). */
  async findSessionIdOf(em: EntityManager, paymentId: string): Promise<string | undefined> {
    const located = await em.findOne(Payment, { id: paymentId }, { fields: ['id', 'session'] });
    return located?.session.id;
  }

  lockPayment(em: EntityManager, paymentId: string): Promise<Payment> {
    return em.findOneOrFail(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** Writes the changes made to loaded payments (and the session and shares beside them) in this unit of work. */
  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }

  /** Every attempt of each session, oldest first, in one query. */
  async findOfSessions(em: EntityManager, sessionIds: readonly string[]): Promise<Map<string, Payment[]>> {
    const payments = await em.find(Payment, { session: { $in: [...sessionIds] } }, { orderBy: { createdAt: 'asc' } });
    return groupBySession(sessionIds, payments);
  }

  /** The payments a completed session counts (authorized, or held and captured), in the order they arrived (the completion event lists them). */
  countedPayments(em: EntityManager, sessionId: string): Promise<Payment[]> {
    return em.find(
      Payment,
      { session: sessionId, status: { $in: ['authorized', 'captured'] }, refundRequired: false, duplicateOf: null },
      { orderBy: { authorizedAt: 'asc' } },
    );
  }

  /**
   * The payment that paid a share: the host's payment covering it, else the share's own payment
   * whose authorization counted. That is the one answered `refundRequired: false` when recorded
   * (its stored reply): a payment flagged for any other reason, or later when its session ended,
   * may be of the same payer and amount. Null when none is found.
   */
  async findPaymentOfShare(
    em: EntityManager,
    sessionId: string,
    share: Pick<Participant, 'id' | 'coveredByPaymentId'>,
  ): Promise<Payment | null> {
    if (share.coveredByPaymentId) return em.getReference(Payment, share.coveredByPaymentId);
    const [row] = await em.execute<{ id: string }[]>(
      `select id from payment
        where session_id = ? and participant_id = ? and covers_participant_ids is null and status = 'authorized'
          and record_replies -> 'authorize' ->> 'refundRequired' = 'false'
        order by authorized_at limit 1`,
      [sessionId, share.id],
    );
    return row ? em.getReference(Payment, row.id) : null;
  }

  /** Money taken that the merchant must void or refund (decisions §2, §6). */
  refundsOwed(em: EntityManager, sessionId: string): Promise<Payment[]> {
    return em.find(
      Payment,
      { session: sessionId, ...MONEY_TAKEN, refundRequired: true, refundedAt: null },
      { orderBy: { authorizedAt: 'asc' } },
    );
  }

  /** refundsOwed of many sessions in one query (a page of sessions). */
  async refundsOwedOfSessions(em: EntityManager, sessionIds: readonly string[]): Promise<Map<string, Payment[]>> {
    const payments = await em.find(
      Payment,
      { session: { $in: [...sessionIds] }, ...MONEY_TAKEN, refundRequired: true, refundedAt: null },
      { orderBy: { authorizedAt: 'asc' } },
    );
    return groupBySession(sessionIds, payments);
  }
}

function groupBySession(sessionIds: readonly string[], payments: readonly Payment[]): Map<string, Payment[]> {
  const groups = new Map<string, Payment[]>(sessionIds.map((id) => [id, []]));
  for (const payment of payments) groups.get(payment.session.id)?.push(payment);
  return groups;
}
