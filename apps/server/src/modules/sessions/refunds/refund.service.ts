import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  allocateRefund,
  checkAllocations,
  ErrorCode,
  isUuid,
  readRefundRequest,
  type RefundablePayment,
  type RefundPart,
  type RefundRequestInput,
  sessionNow,
  totalRefundable,
} from '@paysplit/domain';
import type { SecretBox } from '../../../security/secret-box.js';
import type { MerchantPrincipal } from '../../integrations/index.js';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { Payment } from '../payments/payment.entity.js';
import { checkIdempotencyKey, fingerprint, runIdempotently } from '../idempotency.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { PartnerRefundOutcome } from './refund-call.job.js';
import { conflictOnly, settlementOf } from './refund-call-answer.js';
import type { SessionEventBus } from '../events.js';
import type { Refund, RefundPurpose, RefundSource } from './refund.entity.js';
import type { RefundRepository } from './refund.repository.js';

/** A refund as the API shows it (REST and GraphQL); plain data so an idempotent replay returns it as it was. */
export interface RefundRecord {
  refundId: string;
  paymentId: string;
  participantId: string;
  amountMinor: string;
  currency: string;
  status: Refund['status'];
  reason: string | null;
  source: RefundSource;
  purpose: RefundPurpose;
  processorRefundReference: string | null;
  failureReason: string | null;
  createdAt: string;
  settledAt: string | null;
  attempts: number;
}

export interface RefundSessionResult {
  sessionId: string;
  currency: string;
  capturedMinor: string;
  refundedMinor: string;
  refundableMinor: string;
  pendingRefundMinor: string;
  refunds: RefundRecord[];
}

export interface SettleRefundCommand {
  status: 'succeeded' | 'failed';
  processorRefundReference?: string | null;
  failureReason?: string | null;
}

export interface RefundServiceOptions {
  sessions: SessionRepository;
  refunds: RefundRepository;
  secretBox: SecretBox;
  announcer: SessionChangeAnnouncer;
  /** The webhooks module reacts to a settled refund in its transaction. */
  events: SessionEventBus;
  now?: () => Date;
}

/** What is still refundable on a payment: nothing once refunded by hand, else what no refund (not failed) holds. */
export function refundableOf(payment: Payment): bigint {
  return payment.refundedAt ? 0n : payment.amountMinor - payment.refundReservedMinor;
}

export function toRefundRecord(refund: Refund): RefundRecord {
  return {
    refundId: refund.id,
    paymentId: refund.payment.id,
    participantId: refund.payerId,
    amountMinor: refund.amountMinor.toString(),
    currency: refund.currency,
    status: refund.status,
    reason: refund.reason ?? null,
    source: refund.source,
    purpose: refund.purpose,
    processorRefundReference: refund.processorRefundReference ?? null,
    failureReason: refund.failureReason ?? null,
    createdAt: refund.createdAt.toISOString(),
    settledAt: refund.settledAt?.toISOString() ?? null,
    attempts: refund.attemptCount,
  };
}

/**
 * Refunds (issue 15): the merchant's refunds of a session, automatic refunds of money a session
 * cannot use, and settling them. Every write locks the session, then its payments, then the
 * refund, inside one transaction; the payment's CHECK keeps refunds within what was paid.
 */
export class RefundService {
  constructor(private readonly options: RefundServiceOptions) {}

  private readonly now: () => Date = this.options.now ?? (() => new Date());

  /** POST /api/v1/payments/sessions/{id}/refunds and the refundSession mutation. */
  async refundSession(
    em: EntityManager,
    merchant: MerchantPrincipal,
    sessionId: string,
    input: RefundRequestInput,
    idempotencyKey?: string | null,
  ): Promise<RefundSessionResult> {
    const request = readRefundRequest(input);
    if (!isUuid(sessionId)) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    const work = (tx: EntityManager): Promise<RefundSessionResult> =>
      this.createMerchantRefunds(tx, merchant.integrationId, sessionId.toLowerCase(), request);
    if (idempotencyKey == null) return em.transactional(work);
    checkIdempotencyKey(idempotencyKey);
    return runIdempotently(
      em,
      { secretBox: this.options.secretBox, now: this.now },
      {
        integrationId: merchant.integrationId,
        key: idempotencyKey,
        requestHash: fingerprint({ refundOf: sessionId.toLowerCase(), ...request }),
      },
      work,
    );
  }

