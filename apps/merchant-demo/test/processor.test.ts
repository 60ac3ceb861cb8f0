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

  it("names who is paid and for what when the merchant says so, and the payer's share when it does not", async () => {
    const named = await createCheckout(merchant.baseUrl, { businessName: 'Harbour Table', description: 'Dinner for 4 — your share' });
    const page = await (await fetch(named.url)).text();
    expect(page).toContain('<h1>Pay Harbour Table</h1>');
    expect(page).toContain('<title>Pay Harbour Table NZ$120.00 — test checkout</title>');
    expect(page).toContain('Dinner for 4 — your share');
    const plain = await (await fetch((await createCheckout(merchant.baseUrl)).url)).text();
    expect(plain).toContain('<h1>Pay NZ$120.00</h1>');
    expect(plain).toContain('Your share of a split payment');
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
    expect(page).toContain('Your card was declined');
    // The number stays in the form (grouped as typed) so a typo can be corrected, beside its field.
    expect(page).toMatch(
      /<input\s+id="cardNumber"[^>]*value="4000 0000 0000 0002"[^>]*aria-describedby="cardNumber-error cardNumber-hint"[^>]*aria-invalid="true"/,
    );
    expect(page).toMatch(/<p class="field-error" id="cardNumber-error">Your card was declined/);
    expect(page).toMatch(/<input\s+id="expiry"[^>]*value="01\/40"/);
    expect(page).toMatch(/<input\s+id="cvc"[^>]*value="999"/);
    expect(merchant.logLines.join('')).not.toContain('4000000000000002');
    expect(merchant.logLines.join('')).not.toContain('4000 0000 0000 0002');
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
    expect(await response.text()).toContain('This card number is not valid');
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

describe('the checkout form after a mistake', () => {
  it('keeps every field and puts each problem beside its own field, with a summary when there are several', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const response = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toMatch(
      /<input\s+id="cardNumber"[^>]*value="4242 4242 4242 4241"[^>]*aria-describedby="cardNumber-error[^"]*"[^>]*aria-invalid="true"[^>]*autofocus/,
    );
    expect(page).toMatch(/<input\s+id="expiry"[^>]*value="13\/30"[^>]*aria-describedby="expiry-error"[^>]*aria-invalid="true"/);
    expect(page).toMatch(/<input\s+id="cvc"[^>]*value="12"[^>]*aria-describedby="cvc-error"[^>]*aria-invalid="true"/);
    expect(page).toContain('<p class="field-error" id="cardNumber-error">This card number is not valid. Check it for a typo.</p>');
    expect(page).toContain('<p class="field-error" id="expiry-error">Enter the expiry date as MM/YY, for example 12/30.</p>');
    expect(page).toContain('<p class="field-error" id="cvc-error">Enter the 3 or 4 digits on the back of the card.</p>');
    expect(page).toContain('Check 3 things before paying');
    expect(page).toContain('<a href="#expiry">Expiry date: Enter the expiry date as MM/YY');
    // Only the focused field is autofocused, and only the one with the first problem.
    expect(page.match(/autofocus/g)).toHaveLength(1);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(merchant.logLines.join('')).not.toContain('4242424242424241');
    expect(merchant.logLines.join('')).not.toContain('4242 4242 4242 4241');
  });

  it('says a single problem beside its field only, and leaves the other fields unmarked', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const response = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242', expiry: '01/20', cvc: '123' });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('<p class="field-error" id="expiry-error">This card has expired. Check the date or use another card.</p>');
    expect(page).not.toContain('things before paying');
    expect(page).toMatch(/<input\s+id="expiry"[^>]*aria-invalid="true"[^>]*autofocus/);
    // The number typed in one piece comes back grouped in fours, unmarked.
    expect(page).toMatch(/<input\s+id="cardNumber"[^>]*value="4242 4242 4242 4242"\s+aria-describedby="cardNumber-hint"\s*\/>/);
    expect(page).not.toContain('cardNumber-error');
    expect(page).toMatch(/<input\s+id="cvc"[^>]*value="123"\s*\/>/);
    expect((await checkoutState(checkout.id)).status).toBe('open');
  });

  it('asks for the card number when it is missing, and escapes whatever was typed', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const empty = await (await postForm(`${checkout.url}/pay`, {})).text();
    expect(empty).toContain('<p class="field-error" id="cardNumber-error">Enter the card number.</p>');
    const hostile = await (await postForm(`${checkout.url}/pay`, { cardNumber: '"><script>alert(1)</script>' })).text();
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(hostile).toContain('A card number has digits only.');
  });

  it('accepts an expiry typed without its slash, and a four-digit year', async () => {
    for (const expiry of ['1230', '12/2030', '12 / 30']) {
      const checkout = await createCheckout(merchant.baseUrl);
      const response = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242', expiry });
      expect(response.status, expiry).toBe(303);
    }
  });
});

