import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type Browser, openBrowser, screenshot, seriousAccessibilityViolations } from './chromium.js';

let server: TestServer;
let merchant: ReferenceMerchant;
const browsers: Browser[] = [];

beforeAll(async () => {
  // Debug logging: the journey must not leak a secret even at the chattiest level.
  server = await startTestServer({ logLevel: 'debug' });
  merchant = await startReferenceMerchant(server);
}, 60_000);

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await merchant?.stop();
  await server?.close();
});

async function person(viewport?: { width: number; height: number }): Promise<Browser> {
  const browser = await openBrowser({ viewport });
  browsers.push(browser);
  return browser;
}

async function expectAccessible(browser: Browser, screen: string): Promise<void> {
  await screenshot(browser.page, screen);
  expect(await seriousAccessibilityViolations(browser.page), `axe on ${screen}`).toEqual([]);
}

/** At the test processor's hosted checkout: type a card and pay. */
async function payAtCheckout(browser: Browser, card: string): Promise<void> {
  await browser.page.getByLabel('Card number').fill(card);
  await browser.page.getByRole('button', { name: /^Pay/ }).click();
}

describe('the pay app in a real browser (Debian chromium)', () => {
  /** Issue 17: every pay page says who is paid and for what (the reference merchant's brand and booking). */
  async function expectMerchantShown(who: { page: import('playwright-core').Page }): Promise<void> {
    await who.page.getByText('Harbour Table', { exact: true }).first().waitFor();
    await who.page.getByText('Dinner for 4', { exact: true }).first().waitFor();
  }

  it('booking -> host sets up 3 people -> everyone pays (one card declined first) -> live updates -> completion -> booking PAID', async () => {
    const host = await person();
    await host.page.goto(`${merchant.baseUrl}/`);
    await host.page.getByRole('button', { name: 'Book and split the bill' }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    // The token is exchanged for the cookie and gone from the address bar.
    await host.page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    expect(host.page.url()).not.toMatch(/hostToken|host=1/);
    const sessionId = new URL(host.page.url()).pathname.split('/').at(-1)!;
    await expectAccessible(host, '01-host-setup');
    await expectMerchantShown(host);

    await host.page.getByLabel('Name of participant 1').fill('Aroha');
    while ((await host.page.getByLabel(/^Name of participant \d$/).count()) < 3) {
      await host.page.getByRole('button', { name: 'Add participant' }).click();
    }
    await host.page.getByLabel('Name of participant 2').fill('Ben');
    await host.page.getByLabel('Name of participant 3').fill('Caleb');
    await host.page.getByLabel(/By amount/).check();
    await host.page.getByLabel('Amount for participant 1').fill('200.00');
    await host.page.getByLabel('Amount for participant 2').fill('150.00');
    await host.page.getByLabel('Amount for participant 3').fill('120.00');
    await expect.poll(() => host.page.getByText(/add up to/i).count()).toBeGreaterThan(0); // 470 of 480: the preview says so
    await screenshot(host.page, '02-host-split-does-not-add-up');
    await host.page.getByLabel('Amount for participant 3').fill('130.00');
    await host.page.getByRole('button', { name: 'Save split' }).click();
    const benLink = await host.page.getByLabel('Invite link for Ben').inputValue();
    const calebLink = await host.page.getByLabel('Invite link for Caleb').inputValue();
    expect(benLink).toContain(`/pay/${sessionId}?token=`);
    await expectAccessible(host, '03-host-invites');
    await expectMerchantShown(host);

    // The host pays their own share through the merchant's test processor.
    await host.page.getByRole('button', { name: /^Pay NZ\$200\.00$/ }).click();
    await host.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await expectAccessible(host, '04-processor-checkout');
    await payAtCheckout(host, '4242 4242 4242 4242');
    await host.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
    await host.page.getByText('Payment received — thanks!').waitFor();
    await expectAccessible(host, '05-host-paid');

    // Ben, on his own phone: first card declined, then paid.
    const ben = await person();
    await ben.page.goto(benLink);
    await ben.page.getByRole('heading', { name: 'Pay your share' }).waitFor();
    expect(ben.page.url()).not.toContain('token=');
    await expectAccessible(ben, '06-participant');
    await expectMerchantShown(ben);
    await ben.page.getByText('Organised by Aroha').waitFor();
    await ben.page.getByRole('button', { name: /^Pay NZ\$150\.00$/ }).click();
    await ben.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(ben, '4000 0000 0000 0002');
    await ben.page.getByText('Your card was declined').first().waitFor();
    await payAtCheckout(ben, '4242 4242 4242 4242');
    await ben.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);
    await ben.page.getByText('Payment received — thanks!').waitFor();

    // The host's open page shows Ben's payment without a reload.
    await expect
      .poll(async () => (await host.page.locator('body').innerText()).match(/Ben[\s\S]{0,80}Paid/i) !== null, { timeout: 3000 })
      .toBe(true);
    await screenshot(host.page, '07-host-sees-ben-paid-live');

    const caleb = await person();
    await caleb.page.goto(calebLink);
    await expectMerchantShown(caleb);
    await caleb.page.getByRole('button', { name: /^Pay NZ\$130\.00$/ }).click();
    await caleb.page.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
    await payAtCheckout(caleb, '4242424242424242');
    await caleb.page.waitForURL((url) => url.pathname === `/pay/${sessionId}`);

    await host.page.getByRole('heading', { name: 'Everyone has paid — thank you!' }).waitFor({ timeout: 5000 });
    await expectAccessible(host, '08-completed');

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
    await screenshot(bookings.page, '09-merchant-bookings-paid');

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
  });
});
