import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedDocuments } from '../../src/graphql/trusted-documents.js';
import { MerchantStub } from '../support/merchant-stub.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { TestMailbox } from '../support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { completePayoutOnboarding, createApiKey, nav, revokeConfirmed, takeShownOnce } from './admin-pages.js';
import { accessibilityViolations, type Chromium, collectConsoleErrors, launchChromium, overflowsSideways, screenshot } from './chromium.js';
import { GraphQLTraffic } from './graphql-traffic.js';
import { inviteLinkOf } from './pay-pages.js';
import { payAtCheckout } from './test-processor.js';

/**
 * A production server (trusted documents only, as NODE_ENV=production sets) and every action a
 * person can take in the pay app and the admin area, at 360 px in one chromium. The browser side
 * records what each page sent to /graphql: every document the build trusts must have been sent and
 * answered without errors, and no page may send document text. So a document added to the app but
 * not walked here, or an action whose document the server refuses, fails this file.
 */
const mailbox = new TestMailbox();
const stub = new MerchantStub();
const traffic = new GraphQLTraffic();
let server: TestServer;
let merchant: ReferenceMerchant;
let chromium: Chromium;
/** What each page logged as an error. */
const consoleErrors: string[][] = [];

const PHONE = { width: 360, height: 740 };
const MERCHANT_EMAIL = 'owner@production-walk.example';
const MERCHANT_PASSWORD = 'a long merchant passphrase';
const NEW_MERCHANT_PASSWORD = 'another long merchant passphrase';
const OPERATOR_EMAIL = 'ops@production-walk.example';

beforeAll(async () => {
  await mailbox.start();
  await stub.start();
  server = await startTestServer({
    // One retry an hour: a failed delivery stays failed until someone presses Redeliver.
    webhookRetrySchedule: '1h',
    environment: {
      NODE_ENV: 'production',
      SECRETS_KEY: 'a'.repeat(64),
      // The merchants of this test listen on loopback; production refuses that unless told.
      PRIVATE_TEST_URLS: 'allow',
      SMTP_URL: mailbox.url,
      EMAIL_FROM: 'Harbour Table via PaySplit <pay@paysplit.test>',
    },
  });
  [merchant, chromium] = await Promise.all([startReferenceMerchant(server), launchChromium()]);
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await merchant?.stop();
  await server?.close();
  await stub.stop();
  await mailbox.stop();
});

/** Someone's phone: a context of its own in the one chromium, its /graphql traffic recorded. */
async function person(): Promise<Page> {
  const { context, page } = await chromium.person({ viewport: PHONE });
  // A control that is not there fails its step, named, long before the test's own timeout.
  context.setDefaultTimeout(10_000);
  await traffic.watch(page);
  consoleErrors.push(collectConsoleErrors(page));
  return page;
}

/** The screen is up, fits the phone, and axe-core finds nothing (any impact). */
async function expectScreen(page: Page, name: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await screenshot(page, name);
  expect(await overflowsSideways(page), `sideways scroll on ${name}`).toBe(false);
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
}

/** A new booking at the reference merchant: its host lands on the session's set-up page. */
async function book(host: Page): Promise<string> {
  await host.goto(`${merchant.baseUrl}/`);
  await host.getByRole('button', { name: 'Book and split the bill' }).click();
  await host.waitForURL((url) => url.pathname.startsWith('/pay/'));
  await host.getByRole('heading', { name: 'Who is paying' }).waitFor();
  return new URL(host.url()).pathname.split('/').at(-1)!;
}

