import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayBrowser } from '../support/pay-browser.js';
import { until } from '../support/polling.js';
import { type ReferenceMerchant, startReferenceMerchant } from '../support/reference-merchant.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, chromiumForFile, collectConsoleErrors, overflowsSideways, screenshot } from './chromium.js';
import { payOverHttp } from './test-processor.js';

let server: TestServer;
let merchant: ReferenceMerchant;
const newPerson = chromiumForFile();

// The merchant's own account in the administration area (its integration is the reference merchant's).
const OWNER = { email: 'owner@harbour-table.example', password: 'a long merchant passphrase' };

beforeAll(async () => {
  server = await startTestServer();
  const { account } = await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), { ...OWNER, role: 'merchant' });
  merchant = await startReferenceMerchant(server, { ownerAccountId: account.id });
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

const SHARES = [
  { displayName: 'Aroha', amountMinor: '20000' },
  { displayName: 'Ben', amountMinor: '15000' },
  { displayName: 'Caleb', amountMinor: '13000' },
] as const;

/**
 * A booking at the reference merchant whose session is split three ways and fully paid through the
 * test processor, and the booking PAID. Returns each payer's invite token (the host's is the booking's).
 */
async function completedBooking(): Promise<{ sessionId: string; bookingId: string; tokens: Record<string, string> }> {
  const booking = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
  expect(booking.status).toBe(303);
  const sessionUrl = new URL(booking.headers.get('location')!);
  const sessionId = sessionUrl.pathname.split('/').at(-1)!;
  const host = new PayBrowser(server.baseUrl);
  await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
  const configured = await host.configure({ sessionId, splitMode: 'EXACT', participants: SHARES });
  expect(configured.errors).toBeUndefined();
  const participants = configured.data.configureSession.participants as { displayName: string; inviteUrl: string | null }[];
  const tokens: Record<string, string> = {};
  const checkouts = [(await host.startPayment(sessionId)).data.startPayment.redirectUrl];
  for (const participant of participants.filter((p) => p.inviteUrl)) {
    const token = new URL(participant.inviteUrl!).searchParams.get('token')!;
    tokens[participant.displayName] = token;
    const payer = new PayBrowser(server.baseUrl);
    await payer.open(sessionId, token);
    checkouts.push((await payer.startPayment(sessionId)).data.startPayment.redirectUrl);
  }
  for (const checkout of checkouts) await payOverHttp(checkout);
  const [{ booking_id: bookingId }] = (await server.query<{ booking_id: string }>(
    `select id as booking_id from merchant_demo.booking where session_id = ?`,
    [sessionId],
  )) as [{ booking_id: string }];
  await expect
    .poll(
      async () => (await server.query<{ status: string }>(`select status from merchant_demo.booking where id = ?`, [bookingId]))[0]!.status,
      { timeout: 10_000 },
    )
    .toBe('paid');
  return { sessionId, bookingId, tokens };
}

const PHONE = { width: 360, height: 740 } as const;

/** A screenshot to look at, nothing wider than the window, and no axe violation of any impact. */
async function expectReadable(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await overflowsSideways(page), `sideways scroll on ${name}`).toBe(false);
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([]);
}

