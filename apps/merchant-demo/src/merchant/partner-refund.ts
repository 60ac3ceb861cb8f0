import { partner, type PartnerRefundPayload } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findBookingByOrderRef } from '../store.js';
import type { ProcessorClient } from './processor-client.js';
import { findShopRefund, saveRefundAnswer, type ShopRefund } from './refund-store.js';
import { signedPartnerRoute } from './signed-partner-route.js';

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

  signedPartnerRoute(router, {
    path: PARTNER_REFUND_PATH,
    call: 'refund',
    verify: partner.verifyRefund,
    signingSecret: config.paysplit.partnerSigningSecret,
    logger: log,
    logFields: (payload) => ({ refundId: payload.refundId }),
    answer: async (payload) => {
      const known = await findShopRefund(pool, payload.refundId);
      if (known?.processorStatus) {
        log.info({ refundId: payload.refundId, status: known.processorStatus }, 'refund call repeated; answered as before');
        return answerOf(known);
      }
      // Throws when the processor cannot be reached: no answer, and the retry's refundId keeps it one refund.
      const outcome = await refundAtProcessor(payload);
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
      return answerOf(saved);
    },
  });

  return router;
}