describe('production: every pay-app and admin action through trusted documents (Debian chromium, 360 px)', () => {
  let sessionId = '';
  let host: Page;
  /** The admin area's phone: the merchant, then (after signing out) the operator. */
  let admin: Page;

  it('refuses document text from a browser, as production does by default', async () => {
    const refused = await postJson<{ errors: { extensions: { code: string } }[] }>(`${server.baseUrl}/graphql`, {
      query: '{ __typename }',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]!.extensions.code).toBe('VALIDATION_ERROR');
  });

  it('host: cancels one booking; sets up another, invites by email, reminds, changes the split', { timeout: 60_000 }, async () => {
    host = await person();
    await book(host);
    await host.getByRole('button', { name: 'Cancel payment' }).click();
    await host.getByRole('button', { name: 'Yes, cancel it' }).click();
    await host.getByRole('heading', { name: 'This payment was cancelled' }).waitFor();

    sessionId = await book(host);
    await host.getByLabel('Your name').fill('Aroha');
    await host.getByLabel('Name of participant 2').fill('Ben');
    await host.getByLabel('Email of participant 2 (optional)').fill('ben@example.test');
    expect(await host.getByLabel('Send invite by email to participant 2').isChecked()).toBe(true);
    await host.getByRole('button', { name: 'Add participant' }).click();
    await host.getByLabel('Name of participant 3').fill('Chloe');
    await host.getByRole('button', { name: 'Save split' }).click();
    await host.getByRole('button', { name: 'QR code and link for Chloe' }).waitFor();
    const [invitation] = await mailbox.waitFor('ben@example.test', 1);
    expect(invitation!.text).toContain(await inviteLinkOf(host, 'Ben'));

    const roster = host.getByRole('list', { name: 'Your group' });
    await roster.getByText('Invite sent').waitFor();
    await roster.getByRole('button', { name: 'Remind Ben' }).click();
    await host.getByText('Reminder sent to Ben.').waitFor();
    await mailbox.waitFor('ben@example.test', 2);

    await host.getByRole('button', { name: 'Change the split' }).click();
    await host.getByRole('button', { name: 'Add participant' }).click();
    await host.getByLabel('Name of participant 4').fill('Dana');
    await host.getByRole('button', { name: 'Save split' }).click();
    await host.getByRole('button', { name: 'QR code and link for Dana' }).waitFor();
  });

  it(
    'a payer pays; the host’s page shows it live; the host pays for everyone left; the covered payer is told who paid',
    { timeout: 60_000 },
    async () => {
      const chloe = await person();
      await chloe.goto(await inviteLinkOf(host, 'Chloe'));
      await chloe.getByRole('heading', { name: 'Pay your share' }).waitFor();

      const dana = await person();
      await dana.goto(await inviteLinkOf(host, 'Dana'));
      await dana.getByRole('button', { name: 'Pay NZ$120.00' }).click();
      await dana.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
      await payAtCheckout(dana);
      await dana.getByText('Payment received — thanks!').waitFor();

      const danaRow = host.getByRole('list', { name: 'Your group' }).getByRole('listitem').filter({ hasText: 'Dana' });
      await danaRow.getByText('Paid', { exact: true }).waitFor();
      await expectScreen(host, 'cover-01-host-offer', 'Pay and invite');
      await host.getByRole('button', { name: 'Pay NZ$360.00 for everyone left' }).click();
      const question = host.getByRole('group', { name: /^You’ll pay/ });
      expect(await question.locator('p').first().innerText()).toBe(
        // The names joined as the reader's English joins a list (en-US, this browser's: with a serial comma).
        'You’ll pay NZ$360.00 for Ben, Chloe, and you. Their links will show their shares as paid.',
      );
      await expectScreen(host, 'cover-02-host-confirm', 'Pay and invite');
      await question.getByRole('button', { name: 'Pay NZ$360.00' }).click();
      await host.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
      await screenshot(host, 'cover-03-checkout');
      await payAtCheckout(host);
      await host.getByRole('heading', { name: 'Everyone has paid' }).waitFor();

      await chloe.getByText('Aroha paid your NZ$120.00 share, so there’s nothing for you to pay.').waitFor();
      await expectScreen(chloe, 'cover-04-participant-paid-by-host', 'You’re all set');

      // The merchant was told once, with the shares the host's payment covered.
      const events = await server.query<{ body: string }>(`select body from webhook_event where session_id = ? and type = ?`, [
        sessionId,
        'SERVICE_SESSION_COMPLETED',
      ]);
      expect(events).toHaveLength(1);
      const payments = (JSON.parse(events[0]!.body) as { payments: { amountMinor: string; coversParticipantIds?: string[] }[] }).payments;
      expect(payments.map((payment) => [payment.amountMinor, payment.coversParticipantIds?.length ?? 0]).sort()).toEqual([
        ['12000', 0],
        ['36000', 3],
      ]);
    },
  );

  it(
    'an open group: one joins from the link and pays; another claims places and leaves; the organiser sees both',
    { timeout: 60_000 },
    async () => {
      const created = await postJson<{ sessionUrl: string; joinUrl: string }>(
        `${server.baseUrl}/api/v1/payments/sessions`,
        {
          integrationId: merchant.integrationId,
          amountMinor: '40000',
          description: 'Kayak trip',
          openGroup: { pricing: 'split_total', minPlaces: 4, maxPlaces: 8, organiserName: 'Aroha' },
        },
        { 'x-service-api-key': merchant.apiKey },
      );
      expect(created.status).toBe(200);
      const organiser = await person();
      await organiser.goto(created.body.sessionUrl);
      await expectScreen(organiser, 'open-group-01-organiser', 'Your group is filling up');

      const mere = await person();
      await mere.goto(created.body.joinUrl);
      await expectScreen(mere, 'open-group-02-join', 'Join the group');
      await mere.getByLabel('Your name').fill('Mere');
      await mere.getByLabel('Email').fill('mere@example.test');
      await mere.getByRole('button', { name: 'Join and pay NZ$100.00' }).click();
      await mere.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
      await payAtCheckout(mere);
      await expectScreen(mere, 'open-group-03-payer-in', 'You’re in');

      // Ben claims two places, backs out of the checkout and gives them up from his own page.
      const ben = await person();
      await ben.goto(created.body.joinUrl);
      await ben.getByLabel('Your name').fill('Ben');
      await ben.getByLabel('Email').fill('ben@example.test');
      await ben.getByLabel('Places', { exact: true }).selectOption('2');
      await ben.getByRole('button', { name: 'Join and pay NZ$200.00' }).click();
      await ben.waitForURL((url) => url.pathname.startsWith('/processor/checkout/'));
      await ben.goto(new URL(created.body.sessionUrl).origin + new URL(created.body.sessionUrl).pathname);
      await ben.getByRole('button', { name: 'Leave the group' }).click();
      await ben.getByRole('button', { name: 'Yes, leave' }).click();
      await expectScreen(ben, 'open-group-04-payer-left', 'You left the group');

      const places = organiser.getByTestId('places-list');
      await places.getByRole('listitem').filter({ hasText: 'Mere' }).getByText('Paid', { exact: true }).waitFor();
      await places.getByRole('listitem').filter({ hasText: 'Ben' }).getByText('Left', { exact: true }).waitFor();
    },
  );

  it('merchant: registers, sets up an integration end to end, changes the password, signs out and in', { timeout: 60_000 }, async () => {
    admin = await person();
    const page = admin;
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(MERCHANT_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(MERCHANT_PASSWORD);
    await page.getByLabel('Repeat the password').fill(MERCHANT_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await nav(page, 'Integrations');
    await page.getByRole('link', { name: 'New integration' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('Production walk shop');
    await page.getByLabel('Partner create-payment URL').fill(stub.partnerUrl);
    await page.getByLabel('Webhook URL').fill(stub.webhookUrl);
    await page.getByLabel('Redirect allowlist').fill('https://shop.example.com');
    await page.getByRole('button', { name: 'Create integration' }).click();
    await page.getByRole('heading', { name: 'Production walk shop' }).waitFor();

    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Display name').fill('Harbour Table');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Settings saved.').waitFor();

    await createApiKey(page, 'web server', 'test');
    await revokeConfirmed(page, 'web server', 'Revoke key');

    await page.getByRole('button', { name: 'Rotate webhook secret' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    stub.webhookSecret = await takeShownOnce(page, 'New webhook secret');

    await completePayoutOnboarding(page, { legalName: 'Production Walk Ltd', contactEmail: 'payouts@production-walk.example' });

    await page.getByLabel('Reminder times before the deadline').fill('24 h, 2 h');
    await page.getByRole('button', { name: 'Save reminder times' }).click();
    await page.getByText('Reminder times saved.').waitFor();
    await page.getByLabel('Time zone of times in emails').fill('Pacific/Auckland');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('Time zone saved.').waitFor();

    // The test event's delivery fails (500); Redeliver delivers it (200).
    stub.webhookStatuses = [500, 200];
    const deliveries = page.getByRole('region', { name: 'Webhook delivery list' });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await deliveries.getByText('Failed, will retry').waitFor();
    await deliveries
      .getByRole('button', { name: /^Redeliver/ })
      .first()
      .click();
    await deliveries.getByText('Delivered', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Replay failed deliveries' }).click();
    await page.getByText(/failed deliver(y|ies) queued again\./).waitFor();
    // A reconciliation export: the browser posts the form and saves the file as it arrives; the page stays.
    const exportsSection = page.getByRole('region', { name: 'Exports' });
    await exportsSection.getByLabel('What').selectOption('sessions');
    await exportsSection.getByLabel('Mode').selectOption('test');
    const [download] = await Promise.all([page.waitForEvent('download'), exportsSection.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^paysplit-sessions-test-\d{8}T\d{6}Z-\d{8}T\d{6}Z\.csv$/);
    expect((await readFile(await download.path(), 'utf8')).split('\r\n', 1)[0]).toMatch(/^session_id,order_reference,mode,/);
    await page.getByRole('region', { name: 'Audit log entries' }).getByText(MERCHANT_EMAIL).first().waitFor();

    await nav(page, 'Dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill(MERCHANT_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_MERCHANT_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_MERCHANT_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Email').fill(MERCHANT_EMAIL);
    await page.getByLabel('Password').fill(NEW_MERCHANT_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in to PaySplit' }).waitFor();
  });

  it(
    'operator: signs in with a one-time password, operator tokens, the sessions explorer, a session’s emails and requests, the dashboard',
    { timeout: 60_000 },
    async () => {
      const { oneTimePassword } = await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), {
        email: OPERATOR_EMAIL,
        role: 'operator',
      });
      const page = admin;
      await page.goto(`${server.baseUrl}/admin/operator-tokens`);
      await page.getByLabel('Email').fill(OPERATOR_EMAIL);
      await page.getByLabel('Password').fill(oneTimePassword!);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByLabel('New password', { exact: true }).fill('an operator passphrase');
      await page.getByLabel('Repeat the new password').fill('an operator passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('heading', { name: 'Operator tokens' }).waitFor();

      await page.getByLabel('Token name').fill('grafana');
      await page.getByRole('button', { name: 'Create token' }).click();
      await takeShownOnce(page, 'New operator token');
      await revokeConfirmed(page, 'grafana', 'Revoke token');

      await nav(page, 'Sessions');
      await page
        .getByRole('region', { name: 'Session list' })
        .getByRole('link', { name: new RegExp(sessionId) })
        .click();
      const emails = page.getByRole('region', { name: 'Emails' });
      await emails.getByText('Invitation').first().waitFor();
      await emails.getByText('Reminder').first().waitFor();
      // The merchant API's requests about the session, and one of them with its bodies.
      await server.paysplit.services.requestLogWriter.flush();
      await page.getByRole('link', { name: 'requests about this session' }).click();
      await page
        .getByRole('region', { name: 'Request list' })
        .getByRole('link', { name: /^(GET|POST) \// })
        .first()
        .click();
      await page.getByRole('heading', { name: /^(GET|POST) \//, level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Response body as kept' }).waitFor();
      // A test session that has not ended: its clock moves forward from its page.
      const booking = await postJson<{ sessionId: string }>(
        `${server.baseUrl}/api/v1/payments/sessions`,
        { integrationId: merchant.integrationId, amountMinor: '9000' },
        { 'x-service-api-key': merchant.apiKey },
      );
      await page.goto(`${server.baseUrl}/admin/sessions/${booking.body.sessionId}`);
      const clock = page.getByRole('region', { name: 'Test clock' });
      await clock.getByLabel('Advance by').fill('3');
      await clock.getByRole('button', { name: 'Advance clock' }).click();
      await clock.getByText(/Nothing fell due on the way\./).waitFor();
      await expectScreen(page, 'admin-test-clock', /^Session /);
      // The dashboard counts every merchant's sessions for an operator: the covered one and the cancelled one.
      await nav(page, 'Dashboard');
      await page.getByRole('row', { name: /Completed 1/ }).waitFor();
      await page.getByRole('row', { name: /Cancelled 1/ }).waitFor();
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('heading', { name: 'Log in to PaySplit' }).waitFor();
    },
  );

  it('every document the build trusts was sent by a page and answered without errors; no page sent document text', async () => {
    await traffic.settled();
    const trusted = [...TrustedDocuments.load(fileURLToPath(new URL('../../../pay/dist/', import.meta.url)), true).entries()];
    // The pay app's and the admin area's together: a list read wrong would make the check below say nothing.
    expect(trusted.length).toBeGreaterThan(30);
    const operationOf = (text: string) => /(?:query|mutation|subscription) (\w+)/.exec(text)?.[1] ?? text.slice(0, 40);
    const neverAnswered = trusted.filter(([id]) => traffic.answeredCount(id) === 0).map(([, text]) => operationOf(text));
    expect(neverAnswered, 'trusted documents no page sent, or never answered without errors').toEqual([]);
    expect(traffic.failures, 'replies with errors').toEqual([]);
    expect(traffic.textSent, 'document text sent by a page').toEqual([]);
    expect(consoleErrors.flat(), 'console errors').toEqual([]);
  });
});
