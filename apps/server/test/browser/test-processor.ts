import type { Page } from 'playwright-core';

/** The card that the reference merchant's test processor accepts. */
export const GOOD_CARD = '4242 4242 4242 4242';

/** At the test processor's hosted checkout (the reference merchant's): type a card and pay. */
export async function payAtCheckout(page: Page, card = GOOD_CARD): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

/** A payer at the test processor without a browser: the card form, then the merchant's bridge that records it with PaySplit. */
export async function payOverHttp(checkoutUrl: string): Promise<void> {
  const pay = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    redirect: 'manual',
  });
  if (pay.status !== 303) throw new Error(`The test processor answered the card with ${pay.status}, not 303`);
  const bridge = await fetch(pay.headers.get('location')!, { redirect: 'manual' });
  if (bridge.status !== 302) throw new Error(`The merchant's return bridge answered ${bridge.status}, not 302`);
}
