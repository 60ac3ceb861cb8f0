import { partner, type PartnerPaymentCancelPayload } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findShopCheckout } from '../store.js';
import type { ProcessorClient } from './processor-client.js';
import { signedPartnerRoute } from './signed-partner-route.js';

export const PARTNER_CANCEL_PATH = '/paysplit/cancel';

interface CancelAnswer {
  status: 'succeeded' | 'failed';
  processorReference?: string;
  failureReason?: string;
}

/**
 * PaySplit calls this when a payment will not be used (the payer started again, the share was paid
 * another way, the session ended, a capture failed or a hold lapsed): take no money for it. One
 * cancel at our processor covers both cases: an open checkout is expired so nobody can pay it any
 * more, and a hold (a checkout of a manual-capture session, paid) is released. The processor answers
 * once per idempotency key (`paysplit-<cancelId>`), so a retried call gets the same answer without a
 * second effect. Money already taken cannot be cancelled: we say so, and PaySplit's record of that
 * payment decides what happens to it.
 */
export function createPartnerCancelRouter(deps: {
  config: MerchantConfig;
  pool: Pool;
  logger: Logger;
  processor: ProcessorClient;
}): Router {
  const { config, pool, processor } = deps;
  const log = deps.logger.child({ component: 'partner-cancel' });
  const router = express.Router();

  async function cancelAtProcessor(payload: PartnerPaymentCancelPayload): Promise<CancelAnswer> {
    // The charge we recorded, else the checkout we opened for this payment.
    const checkoutId = payload.processorReference ?? (await findShopCheckout(pool, payload.paymentId));
    // No checkout was ever opened for it: there is nothing anyone could pay.
    if (!checkoutId) return { status: 'succeeded' };
    const cancelled = await processor.cancelCheckout(checkoutId, `paysplit-${payload.cancelId}`);
    if (!cancelled) return { status: 'succeeded' };
    if (cancelled.outcome === 'paid')
      return { status: 'failed', processorReference: checkoutId, failureReason: 'the checkout was already paid' };
    return { status: 'succeeded', processorReference: checkoutId };
  }

  signedPartnerRoute(router, {
    path: PARTNER_CANCEL_PATH,
    call: 'cancel',
    verify: partner.verifyCancel,
    signingSecret: config.paysplit.partnerSigningSecret,
    logger: log,
    logFields: (payload) => ({ cancelId: payload.cancelId }),
    answer: async (payload) => {
      const answer = await cancelAtProcessor(payload);
      log.info(
        { cancelId: payload.cancelId, paymentId: payload.paymentId, reason: payload.reason, status: answer.status },
        'cancel call answered',
      );
      return answer;
    },
  });

  return router;
}
