import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, type CancelReason, ErrorCode, isUuid, sessionNow } from '@paysplit/domain';
import type { PartnerCallAnswer } from '../../../jobs/partner-call.job.js';
import type { MerchantPrincipal } from '../../integrations/index.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { PaymentCall, PaymentCallKind, PaymentCallReason } from './payment-call.entity.js';
import type { PaymentCallRepository } from './payment-call.repository.js';
import type { Payment } from './payment.entity.js';
import type { AbandonedPayment, PaymentRepository } from './payment.repository.js';

/** Why a cancel fails when its calls are never answered (a capture never fails that way: it stays pending). */
export const CANCEL_NO_ANSWER_REASON = "the merchant's cancel endpoint did not answer";

/** What the merchant's endpoint made of one payment call. */
export type PaymentCallAnswer = PartnerCallAnswer<{ processorReference: string | null; failureReason: string | null }>;

/** A cancel or a capture as the API shows it (REST and GraphQL); `id` is the cancelId or captureId. */
export interface PaymentCallRecord {
  id: string;
  kind: PaymentCallKind;
  paymentId: string;
  participantId: string;
  amountMinor: string;
  currency: string;
  reason: PaymentCallReason;
  status: PaymentCall['status'];
  processorReference: string | null;
  failureReason: string | null;
  createdAt: string;
  settledAt: string | null;
  attempts: number;
}

export interface SettleCallCommand {
  status: 'succeeded' | 'failed';
  processorReference?: string | null;
  failureReason?: string | null;
}

export interface PaymentCallServiceOptions {
  calls: PaymentCallRepository;
  sessions: SessionRepository;
  payments: PaymentRepository;
  /** PARTNER_TIMEOUT_MS: a cancel of a payment whose create call may still be running waits this long. */
  partnerTimeoutMs: number;
  /** What a settled call does to its payment and session (releases, captures), in the settling transaction. */
  onSettled?: (tx: EntityManager, session: Session, payment: Payment, call: PaymentCall) => Promise<void>;
  now?: () => Date;
}

/** The id's name in messages and on the wire, per kind. */
const NOUN: Record<PaymentCallKind, string> = { cancel: 'Cancellation', capture: 'Capture' };

export function toPaymentCallRecord(call: PaymentCall): PaymentCallRecord {
  return {
    id: call.id,
    kind: call.kind,
    paymentId: call.payment.id,
    participantId: call.payerId,
    amountMinor: call.amountMinor.toString(),
    currency: call.currency,
    reason: call.reason,
    status: call.status,
    processorReference: call.processorCallReference ?? null,
    failureReason: call.failureReason ?? null,
    createdAt: call.createdAt.toISOString(),
    settledAt: call.settledAt?.toISOString() ?? null,
    attempts: call.attemptCount,
  };
}

/**
 * The calls PaySplit makes to the merchant about one payment (docs/plans/hold-then-charge.md):
 * writing them in the transaction of their cause, deciding what each answer does, and the
 * merchant's settle routes. Cancels need a partnerCancelUrl; captures come with captureMethod manual.
 */
export class PaymentCallService {
  private readonly now: () => Date;

