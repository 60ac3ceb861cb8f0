import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from '../support/pay-browser.js';
import { until } from '../support/polling.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';
import { smallTargets } from './pay-pages.js';
import { payAtCheckout, payOverHttp } from './test-processor.js';

/**
 * A payer's page that stays true while it is open: the deadline on their own clock, their own
 * step when they back out of the checkout, and a refund made after everyone paid, shown without
 * a reload. Against the reference merchant (its test processor and its refund endpoint).
 */
let server: TestServer;
let merchant: ReferenceMerchant;
const newPerson = chromiumForFile();

beforeAll(async () => {
  server = await startTestServer();
  merchant = await startReferenceMerchant(server);
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

const VIEWPORTS = [
  { width: 360, height: 740, prefix: '' },
  { width: 1280, height: 800, prefix: 'laptop-' },
] as const;

/** Where the payer is: their phone says New Zealand English and New Zealand time. */
const PAYER_CLOCK = { locale: 'en-NZ', timezoneId: 'Pacific/Auckland' } as const;
/** Ben's Pay button: in New Zealand English the dollars are plain "$". */
const PAY_BEN = /^Pay (NZ)?\$150\.00$/;

/** A booking at the reference merchant, split three ways by its host over the pay app's own documents. */
async function bookedAndSplit() {
  const booking = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
  expect(booking.status).toBe(303);
  const sessionUrl = new URL(booking.headers.get('location')!);
  const sessionId = sessionUrl.pathname.split('/').at(-1)!;
  const host = new PayBrowser(server.baseUrl);
  await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
  const configured = await host.configure({
    sessionId,
    splitMode: 'EXACT',
    participants: [
      { displayName: 'Aroha', amountMinor: '20000' },
      { displayName: 'Ben', amountMinor: '15000' },
      { displayName: 'Caleb', amountMinor: '13000' },
    ],
  });
  expect(configured.errors).toBeUndefined();
  const view = configured.data.configureSession as { expiresAt: string; participants: { displayName: string; inviteUrl: string | null }[] };
  const linkOf = (name: string) => view.participants.find((p) => p.displayName === name)!.inviteUrl!;
  const [{ id: bookingId }] = (await server.query<{ id: string }>(`select id from merchant_demo.booking where session_id = ?`, [
    sessionId,
  ])) as [{ id: string }];
  return { sessionId, bookingId, host, expiresAt: view.expiresAt, benLink: linkOf('Ben'), calebLink: linkOf('Caleb') };
}

/** The deadline as a New Zealand phone writes it (the year only when it is not this year's). */
function deadlineInAuckland(expiresAt: string): string {
  const zone = { timeZone: PAYER_CLOCK.timezoneId };
  const year = (at: Date) => new Intl.DateTimeFormat('en-NZ', { ...zone, year: 'numeric' }).format(at);
  const at = new Date(expiresAt);
  return new Intl.DateTimeFormat('en-NZ', {
    ...zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(year(at) === year(new Date()) ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

describe.each(VIEWPORTS)('a payer’s page at $width × $height (Debian chromium)', ({ width, height, prefix }) => {
  async function expectScreen(page: Page, name: string): Promise<void> {
    await screenshot(page, `${prefix}${name}`);
    expect(await overflowsSideways(page), `sideways scroll on ${name}`).toBe(false);
    expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
    expect(await smallTargets(page), `targets under 44 × 44 px on ${name}`).toEqual([]);
  }

  it('shows the deadline on the payer’s clock, says leaving the checkout was their step, and shows a refund after completion without a reload', async () => {
    const { sessionId, bookingId, host, expiresAt, benLink, calebLink } = await bookedAndSplit();
    const ben = await newPerson({ viewport: { width, height }, ...PAYER_CLOCK });
    const consoleErrors = collectConsoleErrors(ben.page);
    const page = ben.page;

    // The deadline: the countdown, the date and time in New Zealand with the zone named, and what happens then.
    await page.goto(benLink);
    await page.getByRole('heading', { name: 'Pay your share' }).waitFor();
    const deadline = page.getByTestId('deadline');
    expect(await deadline.getAttribute('datetime')).toBe(expiresAt);
    expect(await deadline.innerText()).toBe(deadlineInAuckland(expiresAt));
    expect(await deadline.innerText()).toMatch(/NZ[DS]T$/);
    expect(await page.locator('.expiry').innerText()).toMatch(/^Expires in 2 days 23 h · /);
    await page.getByText('If not everyone has paid by then, it expires and the shares paid are refunded.').waitFor();
    await expectScreen(page, 'payer-01-deadline');

    // Backing out of the checkout: the payer's own step, and their share still open.
    await page.getByRole('button', { name: PAY_BEN }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
    await page.getByText('You left the checkout; your share is still open').waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/cancel/i);
    await page.getByRole('button', { name: PAY_BEN }).waitFor();
    await expectScreen(page, 'payer-02-left-the-checkout');

    // Ben pays; the others pay elsewhere; his open page follows to the end.
    await page.getByRole('button', { name: PAY_BEN }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(page);
    await page.getByText('Payment received — thanks!').waitFor();
    await payOverHttp((await host.startPayment(sessionId)).data.startPayment.redirectUrl);
    const caleb = new PayBrowser(server.baseUrl);
    await caleb.open(sessionId, new URL(calebLink).searchParams.get('token')!);
    await payOverHttp((await caleb.startPayment(sessionId)).data.startPayment.redirectUrl);
    await page.getByRole('heading', { name: 'You’re all set' }).waitFor({ timeout: 10_000 });

    // The merchant cancels the booking and refunds everyone: the same page, never reloaded, says so.
    // Only once the shop has the completion webhook is its booking paid, and so cancellable.
    await until(
      async () => (await (await fetch(`${merchant.baseUrl}/bookings/${bookingId}/status`)).json()) as { status: string },
      (booking) => booking.status === 'paid',
    );
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const cancelled = await fetch(`${merchant.baseUrl}/bookings/${bookingId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ confirm: 'yes' }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    await page.getByRole('heading', { name: 'Money sent back' }).waitFor({ timeout: 15_000 });
    await page.getByText(/^(NZ)?\$150\.00 refunded to your card$/).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expectScreen(page, 'payer-03-refunded-live');

    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
