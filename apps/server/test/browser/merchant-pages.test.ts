import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from '../support/pay-browser.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, chromiumForFile, screenshot } from './chromium.js';

let server: TestServer;
let merchant: ReferenceMerchant;
const person = chromiumForFile();

beforeAll(async () => {
  server = await startTestServer();
  merchant = await startReferenceMerchant(server);
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

/** A booking made at the merchant, its PaySplit session split between the host and Ben, and each one's checkout. */
async function bookingWithCheckouts(): Promise<{ bookingId: string; hostCheckout: string; benCheckout: string }> {
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
      { displayName: 'Aroha', amountMinor: '24000' },
      { displayName: 'Ben', amountMinor: '24000' },
    ],
  });
  expect(configured.errors).toBeUndefined();
  const ben = new PayBrowser(server.baseUrl);
  const [, benParticipant] = configured.data.configureSession.participants as { inviteUrl: string | null }[];
  await ben.open(sessionId, new URL(benParticipant!.inviteUrl!).searchParams.get('token')!);
  const [{ booking_id: bookingId }] = (await server.query<{ booking_id: string }>(
    `select id as booking_id from merchant_demo.booking where session_id = ?`,
    [sessionId],
  )) as [{ booking_id: string }];
  return {
    bookingId,
    hostCheckout: (await host.startPayment(sessionId)).data.startPayment.redirectUrl,
    benCheckout: (await ben.startPayment(sessionId)).data.startPayment.redirectUrl,
  };
}