  constructor(private readonly options: PaymentCallServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Asks the merchant to cancel payments that will not be used (`partner.payment.cancel`), in the
   * caller's transaction with the session locked. Nothing happens without a partnerCancelUrl. A
   * payment that was still `creating` may yet get its checkout from the create call in flight, so
   * its cancel waits PARTNER_TIMEOUT_MS, until that call has ended either way.
   */
  async requestCancels(tx: EntityManager, session: Session, payments: readonly AbandonedPayment[], reason: CancelReason): Promise<void> {
    if (payments.length === 0) return;
    await this.options.sessions.loadIntegration(tx, session);
    if (!session.integration.partnerCancelUrl) return;
    const timeout = this.options.partnerTimeoutMs;
    await this.insert(tx, session, 'cancel', reason, payments, (payment) => (payment.previousStatus === 'creating' ? timeout : 0));
  }

  /** The payment's cancel that has not failed (pending or succeeded), if there is one: at most one exists. */
  activeCancel(tx: EntityManager, paymentId: string): Promise<PaymentCall | null> {
    return this.options.calls.activeCall(tx, paymentId, 'cancel');
  }

  /** A cancel of the payment the merchant already said succeeded, if there is one. */
  async succeededCancel(tx: EntityManager, paymentId: string): Promise<PaymentCall | null> {
    const call = await this.activeCancel(tx, paymentId);
    return call?.status === 'succeeded' ? call : null;
  }

  /**
   * Every share of a manual session is held: one `partner.payment.capture` per held payment, in the
   * transaction that moved the session to `capturing` (the outbox), due at once.
   */
  async requestCaptures(tx: EntityManager, session: Session, held: readonly Payment[]): Promise<void> {
    await this.insert(tx, session, 'capture', 'session_complete', held, () => 0);
  }

  /** One call of the kind per payment, in the caller's transaction, each due `dueInMs` after the commit. */
  private async insert<P extends Pick<Payment, 'id' | 'payerId' | 'amountMinor'>>(
    tx: EntityManager,
    session: Session,
    kind: PaymentCallKind,
    reason: PaymentCallReason,
    payments: readonly P[],
    dueInMs: (payment: P) => number,
  ): Promise<void> {
    const createdAt = sessionNow(session, this.now());
    await this.options.calls.insertCalls(
      tx,
      payments.map((payment) => ({
        sessionId: session.id,
        paymentId: payment.id,
        payerId: payment.payerId,
        kind,
        reason,
        amountMinor: payment.amountMinor,
        currency: session.currency,
        dueInMs: dueInMs(payment),
        createdAt,
      })),
    );
  }

  /**
   * What an attempt's answer does, in the transaction recording it: `succeeded` / `failed` settle
   * the call; `pending` leaves it for the merchant to settle. No answer changes nothing until the
   * attempts are used up (`exhausted`); then a cancel fails, while a capture stays pending: failing
   * it could reopen a share the processor did charge. A call the merchant settled otherwise
   * meanwhile keeps that outcome: the conflict is returned, not thrown.
   */
  async applyCallAnswer(
    tx: EntityManager,
    call: { id: string; kind: PaymentCallKind },
    answer: PaymentCallAnswer,
    exhausted: boolean,
  ): Promise<{ conflict?: AppError }> {
    let outcome: SettleCallCommand | undefined;
    if (answer.kind === 'answered') {
      if (answer.status !== 'pending') {
        outcome = { status: answer.status, processorReference: answer.processorReference, failureReason: answer.failureReason };
      }
    } else if (exhausted && call.kind === 'cancel') outcome = { status: 'failed', failureReason: CANCEL_NO_ANSWER_REASON };
    if (!outcome) return {};
    try {
      await this.settle(tx, call.kind, call.id, outcome);
      return {};
    } catch (error) {
      if (error instanceof AppError) return { conflict: error };
      throw error;
    }
  }

  /** POST /api/v1/payments/{cancellations|captures}/{id}/settle, settleCancellation and settleCapture. */
  async settleForMerchant(
    em: EntityManager,
    merchant: MerchantPrincipal,
    kind: PaymentCallKind,
    callId: string,
    command: SettleCallCommand,
  ): Promise<PaymentCallRecord> {
    if (!isUuid(callId)) throw new AppError(ErrorCode.NotFound, `${NOUN[kind]} ${callId} not found`);
    if (command.status !== 'succeeded' && command.status !== 'failed') {
      throw new AppError(ErrorCode.ValidationError, 'status must be succeeded or failed', [
        { path: 'status', message: 'must be succeeded or failed' },
      ]);
    }
    const settle: SettleCallCommand = {
      status: command.status,
      processorReference: command.processorReference?.trim().slice(0, 255) || null,
      failureReason: command.failureReason?.trim().slice(0, 200) || null,
    };
    return em.transactional(async (tx) =>
      toPaymentCallRecord(await this.settle(tx, kind, callId.toLowerCase(), settle, merchant.integrationId)),
    );
  }

  /**
   * Settles a call in the caller's transaction: the session locked first, then its payment, then the
   * call. The same outcome again changes nothing; the other outcome of a settled call is
   * INVALID_STATE. An unknown call, or another integration's, is NOT_FOUND. Settling ends the calls,
   * and `onSettled` applies the outcome to the payment and session.
   */
  async settle(
    tx: EntityManager,
    kind: PaymentCallKind,
    callId: string,
    outcome: SettleCallCommand,
    integrationId?: string,
  ): Promise<PaymentCall> {
    const { calls, sessions, payments } = this.options;
    const located = await calls.locate(tx, callId, kind, integrationId);
    const session = located ? await sessions.lockSessionWithIntegration(tx, { id: located.sessionId }) : null;
    if (!located || !session) throw new AppError(ErrorCode.NotFound, `${NOUN[kind]} ${callId} not found`);
    const payment = await payments.lockPayment(tx, located.paymentId);
    const call = await calls.lockCall(tx, callId);
    if (call.status !== 'pending') {
      if (call.status === outcome.status) return call;
      throw new AppError(
        ErrorCode.InvalidState,
        `This ${NOUN[kind].toLowerCase()} is already ${call.status}; it cannot be settled as ${outcome.status}`,
      );
    }
    call.status = outcome.status;
    call.settledAt = sessionNow(session, this.now());
    call.callStatus = 'done';
    if (outcome.processorReference) call.processorCallReference = outcome.processorReference;
    if (outcome.status === 'failed') call.failureReason = outcome.failureReason || 'reported failed by the merchant';
    await calls.save(tx);
    await this.options.onSettled?.(tx, session, payment, call);
    return call;
  }
}
