/**
 * Receiving PaySplit's partner create-payment call: the payer chose to pay, and the merchant answers
 * 200 `{ "redirectUrl": "<processor checkout>" }` within 10 s.
 */
import type { HeadersLike, VerifyOptions } from './signatures.js';
import type { PartnerCreatePaymentRequest } from './wire-types.js';
import {
  PaySplitPayloadError,
  readMinorUnits,
  readNullableString,
  readObject,
  readOneOf,
  readString,
  verifyAndParseObject,
} from './signed-payload.js';

/** The signed body of the call (generated from the OpenAPI document's `partnerCreatePayment` webhook). */
export type PartnerCreatePaymentPayload = PartnerCreatePaymentRequest;

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
};