  private async createMerchantRefunds(
    tx: EntityManager,
    integrationId: string,
    sessionId: string,
    request: ReturnType<typeof readRefundRequest>,
  ): Promise<RefundSessionResult> {
    const session = await this.options.refunds.lockSession(tx, { id: sessionId, integration: integrationId });
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    if (!session.integration.partnerRefundUrl) {
      throw new AppError(
        ErrorCode.RefundsNotConfigured,
        'This integration has no partnerRefundUrl: set one to refund through PaySplit, or refund at your processor and record action refund',
      );
    }
    const payments = await this.options.refunds.lockCapturedPayments(tx, session.id);
    if (payments.length === 0) throw new AppError(ErrorCode.NothingToRefund, 'This session has no captured payment to refund');
    const refundable: RefundablePayment[] = payments.map((payment) => ({
      paymentId: payment.id,
      paidMinor: payment.amountMinor,
      refundableMinor: refundableOf(payment),
    }));
    let parts: RefundPart[];
    if (request.allocations) parts = checkAllocations(request.allocations, refundable);
    else {
      const left = totalRefundable(refundable);
      if (left === 0n)
        throw new AppError(ErrorCode.NothingToRefund, 'Everything captured on this session is already refunded or being refunded');
      parts = allocateRefund(request.amountMinor ?? left, refundable);
    }
    const byId = new Map(payments.map((payment) => [payment.id, payment]));
    const created = await this.options.refunds.insertRefunds(
      tx,
      parts.map((part) => ({
        session,
        payment: byId.get(part.paymentId)!,
        amountMinor: part.amountMinor,
        source: 'merchant' as const,
        reason: request.reason,
        createdAt: sessionNow(session, this.now()),
      })),
    );
    await this.options.announcer.announce(tx, session.id);
    return { ...summarize(session, payments), refunds: created.map(toRefundRecord) };
  }

  /**
   * Automatic refunds, in the caller's transaction (the one that made the money owed), with the
   * session already locked: each payment owed back gets a refund of what is still refundable on
   * it. Without a partnerRefundUrl nothing happens: the payments stay in refundsOwed.
   */
  async refundOwed(tx: EntityManager, session: Session, reason: string, only?: Payment): Promise<void> {
    if (!session.integration.partnerRefundUrl) return;
    const owed = only ? [only] : await this.options.refunds.lockOwedPayments(tx, session.id);
    const due = owed.filter((payment) => payment.refundRequired && refundableOf(payment) > 0n);
    if (due.length === 0) return;
    await this.options.refunds.insertRefunds(
      tx,
      due.map((payment) => ({
        session,
        payment,
        amountMinor: refundableOf(payment),
        source: 'automatic' as const,
        reason,
        createdAt: sessionNow(session, this.now()),
      })),
    );
    await this.options.announcer.announce(tx, session.id);
  }

  /** POST /api/v1/payments/refunds/{id}/settle and settleRefund: the merchant settles a pending refund. */
  async settleForMerchant(
    em: EntityManager,
    merchant: MerchantPrincipal,
    refundId: string,
    command: SettleRefundCommand,
  ): Promise<RefundRecord> {
    if (!isUuid(refundId)) throw new AppError(ErrorCode.RefundNotFound, `Refund ${refundId} not found`);
    const reference = command.processorRefundReference?.trim().slice(0, 255) || null;
    const failureReason = command.failureReason?.trim().slice(0, 200) || null;
    if (command.status !== 'succeeded' && command.status !== 'failed') {
      throw new AppError(ErrorCode.ValidationError, 'status must be succeeded or failed', [
        { path: 'status', message: 'must be succeeded or failed' },
      ]);
    }
    return em.transactional(async (tx) => {
      const refund = await this.settle(
        tx,
        refundId.toLowerCase(),
        { status: command.status, processorRefundReference: reference, failureReason },
        merchant.integrationId,
      );
      return toRefundRecord(refund);
    });
  }

