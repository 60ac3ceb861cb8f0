import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../db/dashboard-database.js';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { toSessionViewOfRecord, withMaskedPayerEmails } from '../sessions/index.js';
import { toDeliveryView } from '../webhooks/index.js';
import { toConnection } from './keyset-page.js';
import {
  AuditEntryConnection,
  AuditEntryEdge,
  AuditEntryView,
  DateRangeInput,
  DeliveryFilter,
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

/** The sessions explorer and the dashboards' queries (signed-in users and operator tokens). */
@Resolver()
export class ExplorerResolver {
  @UseMiddleware(dashboardTimeouts)
  @Query(() => SessionConnection, {
    description: 'Sessions newest first, filtered; at most 100 a page.',
  })
  async sessions(
    @Arg('filter', () => SessionFilter, { nullable: true }) filter: SessionFilter | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<SessionConnection> {
    const principal = await context.requireAdmin();
    const page = await context.services.explorer.listSessions(context.readEm(), principal, filter ?? {}, first, after);
    return toConnection(page, (record) => withMaskedPayerEmails(toSessionViewOfRecord(record)), SessionConnection, SessionEdge);
  }

  @UseMiddleware(dashboardTimeouts)
  @Query(() => WebhookDeliveryConnection, {
    description: 'Webhook deliveries newest first, with every attempt.',
  })
  async webhookDeliveries(
    @Arg('filter', () => DeliveryFilter, { nullable: true }) filter: DeliveryFilter | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<WebhookDeliveryConnection> {
    const principal = await context.requireAdmin();
    const page = await context.services.explorer.listDeliveries(context.readEm(), principal, filter ?? {}, first, after);
    return toConnection(
      page,
      (delivery) =>
        Object.assign(new WebhookDeliveryRow(), {
          delivery: toDeliveryView(delivery),
          eventId: delivery.event.id,
          eventType: delivery.event.type,
          sessionId: delivery.event.session?.id ?? null,
          integrationId: delivery.event.integration.id,
          createdAt: delivery.createdAt,
        }),
      WebhookDeliveryConnection,
      WebhookDeliveryEdge,
    );
  }

  @UseMiddleware(dashboardTimeouts)
  @Query(() => SessionStats, {
    description: 'Counts, money collected, time to complete and delivery success over sessions created in a range.',
  })
  async stats(
    @Arg('range', () => DateRangeInput) range: DateRangeInput,
    @Arg('integrationId', () => ID, { nullable: true }) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string | null,
    @Ctx() context: RequestContext,
  ): Promise<SessionStats> {
    const principal = await context.requireAdmin();
    if (integrationId) await context.services.adminScope.requireVisibleIntegration(context.readEm(), principal, integrationId);
    const stats = await context.services.explorer.stats(context.readEm(), principal, range, integrationId);
    return Object.assign(new SessionStats(), {
      ...stats,
      countsByStatus: stats.countsByStatus.map((row) => Object.assign(new StatusCount(), row)),
      collected: stats.collected.map((row) => Object.assign(new CurrencyAmount(), row)),
      refunded: stats.refunded.map((row) => Object.assign(new CurrencyAmount(), row)),
    });
  }

  @UseMiddleware(dashboardTimeouts)
  @Query(() => AuditEntryConnection, {
    description: 'Settings changes, keys, secret rotations and redeliveries: who, when, what.',
  })
  async auditLog(
    @Arg('integrationId', () => ID, { nullable: true }) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<AuditEntryConnection> {
    const principal = await context.requireAdmin();
    // An integration that is not there (or not the caller's) is not found, for operators too, as in stats.
    const integration = integrationId
      ? await context.services.adminScope.requireVisibleIntegration(context.readEm(), principal, integrationId)
      : null;
    const page = await context.services.explorer.auditLog(context.readEm(), principal, integration?.id, first, after);
    return toConnection(
      page,
      (entry) =>
        Object.assign(new AuditEntryView(), {
          id: entry.id,
          at: entry.at,
          actor: entry.actor,
          action: entry.action,
          integrationId: entry.integrationId ?? null,
          summary: entry.summary,
        }),
      AuditEntryConnection,
      AuditEntryEdge,
    );
  }

  @Mutation(() => ReplayResult, { description: 'Queues every failed delivery of the integration’s events created in the range again.' })
  async replayFailedDeliveries(
    @Arg('integrationId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string,
    @Arg('range', () => DateRangeInput) range: DateRangeInput,
    @Ctx() context: RequestContext,
  ): Promise<ReplayResult> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, integrationId);
    const requeued = await context.services.webhooks.replayFailed(context.em, integration.id, range, (tx, count) =>
      context.services.audit.record(tx, principal, {
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
