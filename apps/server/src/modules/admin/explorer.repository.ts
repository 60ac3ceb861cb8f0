import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { AuditEntry } from '../audit/index.js';
import { SESSION_RECORD_COLUMNS, type Session, type SessionRecord, type SessionRow, toSessionRecord } from '../sessions/index.js';
import type { WebhookDelivery } from '../webhooks/index.js';

// The administration area's read model reads other modules' tables, read-only and by entity name:
// their classes stay inside their modules, and every write goes through their services.
const SESSION = 'Session';
const WEBHOOK_DELIVERY = 'WebhookDelivery';
const AUDIT_ENTRY = 'AuditEntry';
import { placeholders } from '../../db/bindings.js';

/**
 * A keyset position: rows strictly older than (at, id) in (at desc, id desc) order. `at` is an ISO
 * 8601 instant in UTC with up to microseconds (PostgreSQL's precision), so rows a millisecond
 * apart or less are never skipped.
 */
export interface Position {
  at: string;
  id: string;
}

/** Whose rows: every integration's (operators) or those of integrations one account owns. */
export type OwnerScope = { ownerAccountId?: string };

/** Sessions filtered as the explorer's filter says, already checked. */
export interface SessionCriteria {
  integrationId?: string;
  statuses?: readonly Session['status'][];
  mode?: Session['mode'];
  createdFrom?: Date;
  createdTo?: Date;
  orderReference?: string;
  currency?: string;
  amountMinorMin?: bigint;
  amountMinorMax?: bigint;
}

/** A session of the explorer's list, with its exact position for the next page's cursor. */
export type ListedSession = SessionRecord & { cursorAt: string };

export interface DeliveryCriteria {
  integrationId?: string;
  status?: WebhookDelivery['status'];
  from?: Date;
  to?: Date;
}

export interface SessionStatsRows {
  byStatus: { status: string; count: string }[];
  collected: { currency: string; collected: string }[];
  refunded: { currency: string; refunded: string }[];
  timing: { median: string | null; delivered: string; failed: string } | undefined;
}

function olderThan(position: Position | undefined, field: 'createdAt' | 'at'): Record<string, unknown> {
  if (!position) return {};
  const at = new Date(position.at);
  return { $or: [{ [field]: { $lt: at } }, { [field]: at, id: { $lt: position.id } }] };
}

/**
 * The explorer's list as SQL: each filter the admin UI offers is one condition, combined with AND,
 * newest first by keyset. The cursor column is the exact creation instant (microseconds).
 *
 * A merchant user's scope (the integrations their account owns) reads each owned integration's
 * newest `limit` rows on (integration_id, created_at, id) and merges them: one short index range
 * per integration, however few of all sessions are theirs (a plain `integration_id in (…)` would
 * walk every session newest first until enough of theirs turned up).
 *
 * Several statuses are read the same way, each status's newest `limit` rows on (status,
 * created_at, id), merged: `status in (…)` on that index would come out ordered by status and
 * need every match sorted, and on (created_at, id) it would walk past every newer session in
 * another status. One status is a plain condition, which that index serves directly.
 */
