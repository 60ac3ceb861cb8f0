import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from '../support/pay-browser.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/polling.js';
import { accessibilityViolations, type Browser, collectConsoleErrors, openBrowser, overflowsSideways, screenshot } from './chromium.js';

// A payer who starts again leaves a checkout behind; the reference merchant expires it when PaySplit
// cancels it. What people then see, in Debian chromium at 360 px: the payer at the old checkout, and
// an operator reading the session's cancelled checkouts and each call in the administration area.

let server: TestServer;
let merchant: ReferenceMerchant;
const browsers: Browser[] = [];
const OPERATOR = { email: 'ops@cancel-loop.example', password: 'an operator passphrase' };

beforeAll(async () => {
  server = await startTestServer();
  merchant = await startReferenceMerchant(server);
  await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), { ...OPERATOR, role: 'operator' });
}, 60_000);

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await merchant?.stop();
  await server?.close();
});

async function phone(): Promise<{ page: Page; consoleErrors: string[]; expectScreen: (name: string) => Promise<void> }> {
  const browser = await openBrowser({ viewport: { width: 360, height: 740 } });
  browsers.push(browser);
  const { page } = browser;
  return {
    page,
    consoleErrors: collectConsoleErrors(page),
    async expectScreen(name) {
      await screenshot(page, name);
      expect(await overflowsSideways(page), `sideways scroll on ${name}`).toBe(false);
      expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
    },
  };
}

describe('cancelled checkouts in a real browser (Debian chromium)', () => {
  it('the payer finds the replaced checkout expired, and an operator sees why and every call to the merchant', async () => {
    const booking = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
    const sessionUrl = new URL(booking.headers.get('location')!);
    const sessionId = sessionUrl.pathname.split('/').at(-1)!;
    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
    const configured = await host.configure({
      sessionId,
      splitMode: 'EXACT',
      participants: [
        { displayName: 'Aroha', amountMinor: '28000' },
        { displayName: 'Ben', amountMinor: '20000' },
      ],
    });
    expect(configured.errors).toBeUndefined();
    const first = (await host.startPayment(sessionId)).data.startPayment;
    await host.startPayment(sessionId);
    await until(
      () => server.query<{ status: string }>(`select status from payment_call where session_id = ?`, [sessionId]),
      (rows) => rows.length === 1 && rows[0]!.status === 'succeeded',
    );

    const payer = await phone();
    const atCheckout = await payer.page.goto(first.redirectUrl);
    expect(atCheckout?.status()).toBe(410);
    await payer.page.getByRole('heading', { name: 'This checkout has expired', level: 1 }).waitFor();
    expect(await payer.page.getByRole('status').innerText()).toContain('Nothing was charged');
    expect(await payer.page.getByLabel('Card number').count()).toBe(0);
    await payer.expectScreen('cancel-01-processor-checkout-expired');
    // Its way back is the merchant's cancel address: the session's pay page.
    expect(await payer.page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe(
      `${server.baseUrl}/pay/${sessionId}?cancelled=1`,
    );

    // A payer of a session charged only once everyone has paid: the checkout says it holds the amount,
    // the hold's page that nothing is charged yet, and once the hold is released, that nothing was.
    const created = await fetch(`${merchant.baseUrl}/processor/api/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        paymentId: randomUUID(),
        sessionId: randomUUID(),
        payerRole: 'participant',
        amountMinor: '20000',
        currency: 'NZD',
        successUrl: `${merchant.baseUrl}/`,
        cancelUrl: `${server.baseUrl}/pay/${sessionId}?cancelled=1`,
        businessName: 'Harbour Table',
        description: 'Dinner for 4 — your share',
        captureMethod: 'manual',
      }),
    });
    const hold = (await created.json()) as { id: string; url: string };
    await payer.page.goto(hold.url);
    await payer.page.getByText('Paying places a hold of NZ$200.00 on your card.').waitFor();
    await payer.expectScreen('cancel-04-processor-checkout-hold');
    await payer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.page.getByRole('button', { name: 'Pay NZ$200.00' }).click();
    await payer.page.waitForURL((url) => url.origin === merchant.baseUrl && url.pathname === '/');
    await payer.page.goto(hold.url);
    await payer.page.getByRole('heading', { name: 'Amount held' }).waitFor();
    await payer.expectScreen('cancel-05-processor-hold-placed');
    const release = await fetch(`${merchant.baseUrl}/processor/api/checkouts/${hold.id}/cancel`, {
      method: 'POST',
      headers: { 'idempotency-key': `release-${hold.id}` },
    });
    expect(release.status).toBe(200);
    await payer.page.reload();
    await payer.page.getByRole('heading', { name: 'Hold released' }).waitFor();
    expect(await payer.page.getByRole('status').innerText()).toContain('Nothing was charged');
    await payer.expectScreen('cancel-06-processor-hold-released');

    const operator = await phone();
    await operator.page.goto(`${server.baseUrl}/admin`);
    await operator.page.getByLabel('Email').fill(OPERATOR.email);
    await operator.page.getByLabel('Password').fill(OPERATOR.password);
    await operator.page.getByRole('button', { name: 'Log in' }).click();
    await operator.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await operator.page.goto(`${server.baseUrl}/admin/sessions/${sessionId}`);
    const section = operator.page.locator('section', { has: operator.page.getByRole('heading', { name: 'Cancelled checkouts' }) });
    await section.waitFor();
    const card = section.getByRole('listitem');
    expect(await card.getByRole('heading').innerText()).toMatch(/^NZ\$280\.00 checkout of Aroha\s+Succeeded$/);
    expect(await card.innerText()).toContain('because the payer started again');
    const calls = card.getByRole('region', { name: /^Calls to the merchant for cancellation / });
    expect(await calls.getByRole('row').count()).toBe(2);
    expect(await calls.getByRole('row').nth(1).innerText()).toContain('Succeeded');
    await section.scrollIntoViewIfNeeded();
    await operator.expectScreen('cancel-02-admin-session-cancelled-checkouts');

    // The integration's settings show where the calls go.
    await operator.page.getByRole('link', { name: 'Reference merchant' }).first().click();
    const cancelUrl = operator.page.getByLabel('Partner cancel URL');
    await cancelUrl.waitFor();
    expect(await cancelUrl.inputValue()).toBe(`${merchant.baseUrl}/paysplit/cancel`);
    await operator.expectScreen('cancel-03-admin-integration-cancel-url');

    // The expired checkout answers 410 Gone on purpose, which chromium reports; nothing else went wrong.
    expect(payer.consoleErrors).toEqual([expect.stringMatching(/^.*\/processor\/checkout\/cs_test_\w+: .*status of 410 \(Gone\)$/)]);
    expect(operator.consoleErrors).toEqual([]);
  }, 90_000);
});