describe('refunds in a real browser (Debian chromium)', () => {
  it("a completed booking cancelled on the merchant's bookings page refunds every payer's card exactly, once each, and everyone sees it", async () => {
    const { sessionId, bookingId, tokens } = await completedBooking();
    const { page } = await newPerson({ viewport: PHONE });
    const consoleErrors = collectConsoleErrors(page);
    const expectScreen = (name: string) => expectReadable(page, name);
    const card = () => page.locator(`a[href="/bookings/${bookingId}/confirmation"]`).locator('xpath=ancestor::li');

    // Another booking whose split the shop cancels at PaySplit before anyone pays: its cancelled event ends it.
    const unpaid = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
    const unpaidSessionId = new URL(unpaid.headers.get('location')!).pathname.split('/').at(-1)!;
    const cancelSession = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${unpaidSessionId}/cancel`, {
      method: 'POST',
      headers: { 'x-service-api-key': merchant.apiKey },
    });
    expect(cancelSession.status).toBe(200);
    const [{ id: unpaidBookingId }] = (await server.query<{ id: string }>(`select id from merchant_demo.booking where session_id = ?`, [
      unpaidSessionId,
    ])) as [{ id: string }];
    const unpaidCard = () => page.locator(`a[href="/bookings/${unpaidBookingId}/confirmation"]`).locator('xpath=ancestor::li');

    await expect
      .poll(
        async () => {
          await page.goto(`${merchant.baseUrl}/bookings`);
          return unpaidCard().locator('.status').innerText();
        },
        { timeout: 10_000 },
      )
      .toBe('CANCELLED');
    await card().getByText('PAID', { exact: true }).waitFor();
    expect(await unpaidCard().getByRole('link', { name: 'Cancel booking and refund' }).count()).toBe(0);
    await expectScreen('refund-01-bookings-paid');

    // Cancelling asks first, on a page of its own: "No" keeps the booking as it was.
    await card().getByRole('link', { name: 'Cancel booking and refund' }).click();
    await page.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    await page.getByText('goes back to the people who paid').waitFor();
    await expectScreen('refund-01b-cancel-confirm');
    await page.getByRole('link', { name: 'No, keep the booking' }).click();
    await page.waitForURL(`${merchant.baseUrl}/bookings`);
    expect(await card().locator('.status').innerText()).toBe('PAID');
    await card().getByRole('link', { name: 'Cancel booking and refund' }).click();
    await page.getByRole('button', { name: 'Yes, cancel and refund NZ$480.00' }).click();
    await page.waitForURL(`${merchant.baseUrl}/bookings`);
    // The refund calls and their events are on their way: the page shows where they stand until every one succeeded.
    await expect
      .poll(
        async () => {
          await page.goto(`${merchant.baseUrl}/bookings`);
          return card().locator('.status').innerText();
        },
        { timeout: 15_000 },
      )
      .toBe('REFUNDED');
    expect(await card().innerText()).toContain('NZ$480.00 in 3 refunds');
    expect(await card().getByRole('link', { name: 'Cancel booking and refund' }).count()).toBe(0);
    await expectScreen('refund-02-bookings-refunded');

    // The processor's own records: each charge refunded exactly what it took, in one succeeded refund.
    const charges = await server.query<{ id: string; amount_minor: string; refunded: string; refunds: number }>(
      `select c.id, c.amount_minor::text as amount_minor,
              coalesce(sum(r.amount_minor) filter (where r.status = 'succeeded'), 0)::text as refunded,
              count(r.id)::int as refunds
         from merchant_demo.checkout c left join merchant_demo.processor_refund r on r.checkout_id = c.id
        where c.session_id = ? and c.status = 'succeeded' group by c.id`,
      [sessionId],
    );
    expect(charges.map((charge) => charge.amount_minor).sort()).toEqual(SHARES.map((share) => share.amountMinor).sort());
    for (const charge of charges) expect(charge).toMatchObject({ refunded: charge.amount_minor, refunds: 1 });

    // One SERVICE_REFUND_SUCCEEDED per refund, each acted on by the merchant once.
    const events = await server.query<{ id: string; body: string }>(
      `select id, body from webhook_event where session_id = ? and type = 'SERVICE_REFUND_SUCCEEDED'`,
      [sessionId],
    );
    const refundIds = events.map((event) => (JSON.parse(event.body) as { refundId: string }).refundId);
    expect(refundIds).toHaveLength(3);
    expect(new Set(refundIds).size).toBe(3);
    expect(await server.query(`select 1 from webhook_event where session_id = ? and type = 'SERVICE_REFUND_FAILED'`, [sessionId])).toEqual(
      [],
    );
    const handled = await server.query<{ n: number }>(
      `select count(*)::int as n from merchant_demo.processed_event where event_id in (${events.map(() => '?').join(', ')})`,
      events.map((event) => event.id),
    );
    expect(handled[0]!.n).toBe(3);

    // A charge's page at the processor lists its refund.
    const [bensCharge] = charges.filter((charge) => charge.amount_minor === '15000');
    await page.goto(`${merchant.baseUrl}/processor/checkout/${bensCharge!.id}`);
    await page.getByRole('heading', { name: 'Refunds' }).waitFor();
    await expectScreen('refund-03-processor-charge-refunded');

    // Ben opens his link again: his page says his money went back to his card.
    await page.goto(`${server.baseUrl}/pay/${sessionId}?token=${tokens.Ben}`);
    await page.getByText('NZ$150.00 refunded to your card').waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { name: 'Money sent back' }).waitFor();
    await expectScreen('refund-04-payer-refunded');

    expect(consoleErrors).toEqual([]);
  }, 90_000);
  it('a payer who paid two checkouts for one share sees the second refunded as a duplicate, and so do the host and the merchant', async () => {
    const booking = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
    const hostUrl = booking.headers.get('location')!;
    const sessionId = new URL(hostUrl).pathname.split('/').at(-1)!;
    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, new URL(hostUrl).searchParams.get('hostToken')!);
    const configured = await host.configure({ sessionId, splitMode: 'EXACT', participants: SHARES });
    expect(configured.errors).toBeUndefined();
    const participants = configured.data.configureSession.participants as { displayName: string; inviteUrl: string | null }[];
    const inviteOf = (name: string) => participants.find((p) => p.displayName === name)!.inviteUrl!;
    const tokenOf = (name: string) => new URL(inviteOf(name)).searchParams.get('token')!;
    const ben = new PayBrowser(server.baseUrl);
    await ben.open(sessionId, tokenOf('Ben'));

    // Ben pays his checkout, but the way back from it is lost: the bridge that records it is not reached yet.
    const first = (await ben.startPayment(sessionId)).data.startPayment as { paymentId: string; redirectUrl: string };
    const paid = await fetch(`${first.redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const lostWayBack = paid.headers.get('location')!;
    // He starts again; the first checkout cannot be expired any more (it was paid); he pays the second one.
    const second = (await ben.startPayment(sessionId)).data.startPayment as { paymentId: string; redirectUrl: string };
    await until(
      () => server.query<{ status: string }>(`select status from payment_call where payment_id = ?`, [first.paymentId]),
      (rows) => rows[0]?.status === 'failed',
    );
    await payOverHttp(second.redirectUrl);

    // The first payment's way back arrives after all, in Ben's own browser.
    const benPhone = await newPerson({ viewport: PHONE });
    const consoleErrors = collectConsoleErrors(benPhone.page);
    await benPhone.page.goto(inviteOf('Ben'));
    await benPhone.page.getByRole('heading', { name: 'You’ve paid your share' }).waitFor();
    await benPhone.page.goto(lostWayBack);
    await benPhone.page.getByText('Payment received — thanks!').waitFor();
    await benPhone.page.getByText('Duplicate payment of NZ$150.00, refunded').waitFor({ timeout: 15_000 });
    expect(await benPhone.page.locator('main').innerText()).not.toMatch(/refunded to your card|Money sent back/);
    await expectReadable(benPhone.page, 'duplicate-01-payer');

    // The host's page lists it as a duplicate, never as Ben refunded.
    const hostPhone = await newPerson({ viewport: PHONE });
    consoleErrors.push(...collectConsoleErrors(hostPhone.page));
    await hostPhone.page.goto(hostUrl);
    await hostPhone.page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    const refunded = hostPhone.page.getByRole('list', { name: 'Who was refunded' });
    expect(await refunded.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Ben\s+NZ\$150\.00\s+Duplicate payment, refunded$/),
    ]);
    await expectReadable(hostPhone.page, 'duplicate-02-host');

    // The merchant's administration area: the payment tagged Duplicate, no refund owed once it went back.
    const ownerPhone = await newPerson({ viewport: PHONE });
    consoleErrors.push(...collectConsoleErrors(ownerPhone.page));
    await ownerPhone.page.goto(`${server.baseUrl}/admin`);
    await ownerPhone.page.getByLabel('Email').fill(OWNER.email);
    await ownerPhone.page.getByLabel('Password').fill(OWNER.password);
    await ownerPhone.page.getByRole('button', { name: 'Log in' }).click();
    await ownerPhone.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await ownerPhone.page.goto(`${server.baseUrl}/admin/sessions/${sessionId}`);
    const payments = ownerPhone.page.getByRole('region', { name: 'Payment list' });
    const rows = payments.getByRole('row', { name: /Ben/ });
    await expect.poll(() => rows.count()).toBe(2);
    expect((await rows.allInnerTexts()).filter((text) => text.includes('Duplicate'))).toHaveLength(1);
    expect(await payments.getByText('Refund owed').count()).toBe(0);
    await ownerPhone.page.getByRole('heading', { name: 'NZ$150.00 to Ben Succeeded Duplicate' }).waitFor();
    await ownerPhone.page.getByRole('region', { name: 'Summary' }).getByText('NZ$150.00 (NZ$150.00 for duplicate payments)').waitFor();
    await expectReadable(ownerPhone.page, 'duplicate-03-admin-session');

    // Everyone else pays: Ben's open page and the host's reach the end, the booking not refunded.
    await payOverHttp((await host.startPayment(sessionId)).data.startPayment.redirectUrl);
    const caleb = new PayBrowser(server.baseUrl);
    await caleb.open(sessionId, tokenOf('Caleb'));
    await payOverHttp((await caleb.startPayment(sessionId)).data.startPayment.redirectUrl);
    await benPhone.page.getByRole('heading', { name: 'You’re all set' }).waitFor({ timeout: 15_000 });
    await benPhone.page.getByText('Duplicate payment of NZ$150.00, refunded').waitFor();
    await expectReadable(benPhone.page, 'duplicate-04-payer-all-set');
    // The host's thank-you takes them on to the shop after a moment: read it before it does.
    await hostPhone.page.getByRole('heading', { name: 'Everyone has paid' }).waitFor({ timeout: 15_000 });
    expect(await hostPhone.page.getByText(/has since sent money back/).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