export function sessionListQuery(
  scope: OwnerScope,
  criteria: SessionCriteria,
  limit: number,
  after?: Position,
): { sql: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  const where = (condition: string, ...values: unknown[]) => {
    conditions.push(condition);
    parameters.push(...values);
  };
  const perOwnedIntegration = scope.ownerAccountId !== undefined && !criteria.integrationId;
  // Distinct: each status is a range of its own below, and one named twice would list its rows twice.
  const statuses = [...new Set(criteria.statuses ?? [])];
  const perStatus = !perOwnedIntegration && statuses.length > 1;
  if (perOwnedIntegration) conditions.push('s.integration_id = i.id');
  else if (scope.ownerAccountId) where('s.integration_id in (select i.id from integration i where i.owner_id = ?)', scope.ownerAccountId);
  if (criteria.integrationId) where('s.integration_id = ?', criteria.integrationId);
  if (perStatus) conditions.push('s.status = wanted.status');
  else if (statuses.length) where(`s.status in (${placeholders(statuses)})`, ...statuses);
  if (criteria.mode) where('s.mode = ?', criteria.mode);
  if (criteria.createdFrom) where('s.created_at >= ?', criteria.createdFrom);
  if (criteria.createdTo) where('s.created_at < ?', criteria.createdTo);
  if (criteria.orderReference) where('s.order_reference = ?', criteria.orderReference);
  if (criteria.currency) where('s.currency = ?', criteria.currency);
  if (criteria.amountMinorMin !== undefined) where('s.amount_minor >= ?', criteria.amountMinorMin.toString());
  if (criteria.amountMinorMax !== undefined) where('s.amount_minor <= ?', criteria.amountMinorMax.toString());
  if (after) where('(s.created_at, s.id) < (?::timestamptz, ?::uuid)', after.at, after.id);
  const whereClause = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const newestFirst = 'order by s.created_at desc, s.id desc limit ?';
  const source = perOwnedIntegration
    ? `(select s.* from integration i cross join lateral (select s.* from session s ${whereClause} ${newestFirst}) s where i.owner_id = ?) s`
    : perStatus
      ? `(select s.* from (values ${statuses.map(() => '(?::text)').join(', ')}) as wanted(status)
           cross join lateral (select s.* from session s ${whereClause} ${newestFirst}) s) s`
      : `session s ${whereClause}`;
  const sql = `select ${SESSION_RECORD_COLUMNS},
                 to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
            from ${source}
           ${newestFirst}`;
  if (perOwnedIntegration) return { sql, parameters: [...parameters, limit, scope.ownerAccountId, limit] };
  if (perStatus) return { sql, parameters: [...statuses, ...parameters, limit, limit] };
  return { sql, parameters: [...parameters, limit] };
}

/**
 * The administration area's reads across sessions, deliveries and the audit log, on whatever
 * EntityManager the caller gives (the dashboards' own, with its timeouts).
 */
export class ExplorerRepository {
  /**
   * Newest first, with participants, as plain rows; `limit` rows at most. One statement whose
   * keyset condition `(created_at, id) < (…)` is a range on the (…, created_at, id) indexes, so a
   * deep page costs what the first does (docs/admin.md; measured at 1,000,000 sessions by
   * `BENCH_ONLY=explorer npm run bench`).
   */
  async listSessions(
    em: EntityManager,
    scope: OwnerScope,
    criteria: SessionCriteria,
    limit: number,
    after?: Position,
  ): Promise<ListedSession[]> {
    const { sql, parameters } = sessionListQuery(scope, criteria, limit, after);
    const rows = await em.getConnection().execute<(SessionRow & { cursor_at: string })[]>(sql, parameters);
    return rows.map((row) => ({ ...toSessionRecord(row), cursorAt: row.cursor_at }));
  }

  findSession(em: EntityManager, scope: OwnerScope, sessionId: string): Promise<Session | null> {
    return em.findOne<Session, 'participants'>(SESSION, { $and: [{ id: sessionId }, sessionScope(scope)] }, { populate: ['participants'] });
  }

