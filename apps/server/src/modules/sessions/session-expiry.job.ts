import type { PeriodicJobKind } from '../../jobs/job-kind.js';
import type { Logger } from '../../logger.js';
import type { SessionEndingService } from './session-ending.service.js';

/**
 * Moves sessions past their deadline to `expired`, every EXPIRY_SWEEP_MS. State lives in
 * PostgreSQL (expires_at), so nothing is lost across restarts, and each session is claimed with
 * SKIP LOCKED, so two runs at once still expire it once. Resolves with the expired ids.
 */
export function sessionExpiryJob(options: { sessions: SessionEndingService; logger: Logger; everyMs: number }): PeriodicJobKind {
  return {
    name: 'session-expiry',
    everyMs: options.everyMs,
    async run(em) {
      const expired = await options.sessions.expireAllDue(em);
      if (expired.length > 0) options.logger.info({ sessions: expired.length }, 'expired sessions');
      return expired;
    },
  };
}
