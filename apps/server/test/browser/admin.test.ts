import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantStub } from '../support/merchant-stub.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import {
  completePayoutOnboarding,
  createApiKey,
  nav,
  PAYOUT_IBAN,
  revokeConfirmed,
  takeShownOnce as takeShownOnceBox,
} from './admin-pages.js';
import { accessibilityViolations, type Browser, chromiumForFile, screenshot } from './chromium.js';
import { PayBrowser } from '../support/pay-browser.js';

let server: TestServer;
let stub: MerchantStub;
const newPerson = chromiumForFile();

const MERCHANT_EMAIL = 'owner@admin-journey.example';
const MERCHANT_PASSWORD = 'a long merchant passphrase';
// A public address literal: live keys need https and a public host, and a literal needs no DNS.
const PUBLIC_HTTPS = 'https://93.184.215.14';

/** Things shown once that must never reach a log line. */
const secrets: string[] = [];

beforeAll(async () => {
  // One retry an hour: a failed delivery stays failed until someone presses Redeliver.
  server = await startTestServer({ webhookRetrySchedule: '1h' });
  stub = new MerchantStub();
  await stub.start();
}, 60_000);

afterAll(async () => {
  await stub?.stop();
  await server?.close();
});

async function person(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  return newPerson({ viewport });
}

/** Waits for the screen's heading, screenshots it, and checks it with axe-core: no violation of any impact. */
async function expectScreen(page: Page, name: string, heading: string | RegExp): Promise<void> {
  try {
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  } catch (error) {
    // What the page showed instead, for whoever reads the failure.
    await screenshot(page, `${name}-failed`);
    throw error;
  }
  await screenshot(page, name);
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
}

/** A field the form marked wrong: aria-invalid, drawn with the error border, its message beside it. */
async function expectHighlighted(page: Page, label: string | RegExp, message: string | RegExp): Promise<void> {
  const field = page.getByLabel(label, { exact: typeof label === 'string' });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const style = await field.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { width: computed.borderTopWidth, color: computed.borderTopColor };
  });
  expect(style).toEqual({ width: '2px', color: 'rgb(179, 38, 30)' });
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const notes = await Promise.all(describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(notes.join(' ')).toMatch(message);
}

/** The value of a shown-once box, then hides it; kept to prove no log line ever holds it. */
async function takeShownOnce(page: Page, title: string): Promise<string> {
  const value = await takeShownOnceBox(page, title);
  secrets.push(value);
  return value;
}

