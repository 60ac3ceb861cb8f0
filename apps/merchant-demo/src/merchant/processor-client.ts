import { z } from 'zod';

/**
 * The merchant's client for the test processor's API. It goes over real HTTP, as it would to
 * Stripe or Adyen, so the processor stays a separate system even though it runs in this process.
 */
export interface ProcessorClient {
  createCheckout(input: CreateCheckoutInput, idempotencyKey: string): Promise<{ id: string; url: string }>;
  /** Undefined when the processor does not know the checkout. */
  retrieveCheckout(checkoutId: string): Promise<RetrievedCheckout | undefined>;
  /**
   * Refunds part or all of a charge; the same idempotency key refunds once. Undefined when the
   * processor does not know the charge. A refused refund comes back with status `failed`.
   */
  refundCharge(
    checkoutId: string,
    input: { amountMinor: string; reason?: string },
    idempotencyKey: string,
  ): Promise<ProcessorRefundResult | undefined>;
  /**
   * Cancels a checkout: money is not to be taken. An open one is expired (it can no longer be paid),
   * a hold is released; `paid` when the money was taken first (then only a refund gives it back).
   * The same idempotency key gets the same answer. Undefined when the processor does not know it.
   */
  cancelCheckout(
    checkoutId: string,
    idempotencyKey: string,
  ): Promise<{ outcome: 'expired' | 'released' | 'paid'; checkoutId: string } | undefined>;
  /**
   * Captures a hold, once per idempotency key: `amountMinor` of it (at most the hold; the rest is
   * released with the capture), or all of it when none is given. Undefined when the processor does
   * not know the checkout.
   */
  captureCheckout(checkoutId: string, idempotencyKey: string, amountMinor?: string): Promise<CaptureResult | undefined>;
}

export interface CreateCheckoutInput {
  paymentId: string;
  sessionId: string;
  payerRole: 'host' | 'participant';
  amountMinor: string;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** Shown at the checkout, so the payer sees who is paid and for what. */
  businessName?: string;
  description?: string;
  /** `manual`: authorize only; paying places a hold that this shop captures or cancels later. */
  captureMethod?: 'automatic' | 'manual';
}

/**
 * How a capture went: `captured` took the money; `failed` took nothing (declined by the issuer, or
 * the hold expired or was released), with the processor's reason; `already_captured` when an
 * earlier capture took it; `not_held` when nothing was ever held on the checkout.
 */
export type CaptureResult =
  | { outcome: 'captured'; checkoutId: string; captureId: string }
  | { outcome: 'failed'; checkoutId: string; captureId: string; failureCode: string; failureReason: string }
  | { outcome: 'already_captured'; checkoutId: string }
  | { outcome: 'not_held'; checkoutId: string };

const retrievedCheckout = z.object({
  id: z.string(),
  paymentId: z.string(),
  status: z.enum(['open', 'succeeded', 'declined', 'expired', 'authorized', 'released']),
  captureMethod: z.enum(['automatic', 'manual']),
  amountMinor: z.string().regex(/^\d+$/),
  currency: z.string(),
  payerRole: z.enum(['host', 'participant']),
  cardLast4: z.string().nullable(),
  holdExpiresAt: z.iso.datetime().nullable(),
});
export type RetrievedCheckout = z.infer<typeof retrievedCheckout>;

const processorRefund = z.object({
  id: z.string(),
  checkoutId: z.string(),
  amountMinor: z.string().regex(/^\d+$/),
  currency: z.string(),
  status: z.enum(['succeeded', 'failed']),
  failureReason: z.string().nullable(),
});
export type ProcessorRefundResult = z.infer<typeof processorRefund>;

const createdCheckout = z.object({ id: z.string(), url: z.url({ protocol: /^https?$/ }) });

const captureAnswer = z.object({
  id: z.string(),
  checkoutId: z.string(),
  status: z.enum(['succeeded', 'failed']),
  failureCode: z.string().nullable(),
  failureReason: z.string().nullable(),
});
const refusal = z.object({ error: z.string() });

export class ProcessorError extends Error {
  override name = 'ProcessorError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 5_000;

export function createProcessorClient(processorBaseUrl: string): ProcessorClient {
  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${processorBaseUrl}/processor/api${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProcessorError(`test processor unreachable: ${(error as Error).message}`);
    }
  }

  return {
    async createCheckout(input, idempotencyKey) {
      const response = await call('/checkouts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(input),
      });
      if (!response.ok) throw new ProcessorError(`test processor refused the checkout`, response.status);
      const parsed = createdCheckout.safeParse(await response.json());
      if (!parsed.success) throw new ProcessorError('test processor sent an unexpected checkout reply');
      return parsed.data;
    },

    async retrieveCheckout(checkoutId) {
      const response = await call(`/checkouts/${encodeURIComponent(checkoutId)}`, { method: 'GET' });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new ProcessorError('test processor could not retrieve the checkout', response.status);
      const parsed = retrievedCheckout.safeParse(await response.json());
      if (!parsed.success) throw new ProcessorError('test processor sent an unexpected checkout');
      return parsed.data;
    },

    async refundCharge(checkoutId, input, idempotencyKey) {
      const response = await call(`/checkouts/${encodeURIComponent(checkoutId)}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(input),
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new ProcessorError('test processor refused the refund request', response.status);
      const parsed = processorRefund.safeParse(await response.json());
      if (!parsed.success) throw new ProcessorError('test processor sent an unexpected refund');
      return parsed.data;
    },

    async cancelCheckout(checkoutId, idempotencyKey) {
      const response = await call(`/checkouts/${encodeURIComponent(checkoutId)}/cancel`, {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
      });
      if (response.status === 404) return undefined;
      if (response.status === 409) return { outcome: 'paid', checkoutId };
      if (!response.ok) throw new ProcessorError('test processor refused to cancel the checkout', response.status);
      const parsed = retrievedCheckout.safeParse(await response.json());
      if (!parsed.success || (parsed.data.status !== 'expired' && parsed.data.status !== 'released')) {
        throw new ProcessorError('test processor sent an unexpected checkout');
      }
      return { outcome: parsed.data.status, checkoutId: parsed.data.id };
    },

    async captureCheckout(checkoutId, idempotencyKey, amountMinor) {
      const response = await call(`/checkouts/${encodeURIComponent(checkoutId)}/capture`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(amountMinor === undefined ? {} : { amountMinor }),
      });
      if (response.status === 404) return undefined;
      if (response.status === 409) {
        const parsed = refusal.safeParse(await response.json());
        if (parsed.success && parsed.data.error === 'already_captured') return { outcome: 'already_captured', checkoutId };
        if (parsed.success && parsed.data.error === 'checkout_not_authorized') return { outcome: 'not_held', checkoutId };
        throw new ProcessorError('test processor sent an unexpected refusal', 409);
      }
      if (!response.ok) throw new ProcessorError('test processor refused the capture request', response.status);
      const parsed = captureAnswer.safeParse(await response.json());
      if (!parsed.success || parsed.data.checkoutId !== checkoutId) throw new ProcessorError('test processor sent an unexpected capture');
      const capture = parsed.data;
      return capture.status === 'succeeded'
        ? { outcome: 'captured', checkoutId, captureId: capture.id }
        : {
            outcome: 'failed',
            checkoutId,
            captureId: capture.id,
            failureCode: capture.failureCode ?? 'capture_failed',
            failureReason: capture.failureReason ?? 'the processor did not capture the payment',
          };
    },
  };
}
