import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutMerchant } from '../fixtures/sdk-merchant/checkout-merchant.js';
import { PayBrowser } from '../support/pay-browser.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/polling.js';
import { accessibilityViolations, type Browser, chromiumForFile, overflowsSideways, screenshot } from './chromium.js';

// Business time moves for the expiry screen; the rest of the test runs on real time.
let offsetMs = 0;
let server: TestServer;
let integration: { integrationId: string; apiKey: string };
/** Holds each share and charges once everyone has paid; its merchant (an SDK-verifying fixture) answers the captures. */
let manual: { integrationId: string; apiKey: string; partnerSecret: string };
let processor: ReferenceMerchant;
let shop: CheckoutMerchant;
const person = chromiumForFile();

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(Date.now() + offsetMs) });
  integration = await server.provision({ name: 'Screens' });
  processor = await startReferenceMerchant(server);
  shop = new CheckoutMerchant(`${processor.baseUrl}/processor/api`);
  await shop.start();
  manual = await server.provision({
    name: 'Harbour Table',
    timeZone: 'Pacific/Auckland',
    partnerCreatePaymentUrl: shop.createPaymentUrl,
    partnerCancelUrl: shop.cancelUrl,
    partnerCaptureUrl: shop.captureUrl,
    captureMethod: 'manual',
  });
  shop.secrets.push(manual.partnerSecret);
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await processor?.stop();
  await server?.close();
});

async function createSession(extra: Record<string, unknown> = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor: '9000', ...extra },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return created.body;
}

/** A phone (the screenshots people look at) and a laptop. */
const VIEWPORTS = [
  { width: 360, height: 740, prefix: '' },
  { width: 1280, height: 800, prefix: 'laptop-' },
] as const;

