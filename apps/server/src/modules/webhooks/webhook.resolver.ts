import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../db/dashboard-database.js';
import { SessionView } from '../sessions/index.js';
import type { RequestContext } from '../../graphql/context.js';
import { MATCHES_NOTHING, UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { byIntegration, byIntegrationOfApiKeyCalls, RateLimited } from '../../graphql/rate-limited.js';
import { toDeliveryView, toEventView } from './webhook.mapper.js';
import { WebhookDeliveryView, WebhookEventView } from './webhook.types.js';

@Resolver()
export class WebhookResolver {
  @RateLimited('merchantApi', byIntegration)
  @Query(() => [WebhookEventView], { description: "The events of one of the merchant's sessions, with every delivery attempt (API key)." })
  async sessionEvents(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(MATCHES_NOTHING) sessionId: string,
    @Ctx() context: RequestContext,
  ): Promise<WebhookEventView[]> {
    const merchant = await context.requireMerchant();
    const events = await context.services.webhooks.eventsOfSession(context.em, merchant, sessionId);
    return events.map(({ event, deliveries }) => toEventView(event, deliveries));
  }

  @RateLimited('merchantApi', byIntegrationOfApiKeyCalls)
  @Mutation(() => [WebhookDeliveryView], {
    description: 'Sends an event again now, with the same eventId (API key, or a signed-in admin user).',
  })
  async redeliverEvent(
    @Arg('eventId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) eventId: string,
    @Ctx() context: RequestContext,
  ): Promise<WebhookDeliveryView[]> {
    if (!context.hasApiKey) {
      const principal = await context.requireAdmin();
      const scope = principal.role === 'operator' ? {} : { integration: { owner: principal.accountId } };
      const deliveries = await context.services.webhooks.redeliver(context.em, scope, eventId, (tx, event) =>
        context.services.audit.record(tx, principal, {
          action: 'event.redelivered',
          integrationId: event.integration.id,
          summary: `Redelivered ${event.type} event ${event.id}`,
          details: { eventId: event.id },
        }),
      );
      context.logger.info({ eventId, accountId: principal.accountId }, 'event redelivery requested from the administration area');
      return deliveries.map(toDeliveryView);
    }
    const merchant = await context.requireMerchant();
    const deliveries = await context.services.webhooks.redeliver(context.em, merchant, eventId);
    context.logger.info({ eventId, integrationId: merchant.integrationId }, 'event redelivery requested');
    return deliveries.map(toDeliveryView);
  }

  @Mutation(() => WebhookEventView, { description: 'Sends a signed SERVICE_TEST_EVENT to the webhook URL now.' })
  async sendTestEvent(
    @Arg('integrationId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string,
    @Ctx() context: RequestContext,
  ): Promise<WebhookEventView> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, integrationId);
    const { event, deliveries } = await context.services.webhooks.sendTestEvent(context.em, integration, (em) =>
      context.services.audit.record(em, principal, {
        action: 'event.test_sent',
        integrationId: integration.id,
        summary: 'Sent a test event',
      }),
    );
    return toEventView(event, deliveries);
  }
}

/** The events of a session, on the session as the administration area and merchants read it. */
@Resolver(() => SessionView)
export class SessionEventsResolver {
  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [WebhookEventView], { description: 'Events about this session, each with every delivery attempt.' })
  async events(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<WebhookEventView[]> {
    return (await context.loaders.eventsOfSession.load(session.id)).map(({ event, deliveries }) => toEventView(event, deliveries));
  }
}
