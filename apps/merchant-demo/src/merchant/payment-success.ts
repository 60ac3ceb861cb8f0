import express, { type Router } from 'express';
import type { Logger } from '../logger.js';
import type { PaySplitClient, RecordPaymentRequest } from '@paysplit/sdk';
import { renderErrorPage } from './booking-pages.js';
import { describePaySplitFailure } from './paysplit-failure.js';
import type { ProcessorClient } from './processor-client.js';

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The payment-success bridge: the processor sends the payer's browser here after a successful
 * checkout. We confirm the charge with the processor ourselves (the query string proves nothing),
 * record it with PaySplit, and hand the browser back to PaySplit with a 302. The browser always
 * gets a redirect or an HTML page, never JSON.
 */
export function createPaymentSuccessRouter(deps: { logger: Logger; paysplit: PaySplitClient; processor: ProcessorClient }): Router {
  const { paysplit, processor } = deps;
  const log = deps.logger.child({ component: 'payment-success-bridge' });
  const router = express.Router();

  router.get('/paysplit/payment-success', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const checkoutId = typeof req.query.checkout_id === 'string' ? req.query.checkout_id : '';
    if (!/^cs_test_[A-Za-z0-9]{1,64}$/.test(checkoutId)) {
      res
        .status(400)
        .type('html')
        .send(renderErrorPage({ title: 'Payment not found', message: 'This link does not name a payment.' }));
      return;
    }

    let checkout;
    try {
      checkout = await processor.retrieveCheckout(checkoutId);
    } catch (error) {
      log.error({ checkoutId, reason: (error as Error).message }, 'could not retrieve the checkout');
      res
        .status(502)
        .type('html')
        .send(
          renderErrorPage({
            title: 'Payment check failed',
            message: 'We could not check your payment with the processor. Reload this page to try again.',
          }),
        );
      return;
    }
    if (!checkout) {
      res
        .status(404)
        .type('html')
        .send(renderErrorPage({ title: 'Payment not found', message: 'The processor does not know this payment.' }));
      return;
    }
    // Charged, or (a session PaySplit charges later) held on the card: either way the payer has paid.
    const held = checkout.status === 'authorized';
    if (checkout.status !== 'succeeded' && !held) {
      res
        .status(409)
        .type('html')
        .send(
          renderErrorPage({
            title: 'Payment not completed',
            message: 'The processor has not confirmed this payment, so nothing was recorded.',
            code: `CHECKOUT_${checkout.status.toUpperCase()}`,
          }),
        );
      return;
    }

    let recorded;
    try {
      // Idempotent per (paymentId, action) at PaySplit, so a reload of this page is harmless.
      // A hold says until when it stands, so PaySplit knows when it would lapse (manual sessions only;
      // sent again on a reload after the capture too, so the same payment is always recorded alike).
      const authorization: RecordPaymentRequest & { holdExpiresAt?: string } = {
        paymentId: checkout.paymentId,
        action: 'authorize',
        processorReference: checkout.id,
        amountMinor: checkout.amountMinor,
        ...(checkout.captureMethod === 'manual' && checkout.holdExpiresAt ? { holdExpiresAt: checkout.holdExpiresAt } : {}),
      };
      recorded = await paysplit.payments.record(authorization);
    } catch (error) {
      const failure = describePaySplitFailure(error);
      log.error(
        { checkoutId, paymentId: checkout.paymentId, code: failure.code, requestId: failure.requestId },
        'PaySplit did not record the payment',
      );
      res
        .status(502)
        .type('html')
        .send(
          renderErrorPage({
            title: 'Payment not recorded',
            message: held
              ? 'Your card holds the amount in the test processor, but PaySplit did not accept the payment yet.'
              : 'Your card was charged in the test processor, but PaySplit did not accept the payment yet.',
            code: failure.code,
            requestId: failure.requestId,
          }),
        );
      return;
    }

    if (recorded.refundRequired) {
      // The share was already paid by another charge; a real merchant refunds this one here.
      log.warn({ checkoutId, paymentId: checkout.paymentId }, 'PaySplit asks for a refund of a duplicate payment');
    }
    const target = checkout.payerRole === 'host' ? recorded.serviceHostResumeUrl : recorded.serviceParticipantReturnUrl;
    if (!isWebUrl(target)) {
      log.error({ checkoutId, paymentId: checkout.paymentId }, 'PaySplit returned no usable return URL');
      res
        .status(502)
        .type('html')
        .send(
          renderErrorPage({
            title: 'Payment recorded',
            message: 'Your payment was recorded, but we could not send you back to PaySplit. Return to the session link.',
          }),
        );
      return;
    }
    log.info({ checkoutId, paymentId: checkout.paymentId, sessionStatus: recorded.sessionStatus }, 'payment recorded');
    res.redirect(302, target);
  });

  return router;
}
