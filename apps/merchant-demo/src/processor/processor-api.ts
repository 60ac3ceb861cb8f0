import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { expireCheckout, insertCheckout, type Checkout } from '../store.js';
import { toCaptureResource, toCheckoutResource, toRefundResource } from './checkout-resource.js';
import { answerOnce, MAX_IDEMPOTENCY_KEY_LENGTH, type ApiAnswer } from './processor-idempotency.js';
import {
  applyCancel,
  currentCheckout,
  decideCancel,
  capturableAmount,
  decideCapture,
  listProcessorCaptures,
  lockCheckout,
  recordCapture,
} from './processor-holds.js';
import { listProcessorRefunds, refundCharge } from './processor-refunds.js';

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
  // `manual`: authorize only; paying places a hold that the merchant captures or cancels later.
  captureMethod: z.enum(['automatic', 'manual']).optional(),
});

// Optional: without an amount (or a body) the whole hold is captured.
const captureBody = z
  .object({
    amountMinor: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'must be a positive integer of minor units, as a string')
      .optional(),
  })
  .strict();

const createRefundBody = z.object({
  amountMinor: z.string().regex(/^[1-9]\d{0,17}$/, 'must be a positive integer of minor units, as a string'),
  reason: z.string().trim().min(1).max(500).optional(),
});

export const CHECKOUT_ID = /^cs_test_[A-Za-z0-9]{1,64}$/;

function newCheckoutId(): string {
  return `cs_test_${randomBytes(16).toString('hex')}`;
}

function invalidRequest(res: Response, issues: { path: PropertyKey[]; message: string }[]): void {
  res.status(400).json({
    error: 'invalid_request',
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });
}

/** The request's Idempotency-Key: null when none was sent, undefined when it is unusable (answered 400). */
function idempotencyKeyOf(req: Request, res: Response): string | null | undefined {
  const key = req.get('idempotency-key');
  if (key === undefined || key === '') return null;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    invalidRequest(res, [{ path: ['Idempotency-Key'], message: `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` }]);
    return undefined;
  }
  return key;
}

async function checkoutJson(db: Pool | PoolClient, checkout: Checkout): Promise<ReturnType<typeof toCheckoutResource>> {
  return toCheckoutResource(checkout, {
    refunds: await listProcessorRefunds(db, checkout.id),
    captures: await listProcessorCaptures(db, checkout.id),
  });
}

function answer(httpStatus: number, body: unknown): ApiAnswer {
  return { httpStatus, body: JSON.stringify(body) };
}

/**
 * The test processor's server-to-server API, the part a merchant's backend calls (a real
 * processor's REST API): create and retrieve checkouts; refund captured money; and, for
 * authorize-only checkouts, capture or cancel a hold. Changes to a checkout sent with an
 * Idempotency-Key are answered once per key (`answerOnce`).
 */
