import { isEventType, PaySplitPayloadError, SignatureVerificationError, webhooks, type PaySplitEvent } from '@paysplit/sdk';
import express, { type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import type { Logger } from '../logger.js';
import {
  findBookingByOrderRef,
  markBookingEnded,
  markBookingPaid,
  recordProcessedEvent,
  withTransaction,
  type Queryable,
} from '../store.js';
import { isGroupEvent, recordGroupEvent } from './group-events.js';
import { savePaySplitRefundStatus } from './refund-store.js';

type Outcome =
  | 'duplicate'
  | 'ignored'
  | 'booking_paid'
  | 'booking_already_paid'
  | 'booking_ended'
  | 'booking_not_awaiting_payment'
  | 'booking_not_found'
  | 'mismatch'
  | 'refund_recorded'
  | 'group_recorded';

type RefundEvent = Extract<PaySplitEvent, { type: 'SERVICE_REFUND_SUCCEEDED' | 'SERVICE_REFUND_FAILED' }>;
type SessionEndedEvent = Extract<PaySplitEvent, { type: 'SERVICE_SESSION_EXPIRED' | 'SERVICE_SESSION_CANCELLED' }>;

/**
 * A refund event settles the shop's record of that refund (what the bookings page shows). One that
 * says `"duplicate": true` gives back a duplicate payment (a share paid twice), which never counts
 * against the booking; read from the verified body as sent, whatever fields this SDK version names.
 */
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
    duplicate: (event as { duplicate?: unknown }).duplicate === true,
  });
  return 'refund_recorded';
}

/**
 * PaySplit's session ended before everyone paid (it expired, or was cancelled): the booking is not
 * made. Any share paid is refunded by PaySplit (its refund events follow) or released.
 */
async function recordSessionEnded(tx: Queryable, event: SessionEndedEvent): Promise<Outcome> {
  const booking = event.orderReference ? await findBookingByOrderRef(tx, event.orderReference) : undefined;
  if (!booking) return 'booking_not_found';
  if (booking.sessionId !== null && booking.sessionId !== event.sessionId) return 'mismatch';
  const endedAt = new Date(event.type === 'SERVICE_SESSION_EXPIRED' ? event.expiredAt : event.createdAt);
  const ended = await markBookingEnded(tx, {
    bookingId: booking.id,
    status: event.type === 'SERVICE_SESSION_EXPIRED' ? 'expired' : 'cancelled',
    endedAt: Number.isNaN(endedAt.getTime()) ? new Date() : endedAt,
  });
  return ended ? 'booking_ended' : 'booking_not_awaiting_payment';
}

/**
 * PaySplit's events. The completion event is the only thing that marks a booking paid (the browser
 * reaching the success page proves nothing); the expired and cancelled events say it will not be
 * (a group trip that did not reach its minimum by its deadline expires); refund events say how
 * each refund ended; a group trip's events say who joined, when it tipped and when it filled up. Each eventId is acted on once: the
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
      if (isEventType(event, 'SERVICE_SESSION_EXPIRED') || isEventType(event, 'SERVICE_SESSION_CANCELLED'))
        return recordSessionEnded(tx, event);
      if (isGroupEvent(event)) return recordGroupEvent(tx, event);
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
      log.error(context, 'event does not match a booking; the booking is left as it was');
    } else {
      log.info(context, 'webhook handled');
    }
    res.status(200).json({ received: true });
  });

  return router;
}
