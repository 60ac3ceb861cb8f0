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
) {
  return {
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
    expect(await bookingCard(booking.id)).toContain(`action="/bookings/${booking.id}/cancel"`);
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
    const cancelled = await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`);
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
    expect((await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`)).status).toBe(303);
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
    const refused = await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`);
    expect(refused.status).toBe(500);
    const page = await refused.text();
    expect(page).toContain('REFUNDS_NOT_CONFIGURED');
    expect(page).toContain('req_refund_fail_1');
    expect(page).toContain(`action="/bookings/${booking.id}/cancel"`);
    expect(await bookingCard(booking.id)).toContain('PAID');
    expect((await postForm(`${merchant.baseUrl}/bookings/${booking.id}/cancel`)).status).toBe(303);
    expect(paysplit.requests.at(-1)!.headers['idempotency-key']).toBe(`booking-${booking.id}-refund`);
  });
});
