import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout } from './support/checkouts.js';
import { postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

let merchant: MerchantHarness;

beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(async () => {
  await merchant?.close();
});

async function checkoutState(id: string) {
  const response = await fetch(`${merchant.baseUrl}/processor/api/checkouts/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; cardLast4: string | null; amountMinor: string };
}

describe('test processor hosted checkout', () => {
  it('opens a checkout whose URL is the hosted page of this processor', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    expect(checkout.id).toMatch(/^cs_test_[a-f0-9]+$/);
    expect(checkout.url).toBe(`${merchant.baseUrl}/processor/checkout/${checkout.id}`);
  });

  it('shows the amount, labelled card fields, the test cards and a cancel link', async () => {
    const checkout = await createCheckout(merchant.baseUrl, { amountMinor: '12050', cancelUrl: 'https://paysplit.example/back?a=1&b=2' });
    const response = await fetch(checkout.url);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Test processor — no real money');
    expect(page).toContain('NZ$120.50');
    expect(page).toMatch(/<label for="cardNumber">/);
    expect(page).toMatch(/<input\s+id="cardNumber"[^>]*inputmode="numeric"[^>]*autocomplete="cc-number"/);
    expect(page).toContain('<label for="expiry">');
    expect(page).toContain('<label for="cvc">');
    expect(page).toContain('4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined');
    expect(page).toContain('href="https://paysplit.example/back?a=1&amp;b=2"');
  });

  it('charges 4242 4242 4242 4242 and redirects to the success URL with the checkout id', async () => {
    const checkout = await createCheckout(merchant.baseUrl, {
      successUrl: 'https://merchant.example/paysplit/payment-success?lang=en',
    });
    const response = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://merchant.example/paysplit/payment-success');
    expect(location.searchParams.get('lang')).toBe('en');
    expect(location.searchParams.get('checkout_id')).toBe(checkout.id);
    expect(await checkoutState(checkout.id)).toMatchObject({ status: 'succeeded', cardLast4: '4242', amountMinor: '12000' });
  });

  it('stores only the last four digits of the card', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    await postForm(`${checkout.url}/pay`, { cardNumber: '5555555555554444' });
    const { rows } = await merchant.pool.query('select * from merchant_demo.checkout where id = $1', [checkout.id]);
    expect(JSON.stringify(rows)).not.toContain('5555555555554444');
    expect(rows[0].card_last4).toBe('4444');
    expect(merchant.logLines.join('')).not.toContain('5555555555554444');
  });

  it('declines 4000 0000 0000 0002, then lets the payer succeed with another card on the same checkout', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const declined = await postForm(`${checkout.url}/pay`, { cardNumber: '4000 0000 0000 0002', expiry: '01/40', cvc: '999' });
    expect(declined.status).toBe(402);
    const page = await declined.text();
    expect(page).toContain('Your card was declined. Try another card.');
    expect(page).not.toContain('4000000000000002');
    expect(page).not.toContain('4000 0000 0000 0002"');
    expect((await checkoutState(checkout.id)).status).toBe('declined');

    const retried = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' });
    expect(retried.status).toBe(303);
    expect(new URL(retried.headers.get('location')!).searchParams.get('checkout_id')).toBe(checkout.id);
    expect(await checkoutState(checkout.id)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });

  it('re-renders the page with 422 for a number that fails the Luhn check, and charges nothing', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const response = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4241' });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('That card number is not valid');
    expect((await checkoutState(checkout.id)).status).toBe('open');
  });

  it('refuses an expiry date in the past with 422', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const response = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242', expiry: '01/20' });
    expect(response.status).toBe(422);
    expect((await checkoutState(checkout.id)).status).toBe('open');
  });

  it('sends a second payment of a paid checkout to the success URL again without charging again', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const first = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' });
    const second = await postForm(`${checkout.url}/pay`, { cardNumber: '4000000000000002' });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await checkoutState(checkout.id)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });

  it('answers 404 for an unknown checkout, on the page and on the API', async () => {
    expect((await fetch(`${merchant.baseUrl}/processor/checkout/cs_test_nope`)).status).toBe(404);
    expect((await fetch(`${merchant.baseUrl}/processor/api/checkouts/cs_test_nope`)).status).toBe(404);
  });

  it('refuses a checkout with a float amount or a javascript: cancel URL', async () => {
    for (const bad of [{ amountMinor: '120.50' }, { cancelUrl: 'javascript:alert(1)' }]) {
      const response = await fetch(`${merchant.baseUrl}/processor/api/checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          paymentId: '6a1f2b3c-0000-4000-8000-000000000001',
          sessionId: '6a1f2b3c-0000-4000-8000-000000000002',
          payerRole: 'host',
          amountMinor: '100',
          currency: 'NZD',
          successUrl: 'https://merchant.example/ok',
          cancelUrl: 'https://merchant.example/cancel',
          ...bad,
        }),
      });
      expect(response.status).toBe(400);
    }
  });
});
