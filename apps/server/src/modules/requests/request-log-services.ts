import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.js';
import type { AdminScope } from '../integrations/index.js';
import { requestLogPurgeJob } from './request-log-purge.job.js';
import { RequestLogRepository } from './request-log.repository.js';
import { RequestLogService } from './request-log.service.js';
import { WorkerThreadRows } from './request-log-thread.js';
import { RequestLogWriter } from './request-log-writer.js';

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
  /** The application's EntityManager: the writer runs its batches on the main pool. */
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
  const writer = new RequestLogWriter({
    write: (rows) => repository.insertBatch(deps.em, rows),
    rows: new WorkerThreadRows(),
    logger: deps.logger,
    enabled: deps.settings.enabled,
    maxBufferedBytes: deps.settings.bufferBytes,
  });
  return {
    requestLog,
    writer,
    purgeJob: (options: { logger: Logger; everyMs?: number }) => requestLogPurgeJob({ requestLog, ...options }),
  };
}
