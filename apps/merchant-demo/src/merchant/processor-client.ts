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
   * Expires a checkout so it can no longer be paid (idempotent). `paid` when it was paid first:
   * then it cannot be expired. Undefined when the processor does not know the checkout.
   */
  expireCheckout(checkoutId: string, idempotencyKey: string): Promise<{ outcome: 'expired' | 'paid'; checkoutId: string } | undefined>;
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
}

const retrievedCheckout = z.object({
  id: z.string(),
  paymentId: z.string(),
  status: z.enum(['open', 'succeeded', 'declined', 'expired']),
  amountMinor: z.string().regex(/^\d+$/),
  currency: z.string(),
  payerRole: z.enum(['host', 'participant']),
  cardLast4: z.string().nullable(),
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

    async expireCheckout(checkoutId, idempotencyKey) {
      const response = await call(`/checkouts/${encodeURIComponent(checkoutId)}/expire`, {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
      });
      if (response.status === 404) return undefined;
      if (response.status === 409) return { outcome: 'paid', checkoutId };
      if (!response.ok) throw new ProcessorError('test processor refused to expire the checkout', response.status);
      const parsed = retrievedCheckout.safeParse(await response.json());
      if (!parsed.success || parsed.data.status !== 'expired') throw new ProcessorError('test processor sent an unexpected checkout');
      return { outcome: 'expired', checkoutId: parsed.data.id };
    },
  };
}
