import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout } from './support/checkouts.js';
import { startFakePaySplit, type FakePaySplit } from './support/fake-paysplit.js';
import { postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

const apiKey = `ps_test_${randomUUID().replaceAll('-', '')}`;
let paysplit: FakePaySplit;
let merchant: MerchantHarness;

beforeAll(async () => {
  paysplit = await startFakePaySplit({ apiKey });
  merchant = await startMerchant({ paysplitBaseUrl: paysplit.baseUrl, apiKey });
});
afterAll(async () => {
  await merchant?.close();
  await paysplit?.close();
});

function recordCalls() {
  return paysplit.requests.filter((request) => request.path === '/api/v1/payments/record');
}

describe('payment-failure bridge (the processor tells the shop about a declined card)', () => {
  it('records the declined charge as failed with PaySplit, with its reason, before the payer sees the decline', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const before = recordCalls().length;
    const declined = await postForm(`${checkout.url}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);

    const recorded = recordCalls().slice(before);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.body).toEqual({
      paymentId: checkout.paymentId,
      action: 'fail',
      processorReference: checkout.id,
      failureReason: 'Card declined (card ending 0002)',
    });
    expect(merchant.logLines.join('')).not.toContain('4000000000000002');
  });

  it('trusts only the processor: an event for a checkout that is not declined records nothing', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const before = recordCalls().length;
    const forged = await fetch(`${merchant.baseUrl}/webhooks/processor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'checkout.charge_failed', checkoutId: checkout.id }),
    });
    expect(forged.status).toBe(200);
    const unknown = await fetch(`${merchant.baseUrl}/webhooks/processor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'checkout.charge_failed', checkoutId: 'cs_test_unknown' }),
    });
    expect(unknown.status).toBe(404);
    const malformed = await fetch(`${merchant.baseUrl}/webhooks/processor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkoutId: '../bookings' }),
    });
    expect(malformed.status).toBe(400);
    expect(recordCalls().length).toBe(before);
  });

  it('still shows the payer the decline, and lets them pay, when PaySplit refuses the failure', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    paysplit.failNext({ status: 404, code: 'PAYMENT_NOT_FOUND', requestId: 'req_fail_bridge_1' });
    const declined = await postForm(`${checkout.url}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined');
    expect(merchant.logLines.join('')).toContain('PaySplit did not record the declined charge');

    const retried = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4242' });
    expect(retried.status).toBe(303);
  });
});
