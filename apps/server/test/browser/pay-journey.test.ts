import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';
import { inviteLinkOf, pageHeight } from './pay-pages.js';
import { payAtCheckout } from './test-processor.js';

let server: TestServer;
let merchant: ReferenceMerchant;
const newPerson = chromiumForFile();

beforeAll(async () => {
  // Debug logging: the journey must not leak a secret even at the chattiest level.
  server = await startTestServer({ logLevel: 'debug' });
  merchant = await startReferenceMerchant(server);
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

/** A phone (whose screenshots the README shows) and a laptop. */
const VIEWPORTS = [
  { device: 'phone', width: 360, height: 740, prefix: '' },
  { device: 'laptop', width: 1280, height: 800, prefix: 'laptop-' },
] as const;

/** The host's set-up page with four people fits in about one and a half phone screens. */
const MAX_PAGE_HEIGHT_FOR_FOUR = 1100;
/** The pay app's CONTINUE_DELAY_MS: how long the host's thank-you stays before the merchant's page. */
const HOST_CONTINUE_DELAY_MS = 4_000;

/** Asserts, on each screen the journey passes, what every person would notice. */
interface Person extends Browser {
  consoleErrors: string[];
}

describe.each(VIEWPORTS)('the pay app in a real browser (Debian chromium) at $width × $height', ({ width, height, prefix }) => {
  async function person(): Promise<Person> {
    const browser = await newPerson({ viewport: { width, height } });
    return Object.assign(browser, { consoleErrors: collectConsoleErrors(browser.page) });
  }

  /** Nothing wider than the window, and axe-core finds nothing at all (any impact). */
  async function expectScreen(browser: Browser, screen: string): Promise<void> {
    await screenshot(browser.page, `${prefix}${screen}`);
    expect(await overflowsSideways(browser.page), `sideways scroll on ${screen}`).toBe(false);
    expect(await accessibilityViolations(browser.page), `axe on ${screen}`).toEqual([]);
  }

  /** Every pay page says who is paid and for what (the reference merchant's brand and booking). */
  async function expectMerchantShown(who: Browser): Promise<void> {
    await who.page.getByText('Harbour Table', { exact: true }).first().waitFor();
    await who.page.getByText('Dinner for 4', { exact: true }).first().waitFor();
  }

  it('booking -> host sets up 4 people, keeps 3 -> everyone pays (one card declined first) -> live updates -> host back at the shop, payers all set -> booking PAID', async () => {
    const host = await person();
    await host.page.goto(`${merchant.baseUrl}/`);
    await expectScreen(host, '00-merchant-booking');
    await host.page.getByRole('button', { name: 'Book and split the bill' }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    // The token is exchanged for the cookie and gone from the address bar.
    await host.page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    expect(host.page.url()).not.toMatch(/hostToken|host=1/);
    const sessionId = new URL(host.page.url()).pathname.split('/').at(-1)!;
    // A fresh setup scolds nobody.
    expect(await host.page.locator('.field-error, .form-error, [aria-invalid="true"]').count()).toBe(0);
    await expectScreen(host, '01-host-setup');
    await expectMerchantShown(host);

    // Two presses of "Add participant" add two rows, each time with the cursor in the new name.
    await host.page.getByLabel('Your name').fill('Aroha');
    await host.page.getByLabel('Name of participant 2').fill('Ben');
    const add = host.page.getByRole('button', { name: 'Add participant' });
    await add.click();
    await add.click();
    await expect.poll(() => host.page.getByLabel(/^(Your name|Name of participant \d)$/).count()).toBe(4);
    expect(await host.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id)).toMatch(
      /participant-.*-name/,
    );
    await host.page.getByLabel('Name of participant 3').fill('Caleb');
    await host.page.getByLabel('Name of participant 4').fill('Dana');
    expect(await host.page.locator('.field-error, .form-error').count()).toBe(0);
    expect(await pageHeight(host.page), 'height of the set-up page with four people').toBeLessThanOrEqual(MAX_PAGE_HEIGHT_FOR_FOUR);
    await expectScreen(host, '01-host-four-people');

    // Dana can't come after all.
    await host.page.getByRole('button', { name: 'Remove participant 4' }).click();
    await expect.poll(() => host.page.getByLabel(/^(Your name|Name of participant \d)$/).count()).toBe(3);
    await host.page.getByRole('radio', { name: 'By amount' }).check();
    await host.page.getByLabel('Amount for participant 1').fill('200.00');
    await host.page.getByLabel('Amount for participant 2').fill('150.00');
    await host.page.getByLabel('Amount for participant 3').fill('120.00');
    await host.page.getByLabel('Amount for participant 3').blur();
    // 470 of 480: one line says so, in the money format of the rest of the page; no field turns red.
    await host.page.getByText('NZ$10.00 left to assign').waitFor();
    expect(await host.page.locator('[aria-invalid="true"]').count()).toBe(0);
    await expectScreen(host, '02-host-split-does-not-add-up');
    await host.page.getByLabel('Amount for participant 3').fill('130.00');
    await host.page.getByText('All NZ$480.00 assigned').waitFor();
    await host.page.getByRole('button', { name: 'Save split' }).click();
    await host.page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    const benLink = await inviteLinkOf(host.page, 'Ben');
    const calebLink = await inviteLinkOf(host.page, 'Caleb');
    expect(benLink).toContain(`/pay/${sessionId}?token=`);
    await expectScreen(host, '03-host-invites');
    await expectMerchantShown(host);

    // The host pays their own share through the merchant's test processor.
    await host.page.getByRole('button', { name: /^Pay NZ\$200\.00$/ }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await expectScreen(host, '04-processor-checkout');
    await payAtCheckout(host.page, '4242 4242 4242 4242');
    await host.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
    await host.page.getByText('Payment received — thanks!').waitFor();
    await expectScreen(host, '05-host-paid');

    // Ben, on his own phone: first card declined, then paid.
    const ben = await person();
    await ben.page.goto(benLink);
    await ben.page.getByRole('heading', { name: 'Pay your share' }).waitFor();
    expect(ben.page.url()).not.toContain('token=');
    await expectScreen(ben, '06-participant');
    await expectMerchantShown(ben);
    await ben.page.getByText('Organised by Aroha').waitFor();
    await ben.page.getByRole('button', { name: /^Pay NZ\$150\.00$/ }).click();
    await ben.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(ben.page, '4000 0000 0000 0002');
    await ben.page.getByText('Your card was declined').first().waitFor();
    await expectScreen(ben, '04-processor-checkout-declined');
    // The shop told PaySplit about the decline: the attempt is on record as failed, with its reason.
    const bensAttempts = () =>
      server.query<{ status: string; failure_reason: string | null }>(
        `select p.status, p.failure_reason from payment p join participant s on s.id = p.participant_id where s.display_name = 'Ben' and p.session_id = ?`,
        [sessionId],
      );
    expect(await bensAttempts()).toEqual([{ status: 'failed', failure_reason: 'Card declined (card ending 0002)' }]);
    await payAtCheckout(ben.page, '4242 4242 4242 4242');
    await ben.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
    await ben.page.getByText('Payment received — thanks!').waitFor();
    await expectScreen(ben, '06-participant-paid');
    expect(await bensAttempts()).toEqual([{ status: 'authorized', failure_reason: 'Card declined (card ending 0002)' }]);

    // The host's open page shows Ben's payment without a reload.
    await expect
      .poll(async () => (await host.page.locator('body').innerText()).match(/Ben[\s\S]{0,80}Paid/i) !== null, { timeout: 3000 })
      .toBe(true);
    await expectScreen(host, '07-host-sees-ben-paid-live');

    const caleb = await person();
    await caleb.page.goto(calebLink);
    await expectMerchantShown(caleb);
    await caleb.page.getByRole('button', { name: /^Pay NZ\$130\.00$/ }).click();
    await caleb.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(caleb.page, '4242424242424242');
    await caleb.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);

    // One ending each: the host is told, then taken to the merchant's success page; payers stay, all set.
    await host.page.getByRole('heading', { name: 'Everyone has paid' }).waitFor({ timeout: 5000 });
    const completedAt = Date.now();
    expect(
      await host.page
        .getByRole('status')
        .filter({ hasText: /Taking you back to Harbour Table in 4 seconds/ })
        .count(),
    ).toBe(1);
    expect(await host.page.getByText(/thank/i).count()).toBe(1);
    await expectMerchantShown(host);
    await expectScreen(host, '08-completed');
    await caleb.page.getByRole('heading', { name: 'You’re all set' }).waitFor({ timeout: 5000 });
    await ben.page.getByRole('heading', { name: 'You’re all set' }).waitFor({ timeout: 5000 });
    await expectMerchantShown(ben);
    await expectScreen(ben, '08-participant-all-set');
    await host.page.waitForURL((url) => url.origin === merchant.baseUrl, { timeout: HOST_CONTINUE_DELAY_MS + 5000 });
    await expectScreen(host, '08-host-back-at-the-merchant');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, completedAt + HOST_CONTINUE_DELAY_MS + 1000 - Date.now())));
    for (const payer of [ben, caleb]) {
      expect(new URL(payer.page.url()).pathname).toBe(`/pay/${sessionId}`);
      expect(await payer.page.getByRole('link', { name: 'Back to Harbour Table' }).getAttribute('href')).toBe(`${merchant.baseUrl}/`);
    }

    const bookings = await person();
    await expect
      .poll(
        async () => {
          await bookings.page.goto(`${merchant.baseUrl}/bookings`);
          return bookings.page.locator('body').innerText();
        },
        { timeout: 10_000 },
      )
      .toContain('PAID');
    await expectScreen(bookings, '09-merchant-bookings-paid');
    // The test processor answers a declined card's form post with its page and HTTP 402, which
    // chromium logs as a failed load; nothing else may be logged as an error by any page.
    const declinedCardAnswer = /\/processor\/checkout\/[^/]+\/pay: Failed to load resource: .* 402 \(Payment Required\)$/;
    for (const someone of [host, ben, caleb, bookings]) {
      expect(someone.consoleErrors.filter((error) => !declinedCardAnswer.test(error))).toEqual([]);
    }

    // Nothing secret in any log line of PaySplit or the merchant.
    const [booking] = await server.query<{ host_token: string }>(`select host_token from merchant_demo.booking where session_id = ?`, [
      sessionId,
    ]);
    const secrets = [
      booking!.host_token,
      new URL(benLink).searchParams.get('token')!,
      new URL(calebLink).searchParams.get('token')!,
      '4242424242424242',
      '4242 4242 4242 4242',
    ];
    const logs = `${server.logLines().join('\n')}\n${merchant.output()}`;
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/ps_test_[0-9A-Za-z]{43}|whsec_[A-Za-z0-9+/]{20}/);
  }, 45_000);
});