describe('the admin area in a real browser (Debian chromium)', () => {
  let integrationPath = '';
  let integrationId = '';
  let testKey = '';
  let sessionId = '';

  it('serves /admin with the pay page headers and loads the admin code only there', async () => {
    const { page } = await person();
    const seen: string[] = [];
    page.on('request', (request) => seen.push(new URL(request.url()).pathname));
    const response = await page.goto(`${server.baseUrl}/admin/integrations`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expectScreen(page, 'admin-01-login', 'Log in to PaySplit');
    expect(seen.some((path) => /\/pay-assets\/AdminApp-.*\.js$/.test(path))).toBe(true);

    // A pay page never fetches the admin chunk.
    const payer = await person({ width: 390, height: 844 });
    const payerRequests: string[] = [];
    payer.page.on('request', (request) => payerRequests.push(new URL(request.url()).pathname));
    await payer.page.goto(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000`);
    await payer.page.getByRole('heading', { level: 1 }).waitFor();
    expect(payerRequests.filter((path) => path.includes('AdminApp'))).toEqual([]);
  });

  it(
    'merchant: sign up, log out and in, integration, keys shown once, secrets, payouts, sessions, redelivery, live key',
    { timeout: 180_000 },
    async () => {
      const { page } = await person();
      await page.goto(`${server.baseUrl}/admin`);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await expectScreen(page, 'admin-02-register', 'Create a PaySplit account');
      await page.getByLabel('Email').fill(MERCHANT_EMAIL);
      // A short password: the message says which field, and that field is marked.
      await page.getByLabel('Password', { exact: true }).fill('too short');
      await page.getByLabel('Repeat the password').fill('too short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Check the highlighted fields.').waitFor();
      await expectHighlighted(page, 'Password', 'Use at least 12 characters.');
      await screenshot(page, 'admin-02-register-short-password');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Password', { exact: true }).fill(MERCHANT_PASSWORD);
      await page.getByLabel('Repeat the password').fill(MERCHANT_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectScreen(page, 'admin-03-dashboard-empty', 'Dashboard');
      expect(new URL(page.url()).pathname).toBe('/admin');

      // Log out, then in through the login form.
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('heading', { name: 'Log in to PaySplit' }).waitFor();
      await page.getByLabel('Email').fill(MERCHANT_EMAIL);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('That email and password don’t match an account.').waitFor();
      await page.getByLabel('Password').fill(MERCHANT_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      // A new integration pointing at the stub merchant.
      await nav(page, 'Integrations');
      await expectScreen(page, 'admin-04-integrations-empty', 'Integrations');
      await page.getByRole('link', { name: 'New integration' }).first().click();
      await expectScreen(page, 'admin-05-new-integration', 'New integration');
      await page.getByLabel('Name', { exact: true }).fill('Admin journey shop');
      await page.getByLabel('Partner create-payment URL').fill(stub.partnerUrl);
      await page.getByLabel('Webhook URL').fill(stub.webhookUrl);
      await page.getByLabel('Redirect allowlist').fill('https://shop.example.com\nhttps://*.shop.example.com');
      // What payers see: a light accent is refused by the field (white text would be unreadable on it).
      await page.getByLabel('Display name').fill('Harbour Table');
      await page.getByLabel('Logo URL').fill('http://cdn.example.com/logo.png');
      await page.getByLabel('Accent colour').fill('#FFD700');
      await page.getByRole('button', { name: 'Create integration' }).click();
      await expectHighlighted(page, 'Accent colour', /White text on #FFD700 has contrast 1\.\d\d:1/);
      await expectHighlighted(page, 'Logo URL', 'Enter a full image address starting with https://');
      await screenshot(page, 'admin-05-new-integration-errors');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Logo URL').fill('https://cdn.example.com/logo.png');
      await page.getByLabel('Accent colour').fill('#0F6B5C');
      await page.getByRole('button', { name: 'Create integration' }).click();
      await expectScreen(page, 'admin-06-integration', 'Admin journey shop');
      expect(await page.getByLabel('Display name').inputValue()).toBe('Harbour Table');
      expect(await page.getByLabel('Accent colour').inputValue()).toBe('#0F6B5C');
      integrationPath = new URL(page.url()).pathname;
      integrationId = decodeURIComponent(integrationPath.split('/').at(-1)!);

      // Charging only once everyone has paid needs both partner addresses; the form says which is missing.
      await page.getByRole('radio', { name: /Only once everyone has paid/ }).check();
      await page.getByRole('checkbox', { name: 'Hold released' }).check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectHighlighted(page, 'Partner capture URL', 'Manual capture needs the address PaySplit asks for captures at.');
      await expectHighlighted(page, 'Partner cancel URL', /holds are released through it/);
      await screenshot(page, 'admin-06-integration-manual-capture-errors');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Partner cancel URL').fill(`${stub.baseUrl}/cancel`);
      await page.getByLabel('Partner capture URL').fill(`${stub.baseUrl}/capture`);
      await page.getByLabel('Hold lifetime (hours)').fill('48');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      await page.reload();
      expect(await page.getByLabel('Hold lifetime (hours)').inputValue()).toBe('48');
      expect(await page.getByRole('checkbox', { name: 'Hold released' }).isChecked()).toBe(true);
      // Back to charging each share when paid: the events of held money go with it, and the addresses are cleared.
      await page.getByRole('radio', { name: /When each person pays/ }).check();
      await page.getByLabel('Partner cancel URL').fill('');
      await page.getByLabel('Partner capture URL').fill('');
      await expect.poll(() => page.getByRole('checkbox', { name: 'Hold released' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      const [stored] = await server.query<{ capture_method: string; hold_lifetime_seconds: number; event_subscriptions: string[] }>(
        `select capture_method, hold_lifetime_seconds, event_subscriptions from integration where id = ?`,
        [integrationId],
      );
      expect(stored).toMatchObject({ capture_method: 'automatic', hold_lifetime_seconds: 172_800 });
      expect(stored!.event_subscriptions).not.toContain('SERVICE_PAYMENT_RELEASED');

      // A test key: the whole key once, then only its last 4, after hiding and after a reload.
      const keys = page.getByRole('region', { name: 'API key list' });
      await page.getByLabel('Key name (optional)').fill('web server');
      await page.getByRole('button', { name: 'Create key' }).click();
      await screenshot(page, 'admin-07-key-shown-once');
      testKey = await takeShownOnce(page, 'New test API key');
      expect(testKey).toMatch(/^ps_test_/);
      await keys.getByText(`…${testKey.slice(-4)}`).waitFor();
      expect(await page.content()).not.toContain(testKey);
      await page.reload();
      await page.getByRole('heading', { name: 'Admin journey shop' }).waitFor();
      await page
        .getByRole('region', { name: 'API key list' })
        .getByText(`…${testKey.slice(-4)}`)
        .waitFor();
      expect(await page.content()).not.toContain(testKey);

      // A live key before payout onboarding is refused, with the reason.
      await page.getByRole('radio', { name: 'Live' }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Complete payout onboarding before creating live keys.').waitFor();
      await page.getByRole('radio', { name: 'Test' }).check();

      // Rotate the webhook secret: shown once, with how long the previous one still verifies.
      await page.getByRole('button', { name: 'Rotate webhook secret' }).click();
      await page.getByRole('button', { name: 'Rotate now' }).click();
      await page.getByText(/The previous secret stays valid until/).waitFor();
      await screenshot(page, 'admin-08-secret-shown-once');
      stub.webhookSecret = await takeShownOnce(page, 'New webhook secret');
      expect(stub.webhookSecret).toMatch(/^whsec_/);
      await page.getByText(/Previous secret valid until/).waitFor();

      // Payout onboarding: complete, and only the masked account shows.
      const payout = await completePayoutOnboarding(page, {
        legalName: 'Admin Journey Ltd',
        contactEmail: 'payouts@admin-journey.example',
      });
      await payout.getByText(/5432/).waitFor();
      expect(await page.content()).not.toContain(PAYOUT_IBAN);
      await expectScreen(page, 'admin-09-integration-onboarded', 'Admin journey shop');

      // A session created over REST with the new test key appears in the explorer.
      const created = await postJson<{ sessionId: string }>(
        `${server.baseUrl}/api/v1/payments/sessions`,
        {
          integrationId,
          amountMinor: '12050',
          currency: 'NZD',
          unconfigured: true,
          merchantOrderRef: 'admin-journey-1',
          description: 'Dinner for 4',
        },
        { 'x-service-api-key': testKey },
      );
      expect(created.status).toBe(200);
      sessionId = created.body.sessionId;
      await nav(page, 'Sessions');
      await expectScreen(page, 'admin-10-sessions', 'Sessions');
      const results = page.getByRole('region', { name: 'Session list' });
      await results.getByRole('row', { name: /admin-journey-1/ }).waitFor();
      // Filters: amounts typed in major units, matched in minor units.
      await page.getByLabel('Order reference').fill('admin-journey-1');
      await page.getByLabel('Amount from').fill('120.50');
      await page.getByLabel('Amount to').fill('120.50');
      await page.getByRole('checkbox', { name: 'Unconfigured' }).check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('min') === '120.50');
      await results.getByRole('row', { name: /NZ\$120\.50/ }).waitFor();
      await page.getByLabel('Amount from').fill('120.51');
      await page.getByLabel('Amount to').fill('');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('No sessions match.').waitFor();
      await page.getByLabel('Amount from').fill('1.005');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText(/allows at most 2 decimal places/).waitFor();
      await screenshot(page, 'admin-11-sessions-filter-error');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await results.getByRole('link', { name: new RegExp(sessionId) }).click();
      await expectScreen(page, 'admin-12-session', 'Session admin-journey-1');
      // The integration by name (a link to it), and what is bought.
      const summary = page.getByRole('region', { name: 'Summary' });
      await summary.getByRole('link', { name: 'Admin journey shop' }).waitFor();
      await summary.getByText('Dinner for 4').waitFor();

      // A declined attempt: the merchant reports it failed and why, and the session page says so and when.
      const configured = await postJson<{ sessionId: string; hostToken: string }>(
        `${server.baseUrl}/api/v1/payments/sessions`,
        {
          integrationId,
          amountMinor: '3000',
          unconfigured: false,
          splitMode: 'equal',
          participants: [{ displayName: 'Ana' }, { displayName: 'Ben' }],
          merchantOrderRef: 'admin-journey-2',
        },
        { 'x-service-api-key': testKey },
      );
      // The stub merchant answers PaySplit's create-payment call once it holds the partner secret.
      const integrationSecrets = await server.paysplit.services.signingSecrets.currentSecrets(server.orm.em.fork(), integrationId);
      stub.partnerSecret = integrationSecrets.partner[0]!;
      const host = new PayBrowser(server.baseUrl);
      await host.open(configured.body.sessionId, configured.body.hostToken);
      const started = await host.startPayment(configured.body.sessionId);
      expect(started.errors).toBeUndefined();
      const failed = await postJson(
        `${server.baseUrl}/api/v1/payments/record`,
        { paymentId: started.data.startPayment.paymentId, action: 'fail', failureReason: 'Card declined (card ending 0002)' },
        { 'x-service-api-key': testKey },
      );
      expect(failed.status).toBe(200);
      await page.goto(`${server.baseUrl}/admin/sessions/${configured.body.sessionId}`);
      await expectScreen(page, 'admin-12-session-declined', 'Session admin-journey-2');
      const attempt = page.getByRole('region', { name: 'Payment list' }).getByRole('row', { name: /Ana/ });
      await attempt.getByText('Failed', { exact: true }).waitFor();
      expect(await attempt.innerText()).toMatch(/Failed [A-Z][a-z]{2} \d+, \d{4}, .*: Card declined \(card ending 0002\)/);

      // Send test event: its delivery fails (500), Redeliver delivers it (200).
      stub.webhookStatuses = [500, 200, 500, 200];
      await page.goto(`${server.baseUrl}${integrationPath}`);
      const deliveries = page.getByRole('region', { name: 'Webhook delivery list' });
      await page.getByRole('button', { name: 'Send test event' }).click();
      await stub.waitForWebhooks(1);
      await page.getByText(/^Test event .* sent\./).waitFor();
      await deliveries.getByText('Failed, will retry').waitFor();
      await screenshot(page, 'admin-13-test-event-failed');
      await deliveries
        .getByRole('button', { name: /^Redeliver/ })
        .first()
        .click();
      await stub.waitForWebhooks(2);
      await deliveries.getByText('Delivered', { exact: true }).waitFor();
      expect(stub.webhookCalls[1]!.json.eventId).toBe(stub.webhookCalls[0]!.json.eventId);

      // Replay failed deliveries (none left: the one failure was redelivered).
      await page.getByRole('button', { name: 'Replay failed deliveries' }).click();
      await page.getByText(/failed deliver(y|ies) queued again\./).waitFor();

      // The audit log says who did what.
      const audit = page.getByRole('region', { name: 'Audit log entries' });
      await audit.getByRole('row').nth(1).waitFor();
      expect(await audit.innerText()).toContain(MERCHANT_EMAIL);
      await expectScreen(page, 'admin-14-integration-after-redelivery', 'Admin journey shop');

      // A session event whose delivery fails, redelivered from the session page.
      const cancelled = await postJson<{ data?: unknown; errors?: unknown[] }>(
        `${server.baseUrl}/graphql`,
        { query: 'mutation($id: ID!) { cancelSession(id: $id) { status } }', variables: { id: sessionId } },
        { 'x-service-api-key': testKey },
      );
      expect(cancelled.body.errors).toBeUndefined();
      await stub.waitForWebhooks(3);
      await page.goto(`${server.baseUrl}/admin/sessions/${sessionId}`);
      const events = page.getByRole('region', { name: 'Events and deliveries' });
      await events.getByText('Failed, will retry').waitFor();
      await events.getByRole('cell', { name: '500' }).first().waitFor();
      await expectScreen(page, 'admin-15-session-event-failed', 'Session admin-journey-1');
      await events
        .getByRole('button', { name: /^Redeliver/ })
        .first()
        .click();
      await stub.waitForWebhooks(4);
      await events.getByText('Delivered', { exact: true }).waitFor();
      await screenshot(page, 'admin-16-session-event-delivered');

      // Live: public https addresses, then a live key.
      await page.goto(`${server.baseUrl}${integrationPath}`);
      const settings = page.getByRole('region', { name: 'Settings' });
      await settings.getByLabel('Partner create-payment URL').fill(`${PUBLIC_HTTPS}/paysplit/create-payment`);
      await settings.getByLabel('Webhook URL').fill(`${PUBLIC_HTTPS}/paysplit/webhooks`);
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await settings.getByText('Settings saved.').waitFor();
      await page.getByRole('radio', { name: 'Live' }).check();
      const liveKey = await createApiKey(page, 'production', 'live');
      secrets.push(liveKey);
      expect(liveKey).toMatch(/^ps_live_/);

      // Revoke the test key, after confirming.
      await revokeConfirmed(page, 'web server', 'Revoke key');
      const refused = await postJson(
        `${server.baseUrl}/api/v1/payments/sessions`,
        { integrationId, amountMinor: '500' },
        { 'x-service-api-key': testKey },
      );
      expect(refused.status).toBe(401);

      // The request log: every call with this integration's keys, the revoked key's too, redacted.
      await server.paysplit.services.requestLogWriter.flush();
      await page.goto(`${server.baseUrl}${integrationPath}`);
      await page.getByRole('link', { name: 'open the request log' }).click();
      await expectScreen(page, 'admin-26-requests', 'Requests · Admin journey shop');
      const requestList = page.getByRole('region', { name: 'Request list' });
      await requestList.getByRole('row', { name: /INVALID_API_KEY/ }).waitFor();
      await page.getByLabel('Status').selectOption('401');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === '401');
      await expect.poll(() => requestList.getByRole('row').count()).toBe(2);
      await requestList.getByRole('link', { name: 'POST /api/v1/payments/sessions' }).click();
      await expectScreen(page, 'admin-27-request-refused', 'POST /api/v1/payments/sessions');
      await page.getByRole('region', { name: 'Summary' }).getByText('INVALID_API_KEY').waitFor();
      expect(await page.content()).not.toContain(testKey);
      // From a session to the requests about it, one of them, and back to the calls PaySplit made.
      await page.goto(`${server.baseUrl}/admin/sessions/${sessionId}`);
      await page.getByRole('link', { name: 'requests about this session' }).click();
      await page.waitForURL((url) => url.searchParams.get('session') === sessionId);
      await requestList.getByRole('link', { name: 'POST /api/v1/payments/sessions' }).click();
      await expectScreen(page, 'admin-28-request-of-session', 'POST /api/v1/payments/sessions');
      const requestPath = new URL(page.url()).pathname;
      await page.getByRole('region', { name: 'Response body as kept' }).getByText('"hostToken": "[REDACTED]"').waitFor();
      await page.getByRole('link', { name: 'Webhooks sent about this session' }).click();
      await page.getByRole('heading', { name: 'Session admin-journey-1' }).waitFor();
      expect(new URL(page.url()).hash).toBe('#events');

      // The dashboard counts the session.
      await nav(page, 'Dashboard');
      await expectScreen(page, 'admin-17-dashboard', 'Dashboard');
      await page.getByRole('row', { name: /Cancelled 1/ }).waitFor();

      // Phones: every screen fits 360 px without sideways scrolling.
      await page.setViewportSize({ width: 360, height: 740 });
      for (const [path, heading, name] of [
        ['/admin', 'Dashboard', 'admin-18-phone-dashboard'],
        ['/admin/sessions', 'Sessions', 'admin-19-phone-sessions'],
        [integrationPath, 'Admin journey shop', 'admin-20-phone-integration'],
        [`/admin/sessions/${sessionId}`, 'Session admin-journey-1', 'admin-21-phone-session'],
        [`${integrationPath}/requests?status=4xx`, 'Requests · Admin journey shop', 'admin-21a-phone-requests'],
        [requestPath, 'POST /api/v1/payments/sessions', 'admin-21b-phone-request'],
      ] as const) {
        await page.goto(`${server.baseUrl}${path}`);
        await expectScreen(page, name, heading);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
      }
    },
  );

  it(
    'operator: one-time password forces a new one; sees every integration; tokens shown once and revoked',
    { timeout: 120_000 },
    async () => {
      const { oneTimePassword } = await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), {
        email: 'ops@paysplit.example',
        role: 'operator',
      });
      expect(oneTimePassword).toBeTruthy();
      const { page } = await person();
      await page.goto(`${server.baseUrl}/admin/operator-tokens`);

      // Too many wrong passwords: the login says how long to wait.
      await page.getByLabel('Email').fill('nobody@paysplit.example');
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await page.getByLabel('Password').fill(`wrong password ${attempt}`);
        const answered = page.waitForResponse((response) => response.url().endsWith('/graphql'));
        await page.getByRole('button', { name: 'Log in' }).click();
        await answered;
        if ((await page.getByText(/Too many attempts/).count()) > 0) break;
      }
      await page.getByText(/^Too many attempts, try again in \d+ s\.$/).waitFor();
      await screenshot(page, 'admin-22-login-rate-limited');

      await page.getByLabel('Email').fill('ops@paysplit.example');
      await page.getByLabel('Password').fill(oneTimePassword!);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expectScreen(page, 'admin-23-forced-password-change', 'Choose a new password');
      expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
      // The one-time password was just typed: it is not asked for again.
      expect(await page.getByLabel('Current password').count()).toBe(0);
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectHighlighted(page, 'New password', 'Use at least 12 characters.');
      await page.getByLabel('New password', { exact: true }).fill('an operator passphrase');
      await page.getByLabel('Repeat the new password').fill('an operator passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectScreen(page, 'admin-24-operator-tokens', 'Operator tokens');

      await page.getByLabel('Token name').fill('grafana');
      await page.getByRole('button', { name: 'Create token' }).click();
      const token = await takeShownOnce(page, 'New operator token');
      expect(token).toMatch(/^pso_/);
      const row = page.getByRole('row', { name: /grafana/ });
      await row.getByText(`…${token.slice(-4)}`).waitFor();
      expect(await page.content()).not.toContain(token);
      await revokeConfirmed(page, 'grafana', 'Revoke token');

      // Operators see every merchant's integrations, with the owner.
      await nav(page, 'Integrations');
      await expectScreen(page, 'admin-25-operator-integrations', 'Integrations');
      await page.getByRole('row', { name: new RegExp(`Admin journey shop.*${MERCHANT_EMAIL}`) }).waitFor();

      // Nothing shown once ever reached a log line.
      const logs = server.logLines().join('\n');
      expect(logs.length).toBeGreaterThan(1000);
      for (const secret of [...secrets, MERCHANT_PASSWORD, oneTimePassword!]) expect(logs).not.toContain(secret);
    },
  );
});