  /** Newest first, with their events and every attempt. */
  listDeliveries(
    em: EntityManager,
    scope: OwnerScope,
    criteria: DeliveryCriteria,
    limit: number,
    after?: Position,
  ): Promise<WebhookDelivery[]> {
    const conditions: FilterQuery<WebhookDelivery>[] = [
      scope.ownerAccountId ? { event: { integration: { owner: scope.ownerAccountId } } } : {},
    ];
    if (criteria.integrationId) conditions.push({ event: { integration: criteria.integrationId } });
    if (criteria.status) conditions.push({ status: criteria.status });
    if (criteria.from) conditions.push({ createdAt: { $gte: criteria.from } });
    if (criteria.to) conditions.push({ createdAt: { $lt: criteria.to } });
    conditions.push(olderThan(after, 'createdAt') as FilterQuery<WebhookDelivery>);
    return em.find(
      WEBHOOK_DELIVERY,
      { $and: conditions },
      { populate: ['event', 'attempts'], strategy: 'select-in', orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
  }

  /** Newest first; a merchant's scope is the entries they made and those of the integrations they own. */
  listAuditEntries(
    em: EntityManager,
    scope: { actorAccountId: string; integrationIds: readonly string[] } | undefined,
    integrationId: string | undefined,
    limit: number,
    after?: Position,
  ): Promise<AuditEntry[]> {
    const conditions: FilterQuery<AuditEntry>[] = [];
    if (scope) conditions.push({ $or: [{ actorAccountId: scope.actorAccountId }, { integrationId: { $in: [...scope.integrationIds] } }] });
    if (integrationId) conditions.push({ integrationId });
    conditions.push(olderThan(after, 'at') as FilterQuery<AuditEntry>);
    return em.find<AuditEntry>(AUDIT_ENTRY, { $and: conditions }, { orderBy: { at: 'desc', id: 'desc' }, limit });
  }

  /** Aggregates over sessions created in the range: counts by status, money collected and refunded, completion time and delivery outcomes. */
  async sessionStats(
    em: EntityManager,
    scope: OwnerScope,
    range: { from: Date; to: Date },
    integrationId: string | undefined,
  ): Promise<SessionStatsRows> {
    // One scope clause for the three aggregates: sessions created in the range, of visible integrations.
    const scopeSql = [
      's.created_at >= ? and s.created_at < ?',
      scope.ownerAccountId ? 'and i.owner_id = ?' : '',
      integrationId ? 'and s.integration_id = ?' : '',
    ].join(' ');
    const parameters = [
      range.from,
      range.to,
      ...(scope.ownerAccountId ? [scope.ownerAccountId] : []),
      ...(integrationId ? [integrationId] : []),
    ];
    const connection = em.getConnection();
    const from = 'from "session" s join "integration" i on i.id = s.integration_id';
    const [byStatus, collected, refunded, timing] = await Promise.all([
      connection.execute<{ status: string; count: string }[]>(
        `select s.status, count(*)::text as count ${from} where ${scopeSql} group by s.status`,
        parameters,
      ),
      connection.execute<{ currency: string; collected: string }[]>(
        `select s.currency, sum(s.paid_minor)::text as collected ${from} where ${scopeSql} and s.status = 'completed' group by s.currency order by s.currency`,
        parameters,
      ),
      connection.execute<{ currency: string; refunded: string }[]>(
        `select s.currency, sum(s.refunded_minor)::text as refunded ${from} where ${scopeSql} and s.refunded_minor > 0 group by s.currency order by s.currency`,
        parameters,
      ),
      connection.execute<{ median: string | null; delivered: string; failed: string }[]>(
        `select
           (select percentile_cont(0.5) within group (order by extract(epoch from s.completed_at - s.created_at)) ${from}
             where ${scopeSql} and s.completed_at is not null)::text as median,
           (select count(*) from "webhook_delivery" d join "webhook_event" e on e.id = d.event_id join "session" s on s.id = e.session_id
             join "integration" i on i.id = s.integration_id where ${scopeSql} and d.status = 'succeeded')::text as delivered,
           (select count(*) from "webhook_delivery" d join "webhook_event" e on e.id = d.event_id join "session" s on s.id = e.session_id
             join "integration" i on i.id = s.integration_id where ${scopeSql} and d.status = 'failed')::text as failed`,
        [...parameters, ...parameters, ...parameters],
      ),
    ]);
    return { byStatus, collected, refunded, timing: timing[0] };
  }
}

function sessionScope(scope: OwnerScope): FilterQuery<Session> {
  return scope.ownerAccountId ? { integration: { owner: scope.ownerAccountId } } : {};
}
