import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { Logger } from '../logger.js';
import { settleCheckout, type Checkout } from '../store.js';
import {
  CHECKOUT_SCRIPT_PATH,
  renderCheckoutExpiredPage,
  renderCheckoutHeldPage,
  renderCheckoutNotFoundPage,
  renderCheckoutPage,
  renderCheckoutPaidPage,
  renderCheckoutReleasedPage,
  successRedirectUrl,
} from './checkout-page.js';
import { checkoutFormScript } from './checkout-form-script.js';
import { readPayForm } from './pay-form.js';
import { CHECKOUT_ID, createProcessorApiRouter } from './processor-api.js';
import { currentCheckout } from './processor-holds.js';
import { listProcessorRefunds } from './processor-refunds.js';
import { chargeOutcomeFor, holdOutcomeFor } from './test-cards.js';

const EVENT_TIMEOUT_MS = 3_000;

export function createProcessorRouter(deps: {
  pool: Pool;
  logger: Logger;
  publicUrl: string;
  /** The shop's endpoint for the processor's events (a Stripe "webhook endpoint"); none: events are not sent. */
  eventsUrl?: string;
  /** The processor's clock: when holds are placed, captured and lapse. */
  now?: () => Date;
}): Router {
  const { pool, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const router = express.Router();
  const log = logger.child({ component: 'test-processor' });

  /**
   * Tells the shop, server to server, that something happened to a checkout. A thin event: the
   * shop retrieves the checkout to learn (and trust) its state. Delivered before the payer's page
   * is answered so the shop knows first; a shop that is down is logged, never shown to the payer.
   */
  async function notifyShop(type: 'checkout.charge_failed', checkoutId: string): Promise<void> {
    if (!deps.eventsUrl) return;
    try {
      const response = await fetch(deps.eventsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type, checkoutId }),
        signal: AbortSignal.timeout(EVENT_TIMEOUT_MS),
      });
      if (!response.ok) log.warn({ checkoutId, type, status: response.status }, 'the shop did not accept the event');
    } catch (error) {
      log.warn({ checkoutId, type, reason: (error as Error).message }, 'could not deliver the event to the shop');
    }
  }

  // ---- API (server to server) --------------------------------------------------------------

  router.use('/api', createProcessorApiRouter({ pool, logger, publicUrl: deps.publicUrl, now }));

  // ---- hosted checkout (browser) -------------------------------------------------------------

  router.get(CHECKOUT_SCRIPT_PATH.slice('/processor'.length), (_req, res) => {
    // Not fingerprinted: browsers revalidate (the ETag makes that cheap) rather than keep an old copy.
    res.set('Cache-Control', 'no-cache').type('text/javascript').send(checkoutFormScript);
  });

  /** The page for a checkout that can no longer take a card: paid, held, released or expired. */
  async function settledPage(checkout: Checkout): Promise<{ status: number; page: string } | undefined> {
    switch (checkout.status) {
      case 'succeeded':
        return { status: 200, page: renderCheckoutPaidPage(checkout, await listProcessorRefunds(pool, checkout.id)) };
      case 'authorized':
        return { status: 200, page: renderCheckoutHeldPage(checkout) };
      case 'released':
        return { status: 200, page: renderCheckoutReleasedPage(checkout) };
      case 'expired':
        return { status: 410, page: renderCheckoutExpiredPage(checkout) };
      default:
        return undefined;
    }
  }

  router.get('/checkout/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const checkout = CHECKOUT_ID.test(req.params.id) ? await currentCheckout(pool, req.params.id, now()) : undefined;
    if (!checkout) {
      res.status(404).type('html').send(renderCheckoutNotFoundPage());
      return;
    }
    const settled = await settledPage(checkout);
    if (settled) {
      res.status(settled.status).type('html').send(settled.page);
      return;
    }
    res.type('html').send(renderCheckoutPage(checkout));
  });

  router.post('/checkout/:id/pay', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const checkout = CHECKOUT_ID.test(req.params.id) ? await currentCheckout(pool, req.params.id, now()) : undefined;
    if (!checkout) {
      res.status(404).type('html').send(renderCheckoutNotFoundPage());
      return;
    }
    // Paying twice (a double click, the back button) just continues to the merchant again.
    if (checkout.status === 'succeeded' || checkout.status === 'authorized') {
      res.redirect(303, successRedirectUrl(checkout));
      return;
    }
    if (checkout.status === 'expired' || checkout.status === 'released') {
      const gone = (await settledPage(checkout))!;
      res
        .status(checkout.status === 'expired' ? 410 : 409)
        .type('html')
        .send(gone.page);
      return;
    }
    const form = readPayForm(req.body, now());
    if (!form.ok) {
      res
        .status(422)
        .type('html')
        .send(renderCheckoutPage(checkout, { values: form.values, errors: form.errors }));
      return;
    }
    const digits = form.cardDigits;
    // Only the last four digits are ever stored or logged.
    const cardLast4 = digits.slice(-4);
    // Charged at once, or (authorize-only) a hold that stands until captured, cancelled or lapsed.
    const hold = checkout.captureMethod === 'manual' ? holdOutcomeFor(digits) : undefined;
    const settled = await settleCheckout(
      pool,
      hold?.status === 'authorized'
        ? {
            checkoutId: checkout.id,
            status: 'authorized',
            cardLast4,
            holdExpiresAt: new Date(now().getTime() + hold.holdLifetimeMs),
            captureDeclines: hold.captureDeclines,
          }
        : { checkoutId: checkout.id, status: hold ? hold.status : chargeOutcomeFor(digits), cardLast4 },
    );
    if (!settled) {
      const current = await currentCheckout(pool, checkout.id, now());
      // Expired meanwhile (the merchant gave up on it): nothing was charged.
      if (current?.status === 'expired') {
        res.status(410).type('html').send(renderCheckoutExpiredPage(current));
        return;
      }
      // A concurrent submission succeeded first; that payment stands.
      res.redirect(303, successRedirectUrl(checkout));
      return;
    }
    log.info({ checkoutId: checkout.id, outcome: settled.status, cardLast4 }, 'charge attempted');
    if (settled.status === 'declined') {
      await notifyShop('checkout.charge_failed', settled.id);
      res
        .status(402)
        .type('html')
        .send(
          renderCheckoutPage(settled, {
            // The number stays in the form: a mistyped card is corrected, another one typed over it.
            values: form.values,
            errors: { cardNumber: 'Your card was declined. Check the number or use another card.' },
          }),
        );
      return;
    }
    res.redirect(303, successRedirectUrl(settled));
  });

  return router;
}
