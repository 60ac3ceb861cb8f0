import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../../db/dashboard-database.js';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { byIntegration, RateLimited } from '../../../graphql/rate-limited.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';
import type { RefundTotals } from '../pay-session-record.repository.js';
import { PartnerCallAttemptView, toAttemptViews } from '../partner-calls/partner-call.types.js';
import { PayParticipantView, SessionView } from '../session.types.js';
import type { RefundPurpose } from './refund.entity.js';
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
  @FieldResolver(() => [RefundView], {
    description:
      'Every refund of this session, oldest first. The merchant of an integration with a partnerCancelUrl gets those of ' +
      'duplicate payments in duplicatePayments instead.',
  })
  async refunds(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<RefundView[]> {
    const refunds = await context.loaders.refundsOfSession.load(session.id);
    return refunds.filter((refund) => !session.listsDuplicatesApart || refund.purpose !== 'duplicate').map(toRefundView);
  }
}

/**
 * What the pay app shows of refunds: a payer their own, the host everyone's (null where not shown);
 * booking money, duplicate payments and an open group's price drops apart, so neither of the others
 * ever reads as the booking refunded.
 */
@Resolver(() => PayParticipantView)
export class PayParticipantRefundsResolver {
  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description:
      "Refunded to this payer (succeeded) of what they paid toward the session; the viewer's own, or everyone's for the host; else null.",
  })
  async refundedMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'booking', 'succeeded');
  }

  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description: 'Refunds to this payer asked for and not yet settled; shown like refundedMinor.',
  })
  async refundPendingMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'booking', 'pending');
  }

  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description: 'Refunded to this payer (succeeded) of payments for shares already paid (duplicates); shown like refundedMinor.',
  })
  async duplicateRefundedMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'duplicate', 'succeeded');
  }

  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description: "Refunds of this payer's duplicate payments asked for and not yet settled; shown like refundedMinor.",
  })
  async duplicateRefundPendingMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'duplicate', 'pending');
  }

  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description:
      'Open groups: refunded to this payer (succeeded) of what they paid above their final amount, as the price per place fell; shown like refundedMinor.',
  })
  async priceDropRefundedMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'price_drop', 'succeeded');
  }

  @FieldResolver(() => MinorUnitsScalar, {
    nullable: true,
    description: 'Open groups: price-drop refunds to this payer asked for and not yet settled; shown like refundedMinor.',
  })
  async priceDropRefundPendingMinor(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<bigint | null> {
    return this.sum(participant, context, 'price_drop', 'pending');
  }

  private async sum(
    participant: PayParticipantView,
    context: RequestContext,
    purpose: RefundPurpose,
    status: 'succeeded' | 'pending',
  ): Promise<bigint | null> {
    if (!participant.refundsVisible) return null;
    // The pay page's one statement brought them: no query of its own.
    if (participant.refundTotals) return participant.refundTotals[TOTALS[purpose][status]];
    const refunds = await context.loaders.refundsOfSession.load(participant.sessionId);
    return refunds
      .filter((refund) => refund.payerId === participant.id && refund.status === status && refund.purpose === purpose)
      .reduce((total, refund) => total + refund.amountMinor, 0n);
  }
}

/** Where each sum is in the totals the pay page's statement read. */
const TOTALS = {
  booking: { succeeded: 'succeeded', pending: 'pending' },
  duplicate: { succeeded: 'duplicateSucceeded', pending: 'duplicatePending' },
  price_drop: { succeeded: 'priceDropSucceeded', pending: 'priceDropPending' },
} as const satisfies Record<RefundPurpose, Record<'succeeded' | 'pending', keyof RefundTotals>>;
