import { partner, type PartnerPaymentCapturePayload } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findShopCheckout } from '../store.js';
import type { ProcessorClient } from './processor-client.js';
import { signedPartnerRoute } from './signed-partner-route.js';

export const PARTNER_CAPTURE_PATH = '/paysplit/capture';

/**
 * The fields of PaySplit's signed `partner.payment.capture` call this shop reads (everyone has paid,
 * so take the money each payer's hold kept): `captureId`, the call's id (its `webhook-id`, the same
 * on every retry: capture once per captureId), the payment, the amount to take in minor units (the
 * whole hold, or less: an open group's final part),
 * and `processorReference`, what this shop recorded for the payment (the checkout), or null: find it
 * by paymentId. The whole body, verified, is what the SDK's `partner.verifyCapture` returns.
 */
export type PaymentCaptureCall = Pick<
  PartnerPaymentCapturePayload,
  'captureId' | 'paymentId' | 'amountMinor' | 'currency' | 'processorReference'
>;

/** What the capture endpoint answers PaySplit (HTTP 200). */
export interface CaptureAnswer {
  status: 'succeeded' | 'failed';
  processorReference?: string;
  failureReason?: string;
}

/**
 * Captures a payer's hold at our processor for PaySplit's capture call: `amountMinor`, the whole
 * hold or less of it (the rest goes back to the card with the capture), once per captureId (the processor's idempotency key is `paysplit-<captureId>`, so a retried call,
 * even one racing the first, gets the first answer back and never takes the money twice).
 *
 * `succeeded` once the money is taken, also when an earlier capture already took it: answering
 * `failed` then would reopen a share that is paid, and its payer would pay twice. `failed`, with the
 * reason, when nothing was or can be taken (the issuer declined the capture, the hold expired or was
 * released, nothing was held, or the processor's checkout is not this payment's). Throws when the
 * processor cannot be reached: no answer, so PaySplit calls again with the same captureId.
 */
export async function capturePayment(
  deps: { pool: Pool; processor: ProcessorClient; logger: Logger },
  call: PaymentCaptureCall,
): Promise<CaptureAnswer> {
  const { pool, processor } = deps;
  const log = deps.logger.child({ component: 'partner-capture' });
  const failed = (failureReason: string, processorReference?: string): CaptureAnswer => ({
    status: 'failed',
    ...(processorReference ? { processorReference } : {}),
    failureReason,
  });

  const checkoutId = call.processorReference ?? (await findShopCheckout(pool, call.paymentId));
  if (!checkoutId) return failed('no checkout at the processor for this payment');
  const checkout = await processor.retrieveCheckout(checkoutId);
  // Trust, but check: the hold must be this very payment's, and hold at least what PaySplit asks
  // for (an open group's final price per place may be below what each payer was held at).
  if (!checkout || checkout.paymentId !== call.paymentId) return failed('the processor has no matching checkout for this payment');
  if (checkout.currency !== call.currency) return failed(`the processor holds ${checkout.currency}, not ${call.currency}`, checkoutId);
  if (BigInt(call.amountMinor) > BigInt(checkout.amountMinor)) {
    return failed(`the processor holds ${checkout.amountMinor} ${checkout.currency}, less than ${call.amountMinor}`, checkoutId);
  }

  const result = await processor.captureCheckout(checkoutId, `paysplit-${call.captureId}`, call.amountMinor);
  let answer: CaptureAnswer;
  switch (result?.outcome) {
    case 'captured':
      answer = { status: 'succeeded', processorReference: checkoutId };
      break;
    case 'already_captured':
      log.warn({ captureId: call.captureId, checkoutId }, 'the hold was captured by an earlier capture; answered succeeded');
      answer = { status: 'succeeded', processorReference: checkoutId };
      break;
    case 'failed':
      answer = failed(result.failureReason, checkoutId);
      break;
    case 'not_held':
      answer = failed('nothing is held at the processor for this payment', checkoutId);
      break;
    default:
      answer = failed('the processor has no matching checkout for this payment');
  }
  log.info({ captureId: call.captureId, paymentId: call.paymentId, checkoutId, status: answer.status }, 'capture call answered');
  return answer;
}

/**
 * PaySplit's capture call (`partnerCaptureUrl`, captureMethod manual), verified with the SDK, then
 * `capturePayment`; no answer when the processor cannot be reached, so PaySplit calls again later
 * with the same captureId and the processor's idempotency key keeps it to one capture.
 */
export function createPartnerCaptureRouter(deps: {
  config: MerchantConfig;
  pool: Pool;
  logger: Logger;
  processor: ProcessorClient;
}): Router {
  const { config } = deps;
  const log = deps.logger.child({ component: 'partner-capture' });
  const router = express.Router();

  signedPartnerRoute(router, {
    path: PARTNER_CAPTURE_PATH,
    call: 'capture',
    verify: partner.verifyCapture,
    signingSecret: config.paysplit.partnerSigningSecret,
    logger: log,
    logFields: (payload) => ({ captureId: payload.captureId }),
    answer: (payload) => capturePayment(deps, payload),
  });

  return router;
}
