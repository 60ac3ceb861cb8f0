import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../../graphql/context.js';
import { byIntegration, RateLimited } from '../../../graphql/rate-limited.js';
import { RecordPaymentInput, RecordPaymentPayload } from './payment.types.js';

@Resolver()
export class PaymentResolver {
  @RateLimited('merchantApi', byIntegration)
  @Mutation(() => RecordPaymentPayload, {
    description: "Records the processor's outcome for a payment (merchant API key). Idempotent per (paymentId, action).",
  })
  async recordPayment(
    @Arg('input', () => RecordPaymentInput) input: RecordPaymentInput,
    @Ctx() context: RequestContext,
  ): Promise<RecordPaymentPayload> {
    const merchant = await context.requireMerchant();
    const recorded = await context.services.paymentRecording.recordPayment(context.em, merchant, input);
    context.logger.info({ paymentId: input.paymentId, action: input.action, sessionStatus: recorded.sessionStatus }, 'payment recorded');
    return Object.assign(new RecordPaymentPayload(), { success: true, ...recorded });
  }
}