describe.each(VIEWPORTS)('pay app screens at $width × $height, each checked with axe-core', ({ width, height, prefix }) => {
  // A fresh profile for each screen, closed when its test ends (chromiumForFile).
  let browser: Browser;
  beforeEach(async () => {
    browser = await person({ viewport: { width, height } });
  });

  /** The screen is up, nothing scrolls sideways, and axe-core finds nothing (any impact). */
  async function expectScreen(name: string, heading: string | RegExp): Promise<void> {
    await browser.page.getByRole('heading', { name: heading }).first().waitFor();
    await screenshot(browser.page, `${prefix}${name}`);
    expect(await accessibilityViolations(browser.page), `axe on ${name}`).toEqual([]);
    expect(await overflowsSideways(browser.page), `sideways scroll on ${name}`).toBe(false);
  }

  it('serves the /session/{id} address shape, removes the token, and still works after a reload', async () => {
    const { sessionId, hostToken } = await createSession();
    const response = await browser.page.goto(`${server.baseUrl}/session/${sessionId}?host=1&hostToken=${hostToken}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    // The tab shows PaySplit's icon, served with the app's own files under its CSP.
    const icon = await browser.page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href);
    const iconResponse = await fetch(icon!);
    expect(iconResponse.status).toBe(200);
    expect(iconResponse.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    await expectScreen('10-unconfigured-session-shape', 'Who is paying');
    expect(browser.page.url()).not.toContain(hostToken);
    expect(await browser.page.getByText(/Everyone you add gets their own link/).count()).toBe(1);
    await browser.page.reload();
    await browser.page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    expect(browser.page.url()).not.toContain('hostToken');
  });

  it('shows the expired screen', async () => {
    const { sessionId, hostToken } = await createSession({ expiresInSeconds: 1800 });
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await expectScreen('11-expired', 'This payment has expired');
    offsetMs = 0;
  });

  it('shows the cancelled screen', async () => {
    const { sessionId, hostToken } = await createSession();
    await postJson(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}/cancel`, {}, { 'x-service-api-key': integration.apiKey });
    await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await expectScreen('12-cancelled', 'This payment was cancelled');
  });

  it('shows a clear screen for a link that is not valid', async () => {
    const { sessionId } = await createSession();
    await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?token=${'x'.repeat(43)}`);
    await browser.page.getByRole('link', { name: 'Get a sign-in link by email' }).waitFor();
    await expectScreen('13-link-invalid', /link/i);
  });

  it('shows a not-found screen for an unknown session', async () => {
    await browser.page.goto(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000?token=${'y'.repeat(43)}`);
    await expectScreen('14-not-found', /not found|find/i);
  });

  it('tells a manual session’s payer and host what happens to their money: held, being charged, charged', async () => {
    const created = await postJson<{ sessionId: string; hostToken: string }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      {
        integrationId: manual.integrationId,
        amountMinor: '9000',
        currency: 'NZD',
        description: 'Dinner for 2',
        unconfigured: false,
        splitMode: 'equal',
        participants: [{ displayName: 'Aroha' }, { displayName: 'Ben' }],
      },
      { 'x-service-api-key': manual.apiKey },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { sessionId, hostToken } = created.body;
    // Payments go over HTTP as the pay app and the merchant send them; the pages are read in chromium.
    const hostApi = new PayBrowser(server.baseUrl);
    const opened = await hostApi.open(sessionId, hostToken);
    const benLink = (opened.data.openSession.participants as { inviteUrl: string | null }[])[1]!.inviteUrl!;
    const benApi = new PayBrowser(server.baseUrl);
    await benApi.open(sessionId, new URL(benLink).searchParams.get('token')!);
    const pay = async (payer: PayBrowser) => {
      const paymentId = (await payer.startPayment(sessionId)).data.startPayment.paymentId as string;
      const recorded = await postJson(
        `${server.baseUrl}/api/v1/payments/record`,
        { paymentId, action: 'authorize', processorReference: shop.checkouts.get(paymentId)?.id ?? null },
        { 'x-service-api-key': manual.apiKey },
      );
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    };

    await browser.page.goto(benLink);
    await expectScreen('30-manual-before-paying', 'Pay your share');
    expect(await browser.page.getByTestId('hold-promise').textContent()).toMatch(
      /^Your card is held now and charged only when everyone has paid by .+ (GMT\+1[23]|NZ[DS]T); if the group doesn’t finish, the hold is released\.$/,
    );

    await pay(benApi);
    await expectScreen('31-manual-held', 'Your share is held');
    expect(await browser.page.getByText('Held on your card').count()).toBe(1);

    const host = await person({ viewport: { width, height } });
    await host.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await host.page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    expect(await host.page.getByTestId('hold-promise').count()).toBe(1);
    await screenshot(host.page, `${prefix}32-manual-host-held`);
    expect(await accessibilityViolations(host.page), 'axe on the host’s held page').toEqual([]);
    expect(await overflowsSideways(host.page)).toBe(false);

    // The host's hold completes the group: the merchant answers the captures pending, so the pages
    // show the cards being charged until it settles them.
    shop.captureAnswer = 'pending';
    try {
      await pay(hostApi);
      await expectScreen('33-manual-capturing', 'Everyone has paid');
      expect(await browser.page.getByText('the cards are being charged now', { exact: false }).count()).toBe(1);
      const captures = await until(
        () =>
          server.query<{ id: string; call_status: string }>(
            `select id, call_status from payment_call where session_id = ? and kind = 'capture'`,
            [sessionId],
          ),
        (rows) => rows.length === 2 && rows.every((row) => row.call_status === 'done'),
      );
      for (const capture of captures) {
        const settled = await postJson(
          `${server.baseUrl}/api/v1/payments/captures/${capture.id}/settle`,
          { status: 'succeeded' },
          { 'x-service-api-key': manual.apiKey },
        );
        expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      }
    } finally {
      shop.captureAnswer = 'capture';
    }
    await expectScreen('34-manual-charged', 'You’re all set');
    expect(await browser.page.getByText('and your card has been charged', { exact: false }).count()).toBe(1);
    await host.page.getByRole('heading', { name: 'Everyone has paid' }).waitFor();
    expect(await host.page.getByText('Everyone’s card is charged', { exact: false }).count()).toBe(1);
    await screenshot(host.page, `${prefix}35-manual-host-charged`);
    expect(await accessibilityViolations(host.page), 'axe on the host’s end').toEqual([]);
    expect(await overflowsSideways(host.page)).toBe(false);
  });

  it('keeps AA contrast in dark mode and drops motion for people who ask for less', async () => {
    const { sessionId, hostToken } = await createSession();
    await browser.page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    try {
      await browser.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
      await browser.page.getByLabel('Your name').fill('Aroha');
      await browser.page.getByLabel('Name of participant 2').fill('Ben');
      await browser.page.getByRole('button', { name: 'Save split' }).click();
      await expectScreen('15-dark-host-invites', 'Pay and invite');
      const colours = await browser.page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('.page')!);
        return {
          background: style.backgroundColor,
          transition: getComputedStyle(document.querySelector('.progress-fill')!).transitionDuration,
        };
      });
      expect(colours.background).not.toBe('rgb(255, 255, 255)');
      expect(colours.transition).toBe('0s');
    } finally {
      await browser.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
    }
  });
});
