import { SESSION_STATUSES } from '@paysplit/domain';
import { z } from 'zod';
import { duplicate, duplicateOf, envelope, metadata, minorUnits, mode, paymentSummary, uuid } from './outgoing-call-parts.js';
import {
  partnerPaymentCancelReplySchema,
  partnerPaymentCancelSchema,
  partnerPaymentCaptureReplySchema,
  partnerPaymentCaptureSchema,
  paymentCapturedEventSchema,
  paymentCaptureFailedEventSchema,
  paymentReleasedEventSchema,
} from './outgoing-payment-calls.js';
import { GROUP_JOINED_CALL } from './outgoing-group-joined.js';

import { groupFullEventSchema, groupTippedEventSchema } from './outgoing-group-events.js';

export * from './outgoing-payment-calls.js';
export * from './outgoing-group-events.js';

/**
 * What PaySplit sends to the merchant: the partner create-payment call and the webhook events.
 * These schemas document the calls in the OpenAPI document's `webhooks` section (and the SDK's
 * types are generated from it); tests parse real deliveries with them, so they cannot drift from
 * what `modules/webhooks/session-events.ts` and the partner client send. The pieces they share
 * are in outgoing-call-parts.ts; the calls about one payment in outgoing-payment-calls.ts.
 */

export const sessionCompletedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_SESSION_COMPLETED'),
    completedAt: z.iso.datetime(),
    payments: z
      .array(paymentSummary)
      .describe(
        'The authorizations that paid the session: capture them (captureMethod manual: already captured, at your capture endpoint)',
      ),
  })
  .meta({ id: 'SessionCompletedEvent', description: 'Every share is paid. Mark the order paid once per eventId.' });

const endedFields = {
  status: z.enum(['expired', 'cancelled']),
  paidMinor: minorUnits.describe('What had been paid before the session ended'),
  refundsOwed: z.array(paymentSummary).describe('Authorized payments of this session to void or refund'),
};

export const sessionExpiredEventSchema = z
  .object({ ...envelope, type: z.literal('SERVICE_SESSION_EXPIRED'), ...endedFields, expiredAt: z.iso.datetime() })
  .meta({ id: 'SessionExpiredEvent', description: 'The session expired before every share was paid (sent only when subscribed).' });

export const sessionCancelledEventSchema = z
  .object({ ...envelope, type: z.literal('SERVICE_SESSION_CANCELLED'), ...endedFields, cancelledBy: z.enum(['merchant', 'host']) })
  .meta({ id: 'SessionCancelledEvent', description: 'The merchant or the host cancelled the session (sent only when subscribed).' });

export const paymentRecordedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_PAYMENT_RECORDED'),
    sessionStatus: z.enum(SESSION_STATUSES),
    paidMinor: minorUnits,
    remainingMinor: minorUnits,
    payment: paymentSummary.extend({ status: z.string(), refundRequired: z.boolean(), duplicate, duplicateOf }),
  })
  .meta({ id: 'PaymentRecordedEvent', description: 'A payment of the session was recorded (sent only when subscribed).' });

const refundEventFields = {
  amountMinor: minorUnits.describe("This refund's amount (in refund events only; the session total is sessionAmountMinor)"),
  sessionAmountMinor: minorUnits.describe('The session total in minor units'),
  refundId: uuid.describe('The refund (the webhook-id of its partner refund calls)'),
  paymentId: uuid,
  participantId: uuid.describe('The payer the money goes back to'),
  reason: z.string().nullable(),
  source: z.enum(['automatic', 'merchant']).describe('automatic: money the session could not use; merchant: asked for over the API'),
  processorRefundReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  refundedMinor: minorUnits.describe('Session total refunded (this refund once it succeeded); with a partnerCancelUrl, without duplicates'),
  duplicate,
};

export const refundSucceededEventSchema = z
  .object({ ...envelope, ...refundEventFields, type: z.literal('SERVICE_REFUND_SUCCEEDED'), status: z.literal('succeeded') })
  .meta({ id: 'RefundSucceededEvent', description: 'A refund succeeded: the money is back with the payer (sent only when subscribed).' });

export const refundFailedEventSchema = z
  .object({ ...envelope, ...refundEventFields, type: z.literal('SERVICE_REFUND_FAILED'), status: z.literal('failed') })
  .meta({
    id: 'RefundFailedEvent',
    description:
      'A refund failed (your endpoint said so, settled it failed, or never answered after the last retry); its amount is refundable again (sent only when subscribed).',
  });

