import type { EntityManager } from '@mikro-orm/postgresql';
import { sessionNow } from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { SessionEventBus } from '../events.js';
import type { SessionEndingService } from '../session-ending.service.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { PaymentCallService } from './payment-call.service.js';
import type { Payment } from './payment.entity.js';
import type { PaymentRepository } from './payment.repository.js';
import { reopenSharesOf } from './reopen-shares.js';
import { type SessionSchedule, testClockRun } from '../test-clock/session-schedules.js';

export interface HoldLapseOptions {
  sessions: SessionRepository;
  payments: PaymentRepository;
  calls: PaymentCallService;
  ending: SessionEndingService;
  announcer: SessionChangeAnnouncer;
  events: SessionEventBus;
  /** HOLD_MARGIN: a hold lapsing within this no longer counts. */
  holdMarginMs: number;
  now?: () => Date;
}

/**
 * captureMethod manual: a hold that would lapse before the last share is held cannot be captured,
 * so PaySplit stops counting it HOLD_MARGIN before it lapses, as it would a declined capture: the
 * payment is `released`, its shares reopen (or, past the deadline, the session expires), the
 * merchant is asked to release what is left (`partner.payment.cancel`, reason `hold_lapsed`) and
 * SERVICE_PAYMENT_RELEASED names that cancel. A session that is `capturing` is left alone: its
 * captures are running, and a lapsed hold there answers as a declined capture.
 */
export class HoldLapseService {
  private readonly now: () => Date;

  constructor(private readonly options: HoldLapseOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Releases every hold lapsing within HOLD_MARGIN, a batch of sessions at a time; resolves with the payments released. */
  async releaseAllLapsing(em: EntityManager): Promise<string[]> {
    const released: string[] = [];
    for (;;) {
      const batch = await this.releaseLapsingBatch(em.fork());
      released.push(...batch.released);
      if (batch.claimed === 0) return released;
    }
  }

  /**
   * One transaction: claims up to `limit` sessions with a lapsing hold (SKIP LOCKED, so each is
   * handled by one sweep however many run at once) and releases their lapsing holds.
   */
  private async releaseLapsingBatch(em: EntityManager, limit = 50): Promise<{ claimed: number; released: string[] }> {
    return em.transactional(async (tx) => {
      const now = this.now();
      const sessionIds = await this.options.payments.claimSessionsWithLapsingHolds(tx, now, this.options.holdMarginMs, limit);
      const released: string[] = [];
      for (const sessionId of sessionIds) {
        const session = await this.options.sessions.lockSessionWithIntegration(tx, { id: sessionId });
        if (session) released.push(...(await this.releaseLapsingHolds(tx, session, sessionNow(session, now))));
      }
      return { claimed: sessionIds.length, released };
    });
  }

  /** A locked session's holds that lapse within HOLD_MARGIN of `at` (its clock), released; their ids. */
  private async releaseLapsingHolds(tx: EntityManager, session: Session, at: Date): Promise<string[]> {
    const released: string[] = [];
    const lapsesBy = new Date(at.getTime() + this.options.holdMarginMs);
    for (const payment of await this.options.payments.lockLapsingHolds(tx, session.id, lapsesBy)) {
      // Only a session still taking shares: past its deadline the first lapse ended it (the
      // ending released the other holds), and a capturing one's captures are running.
      if (session.status !== 'partially_paid') break;
      await this.lapse(tx, session, payment, at);
      released.push(payment.id);
    }
    return released;
  }

  /**
   * Test clocks: a counted hold falls due HOLD_MARGIN before it lapses, while the session takes
   * shares, and is then released as the sweep releases it.
   */
  schedule(): SessionSchedule {
    return {
      rank: 20,
      nextDueAt: async (tx, session) => {
        if (session.status !== 'partially_paid') return null;
        const lapses = await this.options.payments.earliestCountedHoldLapse(tx, session.id);
        return lapses && new Date(lapses.getTime() - this.options.holdMarginMs);
      },
      runDue: async (tx, session, at) =>
        (await this.releaseLapsingHolds(tx, session, at)).map((paymentId) => testClockRun(at, 'hold_lapsed', { paymentId })),
    };
  }

  private async lapse(tx: EntityManager, session: Session, payment: Payment, at: Date): Promise<void> {
    payment.status = 'released';
    payment.releasedAt = at;
    await reopenSharesOf(this.options, tx, session, payment, at);
    await this.options.calls.requestCancels(
      tx,
      session,
      [{ id: payment.id, payerId: payment.payerId, amountMinor: payment.amountMinor, previousStatus: 'authorized' }],
      'hold_lapsed',
    );
    session.version += 1;
    await this.options.payments.save(tx);
    await this.options.announcer.announce(tx, session.id);
    // The event names the cancel that releases the rest; an integration that has since dropped its
    // cancel URL gets none (nothing was called), though the payment no longer counts all the same.
    const cancel = await this.options.calls.activeCancel(tx, payment.id);
    if (cancel) await this.options.events.publish(tx, 'paymentReleased', { session, payment, call: cancel, at });
  }
}
