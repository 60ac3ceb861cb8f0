/**
 * Receiving PaySplit's webhooks: verify the signature on the raw body, then check that the body is
 * the event it claims to be. Delivery is at least once (the same eventId on every retry), so
 * receivers dedupe by eventId; `sessionVersion` orders events of one session.
 */
import type { HeadersLike, VerifyOptions } from './signatures.js';
import {
  PaySplitPayloadError,
  isJsonObject,
  readInteger,
  readMinorUnits,
  readNullableString,
  readObject,
  readOneOf,
  readString,
  verifyAndParseObject,
  type JsonObject,
} from './signed-payload.js';
import type { components } from './generated/openapi.js';
import type { SessionMode } from './wire-types.js';

/** Fields every PaySplit event carries. */
export interface PaySplitEventEnvelope {
  /** The same on every delivery attempt of one event: dedupe on it. */
  eventId: string;
  type: string;
  createdAt: string;
  mode: SessionMode;
  /** Test mode, a session whose clock was advanced: `createdAt` and the event's other times are on its test clock. */
  testClock?: true;
  sessionId: string;
  /** Increments on every session change: an event older than one already handled is stale. */
  sessionVersion: number;
  /** The `merchantOrderRef` sent at creation. */
  orderReference: string | null;
}

// The known events' types come from the OpenAPI document's `webhooks` section (generated), so they
// list exactly the fields the server sends.
export type SessionCompletedEvent = components['schemas']['SessionCompletedEvent'];
export type SessionExpiredEvent = components['schemas']['SessionExpiredEvent'];
export type SessionCancelledEvent = components['schemas']['SessionCancelledEvent'];
export type PaymentRecordedEvent = components['schemas']['PaymentRecordedEvent'];
export type RefundSucceededEvent = components['schemas']['RefundSucceededEvent'];
export type RefundFailedEvent = components['schemas']['RefundFailedEvent'];
/** Open groups only: the group reached its minimum (it goes ahead), and it filled (it ends now). */
export type GroupTippedEvent = components['schemas']['GroupTippedEvent'];
export type GroupFullEvent = components['schemas']['GroupFullEvent'];
/** captureMethod manual only: what happened to a held payment. */
export type PaymentCapturedEvent = components['schemas']['PaymentCapturedEvent'];
export type PaymentCaptureFailedEvent = components['schemas']['PaymentCaptureFailedEvent'];
export type PaymentReleasedEvent = components['schemas']['PaymentReleasedEvent'];
/** Open groups: a payer's places are paid (manual: held) and count. */
export type GroupJoinedEvent = components['schemas']['GroupJoinedEvent'];
/** Sent on request from the administration area; about no session (no sessionId). */
export type TestEvent = components['schemas']['TestEvent'];
export type CompletedSessionPayment = SessionCompletedEvent['payments'][number];

/** An event type this SDK version does not know yet; answer it 2xx so it is not retried forever. */
export interface UnknownEvent extends PaySplitEventEnvelope {
  type: string;
  [key: string]: unknown;
}

export type KnownPaySplitEvent =
  | SessionCompletedEvent
  | SessionExpiredEvent
  | SessionCancelledEvent
  | PaymentRecordedEvent
  | RefundSucceededEvent
  | RefundFailedEvent
  | GroupTippedEvent
  | GroupFullEvent
  | PaymentCapturedEvent
  | PaymentCaptureFailedEvent
  | PaymentReleasedEvent
  | GroupJoinedEvent
  | TestEvent;
export type KnownPaySplitEventType = KnownPaySplitEvent['type'];
export type PaySplitEvent = KnownPaySplitEvent | UnknownEvent;

/**
 * Narrows an event to one known type. Needed because `UnknownEvent['type']` is `string`, which keeps
 * TypeScript from narrowing the union on `event.type === '…'` alone; `verify` has already checked
 * that a known type's body has that type's shape.
 */
export function isEventType<T extends KnownPaySplitEventType>(
  event: PaySplitEvent,
  type: T,
): event is Extract<KnownPaySplitEvent, { type: T }> {
  return event.type === type;
}