export const testEventSchema = z
  .object({
    eventId: uuid,
    type: z.literal('SERVICE_TEST_EVENT'),
    createdAt: z.iso.datetime(),
    mode: z.literal('test'),
    integrationId: uuid,
    message: z.string(),
  })
  .meta({ id: 'TestEvent', description: 'Sent on request from the administration area; about no session. Verify it and answer 2xx.' });

export const partnerCreatePaymentSchema = z
  .object({
    type: z.literal('partner.payment.create'),
    paymentId: uuid.describe('Also the webhook-id header. Pass it to record-payment after the checkout'),
    sessionId: uuid,
    participantId: uuid,
    payerRole: z.enum(['host', 'participant']).describe('Decides where the success bridge redirects afterwards'),
    amountMinor: minorUnits,
    amount: z.string().describe('The same amount in major units as decimal text ("120.50")'),
    currency: z.string().length(3),
    mode,
    orderReference: z.string().nullable(),
    metadata,
    cancelReturnUrl: z.url().describe("Where the processor's cancel button should send the payer"),
    captureMethod: z
      .literal('manual')
      .optional()
      .describe('Manual only (absent otherwise): authorize the share without charging it (a hold); PaySplit asks for the capture later'),
    sessionExpiresAt: z.iso
      .datetime()
      .optional()
      .describe("Manual only (absent otherwise): the session's deadline; the hold must last until then"),
  })
  .meta({ id: 'PartnerCreatePaymentRequest' });

export const partnerCreatePaymentReplySchema = z
  .object({
    redirectUrl: z.url().describe("The processor's hosted checkout: https (http allowed in test mode)"),
  })
  .meta({ id: 'PartnerCreatePaymentReply' });

export const partnerRefundSchema = z
  .object({
    type: z.literal('partner.refund.create'),
    refundId: uuid.describe('Also the webhook-id header, the same on every retry: refund once per refundId'),
    paymentId: uuid.describe('The payment to refund (part of)'),
    sessionId: uuid,
    participantId: uuid.describe('The payer the money goes back to'),
    amountMinor: minorUnits.describe('How much to refund, at most what the payment still has'),
    amount: z.string().describe('The same amount in major units as decimal text ("96.00")'),
    currency: z.string().length(3),
    mode,
    processorReference: z.string().nullable().describe('What you sent when recording the payment (your charge id)'),
    reason: z.string().nullable(),
    orderReference: z.string().nullable(),
  })
  .meta({ id: 'PartnerRefundRequest' });

export const partnerRefundReplySchema = z
  .object({
    status: z
      .enum(['succeeded', 'pending', 'failed'])
      .describe('pending: settle it later with POST /api/v1/payments/refunds/{refundId}/settle'),
    processorRefundReference: z.string().optional().describe("Your processor's refund id"),
    failureReason: z.string().optional().describe('With failed: why'),
  })
  .meta({ id: 'PartnerRefundReply' });

export interface OutgoingCall {
  /** The key in the document's `webhooks` map. */
  readonly name: string;
  readonly summary: string;
  readonly description: string;
  readonly body: z.ZodType;
  readonly reply?: z.ZodType;
  readonly replyDescription: string;
}

const SIGNED_BY_WEBHOOK_SECRET = "Signed with the integration's webhook signing secret.";
const DELIVERY =
  'Answer any 2xx within 15 s. Anything else, or no answer, is retried later with the same eventId (WEBHOOK_RETRY_SCHEDULE). ' +
  'Answer 2xx to event types you do not handle, too.';

/** A webhook event: signed with the webhook secret, delivered and retried alike. */
function event(name: string, summary: string, body: z.ZodType): OutgoingCall {
  return { name, summary, description: `${SIGNED_BY_WEBHOOK_SECRET} ${DELIVERY}`, body, replyDescription: 'Received' };
}

