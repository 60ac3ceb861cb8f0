import { randomUUID } from 'node:crypto';

export interface CreatedCheckout {
  id: string;
  url: string;
  paymentId: string;
}

/** Opens a checkout through the processor's API, as the partner endpoint does. */
export async function createCheckout(
  baseUrl: string,
  overrides: Partial<
    Record<
      | 'paymentId'
      | 'sessionId'
      | 'payerRole'
      | 'amountMinor'
      | 'currency'
      | 'successUrl'
      | 'cancelUrl'
      | 'businessName'
      | 'description'
      | 'captureMethod',
      string
    >
  > = {},
): Promise<CreatedCheckout> {
  const body = {
    paymentId: randomUUID(),
    sessionId: randomUUID(),
    payerRole: 'participant',
    amountMinor: '12000',
    currency: 'NZD',
    successUrl: `${baseUrl}/paysplit/payment-success`,
    cancelUrl: 'https://paysplit.example/pay/abc?cancelled=1',
    ...overrides,
  };
  const response = await fetch(`${baseUrl}/processor/api/checkouts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`checkout creation failed: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { id: string; url: string };
  return { ...created, paymentId: body.paymentId };
}
