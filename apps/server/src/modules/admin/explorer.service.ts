import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid, SESSION_STATUSES } from '@paysplit/domain';
import type { AdminPrincipal } from '../accounts/account.service.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { Integration } from '../integrations/integration.entity.js';
import { Session } from '../sessions/session.entity.js';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity.js';
import { assertRange } from '../webhooks/webhook.service.js';
import { visibleThroughIntegration } from './admin-scope.js';

export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  items: { cursor: string; node: T }[];
  hasNextPage: boolean;
}

export interface SessionListFilter {
  integrationId?: string | null;
  status?: string[] | null;
  mode?: string | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  orderReference?: string | null;
  currency?: string | null;
  amountMinorMin?: string | null;
  amountMinorMax?: string | null;
}

/** Keyset cursors over (createdAt desc, id desc): stable while rows are added, O(page) to fetch. */
function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function afterCursor(cursor: string | null | undefined, field: 'createdAt' | 'at'): Record<string, unknown> {
  if (!cursor) return {};
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const when = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(when.getTime())) {
    throw new AppError(ErrorCode.ValidationError, 'after is not a cursor from this list', [{ path: 'after', message: 'unknown cursor' }]);
  }
  return { $or: [{ [field]: { $lt: when } }, { [field]: when, id: { $lt: id } }] };
}

function pageSize(first: number | null | undefined): number {
  const size = first ?? 50;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new AppError(ErrorCode.ValidationError, `first must be 1 to ${MAX_PAGE_SIZE}`, [
      { path: 'first', message: `must be 1 to ${MAX_PAGE_SIZE}` },
    ]);
  }
  return size;
}

function minorBound(value: string | number | null | undefined, path: string): bigint | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value);
  if (!/^\d{1,18}$/.test(text))
    throw new AppError(ErrorCode.ValidationError, `${path} must be a whole number of minor units`, [{ path, message: 'must be digits' }]);
  return BigInt(text);
}

