import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  type CancelReason,
  ErrorCode,
  isTerminalStatus,
  isUuid,
  parseMinorAmount,
  recordAuthorization,
  recordHold,
  assertStorableText,
  sessionNow,
} from '@paysplit/domain';
import type { MerchantPrincipal } from '../../integrations/index.js';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { SessionEndingService } from '../session-ending.service.js';
import type { Participant } from '../participant.entity.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { SessionEventBus } from '../events.js';
import type { RefundService } from '../refunds/refund.service.js';
import type { PaymentCall } from './payment-call.entity.js';
import type { PaymentCallService } from './payment-call.service.js';
import { moneyTaken, type Payment, type RecordAction } from './payment.entity.js';
import type { PaymentRepository } from './payment.repository.js';
import { readHoldExpiresAt, unknownField } from './record-payment-fields.js';
import type { ClaimCounting } from '../open-groups/claim-counting.js';
import { openGroupOf } from '../open-groups/open-group-state.js';

export interface RecordPaymentCommand {
  paymentId: string;
  action: RecordAction;
  processorReference?: string | null;
  /** With fail: the processor's reason, for the administrators; without one we say the merchant reported it. */
  failureReason?: string | null;
  amountMinor?: string | null;
  /** Manual capture, with authorize: when the hold lapses (ISO 8601). Any other session refuses the field. */
  holdExpiresAt?: string | null;
}

/** The reply of decisions §7; stored with the payment so a repeated call gets it verbatim. */
export interface RecordedPayment {
  paymentId: string;
  sessionId: string;
  participantId: string;
  paymentStatus: string;
  sessionStatus: string;
  paidMinor: string;
  remainingMinor: string;
  refundRequired: boolean;
  serviceHostResumeUrl: string;
  serviceParticipantReturnUrl: string;
  /** Manual capture only: when the hold lapses. */
  holdExpiresAt?: string;
}

export interface PaymentRecordingOptions {
  publicBaseUrl: string;
  sessions: SessionRepository;
  payments: PaymentRepository;
  ending: SessionEndingService;
  announcer: SessionChangeAnnouncer;
  /** Webhooks and receipts react to a recorded payment in its transaction. */
  events: SessionEventBus;
  /** Automatic refund of money that cannot count, when the integration has a partnerRefundUrl. */
  refunds?: RefundService;
  /** Tells the merchant the other checkouts of a paid share will not be used (with a partnerCancelUrl). */
  calls?: PaymentCallService;
  /** An open group's claims: whether a payment can count, and counting it. */
  claims?: ClaimCounting;
  now?: () => Date;
}

/** The merchant reports what its processor did with a payment: authorized, failed or refunded. */
export class PaymentRecordingService {
  private readonly now: () => Date;

