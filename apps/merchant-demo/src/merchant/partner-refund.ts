import { partner, PaySplitPayloadError, SignatureVerificationError, type PartnerRefundPayload } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findBookingByOrderRef } from '../store.js';
import type { ProcessorClient } from './processor-client.js';
import { findShopRefund, saveRefundAnswer, type ShopRefund } from './refund-store.js';

export const PARTNER_REFUND_PATH = '/paysplit/refund';

interface RefundAnswer {
  status: 'succeeded' | 'failed';
  processorRefundReference?: string;
  failureReason?: string;
}

function answerOf(refund: ShopRefund): RefundAnswer {
  return {
    status: refund.processorStatus ?? 'failed',
    ...(refund.processorRefundId ? { processorRefundReference: refund.processorRefundId } : {}),
    ...(refund.failureReason ? { failureReason: refund.failureReason } : {}),
  };
}

/**
 * PaySplit calls this to give a payer's money back (the twin of create-payment). We refund the
 * charge at our processor and answer how it went. PaySplit retries a call it did not get an
 * answer to with the same refundId: the first answer is remembered and repeated, and the
 * processor call carries the refundId as its idempotency key, so even two calls racing each
 * other refund the card once.
 */
export function createPartnerRefundRouter(deps: {
  config: MerchantConfig;
  pool: Pool;
  logger: Logger;
  processor: ProcessorClient;
}): Router {
  const { config, pool, processor } = deps;
  const log = deps.logger.child({ component: 'partner-refund' });
  const router = express.Router();

  /** Refunds at the processor, after checking the charge is the one PaySplit names. */
  async function refundAtProcessor(
    payload: PartnerRefundPayload,
  ): Promise<Omit<RefundAnswer, 'status'> & { status: 'succeeded' | 'failed' }> {
    if (!payload.processorReference) return { status: 'failed', failureReason: 'no charge at the processor for this payment' };
    const charge = await processor.retrieveCheckout(payload.processorReference);
    if (!charge || charge.paymentId !== payload.paymentId || charge.currency !== payload.currency) {
      return { status: 'failed', failureReason: 'the processor has no matching charge for this payment' };
    }
    const refund = await processor.refundCharge(
      charge.id,
      { amountMinor: payload.amountMinor, ...(payload.reason ? { reason: payload.reason.slice(0, 500) } : {}) },
      `paysplit-refund-${payload.refundId}`,
    );
    if (!refund) return { status: 'failed', failureReason: 'the processor has no matching charge for this payment' };
    return {
      status: refund.status,
      processorRefundReference: refund.id,
      ...(refund.failureReason ? { failureReason: refund.failureReason } : {}),
    };
  }

  // The signature covers the exact bytes sent, so the body must stay raw until verified.
  router.post(PARTNER_REFUND_PATH, express.raw({ type: 'application/json', limit: '64kb' }), async (req, res) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) {
      res.status(415).json({ error: 'expected an application/json body' });
      return;
    }
    let payload: PartnerRefundPayload;
    try {
      payload = partner.verifyRefund(raw, req.headers, config.paysplit.partnerSigningSecret);
    } catch (error) {
      if (error instanceof SignatureVerificationError) {
        log.warn({ reason: error.message }, 'rejected a refund call with a bad signature');
        res.status(401).json({ error: 'invalid signature' });
        return;
      }
      if (error instanceof PaySplitPayloadError) {
        log.warn({ reason: error.message }, 'rejected a signed refund call with an unexpected payload');
        res.status(400).json({ error: 'invalid payload' });
        return;
      }
      throw error;
    }

    const known = await findShopRefund(pool, payload.refundId);
    if (known?.processorStatus) {
      log.info({ refundId: payload.refundId, status: known.processorStatus }, 'refund call repeated; answered as before');
      res.status(200).json(answerOf(known));
      return;
    }

    let outcome;
    try {
      outcome = await refundAtProcessor(payload);
    } catch (error) {
      // No answer: PaySplit retries with the same refundId, and the processor's idempotency key keeps it one refund.
      log.error({ refundId: payload.refundId, reason: (error as Error).message }, 'could not refund at the processor');
      res.status(502).json({ error: 'payment processor unavailable' });
      return;
    }
    const booking = payload.orderReference ? await findBookingByOrderRef(pool, payload.orderReference) : undefined;
    const saved = await saveRefundAnswer(pool, {
      refundId: payload.refundId,
      bookingId: booking?.id ?? null,
      paymentId: payload.paymentId,
      amountMinor: payload.amountMinor,
      currency: payload.currency,
      processorRefundId: outcome.processorRefundReference ?? null,
      processorStatus: outcome.status,
      failureReason: outcome.failureReason ?? null,
    });
    log.info(
      {
        refundId: payload.refundId,
        paymentId: payload.paymentId,
        status: saved.processorStatus,
        processorRefundId: saved.processorRefundId,
      },
      'refund call answered',
    );
    res.status(200).json(answerOf(saved));
  });

  return router;
}
