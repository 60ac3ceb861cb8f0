import { CANCEL_REASONS, SESSION_STATUSES } from '@paysplit/domain';
import { z } from 'zod';
import { envelope, minorUnits, mode, paymentSummary, uuid } from './outgoing-call-parts.js';

/**
 * The calls about one payment (partner.payment.cancel, partner.payment.capture) and the events of
 * held money (captureMethod manual): their bodies and the answers they expect.
 */

export const partnerPaymentCancelSchema = z
  .object({
    type: z.literal('partner.payment.cancel'),
    cancelId: uuid.describe('Also the webhook-id header, the same on every retry: act once per cancelId'),
    paymentId: uuid.describe('The payment whose checkout will not be used (the paymentId of its create-payment call)'),
    sessionId: uuid,
    participantId: uuid.describe('The payer the checkout was for'),
    amountMinor: minorUnits.describe('The amount of that checkout'),
    amount: z.string().describe('The same amount in major units as decimal text ("96.00")'),
    currency: z.string().length(3),
    mode,
    processorReference: z.string().nullable().describe('What you recorded for the payment; null: find the checkout by paymentId'),
    reason: z
      .enum(CANCEL_REASONS)
      .describe(
        'replaced: the payer started again; share_changed: the host changed or removed the share; share_paid: another payment paid it; session_expired / session_cancelled: the session ended. Manual only: duplicate: a hold for a share another payment already paid; capture_failed: release what is left of a hold whose capture was declined; hold_lapsed: the hold lapses within the hold margin (1 hour by default) before everyone has paid, so it no longer counts and its share is open again: release it. Open groups: reservation_lapsed: the claim ran out of time before it was paid; payer_left: the payer left the group (a hold is released; a charged payment is refunded instead); cannot_count: it was paid for places that went to others, or after the payer left or the group stopped taking payments (manual: release the hold; automatic: it is refunded in full)',
      ),
    orderReference: z.string().nullable(),
  })
  .meta({ id: 'PartnerPaymentCancelRequest' });

/** What the merchant answers a call about one payment: the contract's status, its processor's reference, and why when it failed. */
function paymentCallReply(id: string, status: string, reference: string) {
  return z
    .object({
      status: z.enum(['succeeded', 'pending', 'failed']).describe(status),
      processorReference: z.string().optional().describe(reference),
      failureReason: z.string().optional().describe('With failed: why'),
    })
    .meta({ id });
}

export const partnerPaymentCancelReplySchema = paymentCallReply(
  'PartnerPaymentCancelReply',
  'succeeded: the checkout can no longer be paid (or never existed); failed: it could not be cancelled (say why, e.g. it was already paid); pending: settle it later with POST /api/v1/payments/cancellations/{cancelId}/settle',
  "Your processor's reference for what it did (e.g. the expired checkout)",
);

export const partnerPaymentCaptureSchema = z
  .object({
    type: z.literal('partner.payment.capture'),
    captureId: uuid.describe('Also the webhook-id header, the same on every retry: capture once per captureId'),
    paymentId: uuid.describe('The held payment to capture (the paymentId of its create-payment call)'),
    sessionId: uuid,
    participantId: uuid.describe('The payer whose hold it is'),
    amountMinor: minorUnits.describe(
      'Capture exactly this: the whole amount held, or for an open group its final amount (never more than the hold; the rest of the hold is released)',
    ),
    amount: z.string().describe('The same amount in major units as decimal text ("96.00")'),
    currency: z.string().length(3),
    mode,
    processorReference: z.string().nullable().describe('What you recorded for the payment (the held charge)'),
    holdExpiresAt: z.iso.datetime().nullable().describe("When the hold lapses, as recorded (or the integration's hold lifetime)"),
    orderReference: z.string().nullable(),
  })
  .meta({ id: 'PartnerPaymentCaptureRequest' });

export const partnerPaymentCaptureReplySchema = paymentCallReply(
  'PartnerPaymentCaptureReply',
  'succeeded: the money is taken; failed: the capture was declined (say why): the share is open to pay again; pending: settle it later with POST /api/v1/payments/captures/{captureId}/settle',
  "Your processor's reference for the capture",
);

/** The held payment a manual-capture event is about. */
const heldPayment = paymentSummary.extend({
  status: z.enum(['captured', 'capture_failed', 'released']),
  holdExpiresAt: z.iso.datetime().nullable(),
});

const heldMoneyFields = {
  sessionStatus: z.enum(SESSION_STATUSES),
  paidMinor: minorUnits.describe('What counts toward the session now (held or captured)'),
  remainingMinor: minorUnits,
};

export const paymentCapturedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_PAYMENT_CAPTURED'),
    ...heldMoneyFields,
    captureId: uuid,
    payment: heldPayment.extend({ capturedAt: z.iso.datetime() }),
  })
  .meta({
    id: 'PaymentCapturedEvent',
    description: 'Manual only: a held payment was captured (sent only when subscribed; captureMethod manual integrations only).',
  });

export const paymentCaptureFailedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_PAYMENT_CAPTURE_FAILED'),
    ...heldMoneyFields,
    captureId: uuid,
    failureReason: z.string().nullable(),
    payment: heldPayment,
  })
  .meta({
    id: 'PaymentCaptureFailedEvent',
    description:
      'Manual only: a capture was declined; its share is open to pay again, or past the deadline the session expired (sent only when subscribed).',
  });

export const paymentReleasedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_PAYMENT_RELEASED'),
    ...heldMoneyFields,
    cancelId: uuid,
    reason: z.enum(CANCEL_REASONS),
    payment: heldPayment.extend({ releasedAt: z.iso.datetime() }),
  })
  .meta({
    id: 'PaymentReleasedEvent',
    description:
      'Manual only: a hold was released: nothing was taken (sent only when subscribed). Sent when its cancel succeeded, or, for reason hold_lapsed, when PaySplit stopped counting a hold about to lapse and reopened its share (its cancel asks you to release what is left).',
  });