export const OUTGOING_CALLS: readonly OutgoingCall[] = [
  {
    name: 'partnerCreatePayment',
    summary: 'Partner create-payment call (to partnerCreatePaymentUrl)',
    description:
      "A payer chose to pay. Verify the signature (the integration's partner create-payment signing secret) on the raw body, " +
      "create a checkout at your processor and answer 200 with its address within 10 s (PARTNER_TIMEOUT_MS). Any other answer fails the payer's attempt.",
    body: partnerCreatePaymentSchema,
    reply: partnerCreatePaymentReplySchema,
    replyDescription: "The processor's checkout",
  },
  {
    name: 'partnerRefund',
    summary: 'Partner refund call (to partnerRefundUrl)',
    description:
      "PaySplit asks you to refund (part of) a payment. Signed like the create-payment call (the integration's partner signing secret; " +
      'webhook-id = refundId). Refund at your processor once per refundId and answer 200 {status} within 10 s. Anything else (another ' +
      'HTTP status, a body that is not that JSON, no answer) is retried on REFUND_RETRY_SCHEDULE with the same refundId; after the last ' +
      'attempt the refund is failed.',
    body: partnerRefundSchema,
    reply: partnerRefundReplySchema,
    replyDescription: 'What your processor did with the refund',
  },
  {
    name: 'partnerPaymentCancel',
    summary: 'Partner cancel call (to partnerCancelUrl)',
    description:
      'A checkout PaySplit asked you for will not be used: take no money for this payment. Expire the checkout if it is still open ' +
      "(find it by processorReference, or by paymentId when that is null). Signed like the create-payment call (the integration's " +
      'partner signing secret; webhook-id = cancelId). Sent only when the integration has a partnerCancelUrl; for a payment whose ' +
      'create-payment call may still be running it comes PARTNER_TIMEOUT_MS later, after that call has ended. Act once per cancelId and ' +
      'answer 200 {status} within 10 s. Anything else is retried on PAYMENT_CALL_RETRY_SCHEDULE (by default WEBHOOK_RETRY_SCHEDULE) ' +
      'with the same cancelId; after the last attempt the cancellation is failed.',
    body: partnerPaymentCancelSchema,
    reply: partnerPaymentCancelReplySchema,
    replyDescription: 'What your processor did with the checkout',
  },
  {
    name: 'partnerPaymentCapture',
    summary: 'Partner capture call (to partnerCaptureUrl; captureMethod manual only)',
    description:
      'Every share of a manual-capture session is held: capture exactly amountMinor of this held payment, once per captureId ' +
      '(the whole hold; for an open group its final amount, which may be less than the hold: the rest of the hold is released) ' +
      "(pass paysplit-<captureId> as your processor's idempotency key). Signed like the create-payment call (the integration's " +
      'partner signing secret; webhook-id = captureId). Answer 200 {status} within 10 s. Anything else is retried on ' +
      'PAYMENT_CALL_RETRY_SCHEDULE with the same captureId; a capture never answered stays pending (failing it could reopen a share ' +
      'your processor did charge): settle it with POST /api/v1/payments/captures/{captureId}/settle. The session completes when ' +
      'every capture succeeded.',
    body: partnerPaymentCaptureSchema,
    reply: partnerPaymentCaptureReplySchema,
    replyDescription: 'What your processor did with the capture',
  },
  event('SERVICE_SESSION_COMPLETED', 'Session completed (to the webhook URL)', sessionCompletedEventSchema),
  event('SERVICE_SESSION_EXPIRED', 'Session expired (to the webhook URL, when subscribed)', sessionExpiredEventSchema),
  event('SERVICE_SESSION_CANCELLED', 'Session cancelled (to the webhook URL, when subscribed)', sessionCancelledEventSchema),
  event('SERVICE_PAYMENT_RECORDED', 'Payment recorded (to the webhook URL, when subscribed)', paymentRecordedEventSchema),
  event('SERVICE_REFUND_SUCCEEDED', 'Refund succeeded (to the webhook URL, when subscribed)', refundSucceededEventSchema),
  event('SERVICE_REFUND_FAILED', 'Refund failed (to the webhook URL, when subscribed)', refundFailedEventSchema),
  GROUP_JOINED_CALL,
  event('SERVICE_GROUP_TIPPED', 'Open group tipped (to the webhook URL, when subscribed)', groupTippedEventSchema),
  event('SERVICE_GROUP_FULL', 'Open group full (to the webhook URL, when subscribed)', groupFullEventSchema),
  event(
    'SERVICE_PAYMENT_CAPTURED',
    'Payment captured (to the webhook URL, when subscribed; captureMethod manual only)',
    paymentCapturedEventSchema,
  ),
  event(
    'SERVICE_PAYMENT_CAPTURE_FAILED',
    'Capture failed (to the webhook URL, when subscribed; captureMethod manual only)',
    paymentCaptureFailedEventSchema,
  ),
  event(
    'SERVICE_PAYMENT_RELEASED',
    'Hold released (to the webhook URL, when subscribed; captureMethod manual only)',
    paymentReleasedEventSchema,
  ),
  event('SERVICE_TEST_EVENT', 'Test event (to the webhook URL, on request from the administration area)', testEventSchema),
];
