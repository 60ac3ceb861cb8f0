import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from './support/admin-client.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { type ReferenceMerchant, startReferenceMerchant } from './support/reference-merchant.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let merchant: ReferenceMerchant;

/** What the pay app's join page sends: a payer claims places through the group's link. */
const JOIN_OPEN_GROUP = `mutation($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
  joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) { participantId redirectUrl }
}`;

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

describe('the loop with the reference merchant holding each share (captureMethod manual, as npm start runs it)', () => {
  let holding: ReferenceMerchant;

  beforeAll(async () => {
    // The shop reads none of the events of held money; the test reads SERVICE_PAYMENT_RELEASED.
    holding = await startReferenceMerchant(server, { captureMethod: 'manual', alsoSubscribe: ['SERVICE_PAYMENT_RELEASED'] });
  }, 60_000);

  afterAll(async () => {
    await holding?.stop();
  });

  /** A booking at the shop, split by its host in equal shares of NZ$480.00 among `people` (the host first). */
  async function bookAndSplit(people: number): Promise<{ sessionId: string; payers: PayBrowser[] }> {
    const booking = await fetch(`${holding.baseUrl}/bookings`, { method: 'POST', redirect: 'manual' });
    expect(booking.status).toBe(303);
    const sessionUrl = new URL(booking.headers.get('location')!);
    const sessionId = sessionUrl.pathname.split('/').at(-1)!;
    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
    const configured = await host.configure({
      sessionId,
      splitMode: 'EQUAL',
      participants: Array.from({ length: people }, (_, index) => ({ displayName: index === 0 ? 'Aroha' : `Guest ${index}` })),
    });
    expect(configured.errors).toBeUndefined();
    const payers = [host];
    for (const participant of (configured.data.configureSession.participants as { inviteUrl: string | null }[]).slice(1)) {
      const guest = new PayBrowser(server.baseUrl);
      await guest.open(sessionId, new URL(participant.inviteUrl!).searchParams.get('token')!);
      payers.push(guest);
    }
    return { sessionId, payers };
  }

  /** The payer starts paying and pays the shop's checkout with `card`; the shop's bridge records the hold. */
  async function payWith(payer: PayBrowser, sessionId: string, card: string): Promise<{ paymentId: string; checkoutId: string }> {
    const started = await payer.startPayment(sessionId);
    expect(started.errors).toBeUndefined();
    const { paymentId, redirectUrl } = started.data.startPayment as { paymentId: string; redirectUrl: string };
    const paid = await payAtProcessor(redirectUrl, card);
    expect(paid.status, paid.body).toBe(302);
    return { paymentId, checkoutId: redirectUrl.replace(/\/$/, '').split('/').at(-1)! };
  }

  const checkout = async (checkoutId: string) =>
    (await (await fetch(`${holding.baseUrl}/processor/api/checkouts/${checkoutId}`)).json()) as {
      status: string;
      captureMethod: string;
      releaseReason: string | null;
      captures: { status: string }[];
    };

  const calls = (sessionId: string, kind: 'cancel' | 'capture') =>
    server.query<{ payment_id: string; reason: string; status: string; call_status: string }>(
      `select payment_id, reason, status, call_status from payment_call where session_id = ? and kind = ? order by created_at, id`,
      [sessionId, kind],
    );

  const sessionRow = async (sessionId: string) =>
    (await server.query<{ status: string; paid_minor: string }>(`select status, paid_minor from session where id = ?`, [sessionId]))[0]!;

  /** The booking once PAID: with the one completion event it was marked paid by, and the session's captures. */
  async function paidBooking(sessionId: string) {
    const [booking] = await until(
      () =>
        merchantQuery<{ status: string; paid_event_id: string | null }>(
          `select status, paid_event_id from merchant_demo.booking where session_id = $1`,
          [sessionId],
        ),
      (rows) => rows[0]?.status === 'paid',
    );
    const completions = await server.query<{ id: string }>(
      `select id from webhook_event where session_id = ? and type = 'SERVICE_SESSION_COMPLETED'`,
      [sessionId],
    );
    expect(completions).toHaveLength(1);
    expect(booking!.paid_event_id).toBe(completions[0]!.id);
    const processed = await merchantQuery<{ n: string }>(`select count(*) as n from merchant_demo.processed_event where event_id = $1`, [
      completions[0]!.id,
    ]);
    expect(Number(processed[0]!.n)).toBe(1);
    return booking!;
  }

  it('booking -> session -> every payer held -> one capture per hold -> one completion webhook -> booking PAID once', async () => {
    const { sessionId, payers } = await bookAndSplit(3);
    const held = [];
    for (const payer of payers) held.push(await payWith(payer, sessionId, '4242 4242 4242 4242'));
    // Held, not charged: the processor's checkouts were authorize-only.
    expect((await checkout(held[0]!.checkoutId)).captureMethod).toBe('manual');

    await paidBooking(sessionId);
    const captures = await calls(sessionId, 'capture');
    expect(captures.map((row) => [row.payment_id, row.status]).sort()).toEqual(held.map((hold) => [hold.paymentId, 'succeeded']).sort());
    for (const { checkoutId } of held) {
      expect(await checkout(checkoutId)).toMatchObject({ status: 'succeeded', captures: [{ status: 'succeeded' }] });
    }
    expect(await sessionRow(sessionId)).toEqual({ status: 'completed', paid_minor: '48000' });
    expect(await (await fetch(`${holding.baseUrl}/bookings`)).text()).toContain('PAID');
  });

  it('a hold about to lapse (4000 0000 0000 0101) stops counting: released, one hold_lapsed cancel, its share paid again, the booking PAID once', async () => {
    const { sessionId, payers } = await bookAndSplit(3);
    const host = await payWith(payers[0]!, sessionId, '4242424242424242');
    const lapsing = await payWith(payers[1]!, sessionId, '4000 0000 0000 0101');
    expect(await sessionRow(sessionId)).toEqual({ status: 'partially_paid', paid_minor: '32000' });

    // Held for a minute only: well within the hour PaySplit keeps before a hold lapses.
    expect(await server.holdExpiry.runOnce()).toEqual([lapsing.paymentId]);
    expect(await sessionRow(sessionId)).toEqual({ status: 'partially_paid', paid_minor: '16000' });
    const [cancel] = await until(
      () => calls(sessionId, 'cancel'),
      (rows) => rows.length === 1 && rows[0]!.call_status === 'done',
    );
    expect(cancel).toMatchObject({ payment_id: lapsing.paymentId, reason: 'hold_lapsed', status: 'succeeded' });
    expect(await checkout(lapsing.checkoutId)).toMatchObject({ status: 'released', captures: [] });
    const [payment] = await server.query<{ status: string }>(`select status from payment where id = ?`, [lapsing.paymentId]);
    expect(payment!.status).toBe('released');
    const view = await payers[1]!.view(sessionId);
    expect(view.data.paySession.participants.map((someone: { status: string }) => someone.status)).toEqual(['PAID', 'PENDING', 'PENDING']);

    const repaid = await payWith(payers[1]!, sessionId, '4242424242424242');
    const last = await payWith(payers[2]!, sessionId, '4242424242424242');
    await paidBooking(sessionId);
    const captures = await calls(sessionId, 'capture');
    expect(captures.map((row) => [row.payment_id, row.status]).sort()).toEqual(
      [host, repaid, last].map((hold) => [hold.paymentId, 'succeeded']).sort(),
    );
    expect(await calls(sessionId, 'cancel')).toHaveLength(1);
    const released = await server.query(`select id from webhook_event where session_id = ? and type = 'SERVICE_PAYMENT_RELEASED'`, [
      sessionId,
    ]);
    expect(released).toHaveLength(1);
  });

  it('a declined capture (4000 0000 0000 0341) reopens that share; paid again with another card, the booking is PAID once', async () => {
    const { sessionId, payers } = await bookAndSplit(2);
    const host = await payWith(payers[0]!, sessionId, '4242424242424242');
    const declined = await payWith(payers[1]!, sessionId, '4000000000000341');
    const reopened = await until(
      () => sessionRow(sessionId),
      (row) => row.status === 'partially_paid',
    );
    expect(reopened.paid_minor).toBe('24000');
    expect(await checkout(host.checkoutId)).toMatchObject({ status: 'succeeded' });
    const [release] = await until(
      () => calls(sessionId, 'cancel'),
      (rows) => rows.length === 1 && rows[0]!.call_status === 'done',
    );
    expect(release).toMatchObject({ payment_id: declined.paymentId, reason: 'capture_failed', status: 'succeeded' });
    expect(await checkout(declined.checkoutId)).toMatchObject({ status: 'released', captures: [{ status: 'failed' }] });
    expect(await merchantQuery<{ status: string }>(`select status from merchant_demo.booking where session_id = $1`, [sessionId])).toEqual([
      { status: 'awaiting_payment' },
    ]);

    const repaid = await payWith(payers[1]!, sessionId, '4242424242424242');
    await paidBooking(sessionId);
    expect(Object.fromEntries((await calls(sessionId, 'capture')).map((row) => [row.payment_id, row.status]))).toEqual({
      [host.paymentId]: 'succeeded',
      [declined.paymentId]: 'failed',
      [repaid.paymentId]: 'succeeded',
    });
  });

  it('a group trip: started at the shop, joined through its link by four payers (3, 3, 2, 2 places) over HTTP, tipped, ended full, each hold captured at its final part, the booking PAID once', async () => {
    const started = await fetch(`${holding.baseUrl}/trips`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ organiserName: 'Aroha', organiserEmail: 'aroha@example.com' }),
      redirect: 'manual',
    });
    expect(started.status).toBe(303);
    const tripUrl = `${holding.baseUrl}${started.headers.get('location')!}`;
    const tripPage = await (await fetch(tripUrl)).text();
    // The link to share, as the organiser reads it on the shop's page.
    const joinUrl = new URL(/id="join-link" type="url" readonly value="([^"]+)"/.exec(tripPage)![1]!.replaceAll('&amp;', '&'));
    expect(joinUrl.origin).toBe(server.baseUrl);
    const sessionId = joinUrl.pathname.split('/')[2]!;
    const code = joinUrl.searchParams.get('code')!;
    const organiser = await fetch(`${tripUrl}/organiser`, { redirect: 'manual' });
    expect(organiser.status).toBe(302);
    expect(organiser.headers.get('location')!.startsWith(`${server.baseUrl}/pay/${sessionId}`)).toBe(true);

    const holds: { checkoutId: string; places: number }[] = [];
    for (const [displayName, places] of [
      ['Ben', 3],
      ['Caleb', 3],
      ['Dana', 2],
      ['Eru', 2],
    ] as const) {
      const payer = new PayBrowser(server.baseUrl);
      const joined = await payer.graphql<{ joinOpenGroup: { redirectUrl: string } }>(JOIN_OPEN_GROUP, {
        sessionId,
        code,
        input: { displayName, email: `${displayName.toLowerCase()}@example.com`, places },
      });
      expect(joined.errors).toBeUndefined();
      const { redirectUrl } = joined.data.joinOpenGroup;
      const paid = await payAtProcessor(redirectUrl, '4242 4242 4242 4242');
      expect(paid.status, paid.body).toBe(302);
      holds.push({ checkoutId: redirectUrl.replace(/\/$/, '').split('/').at(-1)!, places });
    }

    await paidBooking(sessionId);
    // Held at the price each joined at (NZ$300 a place while fewer than 4 were sure, then less),
    // captured at the final NZ$120 a place: the shop's processor took less than the first holds.
    const captured = await merchantQuery<{ id: string; amount_minor: string; captured_minor: string | null }>(
      `select id, amount_minor::text as amount_minor, captured_minor::text as captured_minor from merchant_demo.checkout where session_id = $1`,
      [sessionId],
    );
    const byCheckout = new Map(captured.map((row) => [row.id, row]));
    expect(holds.map((hold) => byCheckout.get(hold.checkoutId))).toEqual([
      expect.objectContaining({ amount_minor: '90000', captured_minor: '36000' }),
      expect.objectContaining({ amount_minor: '90000', captured_minor: '36000' }),
      expect.objectContaining({ amount_minor: '30000', captured_minor: '24000' }),
      expect.objectContaining({ amount_minor: '24000', captured_minor: '24000' }),
    ]);
    const events = await server.query<{ type: string }>(`select type from webhook_event where session_id = ? order by created_at, id`, [
      sessionId,
    ]);
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect([count('SERVICE_GROUP_JOINED'), count('SERVICE_GROUP_TIPPED'), count('SERVICE_GROUP_FULL')]).toEqual([4, 1, 1]);
    // The group's events and the completion are separate deliveries: the page once all arrived.
    const page = await until(
      async () => (await (await fetch(tripUrl)).text()).replace(/\s+/g, ' '),
      (text) => text.includes('Eru: 2 places') && text.includes('a place, and every payment is taken'),
    );
    expect(page).toContain('PAID</span> Booked: 10 places at NZ$120.00 a place');
    expect(page).toContain('<li>Ben: 3 places</li><li>Caleb: 3 places</li><li>Dana: 2 places</li><li>Eru: 2 places</li>');
  });

  it('two hold-expiry sweeps at once release each lapsing hold once: one cancel, one event, its share reopened once', async () => {
    // Four shares each, one left unpaid: with every share held the captures would start instead.
    const splits = [await bookAndSplit(4), await bookAndSplit(4)];
    const lapsing: string[] = [];
    for (const { sessionId, payers } of splits) {
      await payWith(payers[0]!, sessionId, '4242424242424242');
      lapsing.push((await payWith(payers[1]!, sessionId, '4000000000000101')).paymentId);
      lapsing.push((await payWith(payers[2]!, sessionId, '4000000000000101')).paymentId);
    }
    const runs = await Promise.all([server.holdExpiry.runOnce(), server.holdExpiry.runOnce(), server.holdExpiry.runOnce()]);
    expect(runs.flat().sort()).toEqual([...lapsing].sort());
    for (const { sessionId } of splits) {
      expect(await sessionRow(sessionId)).toEqual({ status: 'partially_paid', paid_minor: '12000' });
      const cancels = await until(
        () => calls(sessionId, 'cancel'),
        (rows) => rows.length === 2 && rows.every((row) => row.call_status === 'done'),
      );
      expect(cancels.every((row) => row.reason === 'hold_lapsed' && row.status === 'succeeded')).toBe(true);
      const released = await server.query(`select id from webhook_event where session_id = ? and type = 'SERVICE_PAYMENT_RELEASED'`, [
        sessionId,
      ]);
      expect(released).toHaveLength(2);
    }
    expect(await server.holdExpiry.runOnce()).toEqual([]);
  });
});
