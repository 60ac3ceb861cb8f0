/**
 * Receiving PaySplit's partner create-payment call: the payer chose to pay, and the merchant answers
 * 200 `{ "redirectUrl": "<processor checkout>" }` within 10 s.
 */
import type { HeadersLike, VerifyOptions } from './signatures.js';
import type {
  PartnerCreatePaymentRequest,
  PartnerPaymentCancelRequest,
  PartnerPaymentCaptureRequest,
  PartnerRefundRequest,
} from './wire-types.js';
import {
  PaySplitPayloadError,
  readMinorUnits,
  readNullableString,
  readObject,
  readOneOf,
  readString,
  verifyAndParseObject,
  type JsonObject,
} from './signed-payload.js';

/** The signed body of the call (generated from the OpenAPI document's `partnerCreatePayment` webhook). */
export type PartnerCreatePaymentPayload = PartnerCreatePaymentRequest;

/** The signed body of the partner refund call (generated from the OpenAPI document's `partnerRefund` webhook). */
export type PartnerRefundPayload = PartnerRefundRequest;

/** The signed body of the partner cancel call (generated from the OpenAPI document's `partnerPaymentCancel` webhook). */
export type PartnerPaymentCancelPayload = PartnerPaymentCancelRequest;

/** The signed body of the partner capture call (generated from the OpenAPI document's `partnerPaymentCapture` webhook). */
export type PartnerPaymentCapturePayload = PartnerPaymentCaptureRequest;

/** Every reason PaySplit sends a cancel for: a reason missing here would refuse PaySplit's own signed calls. */
const CANCEL_REASONS = [
  'replaced',
  'share_changed',
  'share_paid',
  'duplicate',
  'session_expired',
  'session_cancelled',
  'capture_failed',
  'hold_lapsed',
  'reservation_lapsed',
  'payer_left',
  'cannot_count',
] as const satisfies readonly PartnerPaymentCancelRequest['reason'][];
// Both ways: a reason the OpenAPI document lists and this list lacks does not compile.
const everyCancelReason: readonly (typeof CANCEL_REASONS)[number][] = [] as PartnerPaymentCancelRequest['reason'][];
void everyCancelReason;

/** What every call about one payment carries after its id: the payment, its money and your reference. */
function readPaymentCallFields(payload: JsonObject): void {
  readString(payload, 'paymentId');
  readString(payload, 'sessionId');
  readString(payload, 'participantId');
  readMinorUnits(payload, 'amountMinor');
  readString(payload, 'amount');
  readString(payload, 'currency');
  readOneOf(payload, 'mode', ['test', 'live'] as const);
  readNullableString(payload, 'processorReference');
}

export const partner = {
  /**
   * Verifies a partner create-payment call and returns its payload. Throws
   * `SignatureVerificationError` when it is not provably from PaySplit, `PaySplitPayloadError` when
   * the signed body is not a create-payment payload. `rawBody` must be the exact bytes received.
   */
  verifyCreatePayment(
    rawBody: string | Uint8Array,
    headers: HeadersLike,
    secret: string,
    options?: VerifyOptions,
  ): PartnerCreatePaymentPayload {
    const { id, payload } = verifyAndParseObject(rawBody, headers, secret, options);
    if (payload['type'] !== 'partner.payment.create') throw new PaySplitPayloadError("type must be 'partner.payment.create'");
    const paymentId = readString(payload, 'paymentId');
    readString(payload, 'sessionId');
    readString(payload, 'participantId');
    readOneOf(payload, 'payerRole', ['host', 'participant'] as const);
    readMinorUnits(payload, 'amountMinor');
    readString(payload, 'amount');
    readString(payload, 'currency');
    readOneOf(payload, 'mode', ['test', 'live'] as const);
    readNullableString(payload, 'orderReference');
    readObject(payload, 'metadata');
    const cancelReturnUrl = readString(payload, 'cancelReturnUrl');
    if (!URL.canParse(cancelReturnUrl)) throw new PaySplitPayloadError('cancelReturnUrl must be an absolute URL');
    // A valid signature over a body for another payment would otherwise pass as this one.
    if (id !== paymentId) throw new PaySplitPayloadError('webhook-id does not equal the paymentId of the body');
    return payload as unknown as PartnerCreatePaymentPayload;
  },

  /**
   * Verifies a partner refund call (PaySplit asks you to refund part or all of a payment) and
   * returns its payload. Refund once per `refundId`: a retried call carries the same one. Throws
   * like `verifyCreatePayment`.
   */
  verifyRefund(rawBody: string | Uint8Array, headers: HeadersLike, secret: string, options?: VerifyOptions): PartnerRefundPayload {
    const { id, payload } = verifyAndParseObject(rawBody, headers, secret, options);
    if (payload['type'] !== 'partner.refund.create') throw new PaySplitPayloadError("type must be 'partner.refund.create'");
    const refundId = readString(payload, 'refundId');
    readPaymentCallFields(payload);
    readNullableString(payload, 'reason');
    readNullableString(payload, 'orderReference');
    // A valid signature over a body for another refund would otherwise pass as this one.
    if (id !== refundId) throw new PaySplitPayloadError('webhook-id does not equal the refundId of the body');
    return payload as unknown as PartnerRefundPayload;
  },

  /**
   * Verifies a partner cancel call (a checkout PaySplit asked you for will not be used: take no
   * money for that payment) and returns its payload. Act once per `cancelId`: a retried call
   * carries the same one. Throws like `verifyCreatePayment`.
   */
  verifyCancel(rawBody: string | Uint8Array, headers: HeadersLike, secret: string, options?: VerifyOptions): PartnerPaymentCancelPayload {
    const { id, payload } = verifyAndParseObject(rawBody, headers, secret, options);
    if (payload['type'] !== 'partner.payment.cancel') throw new PaySplitPayloadError("type must be 'partner.payment.cancel'");
    const cancelId = readString(payload, 'cancelId');
    readPaymentCallFields(payload);
    readOneOf(payload, 'reason', CANCEL_REASONS);
    readNullableString(payload, 'orderReference');
    // A valid signature over a body for another cancellation would otherwise pass as this one.
    if (id !== cancelId) throw new PaySplitPayloadError('webhook-id does not equal the cancelId of the body');
    return payload as unknown as PartnerPaymentCancelPayload;
  },

  /**
   * Verifies a partner capture call (captureMethod manual: every share is held, capture this hold
   * in full) and returns its payload. Capture once per `captureId`, passing `paysplit-<captureId>`
   * as your processor's idempotency key: a retried call carries the same one. Throws like
   * `verifyCreatePayment`.
   */
  verifyCapture(rawBody: string | Uint8Array, headers: HeadersLike, secret: string, options?: VerifyOptions): PartnerPaymentCapturePayload {
    const { id, payload } = verifyAndParseObject(rawBody, headers, secret, options);
    if (payload['type'] !== 'partner.payment.capture') throw new PaySplitPayloadError("type must be 'partner.payment.capture'");
    const captureId = readString(payload, 'captureId');
    readPaymentCallFields(payload);
    const holdExpiresAt = readNullableString(payload, 'holdExpiresAt');
    if (holdExpiresAt !== null && Number.isNaN(Date.parse(holdExpiresAt))) throw new PaySplitPayloadError('holdExpiresAt must be a time');
    readNullableString(payload, 'orderReference');
    // A valid signature over a body for another capture would otherwise pass as this one.
    if (id !== captureId) throw new PaySplitPayloadError('webhook-id does not equal the captureId of the body');
    return payload as unknown as PartnerPaymentCapturePayload;
  },
};
