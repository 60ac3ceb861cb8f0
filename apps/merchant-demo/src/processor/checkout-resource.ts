import type { Checkout } from '../store.js';
import type { ProcessorCapture } from './processor-holds.js';
import { refundedMinor, type ProcessorRefund } from './processor-refunds.js';

/** What the processor's API says about a checkout (what a real processor's "retrieve" returns). */
export interface CheckoutResource {
  id: string;
  paymentId: string;
  status: Checkout['status'];
  /** `manual`: paying places a hold, which the merchant captures or cancels. */
  captureMethod: Checkout['captureMethod'];
  amountMinor: string;
  currency: string;
  payerRole: Checkout['payerRole'];
  cardLast4: string | null;
  /** When the merchant expired it (status `expired`), else null. */
  expiredAt: string | null;
  /** Until when a hold stands (authorize-only checkouts, once paid), else null. */
  holdExpiresAt: string | null;
  /** When the hold was captured, else null. */
  capturedAt: string | null;
  /** What the capture took (at most `amountMinor`; the rest of the hold was released), else null. */
  capturedMinor: string | null;
  /** When the hold ended without a capture (status `released`), and why: `cancelled` or `expired`. */
  releasedAt: string | null;
  releaseReason: Checkout['releaseReason'];
  /** Every capture asked of the hold, failed ones with their reason. */
  captures: CaptureResource[];
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

/** A capture as the processor's API shows it. One that took nothing is `failed` with a code and reason. */
export interface CaptureResource {
  id: string;
  checkoutId: string;
  amountMinor: string;
  currency: string;
  status: ProcessorCapture['status'];
  failureCode: ProcessorCapture['failureCode'];
  failureReason: string | null;
  createdAt: string;
}

export function toRefundResource(refund: ProcessorRefund): RefundResource {
  return { ...refund, createdAt: refund.createdAt.toISOString() };
}

export function toCaptureResource(capture: ProcessorCapture): CaptureResource {
  return { ...capture, createdAt: capture.createdAt.toISOString() };
}

export function toCheckoutResource(
  checkout: Checkout,
  history: { refunds?: readonly ProcessorRefund[]; captures?: readonly ProcessorCapture[] } = {},
): CheckoutResource {
  const refunds = history.refunds ?? [];
  return {
    id: checkout.id,
    paymentId: checkout.paymentId,
    status: checkout.status,
    captureMethod: checkout.captureMethod,
    amountMinor: checkout.amountMinor,
    currency: checkout.currency,
    payerRole: checkout.payerRole,
    cardLast4: checkout.cardLast4,
    expiredAt: checkout.expiredAt?.toISOString() ?? null,
    holdExpiresAt: checkout.holdExpiresAt?.toISOString() ?? null,
    capturedAt: checkout.capturedAt?.toISOString() ?? null,
    capturedMinor: checkout.capturedMinor,
    releasedAt: checkout.releasedAt?.toISOString() ?? null,
    releaseReason: checkout.releaseReason,
    captures: (history.captures ?? []).map(toCaptureResource),
    refundedMinor: refundedMinor(refunds),
    refunds: refunds.map(toRefundResource),
  };
}
