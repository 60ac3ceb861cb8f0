import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.js';
import type { AdminScope } from '../integrations/index.js';
import { requestLogPurgeJob } from './request-log-purge.job.js';
import { RequestLogRepository } from './request-log.repository.js';
import { RequestLogService } from './request-log.service.js';
import { RequestLog } from './request-log-thread.js';

export interface RequestLogSettings {
  /** REQUEST_LOG: record merchant requests at all. */
  enabled: boolean;
  /** REQUEST_LOG_RETENTION_DAYS. */
  retentionDays: number;
  /** REQUEST_LOG_BUFFER_MB, in bytes: what rows waiting to be written may take. */
  bufferBytes: number;
}

/** The request log module, made once per app by createServices: the writer, the reads and the purge's job kind. */
export function createRequestLogModule(deps: {
  /** The application's EntityManager (the log's thread connects with its pool's settings). */
  em: EntityManager;
  adminScope: AdminScope;
  settings: RequestLogSettings;
  logger: Logger;
  now?: () => Date;
}) {
  const repository = new RequestLogRepository();
  const requestLog = new RequestLogService(repository, {
    adminScope: deps.adminScope,
    retentionDays: deps.settings.retentionDays,
    now: deps.now,
  });
  // The log's thread opens its own connection, with the main pool's settings (db/orm.ts).
  const connection = (deps.em.config.get('driverOptions') as { connection?: Record<string, unknown> }).connection ?? {};
  const writer = new RequestLog({
    enabled: deps.settings.enabled,
    thread: {
      connection: { ...connection, connectionString: deps.em.config.get('clientUrl') },
      maxBufferedBytes: deps.settings.bufferBytes,
    },
    logger: deps.logger,
  });
  return {
    requestLog,
    writer,
    purgeJob: (options: { logger: Logger; everyMs?: number }) => requestLogPurgeJob({ requestLog, ...options }),
  };
}