/** Ben pays without a browser: the processor's form, then the merchant's bridge that records it with PaySplit. */
async function payOverHttp(checkoutUrl: string): Promise<void> {
  const pay = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    redirect: 'manual',
  });
  expect(pay.status).toBe(303);
  expect((await fetch(pay.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
}

async function box(page: Page, label: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await page.getByLabel(label, { exact: true }).boundingBox();
  expect(found, label).not.toBeNull();
  return found!;
}

/** Expiry and CVC side by side: the same top and the same height, whatever message is under either. */
async function expectExpiryAndCvcAligned(page: Page, when: string): Promise<void> {
  const expiry = await box(page, 'Expiry date');
  const cvc = await box(page, 'CVC');
  expect(Math.abs(expiry.y - cvc.y), `tops ${when}`).toBeLessThan(1);
  expect(Math.abs(expiry.height - cvc.height), `heights ${when}`).toBeLessThan(1);
  expect(cvc.x, `side by side ${when}`).toBeGreaterThan(expiry.x + expiry.width);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  describe(`the reference merchant's pages at ${size}`, () => {
    it('checkout formats as you type, keeps the fields after a decline, pays; every page fits, is accessible and logs no error', async () => {
      const { bookingId, hostCheckout, benCheckout } = await bookingWithCheckouts();
      const browser = await person({ viewport });
      const { page } = browser;
      const consoleErrors: string[] = [];
      // The merchant's pages only: after paying, the host is on PaySplit's pages, which are not the merchant's.
      const onMerchantPage = () => page.url().startsWith(merchant.baseUrl);
      page.on('console', (message) => {
        if (message.type() !== 'error' || !onMerchantPage()) return;
        // Chromium logs the document's own 4xx status (402 declined, 422 a form to correct, 404): meant, not a fault.
        const documentStatus = message.location().url === page.url() && /^Failed to load resource: .* status of 4\d\d/.test(message.text());
        if (!documentStatus) consoleErrors.push(`${page.url()}: ${message.location().url} ${message.text()}`);
      });
      const icons: string[] = [];
      page.on('response', (response) => {
        if (/favicon/.test(response.url())) icons.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      page.on('pageerror', (error) => {
        if (onMerchantPage()) consoleErrors.push(`${page.url()}: ${error.message}`);
      });

      /** What a person notices first: nothing to scroll sideways, and nothing axe flags. */
      async function expectFitsAndAccessible(screen: string): Promise<void> {
        await screenshot(page, `merchant-${size}-${screen}`);
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(widths.scroll, `${screen} is no wider than the viewport`).toBeLessThanOrEqual(widths.inner);
        expect(await accessibilityViolations(page), `axe on ${screen}`).toEqual([]);
      }

      await page.goto(`${merchant.baseUrl}/`);
      await page.getByRole('heading', { name: 'Dinner for 4 — NZ$480.00, split the bill' }).waitFor();
      await expectFitsAndAccessible('home');

      await page.goto(hostCheckout);
      // Who is paid, how much, and for what, before any card detail.
      await page.getByRole('heading', { name: 'Pay Harbour Table' }).waitFor();
      await page.getByText('NZ$240.00', { exact: true }).waitFor();
      await page.getByText('Dinner for 4 — your share as the host', { exact: true }).waitFor();
      await expectFitsAndAccessible('checkout');
      const card = page.getByLabel('Card number');
      const expiry = page.getByLabel('Expiry date');
      const cvc = page.getByLabel('CVC');
      await card.pressSequentially('4000000000000002');
      await expect.poll(() => card.inputValue()).toBe('4000 0000 0000 0002');
      await expiry.pressSequentially('1230');
      expect(await expiry.inputValue()).toBe('12/30');
      await cvc.pressSequentially('123');
      if (viewport.width === 360) await expectExpiryAndCvcAligned(page, 'before paying');

      await page.getByRole('button', { name: 'Pay NZ$240.00' }).click();
      await page.getByText('Your card was declined').waitFor();
      // Everything is still there, and the message is the card field's own, right under it.
      expect(await card.inputValue()).toBe('4000 0000 0000 0002');
      expect(await expiry.inputValue()).toBe('12/30');
      expect(await cvc.inputValue()).toBe('123');
      expect(await card.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => card.evaluate((input) => input === document.activeElement)).toBe(true);
      const message = page.locator(`#${(await card.getAttribute('aria-describedby'))!.split(' ')[0]}`);
      expect(await message.textContent()).toContain('Your card was declined');
      const cardBox = (await card.boundingBox())!;
      const messageBox = (await message.boundingBox())!;
      expect(messageBox.y - (cardBox.y + cardBox.height), 'the message sits right under the card number').toBeLessThan(16);
      expect(messageBox.y).toBeGreaterThan(cardBox.y);
      if (viewport.width === 360) await expectExpiryAndCvcAligned(page, 'with an error on the card only');
      await expectFitsAndAccessible('checkout-declined');

      // Only the expiry is wrong: its message does not push the CVC out of line.
      await expiry.fill('01/20');
      await page.getByRole('button', { name: 'Pay NZ$240.00' }).click();
      await page.getByText('This card has expired').waitFor();
      if (viewport.width === 360) await expectExpiryAndCvcAligned(page, 'with an error on the expiry only');
      await expectFitsAndAccessible('checkout-expired');

      await card.fill('4242 4242 4242 4242');
      await expiry.fill('');
      await expiry.pressSequentially('1230');
      await page.getByRole('button', { name: 'Pay NZ$240.00' }).click();
      // Paid: the processor sends the host through the merchant's bridge back to PaySplit.
      await page.waitForURL((url) => url.origin === server.baseUrl, { timeout: 15_000 });

      // The host's checkout link again: it says the payment is complete and where to go on.
      await page.goto(hostCheckout);
      await page.getByRole('heading', { name: 'Payment complete' }).waitFor();
      await expectFitsAndAccessible('checkout-paid');
      // Half the bill paid: the merchant's success page waits for PaySplit's webhook.
      await page.goto(`${merchant.baseUrl}/bookings/${bookingId}/confirmation`);
      await page.getByText('Waiting for payment confirmation…').waitFor();
      await expectFitsAndAccessible('booking-waiting');

      // Ben pays: the waiting page notices by itself (no timed refresh) and shows the booking paid.
      await payOverHttp(benCheckout);
      await page.getByText('payment confirmed').waitFor({ timeout: 15_000 });
      await expect
        .poll(
          async () => {
            await page.goto(`${merchant.baseUrl}/bookings`);
            return page.locator(`a[href="/bookings/${bookingId}/confirmation"]`).locator('xpath=ancestor::li').innerText();
          },
          { timeout: 10_000 },
        )
        .toContain('PAID');
      // PAID is on screen, not behind a sideways scroll.
      const paid = page.locator(`a[href="/bookings/${bookingId}/confirmation"]`).locator('xpath=ancestor::li').getByText('PAID');
      const paidBox = (await paid.boundingBox())!;
      expect(paidBox.x + paidBox.width).toBeLessThanOrEqual(viewport.width);
      await expectFitsAndAccessible('bookings-paid');

      await page.goto(`${merchant.baseUrl}/bookings/${bookingId}/confirmation`);
      await page.getByText('payment confirmed').waitFor();
      await expectFitsAndAccessible('booking-confirmed');

      await page.goto(`${merchant.baseUrl}/no-such-page`);
      await expectFitsAndAccessible('not-found');

      // No error in the console on any of the merchant's pages (the tab icon included).
      expect(consoleErrors).toEqual([]);
      expect(icons).toContain('200 /favicon.svg');
      expect(icons).toContain('200 /processor/favicon.svg');
      expect(icons.filter((icon) => !icon.startsWith('200 '))).toEqual([]);
    }, 90_000);

    it('the group trip: the organiser’s form says what to fix beside the field, then the trip’s page has the link to share and who is coming; each fits and is accessible', async () => {
      const { page } = await person({ viewport });
      const fitsAndAccessible = async (screen: string) => {
        await screenshot(page, `merchant-${size}-${screen}`);
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(widths.scroll, `${screen} is no wider than the viewport`).toBeLessThanOrEqual(widths.inner);
        expect(await accessibilityViolations(page), `axe on ${screen}`).toEqual([]);
      };
      await page.goto(`${merchant.baseUrl}/`);
      await page.getByLabel('Your name').fill('Aroha');
      await page.getByLabel('Your email').fill('aroha@');
      await page.getByRole('button', { name: 'Start a group trip' }).click();
      await page.getByText('Enter an email address like name@example.com').waitFor();
      await expect.poll(() => page.getByLabel('Your email').evaluate((input) => input === document.activeElement)).toBe(true);
      await fitsAndAccessible('trip-form-error');

      await page.getByLabel('Your email').fill('aroha@example.com');
      await page.getByRole('button', { name: 'Start a group trip' }).click();
      await page.getByRole('heading', { name: 'Harbour sailing trip' }).waitFor();
      const joinUrl = new URL(await page.getByLabel('Share this link').inputValue());
      // Ben joins through the link and pays (the integration charges at once): the page lists him.
      const ben = new PayBrowser(server.baseUrl);
      const joined = await ben.graphql<{ joinOpenGroup: { redirectUrl: string } }>(
        `mutation($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
          joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) { redirectUrl } }`,
        {
          sessionId: joinUrl.pathname.split('/')[2],
          code: joinUrl.searchParams.get('code'),
          input: { displayName: 'Ben', email: 'ben@example.com', places: 2 },
        },
      );
      expect(joined.errors).toBeUndefined();
      await payOverHttp(joined.data.joinOpenGroup.redirectUrl);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByRole('listitem').allInnerTexts();
          },
          { timeout: 10_000 },
        )
        .toEqual(['Ben: 2 places']);
      await page.getByText('Waiting for people to join: 2 of 10 places taken (4 needed).').waitFor();
      await fitsAndAccessible('trip');

      await page.goto(`${merchant.baseUrl}/bookings`);
      await page.getByText('2 of 10 places taken (4 needed)').first().waitFor();
      await fitsAndAccessible('bookings-trip');
    }, 60_000);
  });
}
