import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, assertPayable, ErrorCode, formatMinorAsMajor, requireCurrency, sessionNow } from '@paysplit/domain';
import type { Viewer } from '../access/session-access.js';
import type { SigningSecretsService } from '../../integrations/index.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { Payment } from './payment.entity.js';
import { assertClaimHeld } from '../open-groups/open-group-state.js';
import { PartnerCallError, type PartnerClient } from './partner-client.js';
import type { PaymentCallService } from './payment-call.service.js';
import type { PaymentRepository } from './payment.repository.js';

export interface StartedPayment {
  paymentId: string;
  redirectUrl: string;
}

export interface PaymentStartOptions {
  publicBaseUrl: string;
  sessions: SessionRepository;
  payments: PaymentRepository;
  signingSecrets: SigningSecretsService;
  partner: PartnerClient;
  /** Tells the merchant the checkouts of replaced attempts will not be used (with a partnerCancelUrl). */
  calls?: PaymentCallService;
  now?: () => Date;
}

/** A payer starts paying: one live attempt per share, then the merchant's checkout address. */
export class PaymentStartService {
  private readonly now: () => Date;

  constructor(private readonly options: PaymentStartOptions) {
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
    const { sessions, payments } = this.options;
    const { payment, session } = await em.transactional(async (tx) => {
      const session = await sessions.lockSessionWithIntegration(tx, { id: viewer.sessionId });
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${viewer.sessionId} not found`);
      assertPayable(session.status);
      if (session.expiresAt.getTime() <= sessionNow(session, this.now()).getTime()) {
        throw new AppError(ErrorCode.SessionNotPayable, 'This session has expired');
      }
      const participant = await sessions.lockParticipant(tx, payerId, session.id);
      if (!participant) throw new AppError(ErrorCode.NotFound, 'No such participant in this session');
      // An open group's payer pays again only while their claim still holds its places.
      if (session.openGroupPricing !== null) assertClaimHeld(participant, sessionNow(session, this.now()));
      // Covering the rest: one payment for every unpaid share, the host's own included.
      const covered = options.coverRemaining ? await sessions.lockUnpaidParticipants(tx, session.id) : [participant];
      if (covered.length === 0 || (!options.coverRemaining && participant.status === 'paid')) {
        throw new AppError(ErrorCode.InvalidState, options.coverRemaining ? 'Every share is already paid' : 'This share is already paid');
      }
      const coveredIds = covered.map((share) => share.id);
      const replaced = await payments.abandonLiveAttempts(tx, coveredIds);
      await this.options.calls?.requestCancels(tx, session, replaced, 'replaced');
      const payment = await payments.insertPayment(tx, {
        session,
        participant,
        payerRole: participant.isHost ? 'host' : 'participant',
        amountMinor: covered.reduce((sum, share) => sum + share.amountMinor, 0n),
        coversParticipantIds: options.coverRemaining ? coveredIds : null,
        captureMethod: session.captureMethod,
        createdAt: sessionNow(session, this.now()),
      });
      return { payment, session };
    });
    return this.requestCheckout(em, session, payment);
  }

  /**
   * The partner create-payment call for a payment just written (outside any transaction): the
   * merchant's checkout address, or PARTNER_CALL_FAILED with the payment marked failed. An open
   * group's join makes the same call for the claim it reserved.
   */
  async requestCheckout(em: EntityManager, session: Session, payment: Payment): Promise<StartedPayment> {
    const { payments } = this.options;
    const integration = session.integration;
    const currency = requireCurrency(session.currency);
    try {
      if (!integration.partnerCreatePaymentUrl) throw new PartnerCallError('the integration has no partnerCreatePaymentUrl');
      if (session.mode === 'live' && !integration.partnerCreatePaymentUrl.startsWith('https://')) {
        throw new PartnerCallError('live mode requires an https partnerCreatePaymentUrl');
      }
      const { partner: secret } = await this.options.signingSecrets.currentSecrets(em.fork(), integration.id);
      const redirectUrl = await this.options.partner.createPayment(integration.id, integration.partnerCreatePaymentUrl, secret, {
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
        // Manual capture: hold the share, and keep the hold until the deadline (absent otherwise: the wire is unchanged).
        ...(session.captureMethod === 'manual'
          ? { captureMethod: 'manual' as const, sessionExpiresAt: session.expiresAt.toISOString() }
          : {}),
      });
      if (!(await payments.markRedirected(em.fork(), payment.id, redirectUrl))) {
        throw new AppError(ErrorCode.InvalidState, 'A newer payment attempt for this share replaced this one');
      }
      return { paymentId: payment.id, redirectUrl };
    } catch (error) {
      if (error instanceof PartnerCallError) await payments.markCreationFailed(em.fork(), payment.id, error.reason);
      throw error;
    }
  }
}
