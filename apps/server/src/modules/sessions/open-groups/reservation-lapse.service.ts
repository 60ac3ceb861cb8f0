import type { EntityManager } from '@mikro-orm/postgresql';
import { sessionNow } from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { PaymentCallService } from '../payments/payment-call.service.js';
import type { PaymentRepository } from '../payments/payment.repository.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import { type SessionSchedule, testClockRun } from '../test-clock/session-schedules.js';
import { lapseClaims } from './open-group-join.service.js';
import type { OpenGroupRepository } from './open-group.repository.js';

export interface ReservationLapseOptions {
  sessions: SessionRepository;
  claims: OpenGroupRepository;
  payments: PaymentRepository;
  calls: PaymentCallService;
  announcer: SessionChangeAnnouncer;
  now?: () => Date;
}

/**
 * Open groups: a claim whose reservation ran out before its payment counted is marked `lapsed` and
 * its checkout cancelled (`partner.payment.cancel`, reason `reservation_lapsed`), so the merchant
 * takes no money for places that are free again. Counting never waits for this: a reservation past
 * its time holds nothing either way; this makes it visible and stops the checkout.
 */
export class ReservationLapseService {
  private readonly now: () => Date;

  constructor(private readonly options: ReservationLapseOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Every claim past its reservation, a batch of sessions at a time; resolves with the participants lapsed. */
  async lapseAllDue(em: EntityManager): Promise<string[]> {
    const lapsed: string[] = [];
    for (;;) {
      const batch = await em.fork().transactional(async (tx) => {
        const now = this.now();
        const sessionIds = await this.options.claims.claimSessionsWithLapsedClaims(tx, now, 50);
        const ids: string[] = [];
        for (const sessionId of sessionIds) {
          const session = await this.options.sessions.lockSessionWithIntegration(tx, { id: sessionId });
          if (session) ids.push(...(await this.lapseDue(tx, session, sessionNow(session, now))));
        }
        return { claimed: sessionIds.length, ids };
      });
      lapsed.push(...batch.ids);
      if (batch.claimed === 0) return lapsed;
    }
  }

  /** A locked open group's claims whose reservation passed by `at` (its clock), lapsed; their ids. */
  private async lapseDue(tx: EntityManager, session: Session, at: Date): Promise<string[]> {
    if (session.status !== 'open' && session.status !== 'partially_paid') return [];
    const due = await this.options.claims.lockLapsedClaims(tx, session.id, at);
    if (due.length === 0) return [];
    await lapseClaims(this.options, tx, session, due);
    return due.map((claim) => claim.id);
  }

  /** Test clocks: a pending claim falls due when its reservation runs out, and lapses as the sweep lapses it. */
  schedule(): SessionSchedule {
    return {
      rank: 15,
      nextDueAt: async (tx, session) =>
        session.openGroupPricing !== null && (session.status === 'open' || session.status === 'partially_paid')
          ? this.options.claims.earliestReservationEnd(tx, session.id)
          : null,
      runDue: async (tx, session, at) =>
        (await this.lapseDue(tx, session, at)).map((participantId) => testClockRun(at, 'reservation_lapsed', { participantId })),
    };
  }
}
