import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A valid IBAN (the standard's own example) for payout onboarding. */
export const PAYOUT_IBAN = 'GB82WEST12345698765432';

/** Follows a link of the admin area's main navigation. */
export async function nav(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label }).click();
}

/** The value of a shown-once box (a key, a secret, a token), after checking it says so; then hides it. */
export async function takeShownOnce(page: Page, title: string): Promise<string> {
  const box = page.getByRole('region', { name: title });
  await box.waitFor();
  await expect.poll(() => box.getByText(/won’t be shown again/).count()).toBe(1);
  const value = await box.getByLabel(new RegExp(title)).inputValue();
  await box.getByRole('button', { name: /hide/ }).click();
  await box.waitFor({ state: 'detached' });
  return value;
}

/** Creates an API key on the integration's page; returns it once its last 4 show in the key list. */
export async function createApiKey(page: Page, name: string, mode: 'test' | 'live'): Promise<string> {
  await page.getByLabel('Key name (optional)').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await takeShownOnce(page, `New ${mode} API key`);
  await page
    .getByRole('region', { name: 'API key list' })
    .getByText(`…${key.slice(-4)}`)
    .waitFor();
  return key;
}

/** Presses "Revoke <name>", confirms with `confirm` in the step it opens, and waits for the button to go. */
export async function revokeConfirmed(page: Page, name: string, confirm: string): Promise<void> {
  const revoke = page.getByRole('button', { name: `Revoke ${name}` });
  await revoke.click();
  await page.getByRole('button', { name: confirm, exact: true }).click();
  await expect.poll(() => revoke.count()).toBe(0);
}

/** Fills and submits the integration's payout onboarding; returns its section once it says Complete. */
export async function completePayoutOnboarding(page: Page, details: { legalName: string; contactEmail: string }): Promise<Locator> {
  const payout = page.getByRole('region', { name: 'Payout onboarding' });
  await payout.getByLabel('Legal name').fill(details.legalName);
  await payout.getByLabel('Bank account').fill(PAYOUT_IBAN);
  await payout.getByLabel('Contact email').fill(details.contactEmail);
  await payout.getByRole('button', { name: 'Submit payout details' }).click();
  await payout.getByText('Complete', { exact: true }).waitFor();
  return payout;
}