  constructor(private readonly options: PaymentRecordingOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Records the merchant's outcome for a payment. The share, the session's paid sum and status,
   * and on the last share the completion event are written in one transaction under row locks,
   * so two last shares recorded at the same instant complete the session once.
   */
  async recordPayment(em: EntityManager, merchant: MerchantPrincipal, command: RecordPaymentCommand): Promise<RecordedPayment> {
    if (!isUuid(command.paymentId)) {
      throw new AppError(ErrorCode.ValidationError, 'paymentId must be a UUID', [{ path: 'paymentId', message: 'must be a UUID' }]);
    }
    assertStorableText(command);
    const expectedAmount = command.amountMinor == null ? undefined : parseMinorAmount(command.amountMinor);
    const { sessions, payments } = this.options;
    return em.transactional(async (tx) => {
      const sessionId = await payments.findSessionIdOf(tx, command.paymentId);
      // Lock order everywhere: session, then participant, then payment.
      const session = sessionId
        ? await sessions.lockSessionWithIntegration(tx, { id: sessionId, integration: merchant.integrationId })
        : null;
      // Only a manual session knows holdExpiresAt: anywhere else it is the unknown field it always was.
      const manual = session?.captureMethod === 'manual';
      if (command.holdExpiresAt !== undefined && !manual) throw unknownField('holdExpiresAt');
      if (!session) throw new AppError(ErrorCode.PaymentNotFound, `Payment ${command.paymentId} not found`);
      const holdExpiresAt = readHoldExpiresAt(command);
      const payment = await payments.lockPayment(tx, command.paymentId);
      const replay = payment.recordReplies[command.action];
      if (replay) return replay as unknown as RecordedPayment;
      if (expectedAmount !== undefined && expectedAmount !== payment.amountMinor) {
        throw new AppError(
          ErrorCode.AmountMismatch,
          `amountMinor ${expectedAmount} does not match this payment's ${payment.amountMinor}; nothing was recorded`,
        );
      }
      if (command.processorReference != null) payment.processorReference = command.processorReference.slice(0, 255);

      if (command.action === 'refund') {
        if (!moneyTaken(payment) || !payment.refundRequired) {
          throw new AppError(ErrorCode.InvalidState, 'Nothing to refund: this payment is not listed in refundsOwed');
        }
        if (payment.refundReservedMinor > payment.refundedMinor) {
          // PaySplit is refunding it through the partner refund call: a refund by hand too would pay it back twice.
          throw new AppError(ErrorCode.InvalidState, 'A refund of this payment through PaySplit is still pending; settle or wait for it');
        }
        const at = sessionNow(session, this.now());
        payment.refundedAt = at;
        await this.options.events.publish(tx, 'paymentRefundRecorded', { session, payment, at });
      } else if (command.action === 'fail') {
        if (payment.status === 'authorized')
          throw new AppError(ErrorCode.InvalidState, 'This payment is already authorized; it cannot be marked failed');
        payment.status = 'failed';
        payment.failureReason = command.failureReason?.trim().slice(0, 200) || 'reported failed by the merchant';
      } else {
        // A session past its deadline ends now, whether or not the expiry job got to it yet (one whose
        // holds are being captured waits for the captures; an open group that tipped ends at its price).
        const due = !isTerminalStatus(session.status) && session.status !== 'capturing';
        const now = sessionNow(session, this.now());
        if (due && session.expiresAt.getTime() <= now.getTime()) {
          await this.options.ending.atDeadline(tx, session, now, payment.id);
        }
        await this.authorize(tx, session, payment, holdExpiresAt);
        await this.options.events.publish(tx, 'paymentRecorded', { session, payment, at: now });
      }
      const reply = this.reply(session, payment);
      payment.recordReplies = { ...payment.recordReplies, [command.action]: reply as unknown as Record<string, unknown> };
      await payments.save(tx);
      return reply;
    });
  }

  private async authorize(tx: EntityManager, session: Session, payment: Payment, holdExpiresAt: Date | undefined): Promise<void> {
    const now = sessionNow(session, this.now());
    const manual = session.captureMethod === 'manual';
    payment.status = 'authorized';
    payment.authorizedAt = now;
    if (manual) payment.holdExpiresAt = holdExpiresAt ?? new Date(now.getTime() + session.integration.holdLifetimeSeconds * 1000);
    const shareIds = payment.coversParticipantIds ?? (payment.participant ? [payment.participant.id] : []);
    const shares = await this.options.sessions.lockParticipants(tx, shareIds);
    const sharesSum = shares.reduce((sum, share) => sum + share.amountMinor, 0n);
    const allShares = shares.length > 0 && shares.length === shareIds.length;
    // The merchant told us this checkout could no longer be paid; money it took anyway never counts.
    const cancelled = (await this.options.calls?.succeededCancel(tx, payment.id)) ?? null;
    // Money that cannot count toward the session is kept and flagged, never dropped (decisions §6).
    const group = openGroupOf(session);
    const claim = group && (await this.options.claims?.countable(tx, session, group, payment, now, cancelled !== null));
    const usable = group
      ? !!claim
      : allShares &&
        cancelled === null &&
        shares.every((share) => share.status === 'pending') &&
        sharesSum === payment.amountMinor &&
        !isTerminalStatus(session.status) &&
        session.status !== 'unconfigured';
    if (!usable) {
      if (manual) return this.releaseUnusableHold(tx, session, payment, shares, cancelled, group !== null);
      payment.refundRequired = true;
      // Every share it was for is already paid: a duplicate of the payment that paid them (the
      // first of them, for a host's payment covering several). Its refund is then a duplicate's.
      if (allShares && shares.every((share) => share.status === 'paid')) {
        payment.duplicateOf = await this.options.payments.findPaymentOfShare(tx, session.id, shares[0]!);
      }
      await this.options.refunds?.refundOwed(tx, session, 'payment could not count toward the session', payment);
      return;
    }
    for (const share of shares) {
      share.status = 'paid';
      if (payment.coversParticipantIds) share.coveredByPaymentId = payment.id;
    }
    // Other checkouts for these shares would take money nobody can use. Only with a
    // partnerCancelUrl: abandoning them shows on the wire, where they stay `redirected` otherwise.
    if (this.options.calls && session.integration.partnerCancelUrl) {
      const others = await this.options.payments.abandonLiveAttempts(tx, shareIds, { except: payment.id, covering: true });
      await this.options.calls.requestCancels(tx, session, others, 'share_paid');
    }
    if (group && claim) {
      // An open group's claim counts by its places; it never completes the session here (the end does).
      await this.options.claims!.count(tx, session, group, claim, payment, now);
      await this.options.payments.save(tx);
      await this.options.events.publish(tx, 'sharePaid', { session, payment, at: now });
      return;
    }
    const paidAfter = session.paidMinor + payment.amountMinor;
    session.status = (manual ? recordHold : recordAuthorization)(session.status, paidAfter, session.amountMinor);
    session.paidMinor = paidAfter;
    session.version += 1;
    await this.options.announcer.announce(tx, session.id);
    if (session.status === 'capturing') {
      // Every share is held: one capture per hold, in this transaction; completion waits for them.
      await this.options.payments.save(tx);
      await this.options.calls?.requestCaptures(tx, session, await this.options.payments.heldPayments(tx, session.id));
    }
    if (session.status === 'completed') {
      session.completedAt = now;
      // The completion event reads the payments as they now stand.
      await this.options.payments.save(tx);
      const payments = await this.options.payments.countedPayments(tx, session.id);
      await this.options.events.publish(tx, 'sessionCompleted', { session, payments, at: now });
    }
    await this.options.payments.save(tx);
    await this.options.events.publish(tx, 'sharePaid', { session, payment, at: now });
  }

  /**
   * Manual capture: a hold that cannot count (its share was paid by another payment, changed, or
   * the session ended) is released through a cancel, never refunded: nothing was taken.
   * `cancelled`: the cancel of its checkout that had already succeeded, if one had.
   */
  private async releaseUnusableHold(
    tx: EntityManager,
    session: Session,
    payment: Payment,
    shares: readonly Pick<Participant, 'id' | 'status' | 'coveredByPaymentId'>[],
    cancelled: PaymentCall | null,
    openGroup: boolean,
  ) {
    const duplicate = shares.length > 0 && shares.every((share) => share.status === 'paid');
    const reason: CancelReason =
      session.status === 'expired'
        ? 'session_expired'
        : session.status === 'cancelled'
          ? 'session_cancelled'
          : duplicate
            ? 'duplicate'
            : openGroup
              ? 'cannot_count'
              : 'share_changed';
    if (duplicate) payment.duplicateOf = await this.options.payments.findPaymentOfShare(tx, session.id, shares[0]!);
    // Kept and flagged like any money that cannot count, so no capture and no completion counts it;
    // a hold is never refunded (MONEY_TAKEN), so the flag only says it is being released.
    payment.refundRequired = true;
    if (cancelled) {
      // Its checkout was cancelled before this authorization arrived: the merchant said nothing can
      // be taken there, so the hold counts as released now (no second cancel: one succeeded).
      payment.status = 'released';
      const at = sessionNow(session, this.now());
      payment.releasedAt = at;
      await this.options.events.publish(tx, 'paymentReleased', { session, payment, call: cancelled, at });
      return;
    }
    const held = { id: payment.id, payerId: payment.payerId, amountMinor: payment.amountMinor, previousStatus: payment.status };
    await this.options.calls?.requestCancels(tx, session, [held], reason);
  }

  private reply(session: Session, payment: Payment): RecordedPayment {
    const base = `${this.options.publicBaseUrl}/pay/${session.id}`;
    return {
      paymentId: payment.id,
      sessionId: session.id,
      participantId: payment.payerId,
      paymentStatus: payment.status,
      sessionStatus: session.status,
      paidMinor: session.paidMinor.toString(),
      remainingMinor: (session.amountMinor - session.paidMinor).toString(),
      refundRequired: payment.refundRequired,
      // Neither address carries a token: the payer's browser holds the session cookie.
      serviceHostResumeUrl: `${base}?resume=host&payment=${payment.id}`,
      serviceParticipantReturnUrl: `${base}?resume=participant&payment=${payment.id}`,
      ...(payment.holdExpiresAt ? { holdExpiresAt: payment.holdExpiresAt.toISOString() } : {}),
    };
  }
}
