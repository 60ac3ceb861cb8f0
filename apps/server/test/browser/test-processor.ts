import type { Page } from 'playwright-core';

/** The card that the reference merchant's test processor accepts. */
export const GOOD_CARD = '4242 4242 4242 4242';

/** At the test processor's hosted checkout (the reference merchant's): type a card and pay. */
export async function payAtCheckout(page: Page, card = GOOD_CARD): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay/ }).click();
}
