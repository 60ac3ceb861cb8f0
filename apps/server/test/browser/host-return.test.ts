import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MerchantStub } from '../support/merchant-stub.js';
import { payAppDocumentId } from '../support/pay-browser.js';
import { TestMailbox } from '../support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, chromiumForFile, overflowsSideways, screenshot } from './chromium.js';

// Business time is moved to put a session's deadline in the real past while its people still have
// it open: the browsers then keep (or drop) its cookie by the Expires the server gave.
let offsetMs = 0;
const DAY = 86_400_000;
const mailbox = new TestMailbox();
const merchant = new MerchantStub();
let server: TestServer;
let integration: { integrationId: string; apiKey: string };
const person = chromiumForFile();
const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  await Promise.all([mailbox.start(), merchant.start()]);
  server = await startTestServer({
    now: () => new Date(Date.now() + offsetMs),
    environment: { SMTP_URL: mailbox.url, EMAIL_FROM: 'PaySplit <pay@paysplit.test>' },
  });
  integration = await merchant.provisionOn(server, {
    name: 'Harbour Table Ltd',
    displayName: 'Harbour Table',
    timeZone: 'Pacific/Auckland',
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([mailbox.stop(), merchant.stop()]);
});

beforeEach(() => {
  offsetMs = 0;
});

async function createSession() {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor: '9000', description: 'Dinner for 2', expiresInSeconds: 7200 },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return created.body;
}

/** One of the pay app's own operations, sent from the page with its cookie, as the app sends them. */
async function runInPage<T = any>(page: Page, operation: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ documentId, variables: sent }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documentId, variables: sent }),
      });
      return response.json() as Promise<T>;
    },
    { documentId: payAppDocumentId(operation), variables },
  );
}

async function configure(page: Page, sessionId: string, hostEmail: string | null) {
  const configured = await runInPage<{ data: { configureSession: { participants: { inviteUrl: string | null }[] } } }>(
    page,
    'ConfigureSession',
    {
      input: {
        sessionId,
        splitMode: 'EQUAL',
        participants: [
          { displayName: 'Aroha', email: hostEmail },
          { displayName: 'Ben', sendInvite: false },
        ],
      },
    },
  );
  return configured.data.configureSession.participants[1]!.inviteUrl!;
}

describe('access that lasts, in chromium', () => {
  it('lets a payer who paid and the host read their ended session after the deadline', async () => {
    // The session is made two days ago by business time: its deadline is already past in real time.
    offsetMs = -2 * DAY;
    const { sessionId, hostToken } = await createSession();
    const host = await person({ viewport: PHONE });
    await host.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await host.page.getByRole('heading', { name: 'Set up the split' }).waitFor();
    const benLink = await configure(host.page, sessionId, null);
    const ben = await person({ viewport: PHONE });
    await ben.page.goto(benLink);
    await ben.page.getByText('Dinner for 2').first().waitFor();
    const started = await runInPage<{ data: { startPayment: { paymentId: string } }; errors?: unknown }>(ben.page, 'StartPayment', {
      sessionId,
    });
    expect(started.errors).toBeUndefined();
    const recorded = await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: started.data.startPayment.paymentId, action: 'authorize' },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(recorded.status).toBe(200);

    // Business time catches up: the deadline passed, the session expires.
    offsetMs = 0;
    expect(await server.expiry.runOnce()).toContain(sessionId);
    for (const [who, browser] of [
      ['host', host],
      ['payer', ben],
    ] as const) {
      const cookies = await browser.context.cookies(server.baseUrl);
      expect(
        cookies.map((cookie) => cookie.name),
        `${who} keeps the session's cookie`,
      ).toHaveLength(1);
      await browser.page.goto(`${server.baseUrl}/pay/${sessionId}`);
      await browser.page.getByRole('heading', { name: 'This payment has expired' }).waitFor();
      await screenshot(browser.page, `60-ended-session-${who}`);
      expect(await accessibilityViolations(browser.page), `axe on the ${who}'s ended session`).toEqual([]);
    }
    await host.page.getByText('To book again, start a new payment at Harbour Table.').waitFor();
    await ben.page
      .getByText(/refund/i)
      .first()
      .waitFor();
  });
});

describe('the host’s way back, in chromium', () => {
  it('brings the host back on a second device with a sign-in link, never with the host token', async () => {
    const { sessionId, hostToken } = await createSession();
    const laptop = await person({ viewport: LAPTOP });
    await laptop.page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await laptop.page.getByRole('heading', { name: 'Set up the split' }).waitFor();
    await configure(laptop.page, sessionId, 'aroha@host-mail.test');
    const [welcome] = await mailbox.waitFor('aroha@host-mail.test', 1);
    expect(welcome!.text).not.toContain(hostToken);

    // The phone has never seen this payment: the screen offers the organiser their own way back.
    const phone = await person({ viewport: PHONE });
    await phone.page.goto(`${server.baseUrl}/pay/${sessionId}`);
    await phone.page.getByRole('heading', { name: 'This link doesn’t work on this device' }).waitFor();
    expect(await phone.page.textContent('body')).not.toContain('ask the organiser for a new link.');
    await screenshot(phone.page, '61-no-access-on-this-device');
    expect(await accessibilityViolations(phone.page), 'axe on the no-access screen').toEqual([]);
    expect(await overflowsSideways(phone.page)).toBe(false);

    await phone.page.getByRole('link', { name: 'Get a sign-in link by email' }).click();
    await phone.page.getByRole('heading', { name: 'Back to your split' }).waitFor();
    await screenshot(phone.page, '62-host-sign-in-ask');
    expect(await accessibilityViolations(phone.page), 'axe on the sign-in page').toEqual([]);
    expect(await overflowsSideways(phone.page)).toBe(false);
    await phone.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await phone.page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const [, signIn] = await mailbox.waitFor('aroha@host-mail.test', 2);
    expect(signIn!.subject).toBe('Sign in to your group payment: Dinner for 2 at Harbour Table');
    expect(signIn!.text).toMatch(/It works once, until .* New Zealand (Daylight|Standard) Time\./);
    expect(`${signIn!.text}${String(signIn!.html)}`).not.toContain(hostToken);
    const link = /Open your split: (\S+)/.exec(signIn!.text!)![1]!;
    await phone.page.goto(link);
    await phone.page.getByRole('button', { name: 'Continue to your split' }).waitFor();
    await screenshot(phone.page, '63-host-sign-in-continue');
    await phone.page.getByRole('button', { name: 'Continue to your split' }).click();
    await phone.page.waitForURL(`${server.baseUrl}/pay/${sessionId}`);
    await phone.page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    await screenshot(phone.page, '64-host-back-on-the-phone');
    const [cookie] = await phone.context.cookies(server.baseUrl);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.value).not.toBe(hostToken);

    // The same link a second time (another device, or a forwarded email) does nothing.
    const third = await person({ viewport: PHONE });
    await third.page.goto(link);
    await third.page.getByRole('heading', { name: 'This sign-in link doesn’t work any more' }).waitFor();
    expect(await third.context.cookies(server.baseUrl)).toEqual([]);
  });
});
