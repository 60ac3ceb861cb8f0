import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  assertPayable,
  ErrorCode,
  formatMinorAsMajor,
  isTerminalStatus,
  isUuid,
  parseMinorAmount,
  recordAuthorization,
  requireCurrency,
} from '@paysplit/domain';
import type { Logger } from '../../logger.js';
import type { Viewer } from '../access/session-access.js';
import type { MerchantPrincipal } from '../integrations/api-key-authentication.service.js';
import type { SigningSecretsService } from '../integrations/signing-secrets.service.js';
import { Participant } from '../sessions/participant.entity.js';
import { Session } from '../sessions/session.entity.js';
import { announceSessionChange } from '../live/session-changes.js';
import { endSession } from '../sessions/session-ending.js';
import { assertStorableText } from '../sessions/session-plan.js';
import { emitPaymentRecorded, emitSessionCompleted } from '../webhooks/session-events.js';
import { PartnerCallError, type PartnerClient } from './partner-client.js';
import { LIVE_PAYMENT_STATUSES, Payment, type RecordAction } from './payment.entity.js';

export interface StartedPayment {
  paymentId: string;
  redirectUrl: string;
}

export interface RecordPaymentCommand {
  paymentId: string;
  action: RecordAction;
  processorReference?: string | null;
  /** With fail: the processor's reason, for the administrators; without one we say the merchant reported it. */
  failureReason?: string | null;
  amountMinor?: string | null;
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
}

export interface PaymentServiceOptions {
  publicBaseUrl: string;
  signingSecrets: SigningSecretsService;
  partner: PartnerClient;
  logger: Logger;
  now?: () => Date;
}

export class PaymentService {
  private readonly now: () => Date;

