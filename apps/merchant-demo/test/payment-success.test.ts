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

/** A checkout paid with the succeeding test card, as the payer would have done. */
async function paidCheckout(payerRole: 'host' | 'participant', amountMinor = '12000') {
  const checkout = await createCheckout(merchant.baseUrl, { payerRole, amountMinor });
  const paid = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4242' });
  expect(paid.status).toBe(303);
  return { ...checkout, successRedirect: paid.headers.get('location')! };
}

function recordCalls() {
  return paysplit.requests.filter((request) => request.path === '/api/v1/payments/record');
}

describe('payment-success bridge', () => {
  it('records the authorization and sends the host back to PaySplit with a 302', async () => {
    const checkout = await paidCheckout('host', '16000');
    const before = recordCalls().length;
    const response = await fetch(checkout.successRedirect, { redirect: 'manual' });

    expect(response.status).toBe(302);
    expect(response.headers.get('content-type') ?? '').not.toContain('json');
    expect(response.headers.get('location')).toMatch(new RegExp(`^${paysplit.baseUrl}/pay/[0-9a-f-]+\\?resume=host$`));
    const calls = recordCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      paymentId: checkout.paymentId,
      action: 'authorize',
      processorReference: checkout.id,
      amountMinor: '16000',
    });
    expect(calls[0]!.headers['x-service-api-key']).toBe(apiKey);
  });

  it('sends a participant to the participant return URL', async () => {
    const checkout = await paidCheckout('participant');
    const response = await fetch(checkout.successRedirect, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain(`/return?payment=${checkout.paymentId}`);
  });

  it('records nothing and shows an HTML page when the checkout was not paid', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    await postForm(`${checkout.url}/pay`, { cardNumber: '4000000000000002' });
    const before = recordCalls().length;
    const response = await fetch(`${merchant.baseUrl}/paysplit/payment-success?checkout_id=${checkout.id}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Payment not completed');
    expect(recordCalls().length).toBe(before);
  });

  it('shows an HTML page for a missing or unknown checkout id', async () => {
    const missing = await fetch(`${merchant.baseUrl}/paysplit/payment-success`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toContain('text/html');
    const unknown = await fetch(`${merchant.baseUrl}/paysplit/payment-success?checkout_id=cs_test_unknown`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
  });

  it('shows PaySplit’s error code and request id on an HTML page when recording fails', async () => {
    const checkout = await paidCheckout('participant');
    paysplit.failNext({ status: 409, code: 'SESSION_NOT_PAYABLE', requestId: 'req_bridge_fail_1' });
    const response = await fetch(checkout.successRedirect, { redirect: 'manual' });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('SESSION_NOT_PAYABLE');
    expect(page).toContain('req_bridge_fail_1');
    expect(page).not.toContain(apiKey);
  });
});
