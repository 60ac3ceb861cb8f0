import type { EntityManager } from '@mikro-orm/postgresql';

/** A request as the log keeps it: already redacted and bounded (request-redaction.ts). */
export interface RequestLogRow {
  /** Time-ordered (UUID version 7, from `at`): each batch adds to the end of the primary key's index. */
  id: string;
  at: Date;
  integrationId: string | null;
  apiKeyId: string | null;
  mode: string | null;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  requestId: string;
  idempotencyKey: string | null;
  durationMs: number;
  sessionId: string | null;
  requestBody: string | null;
  responseBody: string | null;
}

/** A row read back, with its id and its exact position for the next page's cursor. */
export interface StoredRequest extends RequestLogRow {
  cursorAt: string;
}

/** Which requests a list shows, already checked; every condition is combined with AND. */
export interface RequestCriteria {
  /** Whose: one integration, or those one account owns (a merchant user), or every row (operators). */
  integrationId?: string;
  ownerAccountId?: string;
  requestId?: string;
  sessionId?: string;
  status?: number;
  statusClass?: number;
  /** A prefix of the kept path. */
  pathPrefix?: string;
  from?: Date;
  to?: Date;
}

/** Keyset position: rows strictly older than (at, id), newest first. */
export interface RequestPosition {
  at: string;
  id: string;
}

/** A row as one line of COPY's text format (request-log-rows.ts makes them): the writer keeps each waiting row as one flat string. */
export type RequestLogLine = string;

const COLUMNS = `r.id, r.at, r.integration_id, r.api_key_id, r.mode, r.method, r.path, r.status, r.error_code, r.request_id,
  r.idempotency_key, r.duration_ms, r.session_id, r.request_body, r.response_body,
  to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

interface RawRow {
  id: string;
  at: string | Date;
  integration_id: string | null;
  api_key_id: string | null;
  mode: string | null;
  method: string;
  path: string;
  status: number;
  error_code: string | null;
  request_id: string;
  idempotency_key: string | null;
  duration_ms: number;
  session_id: string | null;
  request_body: string | null;
  response_body: string | null;
  cursor_at: string;
}

function toStored(row: RawRow): StoredRequest {
  return {
    id: row.id,
    at: new Date(row.at),
    integrationId: row.integration_id,
    apiKeyId: row.api_key_id,
    mode: row.mode,
    method: row.method,
    path: row.path,
    status: Number(row.status),
    errorCode: row.error_code,
    requestId: row.request_id,
    idempotencyKey: row.idempotency_key,
    durationMs: Number(row.duration_ms),
    sessionId: row.session_id,
    requestBody: row.request_body,
    responseBody: row.response_body,
    cursorAt: row.cursor_at,
  };
}

/** Every read of request_log, and the purge (its rows are written by the log's thread: request-log-worker.ts). */
export class RequestLogRepository {
  /**
   * Newest first, `limit` rows at most. Each way in is an index range on (…, at, id): one
   * integration (by status class when asked), one request id, one session; the remaining
   * conditions filter that range.
   */
  async list(em: EntityManager, criteria: RequestCriteria, limit: number, after?: RequestPosition): Promise<StoredRequest[]> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    const where = (condition: string, ...values: unknown[]) => {
      conditions.push(condition);
      parameters.push(...values);
    };
    if (criteria.integrationId) where('r.integration_id = ?', criteria.integrationId);
    if (criteria.ownerAccountId)
      where('r.integration_id in (select i.id from integration i where i.owner_id = ?)', criteria.ownerAccountId);
    if (criteria.requestId) where('r.request_id = ?', criteria.requestId);
    if (criteria.sessionId) where('r.session_id = ?', criteria.sessionId);
    if (criteria.statusClass !== undefined) where('r.status_class = ?', criteria.statusClass);
    if (criteria.status !== undefined) where('r.status = ?', criteria.status);
    if (criteria.pathPrefix) where(`r.path like ? escape '\\'`, `${criteria.pathPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (criteria.from) where('r.at >= ?', criteria.from);
    if (criteria.to) where('r.at < ?', criteria.to);
    if (after) where('(r.at, r.id) < (?::timestamptz, ?::uuid)', after.at, after.id);
    const rows = await em.getConnection().execute<RawRow[]>(
      `select ${COLUMNS} from request_log r ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
        order by r.at desc, r.id desc limit ?`,
      [...parameters, limit],
    );
    return rows.map(toStored);
  }

  /** One row by its id, within the caller's scope (undefined when it is not there or not theirs). */
  async findOne(em: EntityManager, id: string, scope: { ownerAccountId?: string }): Promise<StoredRequest | undefined> {
    const owned = scope.ownerAccountId ? 'and r.integration_id in (select i.id from integration i where i.owner_id = ?)' : '';
    const rows = await em
      .getConnection()
      .execute<RawRow[]>(`select ${COLUMNS} from request_log r where r.id = ? ${owned}`, [
        id,
        ...(scope.ownerAccountId ? [scope.ownerAccountId] : []),
      ]);
    return rows[0] && toStored(rows[0]);
  }

  /**
   * Deletes up to `limit` rows older than `before` (the oldest first, found through the BRIN
   * index); the purge repeats it until fewer come back, so no statement holds locks for long.
   */
  async deleteOlderThan(em: EntityManager, before: Date, limit: number): Promise<number> {
    const [deleted] = await em.getConnection().execute<{ count: string }[]>(
      `with gone as (delete from request_log where id in (select id from request_log where at < ? limit ?) returning 1)
       select count(*)::text as count from gone`,
      [before, limit],
    );
    return Number(deleted?.count ?? 0);
  }
}
