import type { PeriodicJobKind } from '../../jobs/job-kind.js';
import type { Logger } from '../../logger.js';
import type { HoldLapseService } from './payments/hold-lapse.service.js';

/**
 * captureMethod manual: every EXPIRY_SWEEP_MS, beside `session-expiry`, releases the counted holds
 * that lapse within HOLD_MARGIN and reopens their shares. State lives in PostgreSQL
 * (hold_expires_at), and each session is claimed with SKIP LOCKED, so two runs at once still
 * release each hold once. Resolves with the released payments' ids.
 */
export function holdExpiryJob(options: { holds: HoldLapseService; logger: Logger; everyMs: number }): PeriodicJobKind {
  return {
    name: 'hold-expiry',
    everyMs: options.everyMs,
    async run(em) {
      const released = await options.holds.releaseAllLapsing(em);
      if (released.length > 0) options.logger.info({ payments: released.length }, 'released holds about to lapse');
      return released;
    },
  };
}