/** Read models of the administration area: the sessions explorer, deliveries, stats and the audit log. */
export class ExplorerService {
  async listSessions(
    em: EntityManager,
    principal: AdminPrincipal,
    filter: SessionListFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<Session>> {
    const size = pageSize(first);
    const conditions: FilterQuery<Session>[] = [visibleThroughIntegration(principal) as FilterQuery<Session>];
    if (filter.integrationId) {
      // An unknown or foreign integration id yields an empty page, like any other filter.
      conditions.push({ integration: isUuid(filter.integrationId) ? filter.integrationId : '00000000-0000-0000-0000-000000000000' });
    }
    if (filter.status?.length) {
      const unknown = filter.status.filter((status) => !(SESSION_STATUSES as readonly string[]).includes(status));
      if (unknown.length) throw new AppError(ErrorCode.ValidationError, `Unknown status ${unknown.join(', ')}`);
      conditions.push({ status: { $in: filter.status as Session['status'][] } });
    }
    if (filter.mode) conditions.push({ mode: filter.mode as Session['mode'] });
    if (filter.createdFrom) conditions.push({ createdAt: { $gte: filter.createdFrom } });
    if (filter.createdTo) conditions.push({ createdAt: { $lt: filter.createdTo } });
    if (filter.orderReference) conditions.push({ orderReference: filter.orderReference });
    if (filter.currency) conditions.push({ currency: filter.currency.toUpperCase() });
    const min = minorBound(filter.amountMinorMin, 'filter.amountMinorMin');
    const max = minorBound(filter.amountMinorMax, 'filter.amountMinorMax');
    if (min !== undefined) conditions.push({ amountMinor: { $gte: min } });
    if (max !== undefined) conditions.push({ amountMinor: { $lte: max } });
    conditions.push(afterCursor(after, 'createdAt') as FilterQuery<Session>);
    const rows = await em.find(
      Session,
      { $and: conditions },
      { populate: ['participants'], strategy: 'select-in', orderBy: { createdAt: 'desc', id: 'desc' }, limit: size + 1 },
    );
    return {
      items: rows.slice(0, size).map((session) => ({ cursor: encodeCursor(session.createdAt, session.id), node: session })),
      hasNextPage: rows.length > size,
    };
  }

  async findSession(em: EntityManager, principal: AdminPrincipal, sessionId: string): Promise<Session> {
    const session = isUuid(sessionId)
      ? await em.findOne(
          Session,
          { $and: [{ id: sessionId }, visibleThroughIntegration(principal) as FilterQuery<Session>] },
          { populate: ['participants'] },
        )
      : null;
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return session;
  }

  async listDeliveries(
    em: EntityManager,
    principal: AdminPrincipal,
    filter: { integrationId?: string | null; status?: string | null; from?: Date | null; to?: Date | null },
    first?: number | null,
    after?: string | null,
  ): Promise<Page<WebhookDelivery>> {
    const size = pageSize(first);
    const scope = principal.role === 'operator' ? {} : { event: { integration: { owner: principal.accountId } } };
    const conditions: FilterQuery<WebhookDelivery>[] = [scope as FilterQuery<WebhookDelivery>];
    if (filter.integrationId) {
      conditions.push({
        event: { integration: isUuid(filter.integrationId) ? filter.integrationId : '00000000-0000-0000-0000-000000000000' },
      });
    }
    if (filter.status) conditions.push({ status: filter.status as WebhookDelivery['status'] });
    if (filter.from) conditions.push({ createdAt: { $gte: filter.from } });
    if (filter.to) conditions.push({ createdAt: { $lt: filter.to } });
    conditions.push(afterCursor(after, 'createdAt') as FilterQuery<WebhookDelivery>);
    const rows = await em.find(
      WebhookDelivery,
      { $and: conditions },
      { populate: ['event', 'attempts'], strategy: 'select-in', orderBy: { createdAt: 'desc', id: 'desc' }, limit: size + 1 },
    );
    return {
      items: rows.slice(0, size).map((delivery) => ({ cursor: encodeCursor(delivery.createdAt, delivery.id), node: delivery })),
      hasNextPage: rows.length > size,
    };
  }

  async stats(em: EntityManager, principal: AdminPrincipal, range: { from: Date; to: Date }, integrationId?: string | null) {
    assertRange(range);
    if (integrationId && !isUuid(integrationId)) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
    // One scope clause for the three aggregates: sessions created in the range, of visible integrations.
    const scopeSql = [
      's.created_at >= ? and s.created_at < ?',
      principal.role === 'operator' ? '' : 'and i.owner_id = ?',
      integrationId ? 'and s.integration_id = ?' : '',
    ].join(' ');
    const parameters = [
      range.from,
      range.to,
      ...(principal.role === 'operator' ? [] : [principal.accountId]),
      ...(integrationId ? [integrationId] : []),
    ];
    const connection = em.getConnection();
    const from = 'from "session" s join "integration" i on i.id = s.integration_id';
    const [byStatus, collected, timing] = await Promise.all([
      connection.execute<{ status: string; count: string }[]>(
        `select s.status, count(*)::text as count ${from} where ${scopeSql} group by s.status`,
        parameters,
      ),
      connection.execute<{ currency: string; collected: string }[]>(
        `select s.currency, sum(s.paid_minor)::text as collected ${from} where ${scopeSql} and s.status = 'completed' group by s.currency order by s.currency`,
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
    const counts = SESSION_STATUSES.map((status) => ({ status, count: Number(byStatus.find((row) => row.status === status)?.count ?? 0) }));
    const delivered = Number(timing[0]?.delivered ?? 0);
    const failed = Number(timing[0]?.failed ?? 0);
    return {
      sessionCount: counts.reduce((sum, row) => sum + row.count, 0),
      countsByStatus: counts,
      collected: collected.map((row) => ({ currency: row.currency, amountMinor: BigInt(row.collected) })),
      medianSecondsToComplete: timing[0]?.median === null || timing[0]?.median === undefined ? null : Number(timing[0].median),
      deliverySuccessRate: delivered + failed === 0 ? null : delivered / (delivered + failed),
    };
  }

  /** Operators see every entry; a merchant user the entries of their integrations and their own account. */
  async auditLog(
    em: EntityManager,
    principal: AdminPrincipal,
    integrationId?: string | null,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<AuditEntry>> {
    const size = pageSize(first);
    const conditions: FilterQuery<AuditEntry>[] = [];
    if (principal.role !== 'operator') {
      const owned = await em.find(Integration, { owner: principal.accountId }, { fields: ['id'] });
      conditions.push({
        $or: [{ actorAccountId: principal.accountId }, { integrationId: { $in: owned.map((integration) => integration.id) } }],
      });
      if (integrationId && !owned.some((integration) => integration.id === integrationId)) {
        throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
      }
    }
    if (integrationId) {
      if (!isUuid(integrationId)) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
      conditions.push({ integrationId });
    }
    conditions.push(afterCursor(after, 'at') as FilterQuery<AuditEntry>);
    const rows = await em.find(AuditEntry, { $and: conditions }, { orderBy: { at: 'desc', id: 'desc' }, limit: size + 1 });
    return {
      items: rows.slice(0, size).map((entry) => ({ cursor: encodeCursor(entry.at, entry.id), node: entry })),
      hasNextPage: rows.length > size,
    };
  }
}
