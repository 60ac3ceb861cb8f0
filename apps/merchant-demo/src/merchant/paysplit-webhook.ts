import { isEventType, PaySplitPayloadError, SignatureVerificationError, webhooks, type PaySplitEvent } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { findBookingByOrderRef, markBookingPaid, recordProcessedEvent, withTransaction, type Queryable } from '../store.js';
import { savePaySplitRefundStatus } from './refund-store.js';

type Outcome = 'duplicate' | 'ignored' | 'booking_paid' | 'booking_already_paid' | 'booking_not_found' | 'mismatch' | 'refund_recorded';

type RefundEvent = Extract<PaySplitEvent, { type: 'SERVICE_REFUND_SUCCEEDED' | 'SERVICE_REFUND_FAILED' }>;

/** A refund event settles the shop's record of that refund (what the bookings page shows). */
async function recordRefundEvent(tx: Queryable, event: RefundEvent): Promise<Outcome> {
  const booking = event.orderReference ? await findBookingByOrderRef(tx, event.orderReference) : undefined;
  await savePaySplitRefundStatus(tx, {
    refundId: event.refundId,
    bookingId: booking?.id ?? null,
    paymentId: event.paymentId,
    amountMinor: event.amountMinor,
    currency: event.currency,
    status: event.type === 'SERVICE_REFUND_SUCCEEDED' ? 'succeeded' : 'failed',
    failureReason: event.failureReason ?? null,
  });
  return 'refund_recorded';
}

/**
 * PaySplit's events. The completion event is the only thing that marks a booking paid; refund
 * events say how each refund ended (the
 * browser reaching the success page proves nothing). Each eventId is acted on once: the
 * processed_event insert and the booking update share one transaction, so a crash between
 * them cannot lose or double an event, and retries (same eventId) become no-ops.
 */
export function createPaySplitWebhookRouter(deps: { config: MerchantConfig; pool: Pool; logger: Logger }): Router {
  const { config, pool } = deps;
  const log = deps.logger.child({ component: 'paysplit-webhook' });
  const router = express.Router();

  async function handle(event: PaySplitEvent): Promise<Outcome> {
    return withTransaction(pool, async (tx) => {
      const firstDelivery = await recordProcessedEvent(tx, { eventId: event.eventId, type: event.type });
      if (!firstDelivery) return 'duplicate';
      if (isEventType(event, 'SERVICE_REFUND_SUCCEEDED') || isEventType(event, 'SERVICE_REFUND_FAILED'))
        return recordRefundEvent(tx, event);
      // Unknown and other event types are acknowledged and ignored, or PaySplit would retry them forever.
      if (!isEventType(event, 'SERVICE_SESSION_COMPLETED') || event.orderReference === null) return 'ignored';

      const booking = await findBookingByOrderRef(tx, event.orderReference);
      if (!booking) return 'booking_not_found';
      // Trust, but check: the session that completed must be for what this booking costs.
      if (booking.amountMinor !== event.amountMinor || booking.currency !== event.currency) return 'mismatch';
      const completedAt = new Date(event.completedAt);
      const paid = await markBookingPaid(tx, {
        bookingId: booking.id,
        eventId: event.eventId,
        paidAt: Number.isNaN(completedAt.getTime()) ? new Date() : completedAt,
      });
      return paid ? 'booking_paid' : 'booking_already_paid';
    });
  }

  router.post('/webhooks/paysplit', express.raw({ type: '*/*', limit: '256kb' }), async (req, res) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw) || raw.length === 0) {
      res.status(400).json({ error: 'invalid webhook' });
      return;
    }
    let event: PaySplitEvent;
    try {
      event = webhooks.verify(raw, req.headers, config.paysplit.webhookSigningSecret);
    } catch (error) {
      if (error instanceof SignatureVerificationError || error instanceof PaySplitPayloadError) {
        log.warn({ reason: error.message }, 'rejected a webhook that failed verification');
        res.status(400).json({ error: 'invalid webhook' });
        return;
      }
      throw error;
    }

    const outcome = await handle(event);
    const orderReference = 'orderReference' in event ? event.orderReference : null; // a test event is about no session
    const context = { eventId: event.eventId, type: event.type, orderReference, outcome };
    if (outcome === 'booking_not_found' || outcome === 'mismatch') {
      log.error(context, 'completion event does not match a booking; left unpaid');
    } else {
      log.info(context, 'webhook handled');
    }
    res.status(200).json({ received: true });
  });

  return router;
}
