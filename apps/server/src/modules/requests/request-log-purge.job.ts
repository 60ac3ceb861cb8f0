import type { PeriodicJobKind } from '../../jobs/job-kind.js';
import type { Logger } from '../../logger.js';
import type { RequestLogService } from './request-log.service.js';

/** How often the purge runs; a request is kept at most this much longer than REQUEST_LOG_RETENTION_DAYS. */
export const REQUEST_LOG_PURGE_EVERY_MS = 3_600_000;

/**
 * Deletes the request log's rows older than REQUEST_LOG_RETENTION_DAYS, once an hour on one
 * instance of all (the runner claims the tick), in short statements. Resolves with how many.
 */
export function requestLogPurgeJob(options: { requestLog: RequestLogService; logger: Logger; everyMs?: number }): PeriodicJobKind {
  return {
    name: 'request-log-purge',
    everyMs: options.everyMs ?? REQUEST_LOG_PURGE_EVERY_MS,
    async run(em) {
      const purged = await options.requestLog.purge(em);
      if (purged > 0) options.logger.info({ purged }, 'request log: old requests purged');
      return purged;
    },
  };
}
