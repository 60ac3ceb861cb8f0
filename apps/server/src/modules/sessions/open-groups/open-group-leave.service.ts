import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, groupAmountMinor, isTipped, SessionStatus, sessionNow } from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { Viewer } from '../access/session-access.js';
import type { PaymentCallService } from '../payments/payment-call.service.js';
import type { PaymentRepository } from '../payments/payment.repository.js';
import type { RefundService } from '../refunds/refund.service.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import { countPlaces, openGroupOf, termsOf } from './open-group-state.js';

export interface OpenGroupLeaveOptions {
  sessions: SessionRepository;
  payments: PaymentRepository;
  calls: PaymentCallService;
  refunds: RefundService;
  announcer: SessionChangeAnnouncer;
  now?: () => Date;
}

/**
 * A payer leaves an open group before it tips (docs/plans/open-groups.md §4): their places are
 * free at once and their money goes back. After it tipped nobody leaves (GROUP_TIPPED): the
 * others' price was quoted on their places.
 */
export class OpenGroupLeaveService {
  private readonly now: () => Date;

  constructor(private readonly options: OpenGroupLeaveOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Under the session's row lock: a pending claim's checkout is cancelled (`payer_left`); a held
   * payment is released through the same call; a charged one is refunded in full. The session's
   * amount (per_place), paid sum and status follow the places left held. Leaving twice is not an
   * error. Returns the session with its participants and integration.
   */
  async leave(em: EntityManager, viewer: Viewer): Promise<Session> {
    if (viewer.role !== 'participant') {
      throw new AppError(ErrorCode.Forbidden, 'The organiser is not a payer: only a payer leaves, from their own page');
    }
    const { sessions, payments, calls } = this.options;
    await em.transactional(async (tx) => {
      const session = await sessions.lockSessionWithIntegration(tx, { id: viewer.sessionId });
      const group = session && openGroupOf(session);
      if (!session || !group) throw new AppError(ErrorCode.InvalidState, 'Only a payer of an open group can leave it');
      const now = sessionNow(session, this.now());
      const claims = await sessions.lockParticipantsOfSession(tx, session.id);
      const claim = claims.find((candidate) => candidate.id === viewer.participantId);
      if (!claim) throw new AppError(ErrorCode.Unauthenticated, 'This link is not valid for this session');
      // Leaving twice answers the same.
      if (claim.status === 'left') return;
      const terms = termsOf(group, session.amountMinor);
      if (session.tippedAt !== null || isTipped(terms, countPlaces(claims, now).heldPlaces)) {
        throw new AppError(ErrorCode.GroupTipped, 'The group has tipped: your place is confirmed');
      }
      if (session.status !== 'open' && session.status !== 'partially_paid') {
        throw new AppError(ErrorCode.InvalidState, 'This group has ended: there is nothing to leave');
      }
      const checkouts = await payments.abandonLiveAttempts(tx, [claim.id]);
      await calls.requestCancels(tx, session, checkouts, 'payer_left');
      if (claim.status === 'paid') {
        const counted = await payments.findPaymentOfShare(tx, session.id, claim);
        const payment = counted && (await payments.lockPayment(tx, counted.id));
        if (payment) {
          // Kept and flagged like any money that no longer counts: a hold is released, a charge refunded.
          payment.refundRequired = true;
          if (session.captureMethod === 'manual') {
            await calls.requestCancels(
              tx,
              session,
              [{ id: payment.id, payerId: payment.payerId, amountMinor: payment.amountMinor, previousStatus: 'authorized' }],
              'payer_left',
            );
          } else {
            await payments.save(tx);
            await this.options.refunds.refundOwed(tx, session, 'the payer left the open group', payment);
          }
        }
      }
      claim.status = 'left';
      claim.reservedUntil = null;
      await payments.save(tx);
      const held = countPlaces(claims, now).heldPlaces;
      const counted = await payments.countedPayments(tx, session.id);
      const paid = counted.reduce((sum, payment) => sum + payment.amountMinor, 0n);
      session.amountMinor = groupAmountMinor(terms, held);
      session.paidMinor = paid < session.amountMinor ? paid : session.amountMinor;
      session.status = session.paidMinor === 0n ? SessionStatus.Open : SessionStatus.PartiallyPaid;
      session.version += 1;
      await sessions.save(tx);
      await this.options.announcer.announce(tx, session.id);
    });
    const left = await sessions.findForViewer(em.fork(), viewer.sessionId);
    if (!left) throw new AppError(ErrorCode.SessionNotFound, `Session ${viewer.sessionId} not found`);
    return left;
  }
}
