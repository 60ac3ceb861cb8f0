import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../../db/dashboard-database.js';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { byIntegration, RateLimited } from '../../../graphql/rate-limited.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';
import { PartnerCallAttemptView, toAttemptViews } from '../partner-calls/partner-call.types.js';
import { PayParticipantView, SessionView } from '../session.types.js';
import { toRefundView, toRefundViewOfRecord } from './refund.mapper.js';
import { RefundSessionInput, RefundSessionPayload, RefundView, SettleRefundInput } from './refund.types.js';

/** Refunds (issue 15): the merchant's mutations (API key) and the refunds a session shows. */
@Resolver(() => RefundView)
export class RefundResolver {
  @RateLimited('merchantApi', byIntegration)
  @Mutation(() => RefundSessionPayload, {
    description:
      'Refunds captured money of a session of the calling merchant (API key): an amount spread in proportion to what each paid, ' +
      'per-payment allocations, or (neither) everything still refundable. One refund per payment, each asked of your partnerRefundUrl.',
  })
  async refundSession(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('input', () => RefundSessionInput, { nullable: true }) input: RefundSessionInput | null,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Same key and input within 24 h returns the first reply.' })
    idempotencyKey: string | null,
    @Ctx() context: RequestContext,
  ): Promise<RefundSessionPayload> {
    const merchant = await context.requireMerchant();
    const result = await context.services.refunds.refundSession(context.em, merchant, sessionId, input ?? {}, idempotencyKey);
    context.logger.info(
      { sessionId: result.sessionId, integrationId: merchant.integrationId, refunds: result.refunds.length },
      'session refund requested',
    );
    return Object.assign(new RefundSessionPayload(), { success: true, ...result, refunds: result.refunds.map(toRefundViewOfRecord) });
  }

  @RateLimited('merchantApi', byIntegration)
  @Mutation(() => RefundView, {
    description:
      'Settles a pending refund (merchant API key). Idempotent per (refundId, status); another status of a settled refund is INVALID_STATE.',
  })
  async settleRefund(
    @Arg('refundId', () => ID) @UnknownIdAnswers(ErrorCode.RefundNotFound) refundId: string,
    @Arg('input', () => SettleRefundInput) input: SettleRefundInput,
    @Ctx() context: RequestContext,
  ): Promise<RefundView> {
    const merchant = await context.requireMerchant();
    const settled = await context.services.refunds.settleForMerchant(context.em, merchant, refundId, input);
    context.logger.info({ refundId: settled.refundId, status: settled.status }, 'refund settled by merchant');
    return toRefundViewOfRecord(settled);
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [PartnerCallAttemptView], { description: 'Every partner refund call attempt (administration area only).' })
  async attemptLog(@Root() refund: RefundView, @Ctx() context: RequestContext): Promise<PartnerCallAttemptView[]> {
    await context.requireAdmin();
    return toAttemptViews(await context.loaders.attemptsOfRefund.load(refund.refundId));
  }
}

/** The refunds a session shows (merchant and administration area). */
@Resolver(() => SessionView)
export class SessionRefundsResolver {
  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [RefundView], { description: 'Every refund of this session, oldest first.' })
  async refunds(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<RefundView[]> {
    return (await context.loaders.refundsOfSession.load(session.id)).map(toRefundView);
  }
}

/** What the pay app shows of refunds: a payer their own, the host everyone's (null where not shown). */
@Resolver(() => PayParticipantView)
export class PayParticipantRefundsResolver {
  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description: "Refunded to this payer (succeeded); the viewer's own, or everyone's for the host; else null.",
  })
  async refundedMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'succeeded');
  }

  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description: 'Refunds to this payer asked for and not yet settled; shown like refundedMinor.',
  })
  async refundPendingMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'pending');
  }

  private async sum(participant: PayParticipantView, context: RequestContext, status: 'succeeded' | 'pending'): Promise<bigint | null> {
    if (!participant.refundsVisible) return null;
    // The pay page's one statement brought them: no query of its own.
    if (participant.refundTotals) return participant.refundTotals[status];
    const refunds = await context.loaders.refundsOfSession.load(participant.sessionId);
    return refunds
      .filter((refund) => refund.payerId === participant.id && refund.status === status)
      .reduce((total, refund) => total + refund.amountMinor, 0n);
  }
}
