import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from './support/admin-client.js';
import { PayBrowser } from './support/pay-browser.js';
import { type ReferenceMerchant, startReferenceMerchant } from './support/reference-merchant.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let merchant: ReferenceMerchant;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await startReferenceMerchant(server);
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await server?.close();
});

/** What a browser does at the test processor: open the checkout, pay with a card, follow to the bridge. */
async function payAtProcessor(redirectUrl: string, cardNumber: string): Promise<{ status: number; location: string | null; body: string }> {
  const checkoutPage = await fetch(redirectUrl);
  expect(checkoutPage.status).toBe(200);
  const pay = await fetch(`${redirectUrl.replace(/\/$/, '')}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12/40', cvc: '123' }),
    redirect: 'manual',
  });
  if (pay.status !== 303) return { status: pay.status, location: null, body: await pay.text() };
  // The processor's success redirect points at the merchant's bridge, which records and 302s back to PaySplit.
  const bridge = await fetch(pay.headers.get('location')!, { redirect: 'manual' });
  return { status: bridge.status, location: bridge.headers.get('location'), body: await bridge.text() };
}

async function merchantQuery<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the whole loop with the reference merchant, over HTTP, without a browser', () => {
  it('booking -> session -> 3 payers (a declined card recorded as a failed attempt) -> test processor -> bridge -> record -> one webhook -> booking PAID once', async () => {
    const booking = await fetch(`${merchant.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
    expect(booking.status).toBe(303);
    const sessionUrl = new URL(booking.headers.get('location')!);
    expect(sessionUrl.origin).toBe(server.baseUrl);
    const sessionId = sessionUrl.pathname.split('/').at(-1)!;
    const hostToken = sessionUrl.searchParams.get('hostToken')!;

    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, hostToken);
    const configured = await host.configure({
      sessionId,
      splitMode: 'EXACT',
      participants: [
        { displayName: 'Aroha', amountMinor: '18000' },
        { displayName: 'Ben', amountMinor: '16000' },
        { displayName: 'Caleb', amountMinor: '14000' },
      ],
    });
    expect(configured.errors).toBeUndefined();
    const participants = configured.data.configureSession.participants as { id: string; inviteUrl: string | null }[];
    let declinedPaymentId = '';
    let retriedPaymentId = '';

    const hostStart = await host.startPayment(sessionId);
    const hostPaid = await payAtProcessor(hostStart.data.startPayment.redirectUrl, '4242 4242 4242 4242');
    expect(hostPaid.status).toBe(302);
    expect(hostPaid.location).toBe(`${server.baseUrl}/pay/${sessionId}?resume=host&payment=${hostStart.data.startPayment.paymentId}`);

    for (const [index, participant] of participants.slice(1).entries()) {
      const guest = new PayBrowser(server.baseUrl);
      await guest.open(sessionId, new URL(participant.inviteUrl!).searchParams.get('token')!);
      let start = await guest.startPayment(sessionId);
      if (index === 0) {
        // Ben's first card is declined: the processor tells the shop, which records the failed attempt.
        const declined = await payAtProcessor(start.data.startPayment.redirectUrl, '4000 0000 0000 0002');
        expect(declined.status).toBe(402);
        expect(declined.body).toContain('declined');
        declinedPaymentId = start.data.startPayment.paymentId;
        // He goes back to PaySplit and pays again: a new attempt, the declined one stays on record.
        start = await guest.startPayment(sessionId);
      }
      if (index === 1) {
        // Caleb's first card is declined too, and he types another at the same checkout: the shop
        // records the failure, then the success on the same payment.
        const declined = await payAtProcessor(start.data.startPayment.redirectUrl, '4000000000000002');
        expect(declined.status).toBe(402);
        retriedPaymentId = start.data.startPayment.paymentId;
        const [recorded] = await server.query<{ status: string; failure_reason: string }>(
          `select status, failure_reason from payment where id = ?`,
          [retriedPaymentId],
        );
        expect(recorded).toEqual({ status: 'failed', failure_reason: 'Card declined (card ending 0002)' });
      }
      const paid = await payAtProcessor(start.data.startPayment.redirectUrl, '4242424242424242');
      expect(paid.status).toBe(302);
      expect(paid.location).toContain('resume=participant');
    }

    const deadline = Date.now() + 10_000;
    let bookings: { status: string; paid_event_id: string | null }[] = [];
    while (Date.now() < deadline) {
      bookings = await merchantQuery(`select status, paid_event_id from merchant_demo.booking where session_id = $1`, [sessionId]);
      if (bookings[0]?.status === 'paid') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.status).toBe('paid');
    const events = await server.query<{ id: string; body: string }>(`select id, body from webhook_event where session_id = ?`, [sessionId]);
    expect(events).toHaveLength(1);
    expect(bookings[0]!.paid_event_id).toBe(events[0]!.id);
    const processed = await merchantQuery<{ n: string }>(`select count(*) as n from merchant_demo.processed_event where event_id = $1`, [
      events[0]!.id,
    ]);
    expect(Number(processed[0]!.n)).toBe(1);
    const event = JSON.parse(events[0]!.body) as { orderReference: string; payments: unknown[] };
    const orderRef = await merchantQuery<{ order_ref: string }>(`select order_ref from merchant_demo.booking where session_id = $1`, [
      sessionId,
    ]);
    expect(event.orderReference).toBe(orderRef[0]!.order_ref);
    expect(event.payments).toHaveLength(3);

    // The shop's administrator sees Ben's declined attempt, why and when it ended, and his payment.
    const admin = new AdminClient(server.baseUrl);
    const account = await admin.register('owner@harbour-table.example', 'a long enough passphrase');
    await server.query(`update integration set owner_id = ? where id = (select integration_id from session where id = ?)`, [
      account.data!.registerAccount.accountId,
      sessionId,
    ]);
    const { session } = await admin.ok(
      `query($id: ID!) { session(id: $id) { participants { id displayName } payments { id participantId status failureReason endedAt authorizedAt processorReference } } }`,
      { id: sessionId },
    );
    const benId = session.participants.find((someone: { displayName: string }) => someone.displayName === 'Ben').id;
    const bensPayments = session.payments.filter((payment: { participantId: string }) => payment.participantId === benId);
    expect(bensPayments).toHaveLength(2);
    const declinedAttempt = bensPayments.find((payment: { id: string }) => payment.id === declinedPaymentId);
    expect(declinedAttempt).toMatchObject({ status: 'failed', failureReason: 'Card declined (card ending 0002)', authorizedAt: null });
    expect(declinedAttempt.processorReference).toMatch(/^cs_test_/);
    expect(Date.parse(declinedAttempt.endedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(bensPayments.find((payment: { id: string }) => payment.id !== declinedPaymentId)).toMatchObject({
      status: 'authorized',
      failureReason: null,
      endedAt: null,
    });

    const calebId = session.participants.find((someone: { displayName: string }) => someone.displayName === 'Caleb').id;
    expect(session.payments.filter((payment: { participantId: string }) => payment.participantId === calebId)).toEqual([
      expect.objectContaining({
        id: retriedPaymentId,
        status: 'authorized',
        failureReason: 'Card declined (card ending 0002)',
        endedAt: null,
      }),
    ]);

    const page = await (await fetch(`${merchant.baseUrl}/bookings`)).text();
    expect(page).toContain('PAID');
    expect(merchant.output()).not.toMatch(/ps_test_[0-9A-Za-z]{10}|4242424242424242|whsec_/);
  });
});
