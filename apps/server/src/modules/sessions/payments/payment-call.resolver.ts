import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../../db/dashboard-database.js';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { byIntegration, RateLimited } from '../../../graphql/rate-limited.js';
import { SessionView } from '../session.types.js';
import type { PaymentCall } from './payment-call.entity.js';
import { type CancellationRecord, toCancellationRecord } from './payment-call.service.js';
import { CancellationView, SettleCancellationInput } from './payment-call.types.js';
import { PartnerCallAttemptView, toAttemptViews } from '../partner-calls/partner-call.types.js';

export function toCancellationView(record: CancellationRecord): CancellationView {
  return Object.assign(new CancellationView(), {
    ...record,
    amountMinor: BigInt(record.amountMinor),
    createdAt: new Date(record.createdAt),
    settledAt: record.settledAt === null ? null : new Date(record.settledAt),
  });
}

/** Cancellations (partner.payment.cancel): the merchant's settle mutation (API key) and each one's attempts. */
@Resolver(() => CancellationView)
export class CancellationResolver {
  @RateLimited('merchantApi', byIntegration)
  @Mutation(() => CancellationView, {
    description:
      'Settles a cancellation your endpoint answered pending to (merchant API key). Idempotent per (cancelId, status); the other status of a settled one is INVALID_STATE.',
  })
  async settleCancellation(
    @Arg('cancelId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) cancelId: string,
    @Arg('input', () => SettleCancellationInput) input: SettleCancellationInput,
    @Ctx() context: RequestContext,
  ): Promise<CancellationView> {
    const merchant = await context.requireMerchant();
    const settled = await context.services.paymentCalls.settleForMerchant(context.em, merchant, cancelId, input);
    context.logger.info({ cancelId: settled.cancelId, status: settled.status }, 'cancellation settled by merchant');
    return toCancellationView(settled);
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [PartnerCallAttemptView], { description: 'Every call attempt (administration area only).' })
  async attemptLog(@Root() cancellation: CancellationView, @Ctx() context: RequestContext): Promise<PartnerCallAttemptView[]> {
    await context.requireAdmin();
    return toAttemptViews(await context.loaders.attemptsOfPaymentCall.load(cancellation.cancelId));
  }
}

/** The cancellations a session shows (merchant and administration area). */
@Resolver(() => SessionView)
export class SessionCancellationsResolver {
  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [CancellationView], {
    description: 'Every checkout PaySplit asked the merchant to cancel (needs a partnerCancelUrl), oldest first.',
  })
  async cancellations(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<CancellationView[]> {
    const calls: PaymentCall[] = await context.loaders.paymentCallsOfSession.load(session.id);
    return calls.filter((call) => call.kind === 'cancel').map((call) => toCancellationView(toCancellationRecord(call)));
  }
}
