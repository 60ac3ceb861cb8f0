import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, type ErrorDetail, isUuid } from '@paysplit/domain';
import type { AdminPrincipal } from '../accounts/index.js';
import { decodeCursor, type Page, pageSize, toPage } from '../admin/index.js';
import { type AdminScope, ownerScope } from '../integrations/index.js';
import type { RequestCriteria, RequestLogRepository, StoredRequest } from './request-log.repository.js';

/** The request log's filter as the administration area sends it (every part optional, combined with AND). */
export interface RequestLogFilter {
  integrationId?: string | null;
  requestId?: string | null;
  sessionId?: string | null;
  status?: number | null;
  statusClass?: number | null;
  path?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** Rows removed per statement by the purge: short statements, each holding its locks briefly. */
const PURGE_BATCH = 10_000;
const DAY_MS = 86_400_000;
const NUL = String.fromCharCode(0);

/**
 * The request log as the administration area reads it, scoped like the deliveries pages: operators
 * see every request, a merchant user those of the integrations they own, and another's integration
 * or request is not found. Also the retention purge.
 */
export class RequestLogService {
  constructor(
    private readonly repository: RequestLogRepository,
    private readonly options: { adminScope: AdminScope; retentionDays: number; now?: () => Date },
  ) {}

  async list(
    em: EntityManager,
    principal: AdminPrincipal,
    filter: RequestLogFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<StoredRequest>> {
    const size = pageSize(first);
    const criteria = checkedCriteria(filter);
    // Each list is one index range: an integration's requests, or one request id or session across them.
    if (!filter.integrationId && !criteria.requestId && !criteria.sessionId) {
      throw refusal('filter.integrationId', 'name an integration, a request id or a session');
    }
    if (filter.integrationId) {
      criteria.integrationId = (await this.options.adminScope.requireVisibleIntegration(em, principal, filter.integrationId)).id;
    } else {
      criteria.ownerAccountId = ownerScope(principal).ownerAccountId;
    }
    const position = decodeCursor(after);
    const rows = await this.repository.list(em, criteria, size + 1, position);
    return toPage(rows, size, (row) => ({ at: row.cursorAt, id: row.id }));
  }

  async find(em: EntityManager, principal: AdminPrincipal, id: string): Promise<StoredRequest> {
    const found = isUuid(id) ? await this.repository.findOne(em, id, ownerScope(principal)) : undefined;
    if (!found) throw new AppError(ErrorCode.NotFound, `Request ${id} not found`);
    return found;
  }

  /** Removes requests older than REQUEST_LOG_RETENTION_DAYS; resolves with how many. */
  async purge(em: EntityManager): Promise<number> {
    const before = new Date((this.options.now?.() ?? new Date()).getTime() - this.options.retentionDays * DAY_MS);
    let purged = 0;
    for (;;) {
      const deleted = await this.repository.deleteOlderThan(em, before, PURGE_BATCH);
      purged += deleted;
      if (deleted < PURGE_BATCH) return purged;
    }
  }
}

function refusal(path: string, message: string): AppError {
  const details: ErrorDetail[] = [{ path, message }];
  return new AppError(ErrorCode.ValidationError, `${path}: ${message}`, details);
}

/** The filter's values checked: each bad one is a VALIDATION_ERROR naming its field. */
function checkedCriteria(filter: RequestLogFilter): RequestCriteria {
  const criteria: RequestCriteria = {};
  if (filter.requestId) {
    // PostgreSQL text holds no NUL, so no kept request id has one.
    if (filter.requestId.length > 200 || filter.requestId.includes(NUL)) {
      throw refusal('filter.requestId', 'must be at most 200 characters, without NUL');
    }
    criteria.requestId = filter.requestId;
  }
  // A malformed session id names no session (graphql/id-arguments.ts has already made it the nil UUID).
  if (filter.sessionId) criteria.sessionId = isUuid(filter.sessionId) ? filter.sessionId : '00000000-0000-0000-0000-000000000000';
  if (filter.status !== null && filter.status !== undefined) {
    if (!Number.isInteger(filter.status) || filter.status < 100 || filter.status > 599) {
      throw refusal('filter.status', 'must be an HTTP status, 100 to 599');
    }
    criteria.status = filter.status;
  }
  if (filter.statusClass !== null && filter.statusClass !== undefined) {
    if (!Number.isInteger(filter.statusClass) || filter.statusClass < 1 || filter.statusClass > 5) {
      throw refusal('filter.statusClass', 'must be 1 to 5 (2 for 2xx, 4 for 4xx, …)');
    }
    criteria.statusClass = filter.statusClass;
  }
  if (filter.path) {
    if (!filter.path.startsWith('/') || filter.path.length > 2048 || filter.path.includes(NUL)) {
      throw refusal('filter.path', 'must start with / and be at most 2048 characters, without NUL');
    }
    criteria.pathPrefix = filter.path;
  }
  if (filter.from) criteria.from = filter.from;
  if (filter.to) criteria.to = filter.to;
  if (criteria.from && criteria.to && criteria.from >= criteria.to) throw refusal('filter.to', 'must be after from');
  return criteria;
}