describe('what the checkout page loads', () => {
  it('serves its script as a file under a CSP that allows no inline script', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const response = await fetch(checkout.url);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const page = await response.text();
    expect(page).toContain('<script src="/processor/assets/checkout-form.js" defer></script>');
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/);

    const script = await fetch(`${merchant.baseUrl}/processor/assets/checkout-form.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(source).toContain('function enhanceCheckoutForm()');
    expect(() => new Function(source)).not.toThrow();
  });

  it('has an icon for every page: an SVG per site, and /favicon.ico leads to it', async () => {
    for (const path of ['/favicon.svg', '/processor/favicon.svg']) {
      const icon = await fetch(`${merchant.baseUrl}${path}`);
      expect(icon.status, path).toBe(200);
      expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await icon.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    const ico = await fetch(`${merchant.baseUrl}/favicon.ico`, { redirect: 'manual' });
    expect(ico.status).toBe(301);
    expect(ico.headers.get('location')).toBe('/favicon.svg');
    const checkout = await createCheckout(merchant.baseUrl);
    expect(await (await fetch(checkout.url)).text()).toContain('<link rel="icon" href="/processor/favicon.svg" type="image/svg+xml" />');
    for (const path of ['/', '/bookings', '/nowhere']) {
      expect(await (await fetch(`${merchant.baseUrl}${path}`)).text(), path).toContain('<link rel="icon" href="/favicon.svg"');
    }
  });
});

describe('test processor expiring a checkout', () => {
  const expire = (id: string) => fetch(`${merchant.baseUrl}/processor/api/checkouts/${id}/expire`, { method: 'POST' });

  it('expires an open checkout once: its page and its pay form then refuse, and nothing is charged', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const first = await expire(checkout.id);
    expect(first.status).toBe(200);
    const expired = (await first.json()) as { status: string; expiredAt: string };
    expect(expired).toMatchObject({ id: checkout.id, status: 'expired', cardLast4: null });
    const again = await expire(checkout.id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { expiredAt: string }).expiredAt).toBe(expired.expiredAt);

    const page = await fetch(checkout.url);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Nothing was charged');
    const paying = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    expect(paying.status).toBe(410);
    expect(await checkoutState(checkout.id)).toMatchObject({ status: 'expired', cardLast4: null });
  });

  it('expires a declined checkout (it could still take another card), but not a paid one', async () => {
    const declined = await createCheckout(merchant.baseUrl);
    expect((await postForm(`${declined.url}/pay`, { cardNumber: '4000 0000 0000 0002' })).status).toBe(402);
    expect((await expire(declined.id)).status).toBe(200);

    const paid = await createCheckout(merchant.baseUrl);
    expect((await postForm(`${paid.url}/pay`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(303);
    const refused = await expire(paid.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'checkout_already_paid', checkout: { id: paid.id, status: 'succeeded' } });
    expect(await checkoutState(paid.id)).toMatchObject({ status: 'succeeded' });
  });

  it('answers 404 for a checkout it does not know', async () => {
    expect((await expire('cs_test_nothere')).status).toBe(404);
    expect((await expire('not-a-checkout')).status).toBe(404);
  });
});
