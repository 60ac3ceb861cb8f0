import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../../db/dashboard-database.js';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { byIntegration, RateLimited } from '../../../graphql/rate-limited.js';
import { PartnerCallAttemptView, toAttemptViews } from '../partner-calls/partner-call.types.js';
import { SessionView } from '../session.types.js';
import type { PaymentCall } from './payment-call.entity.js';
import { type PaymentCallRecord, toPaymentCallRecord } from './payment-call.service.js';
import { CancellationView, CaptureView, SettleCancellationInput, SettleCaptureInput } from './payment-call.types.js';

/** The view's common fields from a record, with the kind's id under its own name. */
function viewFields({ id: _id, kind: _kind, ...record }: PaymentCallRecord) {
  return {
    ...record,
    amountMinor: BigInt(record.amountMinor),
    createdAt: new Date(record.createdAt),
    settledAt: record.settledAt === null ? null : new Date(record.settledAt),
  };
}

export function toCancellationView(record: PaymentCallRecord): CancellationView {
  return Object.assign(new CancellationView(), { ...viewFields(record), cancelId: record.id });
}

export function toCaptureView(record: PaymentCallRecord): CaptureView {
  return Object.assign(new CaptureView(), { ...viewFields(record), captureId: record.id });
}

/** Every attempt of a call (administration area only). */
async function attemptLogOf(callId: string, context: RequestContext): Promise<PartnerCallAttemptView[]> {
  await context.requireAdmin();
  return toAttemptViews(await context.loaders.attemptsOfPaymentCall.load(callId));
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
    const settled = await context.services.paymentCalls.settleForMerchant(context.em, merchant, 'cancel', cancelId, input);
    context.logger.info({ cancelId: settled.id, status: settled.status }, 'cancellation settled by merchant');
    return toCancellationView(settled);
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [PartnerCallAttemptView], { description: 'Every call attempt (administration area only).' })
  attemptLog(@Root() cancellation: CancellationView, @Ctx() context: RequestContext): Promise<PartnerCallAttemptView[]> {
    return attemptLogOf(cancellation.cancelId, context);
  }
}

/** Captures (partner.payment.capture, captureMethod manual): the merchant's settle mutation (API key) and each one's attempts. */
@Resolver(() => CaptureView)
export class CaptureResolver {
  @RateLimited('merchantApi', byIntegration)
  @Mutation(() => CaptureView, {
    description:
      'Settles a capture your endpoint answered pending to, or never answered (merchant API key). Idempotent per (captureId, status); the other status of a settled one is INVALID_STATE.',
  })
  async settleCapture(
    @Arg('captureId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) captureId: string,
    @Arg('input', () => SettleCaptureInput) input: SettleCaptureInput,
    @Ctx() context: RequestContext,
  ): Promise<CaptureView> {
    const merchant = await context.requireMerchant();
    const settled = await context.services.paymentCalls.settleForMerchant(context.em, merchant, 'capture', captureId, input);
    context.logger.info({ captureId: settled.id, status: settled.status }, 'capture settled by merchant');
    return toCaptureView(settled);
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [PartnerCallAttemptView], { description: 'Every call attempt (administration area only).' })
  attemptLog(@Root() capture: CaptureView, @Ctx() context: RequestContext): Promise<PartnerCallAttemptView[]> {
    return attemptLogOf(capture.captureId, context);
  }
}

/** The calls about a session's payments it shows (merchant and administration area). */
@Resolver(() => SessionView)
export class SessionPaymentCallsResolver {
  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [CancellationView], {
    description: 'Every checkout PaySplit asked the merchant to cancel, or hold to release (needs a partnerCancelUrl), oldest first.',
  })
  async cancellations(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<CancellationView[]> {
    return (await this.callsOf(session, context, 'cancel')).map((call) => toCancellationView(toPaymentCallRecord(call)));
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [CaptureView], {
    description: 'Every capture PaySplit asked the merchant for (captureMethod MANUAL), oldest first.',
  })
  async captures(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<CaptureView[]> {
    return (await this.callsOf(session, context, 'capture')).map((call) => toCaptureView(toPaymentCallRecord(call)));
  }

  private async callsOf(session: SessionView, context: RequestContext, kind: PaymentCall['kind']): Promise<PaymentCall[]> {
    const calls: PaymentCall[] = await context.loaders.paymentCallsOfSession.load(session.id);
    return calls.filter((call) => call.kind === kind);
  }
}