  constructor(private readonly options: PaymentServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Claims the one live attempt of a participant (an older unfinished one is abandoned), then
   * asks the merchant for a checkout address outside any transaction.
   */
  async startPayment(
    em: EntityManager,
    viewer: Viewer,
    participantId: string | null,
    options: { coverRemaining?: boolean } = {},
  ): Promise<StartedPayment> {
    const payerId = participantId ?? viewer.participantId;
    if (!payerId) throw new AppError(ErrorCode.InvalidState, 'The host has not configured the participants yet');
    if (viewer.role === 'participant' && (payerId !== viewer.participantId || options.coverRemaining)) {
      throw new AppError(ErrorCode.Forbidden, 'You can only pay your own share');
    }
    if (viewer.role === 'host' && payerId !== viewer.participantId) {
      throw new AppError(ErrorCode.Forbidden, 'The host pays their own share here; each participant pays theirs from their invite link');
    }
    const claim = await em.transactional(async (tx) => {
      const session = await tx.findOne(
        Session,
        { id: viewer.sessionId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['integration'] },
      );
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${viewer.sessionId} not found`);
      assertPayable(session.status);
      if (session.expiresAt.getTime() <= this.now().getTime()) {
        throw new AppError(ErrorCode.SessionNotPayable, 'This session has expired');
      }
      const participant = await tx.findOne(Participant, { id: payerId, session: session.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!participant) throw new AppError(ErrorCode.NotFound, 'No such participant in this session');
      // Covering the rest: one payment for every unpaid share, the host's own included.
      const covered = options.coverRemaining
        ? await tx.find(
            Participant,
            { session: session.id, status: 'pending' },
            { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { position: 'asc' } },
          )
        : [participant];
      if (covered.length === 0 || (!options.coverRemaining && participant.status === 'paid')) {
        throw new AppError(ErrorCode.InvalidState, options.coverRemaining ? 'Every share is already paid' : 'This share is already paid');
      }
      await tx.nativeUpdate(
        Payment,
        { participant: { $in: covered.map((share) => share.id) }, status: { $in: [...LIVE_PAYMENT_STATUSES] } },
        { status: 'abandoned' },
      );
      const payment = tx.create(Payment, {
        session,
        participant,
        payerId: participant.id,
        payerRole: participant.isHost ? 'host' : 'participant',
        amountMinor: covered.reduce((sum, share) => sum + share.amountMinor, 0n),
        coversParticipantIds: options.coverRemaining ? covered.map((share) => share.id) : null,
        createdAt: this.now(),
      });
      await tx.flush();
      return { payment, session, integration: session.integration };
    });
    const { payment, session, integration } = claim;
    const currency = requireCurrency(session.currency);
    try {
      if (!integration.partnerCreatePaymentUrl) throw new PartnerCallError('the integration has no partnerCreatePaymentUrl');
      if (session.mode === 'live' && !integration.partnerCreatePaymentUrl.startsWith('https://')) {
        throw new PartnerCallError('live mode requires an https partnerCreatePaymentUrl');
      }
      const { partner: secret } = await this.options.signingSecrets.currentSecrets(em.fork(), integration.id);
      const redirectUrl = await this.options.partner.createPayment(integration.partnerCreatePaymentUrl, secret, {
        type: 'partner.payment.create',
        paymentId: payment.id,
        sessionId: session.id,
        participantId: payment.payerId,
        payerRole: payment.payerRole,
        amountMinor: payment.amountMinor.toString(),
        amount: formatMinorAsMajor(payment.amountMinor, currency),
        currency: currency.code,
        mode: session.mode,
        orderReference: session.orderReference ?? null,
        metadata: session.metadata,
        cancelReturnUrl: `${this.options.publicBaseUrl}/pay/${session.id}?cancelled=1`,
      });
      const updated = await em.fork().nativeUpdate(Payment, { id: payment.id, status: 'creating' }, { status: 'redirected', redirectUrl });
      if (updated === 0) throw new AppError(ErrorCode.InvalidState, 'A newer payment attempt for this share replaced this one');
      return { paymentId: payment.id, redirectUrl };
    } catch (error) {
      if (error instanceof PartnerCallError) {
        await em.fork().nativeUpdate(Payment, { id: payment.id, status: 'creating' }, { status: 'failed', failureReason: error.reason });
      }
      throw error;
    }
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
    return em.transactional(async (tx) => {
      const located = await tx.findOne(Payment, { id: command.paymentId }, { fields: ['id', 'session'] });
      const sessionId = located?.session.id;
      // Lock order everywhere: session, then participant, then payment.
      const session = sessionId
        ? await tx.findOne(
            Session,
            { id: sessionId, integration: merchant.integrationId },
            { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['integration'] },
          )
        : null;
      if (!session) throw new AppError(ErrorCode.PaymentNotFound, `Payment ${command.paymentId} not found`);
      const payment = await tx.findOneOrFail(Payment, { id: command.paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
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
        if (payment.status !== 'authorized' || !payment.refundRequired) {
          throw new AppError(ErrorCode.InvalidState, 'Nothing to refund: this payment is not listed in refundsOwed');
        }
        payment.refundedAt = this.now();
      } else if (command.action === 'fail') {
        if (payment.status === 'authorized')
          throw new AppError(ErrorCode.InvalidState, 'This payment is already authorized; it cannot be marked failed');
        payment.status = 'failed';
        payment.failureReason = command.failureReason?.trim().slice(0, 200) || 'reported failed by the merchant';
      } else {
        // A session past its deadline ends now, whether or not the expiry job got to it yet.
        if (!isTerminalStatus(session.status) && session.expiresAt.getTime() <= this.now().getTime()) {
          await endSession(tx, session, { to: 'expired' }, this.now());
        }
        await this.authorize(tx, session, payment);
        await emitPaymentRecorded(tx, session, payment, this.now());
      }
      const reply = this.reply(session, payment);
      payment.recordReplies = { ...payment.recordReplies, [command.action]: reply as unknown as Record<string, unknown> };
      await tx.flush();
      return reply;
    });
  }

  private async authorize(tx: EntityManager, session: Session, payment: Payment): Promise<void> {
    const now = this.now();
    payment.status = 'authorized';
    payment.authorizedAt = now;
    const shareIds = payment.coversParticipantIds ?? (payment.participant ? [payment.participant.id] : []);
    const shares = shareIds.length ? await tx.find(Participant, { id: { $in: shareIds } }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : [];
    const sharesSum = shares.reduce((sum, share) => sum + share.amountMinor, 0n);
    // Money that cannot count toward the session is kept and flagged, never dropped (decisions §6).
    const usable =
      shares.length > 0 &&
      shares.length === shareIds.length &&
      shares.every((share) => share.status === 'pending') &&
      sharesSum === payment.amountMinor &&
      !isTerminalStatus(session.status) &&
      session.status !== 'unconfigured';
    if (!usable) {
      payment.refundRequired = true;
      return;
    }
    for (const share of shares) {
      share.status = 'paid';
      if (payment.coversParticipantIds) share.coveredByPaymentId = payment.id;
    }
    const paidAfter = session.paidMinor + payment.amountMinor;
    session.status = recordAuthorization(session.status, paidAfter, session.amountMinor);
    session.paidMinor = paidAfter;
    session.version += 1;
    await announceSessionChange(tx, session.id);
    if (session.status === 'completed') {
      session.completedAt = now;
      await tx.flush();
      await emitSessionCompleted(tx, session, now);
    }
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
    };
  }
}
