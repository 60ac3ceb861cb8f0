import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { Session } from '../sessions/session.entity.js';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity.js';

/** A keyset position: rows strictly older than (at, id) in (at desc, id desc) order. */
export interface Position {
  at: Date;
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
  return position ? { $or: [{ [field]: { $lt: position.at } }, { [field]: position.at, id: { $lt: position.id } }] } : {};
}

/**
 * The administration area's reads across sessions, deliveries and the audit log, on whatever
 * EntityManager the caller gives (the dashboards' own, with its timeouts).
 */
export class ExplorerRepository {
  /** Newest first, with participants; `limit` rows at most. */
  listSessions(em: EntityManager, scope: OwnerScope, criteria: SessionCriteria, limit: number, after?: Position): Promise<Session[]> {
    const conditions: FilterQuery<Session>[] = [sessionScope(scope)];
    if (criteria.integrationId) conditions.push({ integration: criteria.integrationId });
    if (criteria.statuses?.length) conditions.push({ status: { $in: [...criteria.statuses] } });
    if (criteria.mode) conditions.push({ mode: criteria.mode });
    if (criteria.createdFrom) conditions.push({ createdAt: { $gte: criteria.createdFrom } });
    if (criteria.createdTo) conditions.push({ createdAt: { $lt: criteria.createdTo } });
    if (criteria.orderReference) conditions.push({ orderReference: criteria.orderReference });
    if (criteria.currency) conditions.push({ currency: criteria.currency });
    if (criteria.amountMinorMin !== undefined) conditions.push({ amountMinor: { $gte: criteria.amountMinorMin } });
    if (criteria.amountMinorMax !== undefined) conditions.push({ amountMinor: { $lte: criteria.amountMinorMax } });
    conditions.push(olderThan(after, 'createdAt') as FilterQuery<Session>);
    return em.find(
      Session,
      { $and: conditions },
      { populate: ['participants'], strategy: 'select-in', orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
  }

  findSession(em: EntityManager, scope: OwnerScope, sessionId: string): Promise<Session | null> {
    return em.findOne(Session, { $and: [{ id: sessionId }, sessionScope(scope)] }, { populate: ['participants'] });
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
      WebhookDelivery,
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
    return em.find(AuditEntry, { $and: conditions }, { orderBy: { at: 'desc', id: 'desc' }, limit });
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
