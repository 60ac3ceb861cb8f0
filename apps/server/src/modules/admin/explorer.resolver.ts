import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { recordAudit } from '../audit/audit.service.js';
import { toSessionView } from '../sessions/session.mapper.js';
import { toDeliveryView } from '../webhooks/webhook.mapper.js';
import { requireVisibleIntegration } from './admin-scope.js';
import {
  AuditEntryConnection,
  AuditEntryEdge,
  AuditEntryView,
  DateRangeInput,
  DeliveryFilter,
  PageInfo,
  ReplayResult,
  SessionConnection,
  SessionEdge,
  SessionFilter,
  SessionStats,
  StatusCount,
  CurrencyAmount,
  WebhookDeliveryConnection,
  WebhookDeliveryEdge,
  WebhookDeliveryRow,
} from './explorer.types.js';

function pageInfo(items: { cursor: string }[], hasNextPage: boolean): PageInfo {
  return Object.assign(new PageInfo(), { hasNextPage, endCursor: items.at(-1)?.cursor ?? null });
}

/** The sessions explorer and the dashboards' queries (signed-in users and operator tokens). */
@Resolver()
export class ExplorerResolver {
  @Query(() => SessionConnection, {
    description: 'Sessions newest first, filtered; at most 100 a page.',
    complexity: ({ args, childComplexity }) => childComplexity * Math.min(Number(args.first ?? 50), 100),
  })
  async sessions(
    @Arg('filter', () => SessionFilter, { nullable: true }) filter: SessionFilter | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<SessionConnection> {
    const principal = await context.requireAdmin();
    const page = await context.services.explorer.listSessions(context.em, principal, filter ?? {}, first, after);
    return Object.assign(new SessionConnection(), {
      edges: page.items.map((item) => Object.assign(new SessionEdge(), { cursor: item.cursor, node: toSessionView(item.node) })),
      pageInfo: pageInfo(page.items, page.hasNextPage),
    });
  }

  @Query(() => WebhookDeliveryConnection, {
    description: 'Webhook deliveries newest first, with every attempt.',
    complexity: ({ args, childComplexity }) => childComplexity * Math.min(Number(args.first ?? 50), 100),
  })
  async webhookDeliveries(
    @Arg('filter', () => DeliveryFilter, { nullable: true }) filter: DeliveryFilter | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<WebhookDeliveryConnection> {
    const principal = await context.requireAdmin();
    const page = await context.services.explorer.listDeliveries(context.em, principal, filter ?? {}, first, after);
    return Object.assign(new WebhookDeliveryConnection(), {
      edges: page.items.map((item) =>
        Object.assign(new WebhookDeliveryEdge(), {
          cursor: item.cursor,
          node: Object.assign(new WebhookDeliveryRow(), {
            delivery: toDeliveryView(item.node),
            eventId: item.node.event.id,
            eventType: item.node.event.type,
            sessionId: item.node.event.session?.id ?? null,
            integrationId: item.node.event.integration.id,
            createdAt: item.node.createdAt,
          }),
        }),
      ),
      pageInfo: pageInfo(page.items, page.hasNextPage),
    });
  }

  @Query(() => SessionStats, {
    description: 'Counts, money collected, time to complete and delivery success over sessions created in a range.',
  })
  async stats(
    @Arg('range', () => DateRangeInput) range: DateRangeInput,
    @Arg('integrationId', () => ID, { nullable: true }) integrationId: string | null,
    @Ctx() context: RequestContext,
  ): Promise<SessionStats> {
    const principal = await context.requireAdmin();
    if (integrationId) await requireVisibleIntegration(context.em, principal, integrationId);
    const stats = await context.services.explorer.stats(context.em, principal, range, integrationId);
    return Object.assign(new SessionStats(), {
      ...stats,
      countsByStatus: stats.countsByStatus.map((row) => Object.assign(new StatusCount(), row)),
      collected: stats.collected.map((row) => Object.assign(new CurrencyAmount(), row)),
    });
  }

  @Query(() => AuditEntryConnection, { description: 'Settings changes, keys, secret rotations and redeliveries: who, when, what.' })
  async auditLog(
    @Arg('integrationId', () => ID, { nullable: true }) integrationId: string | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<AuditEntryConnection> {
    const principal = await context.requireAdmin();
    const page = await context.services.explorer.auditLog(context.em, principal, integrationId, first, after);
    return Object.assign(new AuditEntryConnection(), {
      edges: page.items.map((item) =>
        Object.assign(new AuditEntryEdge(), {
          cursor: item.cursor,
          node: Object.assign(new AuditEntryView(), {
            id: item.node.id,
            at: item.node.at,
            actor: item.node.actor,
            action: item.node.action,
            integrationId: item.node.integrationId ?? null,
            summary: item.node.summary,
          }),
        }),
      ),
      pageInfo: pageInfo(page.items, page.hasNextPage),
    });
  }

  @Mutation(() => ReplayResult, { description: 'Queues every failed delivery of the integration’s events created in the range again.' })
  async replayFailedDeliveries(
    @Arg('integrationId', () => ID) integrationId: string,
    @Arg('range', () => DateRangeInput) range: DateRangeInput,
    @Ctx() context: RequestContext,
  ): Promise<ReplayResult> {
    const principal = await context.requireAdmin();
    const integration = await requireVisibleIntegration(context.em, principal, integrationId);
    const requeued = await context.services.webhooks.replayFailed(context.em, integration.id, range, (tx, count) =>
      recordAudit(tx, principal, {
        action: 'event.replayed_failed',
        integrationId: integration.id,
        summary: `Replayed ${count} failed deliveries of events from ${range.from.toISOString()} to ${range.to.toISOString()}`,
        details: { count, from: range.from.toISOString(), to: range.to.toISOString() },
      }),
    );
    context.logger.info({ integrationId: integration.id, requeued }, 'failed deliveries replayed');
    return Object.assign(new ReplayResult(), { requeued });
  }
}