export const webhooks = {
  /**
   * Verifies a webhook and returns its event. Throws `SignatureVerificationError` when it is not
   * provably from PaySplit, `PaySplitPayloadError` when the signed body is not a valid event.
   * `rawBody` must be the exact bytes received (e.g. `express.raw()`), never re-stringified JSON.
   */
  verify(rawBody: string | Uint8Array, headers: HeadersLike, secret: string, options?: VerifyOptions): PaySplitEvent {
    const { id, payload } = verifyAndParseObject(rawBody, headers, secret, options);
    const event = checkEvent(payload);
    // The id is covered by the signature; it must also name this event, or a receiver deduping on
    // either could be fooled into treating two events as one.
    if (id !== event.eventId) throw new PaySplitPayloadError('webhook-id does not equal the eventId of the body');
    return event;
  },
};

function checkEvent(payload: JsonObject): PaySplitEvent {
  readString(payload, 'eventId');
  const type = readString(payload, 'type');
  readString(payload, 'createdAt');
  readOneOf(payload, 'mode', ['test', 'live'] as const);
  if (type === 'SERVICE_TEST_EVENT') {
    // About no session: it carries the integration instead of the session envelope.
    readString(payload, 'integrationId');
    return payload as unknown as TestEvent;
  }
  readString(payload, 'sessionId');
  readInteger(payload, 'sessionVersion');
  readNullableString(payload, 'orderReference');

  if (type === 'SERVICE_SESSION_COMPLETED') {
    readMinorUnits(payload, 'amountMinor');
    readString(payload, 'currency');
    readString(payload, 'completedAt');
    readObject(payload, 'metadata');
    const payments = payload['payments'];
    if (!Array.isArray(payments)) throw new PaySplitPayloadError('payments must be an array');
    payments.forEach((payment: unknown, index) => {
      if (!isJsonObject(payment)) throw new PaySplitPayloadError(`payments[${index}] must be an object`);
      try {
        readString(payment, 'paymentId');
        readString(payment, 'participantId');
        readMinorUnits(payment, 'amountMinor');
        readNullableString(payment, 'processorReference');
      } catch (error) {
        throw error instanceof PaySplitPayloadError ? new PaySplitPayloadError(`payments[${index}].${error.message}`) : error;
      }
    });
  }
  if (type === 'SERVICE_REFUND_SUCCEEDED' || type === 'SERVICE_REFUND_FAILED') {
    readString(payload, 'refundId');
    readString(payload, 'paymentId');
    readString(payload, 'participantId');
    readMinorUnits(payload, 'amountMinor');
    readString(payload, 'currency');
    readMinorUnits(payload, 'refundedMinor');
  }
  if (type === 'SERVICE_GROUP_TIPPED' || type === 'SERVICE_GROUP_FULL') {
    readInteger(payload, 'placesSold');
    readMinorUnits(payload, type === 'SERVICE_GROUP_TIPPED' ? 'pricePerPlaceMinor' : 'finalPricePerPlaceMinor');
  }
  if (type === 'SERVICE_PAYMENT_CAPTURED' || type === 'SERVICE_PAYMENT_CAPTURE_FAILED' || type === 'SERVICE_PAYMENT_RELEASED') {
    readString(payload, type === 'SERVICE_PAYMENT_RELEASED' ? 'cancelId' : 'captureId');
    const payment = readObject(payload, 'payment');
    readString(payment, 'paymentId');
    readMinorUnits(payment, 'amountMinor');
  }
  if (type === 'SERVICE_GROUP_JOINED') {
    const participant = readObject(payload, 'participant');
    readString(participant, 'participantId');
    readInteger(participant, 'places');
    readMinorUnits(participant, 'amountMinor');
    readInteger(payload, 'placesSold');
    readInteger(payload, 'placesLeft');
    readMinorUnits(payload, 'pricePerPlaceMinor');
  }
  // Other known and future types carry only the envelope for certain; their extra fields pass through.
  return payload as unknown as PaySplitEvent;
}
