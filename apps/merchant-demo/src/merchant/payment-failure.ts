import express, { type Router } from 'express';
import type { PaySplitClient } from '@paysplit/sdk';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { describePaySplitFailure } from './paysplit-failure.js';
import type { ProcessorClient } from './processor-client.js';

/** The path the test processor posts its events to (what a Stripe "webhook endpoint" is for a shop). */
export const PROCESSOR_EVENTS_PATH = '/webhooks/processor';

const processorEvent = z.object({
  type: z.string(),
  checkoutId: z.string().regex(/^cs_test_[A-Za-z0-9]{1,64}$/),
});

/**
 * The failure counterpart of the payment-success bridge. The processor tells us, server to server,
 * that a charge was declined; the event itself proves nothing, so we retrieve the checkout from
 * the processor, and only when it really is declined we record `fail` with PaySplit, which shows
 * the attempt and its reason on the session. The payer stays at the checkout and may try another
 * card; a later success is recorded on the same payment by the success bridge.
 */
export function createPaymentFailureRouter(deps: { logger: Logger; paysplit: PaySplitClient; processor: ProcessorClient }): Router {
  const { paysplit, processor } = deps;
  const log = deps.logger.child({ component: 'payment-failure-bridge' });
  const router = express.Router();

  router.post(PROCESSOR_EVENTS_PATH, express.json({ limit: '4kb' }), async (req, res) => {
    const parsed = processorEvent.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: 'invalid_event' });
      return;
    }
    const { type, checkoutId } = parsed.data;
    if (type !== 'checkout.charge_failed') {
      // Events we do not act on are acknowledged, so the processor does not send them again.
      res.json({ received: true });
      return;
    }

    let checkout;
    try {
      checkout = await processor.retrieveCheckout(checkoutId);
    } catch (error) {
      log.error({ checkoutId, reason: (error as Error).message }, 'could not retrieve the checkout');
      res.status(502).json({ error: 'processor_unavailable' });
      return;
    }
    if (!checkout) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    if (checkout.status !== 'declined') {
      // Already paid with another card (or not charged yet): there is no failure to record.
      log.info({ checkoutId, status: checkout.status }, 'charge-failed event for a checkout that is not declined; ignored');
      res.json({ received: true });
      return;
    }

    try {
      const recorded = await paysplit.payments.record({
        paymentId: checkout.paymentId,
        action: 'fail',
        processorReference: checkout.id,
        failureReason: checkout.cardLast4 ? `Card declined (card ending ${checkout.cardLast4})` : 'Card declined',
      });
      log.info({ checkoutId, paymentId: checkout.paymentId, paymentStatus: recorded.paymentStatus }, 'declined charge recorded');
      res.json({ received: true });
    } catch (error) {
      const failure = describePaySplitFailure(error);
      log.error(
        { checkoutId, paymentId: checkout.paymentId, code: failure.code, requestId: failure.requestId },
        'PaySplit did not record the declined charge',
      );
      // INVALID_STATE: the payment was authorized meanwhile (another card went through); nothing to do.
      if (failure.code === 'INVALID_STATE') {
        res.json({ received: true });
        return;
      }
      res.status(502).json({ error: 'paysplit_unavailable', code: failure.code });
    }
  });

  return router;
}
