import type { PeriodicJobKind } from '../../../jobs/job-kind.js';
import type { Logger } from '../../../logger.js';
import type { ReservationLapseService } from './reservation-lapse.service.js';

/**
 * Open groups: every EXPIRY_SWEEP_MS, beside `session-expiry` and `hold-expiry`, marks the claims
 * whose reservation ran out `lapsed` and cancels their checkouts. Each session is claimed with
 * SKIP LOCKED, so two runs at once lapse each claim once. Resolves with the participants' ids.
 */
export function reservationLapseJob(options: { lapses: ReservationLapseService; logger: Logger; everyMs: number }): PeriodicJobKind {
  return {
    name: 'reservation-lapse',
    everyMs: options.everyMs,
    async run(em) {
      const lapsed = await options.lapses.lapseAllDue(em);
      if (lapsed.length > 0) options.logger.info({ claims: lapsed.length }, 'lapsed open-group claims whose reservation ran out');
      return lapsed;
    },
  };
}
