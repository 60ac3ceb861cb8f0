import { partner } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findBookingByOrderRef, rememberShopCheckout } from '../store.js';
import { MERCHANT_NAME } from './booking-pages.js';
import type { ProcessorClient } from './processor-client.js';
import { signedPartnerRoute } from './signed-partner-route.js';

/** What the payer is told they pay for at the checkout: the booking, and whose share it is. */
async function describeShare(pool: Pool, orderReference: string | null, payerRole: 'host' | 'participant'): Promise<string> {
  const booking = orderReference ? await findBookingByOrderRef(pool, orderReference) : undefined;
  const share = payerRole === 'host' ? 'your share as the host' : 'your share';
  return booking ? `${booking.title} — ${share}` : `Split bill — ${share}`;
}

/**
 * Whether PaySplit will charge this payment later (wire-contracts: the create-payment body of a
 * manual-capture session carries `"captureMethod": "manual"`): then the checkout only authorizes.
 * Read from the verified body as sent, whatever fields this SDK version names.
 */
function capturesLater(payload: object): boolean {
  return (payload as { captureMethod?: unknown }).captureMethod === 'manual';
}

/**
 * PaySplit calls this when a payer chooses to pay: we open a checkout at our processor and tell
 * PaySplit where to send the payer. PaySplit waits at most 10 s, so this does one processor call.
 */
export function createPartnerCreatePaymentRouter(deps: {
  config: MerchantConfig;
  pool: Pool;
  logger: Logger;
  processor: ProcessorClient;
}): Router {
  const { config, pool, processor } = deps;
  const log = deps.logger.child({ component: 'partner-create-payment' });
  const router = express.Router();

  signedPartnerRoute(router, {
    path: '/paysplit/create-payment',
    call: 'create-payment',
    verify: partner.verifyCreatePayment,
    signingSecret: config.paysplit.partnerSigningSecret,
    logger: log,
    logFields: (payload) => ({ paymentId: payload.paymentId }),
    answer: async (payload) => {
      const checkout = await processor.createCheckout(
        {
          paymentId: payload.paymentId,
          sessionId: payload.sessionId,
          payerRole: payload.payerRole,
          amountMinor: payload.amountMinor,
          currency: payload.currency,
          successUrl: `${config.publicUrl}/paysplit/payment-success`,
          cancelUrl: payload.cancelReturnUrl,
          businessName: MERCHANT_NAME,
          description: await describeShare(pool, payload.orderReference, payload.payerRole),
          // A session PaySplit charges only once everyone has paid: the processor holds each share.
          captureMethod: capturesLater(payload) ? 'manual' : 'automatic',
        },
        // PaySplit may retry a call it saw time out; the same payment gets the same checkout.
        `paysplit-payment-${payload.paymentId}`,
      );
      // A cancel call may name only the paymentId (nothing recorded yet): keep which checkout it got.
      await rememberShopCheckout(pool, payload.paymentId, checkout.id);
      log.info(
        { paymentId: payload.paymentId, sessionId: payload.sessionId, checkoutId: checkout.id, captureLater: capturesLater(payload) },
        'checkout opened for a PaySplit payment',
      );
      return { redirectUrl: checkout.url };
    },
  });

  return router;
}
