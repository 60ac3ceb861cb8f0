import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachSession, insertBooking, markBookingPaid, type Booking } from '../src/store.js';
import { startFakePaySplit, type FakePaySplit } from './support/fake-paysplit.js';
import { postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

const apiKey = `ps_test_${randomUUID().replaceAll('-', '')}`;
let paysplit: FakePaySplit;
let merchant: MerchantHarness;

beforeAll(async () => {
  paysplit = await startFakePaySplit({ apiKey });
  merchant = await startMerchant({ paysplitBaseUrl: paysplit.baseUrl, apiKey });
});
afterAll(async () => {
  await merchant?.close();
  await paysplit?.close();
});

async function paidBooking(): Promise<Booking & { sessionId: string }> {
  const booking = await insertBooking(merchant.pool, {
    title: 'Dinner for 4',
    amountMinor: '48000',
    currency: 'NZD',
    orderRef: `booking-${randomUUID().slice(0, 8)}`,
  });
  const sessionId = randomUUID();
  const hostToken = `ht_${randomUUID()}`;
  await attachSession(merchant.pool, booking.id, {
    sessionId,
    hostToken,
    sessionUrl: `https://paysplit.example/pay/${sessionId}?host=1&hostToken=${hostToken}`,
  });
  await markBookingPaid(merchant.pool, { bookingId: booking.id, eventId: randomUUID(), paidAt: new Date() });
  return { ...booking, sessionId };
}

function refundEvent(
  booking: Booking & { sessionId: string },
  refund: { refundId: string; paymentId: string; amountMinor: string },
  type: 'SERVICE_REFUND_SUCCEEDED' | 'SERVICE_REFUND_FAILED',
  extra: Record<string, unknown> = {},
) {
  return {
    ...extra,
    eventId: randomUUID(),
    type,
    createdAt: new Date().toISOString(),
    mode: 'test',
    sessionId: booking.sessionId,
    sessionVersion: 9,
    orderReference: booking.orderRef,
    refundId: refund.refundId,
    paymentId: refund.paymentId,
    participantId: randomUUID(),
    amountMinor: refund.amountMinor,
    currency: 'NZD',
    reason: 'Booking cancelled',
    source: 'merchant',
    processorRefundReference: type === 'SERVICE_REFUND_SUCCEEDED' ? `re_test_${randomUUID().replaceAll('-', '')}` : null,
    failureReason: type === 'SERVICE_REFUND_FAILED' ? 'the amount is more than what is left of the charge' : null,
    refundedMinor: '0',
  };
}

async function deliver(event: { eventId: string }) {
  const body = JSON.stringify(event);
  const headers = createSignedHeaders({ id: event.eventId, body, secret: merchant.config.paysplit.webhookSigningSecret });
  const response = await fetch(`${merchant.baseUrl}/webhooks/paysplit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  expect(response.status).toBe(200);
}

/** The booking's card on the bookings page, as text. */
async function bookingCard(bookingId: string): Promise<string> {
  const page = await (await fetch(`${merchant.baseUrl}/bookings`)).text();
  const start = page.indexOf(`/bookings/${bookingId}/confirmation`);
  expect(start).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf('</li>', start));
}

describe('cancelling a paid booking and refunding it', () => {
  it('offers "Cancel booking and refund" on a paid booking only', async () => {
    const booking = await paidBooking();
    // A link to the confirmation step, not a form that refunds at once.
    expect(await bookingCard(booking.id)).toContain(`<a class="button secondary" href="/bookings/${booking.id}/cancel">`);
    expect(await bookingCard(booking.id)).toContain('Cancel booking and refund');
    const unpaid = await insertBooking(merchant.pool, {
      title: 'Dinner for 4',
      amountMinor: '48000',
      currency: 'NZD',
      orderRef: `booking-${randomUUID().slice(0, 8)}`,
    });
    expect(await bookingCard(unpaid.id)).not.toContain('Cancel booking and refund');
    const refused = await postForm(`${merchant.baseUrl}/bookings/${unpaid.id}/cancel`);
    expect(refused.status).toBe(409);
    expect((await postForm(`${merchant.baseUrl}/bookings/${randomUUID()}/cancel`)).status).toBe(404);
  });

  it('asks PaySplit to refund the session once per booking, shows REFUND PENDING, then REFUNDED when every refund succeeded', async () => {
    const booking = await paidBooking();
    const before = paysplit.requests.length;
    const cancelled = await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, { confirm: 'yes' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('/bookings');
    const [call] = paysplit.requests.slice(before);
    expect(call).toMatchObject({ method: 'POST', path: `/api/v1/payments/sessions/${booking.sessionId}/refunds` });
    expect(call!.headers['idempotency-key']).toBe(`booking-${booking.id}-refund`);
    expect(call!.headers['x-service-api-key']).toBe(apiKey);
    expect(call!.body).toEqual({ reason: `Booking ${booking.orderRef} cancelled` });

    let card = await bookingCard(booking.id);
    expect(card).toContain('REFUND PENDING');
    expect(card).not.toContain('Cancel booking and refund');
    expect(card).toContain('NZ$0.00 in 2 refunds');

    const { refunds } = paysplit.refundReplies.at(-1)!;
    await deliver(refundEvent(booking, refunds[0]!, 'SERVICE_REFUND_SUCCEEDED'));
    expect(await bookingCard(booking.id)).toContain('REFUND PENDING');
    await deliver(refundEvent(booking, refunds[1]!, 'SERVICE_REFUND_SUCCEEDED'));
    card = await bookingCard(booking.id);
    expect(card).toContain('REFUNDED');
    expect(card).toContain('data-refunded-minor="48000"');
    expect(card).toContain('NZ$480.00 in 2 refunds');
  });

  it('shows REFUND FAILED when PaySplit says a refund failed', async () => {
    const booking = await paidBooking();
    expect((await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, { confirm: 'yes' })).status).toBe(303);
    const { refunds } = paysplit.refundReplies.at(-1)!;
    await deliver(refundEvent(booking, refunds[0]!, 'SERVICE_REFUND_SUCCEEDED'));
    await deliver(refundEvent(booking, refunds[1]!, 'SERVICE_REFUND_FAILED'));
    const card = await bookingCard(booking.id);
    expect(card).toContain('REFUND FAILED');
    expect(card).toContain('NZ$288.00 in 2 refunds');
  });

  it("shows PaySplit's error code when the refund is refused, with a retry that reuses the booking's key", async () => {
    const booking = await paidBooking();
    paysplit.failNext({ status: 409, code: 'REFUNDS_NOT_CONFIGURED', requestId: 'req_refund_fail_1' });
    const refused = await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, { confirm: 'yes' });
    expect(refused.status).toBe(500);
    const page = await refused.text();
    expect(page).toContain('REFUNDS_NOT_CONFIGURED');
    expect(page).toContain('req_refund_fail_1');
    expect(page).toContain(`action="/bookings/${booking.id}/cancel"`);
    expect(page).toContain('<input type="hidden" name="confirm" value="yes" />');
    expect(await bookingCard(booking.id)).toContain('PAID');
    expect((await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, { confirm: 'yes' })).status).toBe(303);
    expect(paysplit.requests.at(-1)!.headers['idempotency-key']).toBe(`booking-${booking.id}-refund`);
  });
});

describe('the confirmation step before cancelling', () => {
  it('says what goes back to whom, and refunds only from its own form; without it nothing is asked of PaySplit', async () => {
    const booking = await paidBooking();
    const step = await fetch(`${merchant.baseUrl}/bookings/${booking.id}/cancel`);
    expect(step.status).toBe(200);
    expect(step.headers.get('cache-control')).toBe('no-store');
    const page = (await step.text()).replace(/\s+/g, ' ');
    expect(page).toContain('<h1>Cancel this booking?</h1>');
    expect(page).toContain(booking.orderRef);
    expect(page).toContain('<strong>NZ$480.00</strong> goes back to the people who paid, each to their own card');
    expect(page).toMatch(
      new RegExp(`<form method="post" action="/bookings/${booking.id}/cancel"> <input type="hidden" name="confirm" value="yes" />`),
    );
    expect(page).toContain('Yes, cancel and refund NZ$480.00</button>');
    expect(page).toContain('<a class="button neutral" href="/bookings">No, keep the booking</a>');
    // No script on the page: the step is the page itself.
    expect(page).not.toContain('<script');

    const before = paysplit.requests.length;
    // A POST that does not say it was confirmed (an old form, a stray request) gets the step, not a refund.
    for (const fields of [{}, { confirm: 'no' }, { confirm: 'YES ' }] as Record<string, string>[]) {
      const unconfirmed = await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, fields);
      expect(unconfirmed.status).toBe(200);
      expect(await unconfirmed.text()).toContain('Cancel this booking?');
    }
    expect(paysplit.requests.length).toBe(before);
    expect(await bookingCard(booking.id)).toContain('PAID');

    expect((await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, { confirm: 'yes' })).status).toBe(303);
    expect(paysplit.requests.slice(before)).toHaveLength(1);
    // Cancelled: the step leads back to the bookings page, where the refunds are.
    const again = await fetch(`${merchant.baseUrl}/bookings/${booking.id}/cancel`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/bookings');
    expect((await fetch(`${merchant.baseUrl}/bookings/${randomUUID()}/cancel`)).status).toBe(404);
  });
});

describe("a booking's state from the amounts refunded", () => {
  it('stays PAID, still cancellable, when only a duplicate payment is refunded, and says so apart', async () => {
    const booking = await paidBooking();
    const duplicate = { refundId: randomUUID(), paymentId: randomUUID(), amountMinor: '24000' };
    await deliver(refundEvent(booking, duplicate, 'SERVICE_REFUND_SUCCEEDED', { duplicate: true }));
    const card = await bookingCard(booking.id);
    expect(card).toContain('PAID');
    expect(card).not.toContain('REFUNDED');
    expect(card).toContain('data-duplicate-minor="24000"');
    expect(card).toContain('NZ$240.00 paid twice, refunded');
    expect(card).not.toContain('data-refunded-minor');
    expect(card).toContain('Cancel booking and refund');
  });

  it('shows PARTLY REFUNDED with how much while part went back, and REFUNDED only once all of it did', async () => {
    const booking = await paidBooking();
    const part = { refundId: randomUUID(), paymentId: randomUUID(), amountMinor: '12000' };
    await deliver(refundEvent(booking, part, 'SERVICE_REFUND_SUCCEEDED'));
    let card = await bookingCard(booking.id);
    expect(card).toContain('PARTLY REFUNDED');
    expect(card).toContain('data-refunded-minor="12000"');
    expect(card).toContain('NZ$120.00 in 1 refund');
    // What is left can still be refunded, and the step says how much that is.
    expect(card).toContain('Cancel booking and refund');
    expect(await (await fetch(`${merchant.baseUrl}/bookings/${booking.id}/cancel`)).text()).toContain('Yes, cancel and refund NZ$360.00');

    const rest = { refundId: randomUUID(), paymentId: randomUUID(), amountMinor: '36000' };
    await deliver(refundEvent(booking, rest, 'SERVICE_REFUND_SUCCEEDED'));
    card = await bookingCard(booking.id);
    expect(card).toContain('REFUNDED');
    expect(card).not.toContain('PARTLY');
    expect(card).toContain('NZ$480.00 in 2 refunds');
    expect(card).not.toContain('Cancel booking and refund');
  });

  it('leaves out a refund known only from its partner call until PaySplit says whose money it was', async () => {
    const booking = await paidBooking();
    await merchant.pool.query(
      `insert into merchant_demo.paysplit_refund (refund_id, booking_id, payment_id, amount_minor, currency, status, processor_status)
       values ($1, $2, $3, 48000, 'NZD', 'pending', 'succeeded')`,
      [randomUUID(), booking.id, randomUUID()],
    );
    const card = await bookingCard(booking.id);
    expect(card).toContain('PAID');
    expect(card).not.toContain('REFUND');
  });
});
