import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../db/dashboard-database.js';
import { pollLimitKey } from '../../http/rate-limits.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { byIntegration, byIntegrationOfApiKeyCalls, RateLimited } from '../../graphql/rate-limited.js';
import type { RequestContext } from '../../graphql/context.js';
import {
  toCreateSessionPayload,
  toPaymentView,
  toSessionView,
  toSessionViewOfRecord,
  toStatusView,
  withMaskedPayerEmails,
} from './session.mapper.js';
import { CreateSessionInput, CreateSessionPayload, PaymentView, SessionStatusView, SessionView } from './session.types.js';

/** Merchant operations (API key) and the public status. */
@Resolver(() => SessionView)
export class SessionResolver {
  @RateLimited('createSession', byIntegration)
  @Mutation(() => CreateSessionPayload, { description: 'Creates a session (merchant API key, server-to-server only).' })
  async createSession(
    @Arg('input', () => CreateSessionInput) input: CreateSessionInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Same key and body within 24 h returns the first reply.' })
    idempotencyKey: string | null,
    @Ctx() context: RequestContext,
  ): Promise<CreateSessionPayload> {
    const merchant = await context.requireMerchant();
    const created = await context.services.sessionCreation.createSession(context.em, merchant, input, idempotencyKey);
    context.logger.info({ sessionId: created.sessionId, integrationId: merchant.integrationId, mode: merchant.mode }, 'session created');
    return toCreateSessionPayload(created);
  }

  @RateLimited('merchantApi', byIntegrationOfApiKeyCalls)
  @UseMiddleware(dashboardTimeouts)
  @Query(() => SessionView, { description: 'A session: of the calling merchant (API key), or one the signed-in admin user may see.' })
  async session(
    @Arg('id', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) id: string,
    @Ctx() context: RequestContext,
  ): Promise<SessionView> {
    if (!context.hasApiKey) {
      const principal = await context.requireAdmin();
      return withMaskedPayerEmails(toSessionView(await context.services.explorer.findSession(context.readEm(), principal, id)));
    }
    const merchant = await context.requireMerchant();
    return toSessionViewOfRecord(
      await context.services.sessionReads.findRecordForMerchant(context.statements, merchant, id),
      context.services.sessionLinks,
    );
  }

  @RateLimited('merchantApi', byIntegration)
  @Mutation(() => SessionView, { description: 'Cancels a session of the calling merchant (API key); idempotent.' })
  async cancelSession(
    @Arg('id', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) id: string,
    @Ctx() context: RequestContext,
  ): Promise<SessionView> {
    const merchant = await context.requireMerchant();
    const session = await context.services.sessionEnding.cancelForMerchant(context.em, merchant, id);
    context.logger.info({ sessionId: id, integrationId: merchant.integrationId }, 'session cancelled by merchant');
    return toSessionView(session, session.integration.partnerCancelUrl != null, context.services.sessionLinks);
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [PaymentView], { description: 'Every payment attempt, oldest first (merchant view).' })
  async payments(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<PaymentView[]> {
    return (await context.loaders.paymentsOfSession.load(session.id)).map(toPaymentView);
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => String, { description: "The integration's name (as its settings show it; payers see its display name)." })
  async integrationName(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<string> {
    return (await context.loaders.integrationName.load(session.integrationId)) ?? session.integrationId;
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [PaymentView], {
    description: 'Authorized money the session cannot use: void or refund each, then record action refund.',
  })
  async refundsOwed(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<PaymentView[]> {
    return (await context.loaders.refundsOwedOfSession.load(session.id)).map(toPaymentView);
  }

  // Per (session, client address): one pay page polling does not slow another down.
  @RateLimited('poll', (context, args) => pollLimitKey(args.sessionId, context.clientAddress))
  @Query(() => SessionStatusView, { description: 'Public progress of a session, for pay pages and custom UIs. No key needed.' })
  async sessionStatus(@Arg('sessionId', () => String) sessionId: string, @Ctx() context: RequestContext): Promise<SessionStatusView> {
    return toStatusView(await context.services.sessionReads.findStatus(context.statements, sessionId));
  }
}