export function createProcessorApiRouter(deps: { pool: Pool; logger: Logger; publicUrl: string; now: () => Date }): Router {
  const { pool, now } = deps;
  const log = deps.logger.child({ component: 'test-processor' });
  const router = express.Router();

  router.post('/checkouts', express.json({ limit: '16kb' }), async (req, res) => {
    const parsed = createCheckoutBody.safeParse(req.body);
    if (!parsed.success) {
      invalidRequest(res, parsed.error.issues);
      return;
    }
    const idempotencyKey = req.get('idempotency-key')?.slice(0, 200) || null;
    const checkout = await insertCheckout(pool, { id: newCheckoutId(), ...parsed.data, idempotencyKey });
    log.info({ checkoutId: checkout.id, paymentId: checkout.paymentId, captureMethod: checkout.captureMethod }, 'checkout created');
    const url = `${deps.publicUrl}/processor/checkout/${encodeURIComponent(checkout.id)}`;
    res.status(200).json({ ...toCheckoutResource(checkout), url });
  });

  router.get('/checkouts/:id', async (req, res) => {
    const checkout = CHECKOUT_ID.test(req.params.id) ? await currentCheckout(pool, req.params.id, now()) : undefined;
    if (!checkout) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    res.json(await checkoutJson(pool, checkout));
  });

  /**
   * Refunds part or all of a charge (Stripe's "create refund"): 200 with the refund, whose status
   * says whether the money went back; asking for more than is left, or refunding money that is only
   * held, is a failed refund, not an error. Captured money only: a hold is cancelled instead.
   */
  router.post('/checkouts/:id/refunds', express.json({ limit: '16kb' }), async (req, res) => {
    const parsed = createRefundBody.safeParse(req.body);
    if (!parsed.success) {
      invalidRequest(res, parsed.error.issues);
      return;
    }
    const refund = CHECKOUT_ID.test(req.params.id)
      ? await refundCharge(pool, {
          checkoutId: req.params.id,
          amountMinor: parsed.data.amountMinor,
          reason: parsed.data.reason ?? null,
          idempotencyKey: req.get('idempotency-key')?.slice(0, 200) || null,
          now: now(),
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
   * `checkout_already_paid`, with the checkout, so the merchant knows the money was taken; a held
   * one neither (409 `checkout_authorized`): cancelling it releases the hold.
   */
  router.post('/checkouts/:id/expire', async (req, res) => {
    const id = req.params.id;
    const expired = CHECKOUT_ID.test(id) && (await currentCheckout(pool, id, now())) ? await expireCheckout(pool, id) : undefined;
    if (!expired) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    const resource = await checkoutJson(pool, expired.checkout);
    if (expired.checkout.status === 'succeeded') {
      res.status(409).json({ error: 'checkout_already_paid', checkout: resource });
      return;
    }
    if (expired.checkout.status === 'authorized') {
      res
        .status(409)
        .json({ error: 'checkout_authorized', message: 'the amount is held: cancel the checkout to release it', checkout: resource });
      return;
    }
    if (expired.expiredNow) log.info({ checkoutId: expired.checkout.id }, 'checkout expired');
    res.json(resource);
  });

  /** Sends an answer made (or saved) by `answerOnce`; a replay says so in a header, as Stripe's does. */
  function send(res: Response, result: (ApiAnswer & { replayed: boolean }) | undefined): void {
    if (!result) {
      res.status(404).json({ error: 'checkout_not_found' });
      return;
    }
    if (result.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(result.httpStatus).type('application/json').send(result.body);
  }

  /**
   * Captures a hold, once (Stripe's "capture a PaymentIntent"): the whole hold, or `amountMinor` of
   * it when the body asks for less (`{"amountMinor": "…"}`; the rest of the hold is released with
   * the capture, and only what was taken can be refunded). 200 with the capture and the checkout:
   * `succeeded` took the money; `failed` took nothing and says why (`capture_declined` by the
   * issuer, `hold_expired`, `hold_released`; the hold then stays as it was). 409 `already_captured`
   * when the money was taken by an earlier capture (the same key gets that capture's own answer back
   * instead); 409 `checkout_not_authorized` when nothing was ever held; 400 `amount_exceeds_hold`
   * when more than the hold is asked for (nothing is taken).
   */
  router.post('/checkouts/:id/capture', express.json({ limit: '16kb' }), async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req, res);
    if (idempotencyKey === undefined) return;
    const parsed = captureBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      invalidRequest(res, parsed.error.issues);
      return;
    }
    const checkoutId = req.params.id;
    if (!CHECKOUT_ID.test(checkoutId)) {
      send(res, undefined);
      return;
    }
    const result = await answerOnce(pool, { idempotencyKey, operation: 'capture', checkoutId }, async (tx) => {
      const at = now();
      const checkout = await lockCheckout(tx, checkoutId, at);
      if (!checkout) return undefined;
      const decision = decideCapture(checkout);
      if (decision.kind === 'refuse') {
        const message =
          decision.error === 'already_captured' ? 'the money of this checkout was already taken' : 'nothing is held on this checkout';
        return answer(409, { error: decision.error, message, checkout: await checkoutJson(tx, checkout) });
      }
      const amountMinor = parsed.data.amountMinor ?? checkout.amountMinor;
      if (!capturableAmount(checkout, amountMinor)) {
        return answer(400, {
          error: 'amount_exceeds_hold',
          message: `at most the held ${checkout.amountMinor} ${checkout.currency} can be captured`,
          checkout: await checkoutJson(tx, checkout),
        });
      }
      const done = await recordCapture(tx, checkout, decision, at, amountMinor);
      log.info(
        { checkoutId, captureId: done.capture.id, status: done.capture.status, failure: done.capture.failureCode },
        'capture attempted',
      );
      return answer(200, { ...toCaptureResource(done.capture), checkout: await checkoutJson(tx, done.checkout) });
    });
    send(res, result);
  });

  /**
   * Cancels a checkout: money is not to be taken. One call covers both cases (the research notes of
   * the hold-then-charge plan): an open or declined checkout is expired, a hold is released. 200 with
   * the checkout (`expired` or `released`; one already so answers as it is); 409
   * `checkout_already_paid` when the money was taken (refund it instead).
   */
  router.post('/checkouts/:id/cancel', async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req, res);
    if (idempotencyKey === undefined) return;
    const checkoutId = req.params.id;
    if (!CHECKOUT_ID.test(checkoutId)) {
      send(res, undefined);
      return;
    }
    const result = await answerOnce(pool, { idempotencyKey, operation: 'cancel', checkoutId }, async (tx) => {
      const at = now();
      const checkout = await lockCheckout(tx, checkoutId, at);
      if (!checkout) return undefined;
      const decision = decideCancel(checkout);
      const after = await applyCancel(tx, checkout, decision, at);
      const resource = await checkoutJson(tx, after);
      if (decision === 'refuse_paid') {
        return answer(409, { error: 'checkout_already_paid', message: 'the money was taken: refund it instead', checkout: resource });
      }
      if (decision !== 'unchanged') log.info({ checkoutId, status: after.status }, 'checkout cancelled');
      return answer(200, resource);
    });
    send(res, result);
  });

  return router;
}
