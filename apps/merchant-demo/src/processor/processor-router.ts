import { randomBytes } from 'node:crypto';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { expireCheckout, findCheckout, insertCheckout, settleCheckout, type Checkout } from '../store.js';
import {
  CHECKOUT_SCRIPT_PATH,
  renderCheckoutExpiredPage,
  renderCheckoutNotFoundPage,
  renderCheckoutPage,
  renderCheckoutPaidPage,
  successRedirectUrl,
} from './checkout-page.js';
import { checkoutFormScript } from './checkout-form-script.js';
import { readPayForm } from './pay-form.js';
import { chargeOutcomeFor } from './test-cards.js';
import { listProcessorRefunds, refundCharge, refundedMinor, type ProcessorRefund } from './processor-refunds.js';

/** What the processor's API says about a checkout (what a real processor's "retrieve" returns). */
export interface CheckoutResource {
  id: string;
  paymentId: string;
  status: Checkout['status'];
  amountMinor: string;
  currency: string;
  payerRole: Checkout['payerRole'];
  cardLast4: string | null;
  /** When the merchant expired it (status `expired`), else null. */
  expiredAt: string | null;
  /** What went back to the card so far (succeeded refunds), and every refund asked for. */
  refundedMinor: string;
  refunds: RefundResource[];
}

/** A refund as the processor's API shows it. A refused refund is `failed` with its reason. */
export interface RefundResource {
  id: string;
  checkoutId: string;
  amountMinor: string;
  currency: string;
  status: ProcessorRefund['status'];
  failureReason: string | null;
  reason: string | null;
  createdAt: string;
}

// Only http(s): the cancel URL ends up in an href, where `javascript:` would run script.
const webUrl = z.url({ protocol: /^https?$/ });

