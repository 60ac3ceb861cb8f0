import { PaySplitPayloadError, SignatureVerificationError } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from '../logger.js';

/** One of the SDK's `partner.verify…` functions: the verified payload, or a signature or payload error. */
type Verify<Payload> = (body: Buffer, headers: IncomingHttpHeaders, secret: string) => Payload;

/**
 * Adds the route of one of PaySplit's signed partner calls to `router`. The signature covers the
 * exact bytes sent, so the body stays raw until the SDK has verified it: 401 for a bad signature,
 * 400 for a signed body that is not this call's. Then `answer` acts on the call and returns what
 * PaySplit gets with a 200. When it throws (our processor could not be reached), PaySplit gets no
 * answer (502) and calls again later with the same id, which the processor's idempotency key turns
 * into the first call's effect, never a second one.
 */
export function signedPartnerRoute<Payload>(
  router: Router,
  route: {
    path: string;
    /** What the call asks for, in log lines: "capture", "refund". */
    call: string;
    verify: Verify<Payload>;
    signingSecret: string;
    logger: Logger;
    /** The fields that name this call in log lines (its id, the payment). */
    logFields: (payload: Payload) => Record<string, unknown>;
    answer: (payload: Payload) => Promise<unknown>;
  },
): void {
  const { call, logger: log } = route;
  router.post(route.path, express.raw({ type: 'application/json', limit: '64kb' }), async (req, res) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) {
      res.status(415).json({ error: 'expected an application/json body' });
      return;
    }
    let payload: Payload;
    try {
      payload = route.verify(raw, req.headers, route.signingSecret);
    } catch (error) {
      if (error instanceof SignatureVerificationError) {
        log.warn({ reason: error.message }, `rejected a ${call} call with a bad signature`);
        res.status(401).json({ error: 'invalid signature' });
        return;
      }
      if (error instanceof PaySplitPayloadError) {
        log.warn({ reason: error.message }, `rejected a signed ${call} call with an unexpected payload`);
        res.status(400).json({ error: 'invalid payload' });
        return;
      }
      throw error;
    }

    let answer: unknown;
    try {
      answer = await route.answer(payload);
    } catch (error) {
      log.error({ ...route.logFields(payload), reason: (error as Error).message }, `could not act on the ${call} call at the processor`);
      res.status(502).json({ error: 'payment processor unavailable' });
      return;
    }
    res.status(200).json(answer);
  });
}
