import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { maskEmailAddress } from '@paysplit/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from '../support/pay-browser.js';
import { until } from '../support/polling.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { TestMailbox } from '../support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';

/**
 * The admin area's sessions list and a session's page as a merchant reads them on a phone and a
 * laptop: a session with everything on it (payers with emails, a declined card, payments, a
 * refund, events with deliveries, emails with their SMTP attempts).
 */
let server: TestServer;
let merchant: ReferenceMerchant;
let mailbox: TestMailbox;
const newPerson = chromiumForFile();

const OWNER_EMAIL = 'owner@harbour-table.example';
const OWNER_PASSWORD = 'a long merchant passphrase';
const PAYERS = [
  { displayName: 'Aroha', email: 'aroha.host@harbour-table-guests.example', amountMinor: '20000' },
  { displayName: 'Benjamin Whetū-Alexander', email: 'benjamin.whetu-alexander@longer-domain-of-guests.example', amountMinor: '15000' },
  { displayName: 'Caleb', email: 'caleb@harbour-table-guests.example', amountMinor: '13000' },
] as const;
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;
const DOCS_SCREENSHOTS = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url));
const TEST_SCREENSHOTS = fileURLToPath(new URL('../../../../test-results/screenshots/', import.meta.url));

let sessionId = '';

beforeAll(async () => {
  mailbox = new TestMailbox();
  await mailbox.start();
  server = await startTestServer({ environment: { SMTP_URL: mailbox.url, EMAIL_FROM: 'Harbour Table via PaySplit <pay@paysplit.test>' } });
  const { account } = await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), {
    email: OWNER_EMAIL,
    password: OWNER_PASSWORD,
    role: 'merchant',
  });
  merchant = await startReferenceMerchant(server, { ownerAccountId: account.id });
  // Two bookings nobody has split yet, so the list has more than one row to read.
  for (const _ of [1, 2]) expect((await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  sessionId = await sessionWithEverything();
}, 120_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
  await mailbox?.stop();
});

