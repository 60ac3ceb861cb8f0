import { partner, PaySplitPayloadError, SignatureVerificationError, type PartnerPaymentCancelPayload } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findShopCheckout } from '../store.js';
import type { ProcessorClient } from './processor-client.js';

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

  // The signature covers the exact bytes sent, so the body must stay raw until verified.
  router.post(PARTNER_CANCEL_PATH, express.raw({ type: 'application/json', limit: '64kb' }), async (req, res) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) {
      res.status(415).json({ error: 'expected an application/json body' });
      return;
    }
    let payload: PartnerPaymentCancelPayload;
    try {
      payload = partner.verifyCancel(raw, req.headers, config.paysplit.partnerSigningSecret);
    } catch (error) {
      if (error instanceof SignatureVerificationError) {
        log.warn({ reason: error.message }, 'rejected a cancel call with a bad signature');
        res.status(401).json({ error: 'invalid signature' });
        return;
      }
      if (error instanceof PaySplitPayloadError) {
        log.warn({ reason: error.message }, 'rejected a signed cancel call with an unexpected payload');
        res.status(400).json({ error: 'invalid payload' });
        return;
      }
      throw error;
    }

    let answer: CancelAnswer;
    try {
      answer = await cancelAtProcessor(payload);
    } catch (error) {
      // No answer: PaySplit calls again later with the same cancelId.
      log.error({ cancelId: payload.cancelId, reason: (error as Error).message }, 'could not cancel the checkout at the processor');
      res.status(502).json({ error: 'payment processor unavailable' });
      return;
    }
    log.info(
      { cancelId: payload.cancelId, paymentId: payload.paymentId, reason: payload.reason, status: answer.status },
      'cancel call answered',
    );
    res.status(200).json(answer);
  });

  return router;
}
