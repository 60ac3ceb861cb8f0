import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, cancel, ErrorCode, expire, isUuid, sessionNow } from '@paysplit/domain';
import type { Viewer } from './access/session-access.js';
import type { MerchantPrincipal } from '../integrations/index.js';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import type { PaymentCallService } from './payments/payment-call.service.js';
import type { PaymentRepository } from './payments/payment.repository.js';
import type { RefundService } from './refunds/refund.service.js';
import type { SessionEventBus, SessionOutcome } from './events.js';
import type { Session } from './session.entity.js';
import type { SessionReadService } from './session-reads.service.js';
import { EXPIRING_STATUSES, type SessionRepository } from './session.repository.js';
import { type SessionSchedule, testClockRun } from './test-clock/session-schedules.js';

export type { SessionOutcome };

export interface SessionEndingOptions {
  sessions: SessionRepository;
  payments: PaymentRepository;
  reads: SessionReadService;
  announcer: SessionChangeAnnouncer;
  /** The webhooks and emails modules react to the ending in its transaction. */
  events: SessionEventBus;
  /** Automatic refunds of the money flagged for refund, when the integration has a partnerRefundUrl. */
  refunds?: RefundService;
  /** Tells the merchant the checkouts of abandoned attempts will not be used (with a partnerCancelUrl). */
  calls?: PaymentCallService;
  /** An open group's deadline: it ends at its final price when it tipped, else it expires (open-groups/). */
  openGroupDeadline?: (tx: EntityManager, session: Session, at: Date, recording?: string) => Promise<'ended' | 'expired' | null>;
  now?: () => Date;
}

/** Cancellation (merchant or host) and expiry: the ways a session ends before it completes. */
export class SessionEndingService {
  private readonly now: () => Date;

  constructor(private readonly options: SessionEndingOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The merchant cancels (decisions §2); cancelling a cancelled session returns it unchanged. */
  async cancelForMerchant(em: EntityManager, principal: MerchantPrincipal, sessionId: string): Promise<Session> {
    if (!isUuid(sessionId)) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    await this.cancel(em, { id: sessionId, integration: principal.integrationId }, 'merchant');
    return this.options.reads.findForMerchant(em.fork(), principal, sessionId);
  }

  /** The host cancels, only while nothing is paid (decisions §2). */
  async cancelForHost(em: EntityManager, viewer: Viewer): Promise<Session> {
    if (viewer.role !== 'host') throw new AppError(ErrorCode.Forbidden, 'Only the host can cancel this session');
    await this.cancel(em, { id: viewer.sessionId }, 'host');
    return this.options.reads.findForViewer(em.fork(), viewer);
  }

  /** Expires due sessions, a batch at a time, each exactly once whatever the number of workers. */
  async expireDueSessions(em: EntityManager, limit = 50): Promise<string[]> {
    return em.transactional(async (tx) => {
      const now = this.now();
      const sessions = await this.options.sessions.claimDueSessions(tx, now, limit);
      // Each at its deadline's moment on its own clock (a session with a test clock is due by that clock).
      for (const session of sessions) await this.atDeadline(tx, session, sessionNow(session, now));
      return sessions.map((session) => session.id);
    });
  }

  /** Expires every due session now, in batches; returns their ids (each session in one caller's list only). */
  async expireAllDue(em: EntityManager): Promise<string[]> {
    const expired: string[] = [];
    for (;;) {
      const batch = await this.expireDueSessions(em.fork());
      if (batch.length === 0) return expired;
      expired.push(...batch);
    }
  }

  /**
   * Ends a locked session as expired or cancelled, in the caller's transaction: live attempts are
   * abandoned (and, with a partnerCancelUrl, their checkouts cancelled), money already taken is
   * flagged for refund (the session will not complete) and, when the integration has a
   * partnerRefundUrl, refunded automatically; holds of a manual session are released (cancelled),
   * never refunded. The merchant's event is written and pay pages are told. `recording` is a
   * payment whose outcome the caller is recording: it is left to the caller, so its checkout, just
   * paid, is not cancelled. Returns false when nothing changed (a repeated cancel).
   */
  async endSession(em: EntityManager, session: Session, outcome: SessionOutcome, now: Date, recording?: string): Promise<boolean> {
    const next = outcome.to === 'expired' ? expire(session.status) : cancel(session.status, outcome.by, session.paidMinor);
    if (next === session.status) return false;
    session.status = next;
    session.version += 1;
    const { abandoned, held } = await this.options.payments.settleEndedSession(em, session.id, recording);
    await this.options.sessions.save(em);
    const reason = outcome.to === 'expired' ? 'session_expired' : 'session_cancelled';
    await this.options.calls?.requestCancels(em, session, [...abandoned, ...held], reason);
    await this.options.refunds?.refundOwed(em, session, outcome.to === 'expired' ? 'session expired' : 'session cancelled');
    await this.options.events.publish(em, 'sessionEnded', {
      session,
      outcome,
      refundsOwed: () => this.options.payments.refundsOwed(em, session.id),
      at: now,
    });
    await this.options.announcer.announce(em, session.id);
    return true;
  }

  /**
   * A locked session whose deadline passed, in the caller's transaction: it expires, except an open
   * group that tipped, which ends at its final price. `recording` as for endSession.
   */
  async atDeadline(em: EntityManager, session: Session, at: Date, recording?: string): Promise<'ended' | 'expired' | null> {
    if (session.openGroupPricing !== null && this.options.openGroupDeadline) {
      return this.options.openGroupDeadline(em, session, at, recording);
    }
    return (await this.endSession(em, session, { to: 'expired' }, at, recording)) ? 'expired' : null;
  }

  /**
   * Test clocks: a session that can still expire falls due at its deadline, and then runs as the
   * sweep would run it (expired: holds released, money owed refunded, the event at that moment; an
   * open group that tipped ends instead).
   */
  deadlineSchedule(): SessionSchedule {
    return {
      rank: 30,
      nextDueAt: async (_tx, session) => (EXPIRING_STATUSES.includes(session.status) ? session.expiresAt : null),
      runDue: async (tx, session, at) => {
        const outcome = await this.atDeadline(tx, session, at);
        return outcome ? [testClockRun(at, outcome === 'ended' ? 'group_ended' : 'session_expired')] : [];
      },
    };
  }

  private async cancel(em: EntityManager, where: { id: string; integration?: string }, by: 'merchant' | 'host'): Promise<void> {
    await em.transactional(async (tx) => {
      const session = await this.options.sessions.lockSessionWithIntegration(tx, where);
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${where.id} not found`);
      await this.endSession(tx, session, { to: 'cancelled', by }, sessionNow(session, this.now()));
    });
  }
}