/** A payer at the test processor without a browser: the card form, then the merchant's bridge back to PaySplit. */
async function payAtProcessor(checkoutUrl: string, card: string): Promise<void> {
  const paid = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card }),
    redirect: 'manual',
  });
  if (paid.status === 303) expect((await fetch(paid.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
  else expect(paid.status).toBe(402);
}

/**
 * A booking split three ways with emails: Aroha (the host) and Benjamin pay, Caleb's card is
 * declined, and part of Benjamin's payment is refunded through the merchant's refund endpoint.
 */
async function sessionWithEverything(): Promise<string> {
  const booking = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
  const sessionUrl = new URL(booking.headers.get('location')!);
  const id = sessionUrl.pathname.split('/').at(-1)!;
  const host = new PayBrowser(server.baseUrl);
  await host.open(id, sessionUrl.searchParams.get('hostToken')!);
  const configured = await host.configure({
    sessionId: id,
    splitMode: 'EXACT',
    participants: PAYERS.map((payer, index) => ({ ...payer, sendInvite: index > 0 })),
  });
  expect(configured.errors).toBeUndefined();
  const participants = configured.data.configureSession.participants as { displayName: string; inviteUrl: string | null }[];
  await payAtProcessor((await host.startPayment(id)).data.startPayment.redirectUrl, '4242424242424242');
  for (const [name, card] of [
    [PAYERS[1].displayName, '4242424242424242'],
    [PAYERS[2].displayName, '4000000000000002'],
  ] as const) {
    const payer = new PayBrowser(server.baseUrl);
    const invite = participants.find((participant) => participant.displayName === name)!.inviteUrl!;
    await payer.open(id, new URL(invite).searchParams.get('token')!);
    await payAtProcessor((await payer.startPayment(id)).data.startPayment.redirectUrl, card);
  }
  const [bens] = await server.query<{ id: string }>(
    `select pay.id from payment pay join participant p on p.id = pay.participant_id where p.session_id = ? and p.display_name = ? and pay.status = 'authorized'`,
    [id, PAYERS[1].displayName],
  );
  const refunded = await postJson(
    `${server.baseUrl}/api/v1/payments/sessions/${id}/refunds`,
    { amountMinor: '4500', reason: 'Left before dessert', allocations: [{ paymentId: bens!.id, amountMinor: '4500' }] },
    { 'x-service-api-key': merchant.apiKey, 'idempotency-key': `admin-pages-${id}` },
  );
  expect(refunded.status).toBe(200);
  // The refund settles, the two invitations and the receipts go out.
  await until(
    async () =>
      (await server.query<{ refunded: string }>(`select refunded_minor::text as refunded from session where id = ?`, [id]))[0]!.refunded,
    (refundedMinor) => refundedMinor === '4500',
    15_000,
  );
  await mailbox.waitFor(PAYERS[1].email, 2);
  return id;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** No axe violation of any impact, nothing wider than the window, and a screenshot to look at. */
async function expectReadable(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
  expect(await overflowsSideways(page), `${name} scrolls sideways`).toBe(false);
}

/** How many nodes of `role` chromium puts under the table of `selector`, as a screen reader receives them (not what the markup says). */
async function accessibleCount(page: Page, selector: string, role: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number };
    const { nodes } = (await cdp.send('Accessibility.queryAXTree', { nodeId, role })) as { nodes: unknown[] };
    return nodes.length;
  } finally {
    await cdp.detach();
  }
}

/**
 * On a phone a row of the list is a block of label and value pairs, each inside the window; to a
 * screen reader it is still a row of cells under their column headers.
 */
async function expectStackedRows(page: Page, name: string): Promise<void> {
  const region = page.getByRole('region', { name });
  const layout = await region
    .locator('tbody tr')
    .first()
    .evaluate((row) => ({
      display: getComputedStyle(row).display,
      right: row.getBoundingClientRect().right,
      label: getComputedStyle(row.querySelector('td')!, '::before').content,
    }));
  expect(layout.display).toBe('block');
  expect(layout.right).toBeLessThanOrEqual(360);
  expect(layout.label).not.toBe('none');
  const table = `[aria-label="${name}"] table`;
  expect(await accessibleCount(page, table, 'table')).toBe(1);
  expect(await accessibleCount(page, table, 'row')).toBe(await region.locator('tr').count());
  expect(await accessibleCount(page, table, 'columnheader')).toBe(await region.locator('thead th').count());
  expect(await accessibleCount(page, table, 'rowheader')).toBe(await region.locator('tbody th').count());
  expect(await accessibleCount(page, table, 'cell')).toBe(await region.locator('tbody td').count());
}

const masked = (email: string) => maskEmailAddress(email);

describe('the admin session pages at a phone’s and a laptop’s width', () => {
  for (const viewport of VIEWPORTS) {
    it(`the sessions list at ${viewport.width} px shows each session's description and refunds`, { timeout: 90_000 }, async () => {
      const { page } = await newPerson({ viewport });
      const errors = collectConsoleErrors(page);
      await signIn(page);
      if (viewport.width === 1280) await expectReadable(page, 'admin-dashboard-1280');
      await page.goto(`${server.baseUrl}/admin/sessions`);
      const row = page.getByRole('region', { name: 'Session list' }).getByRole('row', { name: new RegExp(sessionId.slice(0, 8)) });
      await row.waitFor();
      await expect
        .poll(() => row.getByRole('cell').allInnerTexts())
        .toEqual([
          'Dinner for 4',
          expect.any(String),
          'Partially paid',
          'NZ$480.00',
          'NZ$350.00',
          'NZ$45.00',
          'Test',
          expect.stringMatching(/^\S+$/),
          'Reference merchant',
        ]);
      if (viewport.width === 360) await expectStackedRows(page, 'Session list');
      await expectReadable(page, `admin-sessions-${viewport.width}`);
      expect(errors).toEqual([]);
    });

    it(
      `a session's page at ${viewport.width} px: every section readable, payers' addresses masked alike`,
      { timeout: 90_000 },
      async () => {
        const { page } = await newPerson({ viewport });
        const errors = collectConsoleErrors(page);
        await signIn(page);
        await page.goto(`${server.baseUrl}/admin/sessions/${sessionId}`);
        await page.getByRole('heading', { name: /^Session /, level: 1 }).waitFor();
        const emails = page.getByRole('region', { name: 'Emails' });
        await emails.getByText('Receipt', { exact: true }).first().waitFor();

        // The summary says what is bought, and how much went back.
        const summary = page.getByRole('region', { name: 'Summary' });
        await summary.getByText('Dinner for 4').waitFor();
        await summary.getByText('NZ$45.00', { exact: true }).waitFor();

        // One rule for every payer's address: the participants and the emails show the same masked form.
        const participants = page.getByRole('region', { name: 'Participant list' });
        for (const payer of PAYERS) {
          const row = participants.getByRole('row', { name: new RegExp(payer.displayName) });
          await row.getByRole('cell', { name: masked(payer.email), exact: true }).waitFor();
        }
        const recipients = (await emails.locator('.delivery-head').allInnerTexts()).map((line) => line.split(' to ').at(-1)!.trim());
        expect(recipients.length).toBeGreaterThanOrEqual(4);
        expect(new Set(recipients)).toEqual(new Set(PAYERS.map((payer) => masked(payer.email))));
        const html = await page.content();
        for (const payer of PAYERS) expect(html).not.toContain(payer.email.split('@')[0]);

        // Caleb's declined card, and the part of Benjamin's payment that went back.
        const payments = page.getByRole('region', { name: 'Payment list' });
        await payments.getByRole('row', { name: /Caleb/ }).getByText('Failed', { exact: true }).waitFor();
        await page.getByRole('heading', { name: `NZ$45.00 to ${PAYERS[1].displayName} Succeeded` }).waitFor();

        await expectReadable(page, `admin-session-${viewport.width}`);
        if (viewport.width === 360) {
          await expectStackedRows(page, 'Participant list');
          await expectStackedRows(page, 'Payment list');
          // What a phone shows at a glance: the participants, one block each.
          await page.getByRole('heading', { name: 'Participants' }).evaluate((heading) => heading.scrollIntoView());
          await page.screenshot({ path: `${TEST_SCREENSHOTS}admin-session-360-participants.png` });
        }
        expect(errors).toEqual([]);
      },
    );
  }

  it('advances the test clock from a test session’s page on a phone, and lists what fell due', { timeout: 60_000 }, async () => {
    const { page } = await newPerson({ viewport: { width: 360, height: 740 } });
    const errors = collectConsoleErrors(page);
    await signIn(page);
    await page.goto(`${server.baseUrl}/admin/sessions/${sessionId}`);
    const clock = page.getByRole('region', { name: 'Test clock' });
    await clock.getByText(/runs on real time until you advance its clock/).waitFor();
    // Too far is said beside the field, before anything is sent.
    await clock.getByLabel('Advance by').fill('61');
    await clock.getByLabel('Unit').selectOption('days');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => clock.getByLabel('Advance by').getAttribute('aria-invalid')).toBe('true');
    await clock.getByText('Enter a whole number of at least 1, up to 60 days in all.').waitFor();
    await expectReadable(page, 'admin-session-test-clock-refused-360');
    await clock.getByLabel('Advance by').fill('2');
    await clock.getByLabel('Unit').selectOption('days');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    // Two days into its three: Caleb, whose card was declined, gets the 24 h reminder; nothing else is due.
    await clock
      .getByRole('status')
      .getByText(/^Clock advanced to /)
      .waitFor();
    expect(await clock.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/reminder emailed to Caleb \(24 h before the deadline\)$/),
    ]);
    await clock.getByText(/clock stands at .+\. It moves only when you advance it\./).waitFor();
    await expectReadable(page, 'admin-session-test-clock-360');
    await mailbox.waitFor(PAYERS[2].email, 2);
    expect(errors).toEqual([]);
  });

  it('names every wrong reminder time at once, on a phone', { timeout: 60_000 }, async () => {
    const { page } = await newPerson({ viewport: { width: 360, height: 740 } });
    const errors = collectConsoleErrors(page);
    await signIn(page);
    await page.goto(`${server.baseUrl}/admin/integrations/${merchant.integrationId}`);
    const field = page.getByLabel('Reminder times before the deadline');
    await field.fill('2 min, 24 h, soon, 24 h, 31 days');
    await page.getByRole('button', { name: 'Save reminder times' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator(`[id="${(await field.getAttribute('aria-describedby'))!.split(' ').at(-1)!}"]`).innerText();
    expect(message).toContain('2 min is out of range');
    expect(message).toContain('“soon” is not a time');
    expect(message).toContain('24 h is there twice');
    expect(message).toContain('31 days is out of range');
    await expectReadable(page, 'admin-reminder-times-invalid-360');
    // Nothing was sent: the schedule is as it was.
    const [stored] = await server.query<{ offsets: number[] }>(`select reminder_offsets_minutes as offsets from integration where id = ?`, [
      merchant.integrationId,
    ]);
    expect(stored!.offsets).toEqual([1440, 120]);
    expect(errors).toEqual([]);
  });
});

// `UPDATE_DOCS_SCREENSHOTS=1` copies this run's admin screenshots to docs/screenshots (the README's).
if (process.env.UPDATE_DOCS_SCREENSHOTS === '1') {
  afterAll(async () => {
    for (const [from, to] of [
      ['admin-sessions-1280', 'admin-sessions'],
      ['admin-session-1280', 'admin-session-deliveries'],
      ['admin-dashboard-1280', 'admin-dashboard'],
      ['admin-session-360-participants', 'admin-session-phone'],
    ]) {
      await copyFile(`${TEST_SCREENSHOTS}${from}.png`, `${DOCS_SCREENSHOTS}${to}.png`);
    }
  });
}