const createCheckoutBody = z.object({
  // guid: any 8-4-4-4-12 hex id, whatever UUID version PaySplit generates.
  paymentId: z.guid(),
  sessionId: z.guid(),
  payerRole: z.enum(['host', 'participant']),
  amountMinor: z.string().regex(/^[1-9]\d{0,17}$/, 'must be a positive integer of minor units, as a string'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
  successUrl: webUrl,
  cancelUrl: webUrl,
  // Optional, shown to the payer: who is paid and for what.
  businessName: z.string().trim().min(1).max(80).optional(),
  description: z.string().trim().min(1).max(200).optional(),
});

const createRefundBody = z.object({
  amountMinor: z.string().regex(/^[1-9]\d{0,17}$/, 'must be a positive integer of minor units, as a string'),
  reason: z.string().trim().min(1).max(500).optional(),
});

const CHECKOUT_ID = /^cs_test_[A-Za-z0-9]{1,64}$/;

function newCheckoutId(): string {
  return `cs_test_${randomBytes(16).toString('hex')}`;
}

export function toRefundResource(refund: ProcessorRefund): RefundResource {
  return { ...refund, createdAt: refund.createdAt.toISOString() };
}

export function toCheckoutResource(checkout: Checkout, refunds: readonly ProcessorRefund[] = []): CheckoutResource {
  return {
    id: checkout.id,
    paymentId: checkout.paymentId,
    status: checkout.status,
    amountMinor: checkout.amountMinor,
    currency: checkout.currency,
    payerRole: checkout.payerRole,
    cardLast4: checkout.cardLast4,
    expiredAt: checkout.expiredAt?.toISOString() ?? null,
    refundedMinor: refundedMinor(refunds),
    refunds: refunds.map(toRefundResource),
  };
}

const EVENT_TIMEOUT_MS = 3_000;

export function createProcessorRouter(deps: {
  pool: Pool;
  logger: Logger;
  publicUrl: string;
  /** The shop's endpoint for the processor's events (a Stripe "webhook endpoint"); none: events are not sent. */
  eventsUrl?: string;
}): Router {
  const { pool, logger } = deps;
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

  router.post('/api/checkouts', express.json({ limit: '16kb' }), async (req, res) => {
    const parsed = createCheckoutBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({
        error: 'invalid_request',
        details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      });
      return;
    }
    const idempotencyKey = req.get('idempotency-key')?.slice(0, 200) || null;
    const checkout = await insertCheckout(pool, { id: newCheckoutId(), ...parsed.data, idempotencyKey });
    log.info({ checkoutId: checkout.id, paymentId: checkout.paymentId }, 'checkout created');
    const url = `${deps.publicUrl}/processor/checkout/${encodeURIComponent(checkout.id)}`;
    res.status(200).json({ ...toCheckoutResource(checkout), url });
  });

  router.get('/api/checkouts/:id', async (req, res) => {
    const checkout = CHECKOUT_ID.test(req.params.id) ? await findCheckout(pool, req.params.id) : undefined;
    if (!checkout) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    res.json(toCheckoutResource(checkout, await listProcessorRefunds(pool, checkout.id)));
  });

  /**
   * Refunds part or all of a charge (Stripe's "create refund"): 200 with the refund, whose status
   * says whether the money went back; asking for more than is left is a failed refund, not an error.
   */
  router.post('/api/checkouts/:id/refunds', express.json({ limit: '16kb' }), async (req, res) => {
    const parsed = createRefundBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({
        error: 'invalid_request',
        details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      });
      return;
    }
    const refund = CHECKOUT_ID.test(req.params.id)
      ? await refundCharge(pool, {
          checkoutId: req.params.id,
          amountMinor: parsed.data.amountMinor,
          reason: parsed.data.reason ?? null,
          idempotencyKey: req.get('idempotency-key')?.slice(0, 200) || null,
        })
      : undefined;
    if (!refund) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    log.info({ checkoutId: refund.checkoutId, refundId: refund.id, status: refund.status }, 'refund attempted');
    res.json(toRefundResource(refund));
  });

  /**
   * Expires a checkout that is still open (Stripe's "expire a Checkout Session"): it can no longer be
   * paid. Idempotent: an expired checkout answers 200 as it is. A paid one cannot be expired: 409
   * `checkout_already_paid`, with the checkout, so the merchant knows the money was taken.
   */
  router.post('/api/checkouts/:id/expire', async (req, res) => {
    const expired = CHECKOUT_ID.test(req.params.id) ? await expireCheckout(pool, req.params.id) : undefined;
    if (!expired) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    const resource = toCheckoutResource(expired.checkout, await listProcessorRefunds(pool, expired.checkout.id));
    if (expired.checkout.status === 'succeeded') {
      res.status(409).json({ error: 'checkout_already_paid', checkout: resource });
      return;
    }
    if (expired.expiredNow) log.info({ checkoutId: expired.checkout.id }, 'checkout expired');
    res.json(resource);
  });

  // ---- hosted checkout (browser) -------------------------------------------------------------

  router.get(CHECKOUT_SCRIPT_PATH.slice('/processor'.length), (_req, res) => {
    // Not fingerprinted: browsers revalidate (the ETag makes that cheap) rather than keep an old copy.
    res.set('Cache-Control', 'no-cache').type('text/javascript').send(checkoutFormScript);
  });

  router.get('/checkout/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const checkout = CHECKOUT_ID.test(req.params.id) ? await findCheckout(pool, req.params.id) : undefined;
    if (!checkout) {
      res.status(404).type('html').send(renderCheckoutNotFoundPage());
      return;
    }
    if (checkout.status === 'succeeded') {
      res.type('html').send(renderCheckoutPaidPage(checkout, await listProcessorRefunds(pool, checkout.id)));
      return;
    }
    if (checkout.status === 'expired') {
      res.status(410).type('html').send(renderCheckoutExpiredPage(checkout));
      return;
    }
    res.type('html').send(renderCheckoutPage(checkout));
  });

  router.post('/checkout/:id/pay', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const checkout = CHECKOUT_ID.test(req.params.id) ? await findCheckout(pool, req.params.id) : undefined;
    if (!checkout) {
      res.status(404).type('html').send(renderCheckoutNotFoundPage());
      return;
    }
    // Paying twice (a double click, the back button) just continues to the merchant again.
    if (checkout.status === 'succeeded') {
      res.redirect(303, successRedirectUrl(checkout));
      return;
    }
    if (checkout.status === 'expired') {
      res.status(410).type('html').send(renderCheckoutExpiredPage(checkout));
      return;
    }
    const form = readPayForm(req.body, new Date());
    if (!form.ok) {
      res
        .status(422)
        .type('html')
        .send(renderCheckoutPage(checkout, { values: form.values, errors: form.errors }));
      return;
    }
    const digits = form.cardDigits;

    const outcome = chargeOutcomeFor(digits);
    // Only the last four digits are ever stored or logged.
    const cardLast4 = digits.slice(-4);
    const settled = await settleCheckout(pool, { checkoutId: checkout.id, status: outcome, cardLast4 });
    if (!settled) {
      const now = await findCheckout(pool, checkout.id);
      // Expired meanwhile (the merchant gave up on it): nothing was charged.
      if (now?.status === 'expired') {
        res.status(410).type('html').send(renderCheckoutExpiredPage(now));
        return;
      }
      // A concurrent submission succeeded first; that payment stands.
      res.redirect(303, successRedirectUrl(checkout));
      return;
    }
    log.info({ checkoutId: checkout.id, outcome, cardLast4 }, 'charge attempted');
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