  /** Settles a refund as its partner call's answer says (settlementOf), in the transaction recording the call. */
  async applyCallAnswer(
    tx: EntityManager,
    refundId: string,
    answer: PartnerRefundOutcome,
    exhausted: boolean,
  ): Promise<{ conflict?: AppError }> {
    const outcome = settlementOf(answer, exhausted);
    // A refund the merchant settled otherwise meanwhile keeps that outcome; the attempt is still recorded.
    return outcome ? this.settle(tx, refundId, outcome).then(() => ({}), conflictOnly) : {};
  }

  /**
   * Settles a refund in the caller's transaction: session, then payment, then refund locked. The
   * same outcome again changes nothing (idempotent); another outcome of a settled refund is
   * INVALID_STATE. A success moves the money into refundedMinor (a duplicate's into duplicateRefundedMinor too; a payment owed
   * back and refunded in full leaves refundsOwed); a failure frees its amount to be refunded again.
   */
  async settle(tx: EntityManager, refundId: string, outcome: SettleRefundCommand, integrationId?: string): Promise<Refund> {
    const { refunds } = this.options;
    const located = await refunds.locate(tx, refundId, integrationId);
    const session = located ? await refunds.lockSession(tx, { id: located.sessionId }) : null;
    if (!located || !session) throw new AppError(ErrorCode.RefundNotFound, `Refund ${refundId} not found`);
    const payment = await refunds.lockPayment(tx, located.paymentId);
    const refund = await refunds.lockCall(tx, refundId);
    if (refund.status !== 'pending') {
      if (refund.status === outcome.status) return refund;
      throw new AppError(ErrorCode.InvalidState, `This refund is already ${refund.status}; it cannot be settled as ${outcome.status}`);
    }
    const now = sessionNow(session, this.now());
    refund.status = outcome.status;
    refund.settledAt = now;
    refund.callStatus = 'done';
    if (outcome.processorRefundReference) refund.processorRefundReference = outcome.processorRefundReference;
    if (outcome.status === 'succeeded') {
      payment.refundedMinor += refund.amountMinor;
      session.refundedMinor += refund.amountMinor;
      if (refund.purpose === 'duplicate') session.duplicateRefundedMinor += refund.amountMinor;
      // Refunded in full: nothing is owed on it, whether it was owed already or the session ends later.
      if (payment.refundedMinor === payment.amountMinor) payment.refundedAt = now;
    } else {
      payment.refundReservedMinor -= refund.amountMinor;
      refund.failureReason = outcome.failureReason || 'reported failed by the merchant';
    }
    session.version += 1;
    await refunds.save(tx);
    await this.options.events.publish(tx, 'refundSettled', { session, refund, at: now });
    await this.options.announcer.announce(tx, session.id);
    return refund;
  }
}

/** The session's refund totals over its captured payments. */
export function summarize(session: Session, payments: readonly Payment[]): Omit<RefundSessionResult, 'refunds'> {
  let captured = 0n;
  let reserved = 0n;
  let refunded = 0n;
  let refundable = 0n;
  for (const payment of payments) {
    captured += payment.amountMinor;
    reserved += payment.refundReservedMinor;
    refunded += payment.refundedMinor;
    refundable += refundableOf(payment);
  }
  return {
    sessionId: session.id,
    currency: session.currency,
    capturedMinor: captured.toString(),
    refundedMinor: refunded.toString(),
    refundableMinor: refundable.toString(),
    pendingRefundMinor: (reserved - refunded).toString(),
  };
}
