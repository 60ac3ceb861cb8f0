import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../src/store.js';
import { newSigningSecret, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

let merchant: MerchantHarness;

beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(async () => {
  await merchant?.close();
});

async function newBooking() {
  return insertBooking(merchant.pool, {
    title: 'Dinner for 4',
    amountMinor: '48000',
    currency: 'NZD',
    orderRef: `booking-${randomUUID().slice(0, 8)}`,
  });
}

function completedEvent(orderReference: string | null, overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    type: 'SERVICE_SESSION_COMPLETED',
    createdAt: '2030-01-02T03:04:05.000Z',
    mode: 'test',
    sessionId: randomUUID(),
    sessionVersion: 7,
    orderReference,
    amountMinor: '48000',
    currency: 'NZD',
    completedAt: '2030-01-02T03:04:00.000Z',
    metadata: {},
    payments: [{ paymentId: randomUUID(), participantId: randomUUID(), amountMinor: '48000', processorReference: 'cs_test_1' }],
    ...overrides,
  };
}

function deliver(event: { eventId: string }, secret = merchant.config.paysplit.webhookSigningSecret, body = JSON.stringify(event)) {
  const headers = createSignedHeaders({ id: event.eventId, body, secret });
  return fetch(`${merchant.baseUrl}/webhooks/paysplit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

async function bookingRow(id: string) {
  const { rows } = await merchant.pool.query('select status, paid_at, paid_event_id from merchant_demo.booking where id = $1', [id]);
  return rows[0] as { status: string; paid_at: Date | null; paid_event_id: string | null };
}

async function processedCount(eventId: string) {
  const { rows } = await merchant.pool.query('select count(*)::int as n from merchant_demo.processed_event where event_id = $1', [eventId]);
  return (rows[0] as { n: number }).n;
}

describe('PaySplit webhook receiver', () => {
  it('marks the booking paid on a signed SERVICE_SESSION_COMPLETED event', async () => {
    const booking = await newBooking();
    const event = completedEvent(booking.orderRef);
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await bookingRow(booking.id)).toEqual({
      status: 'paid',
      paid_at: new Date(event.completedAt),
      paid_event_id: event.eventId,
    });

    const list = await (await fetch(`${merchant.baseUrl}/bookings`)).text();
    expect(list).toContain(booking.orderRef);
    expect(list).toContain('PAID');
    const confirmation = await (await fetch(`${merchant.baseUrl}/bookings/${booking.id}/confirmation`)).text();
    expect(confirmation).toContain('PAID');
    expect(confirmation).not.toContain('http-equiv="refresh"');
  });

  it('acts once per eventId: a redelivery answers 200 and changes nothing', async () => {
    const booking = await newBooking();
    const event = completedEvent(booking.orderRef);
    expect((await deliver(event)).status).toBe(200);
    const afterFirst = await bookingRow(booking.id);
    const second = await deliver(event);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true });
    expect(await processedCount(event.eventId)).toBe(1);
    expect(await bookingRow(booking.id)).toEqual(afterFirst);
    expect(afterFirst.paid_event_id).toBe(event.eventId);
  });

  it('keeps the first paying event when a different event completes the same order again', async () => {
    const booking = await newBooking();
    const first = completedEvent(booking.orderRef);
    const later = completedEvent(booking.orderRef, { completedAt: '2031-01-01T00:00:00.000Z' });
    await deliver(first);
    expect((await deliver(later)).status).toBe(200);
    expect((await bookingRow(booking.id)).paid_event_id).toBe(first.eventId);
  });

  it('handles simultaneous redeliveries of one event once', async () => {
    const booking = await newBooking();
    const event = completedEvent(booking.orderRef);
    const responses = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await processedCount(event.eventId)).toBe(1);
    expect((await bookingRow(booking.id)).paid_event_id).toBe(event.eventId);
  });

  it('answers 400 and changes nothing when the signature is bad', async () => {
    const booking = await newBooking();
    const event = completedEvent(booking.orderRef);
    expect((await deliver(event, newSigningSecret())).status).toBe(400);
    const unsigned = await fetch(`${merchant.baseUrl}/webhooks/paysplit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await processedCount(event.eventId)).toBe(0);
    expect((await bookingRow(booking.id)).status).toBe('awaiting_payment');
  });

  it('does not mark a booking paid when the completed amount differs from the booking', async () => {
    const booking = await newBooking();
    const event = completedEvent(booking.orderRef, { amountMinor: '100' });
    expect((await deliver(event)).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe('awaiting_payment');
  });

  it('acknowledges and ignores other and unknown event types', async () => {
    const booking = await newBooking();
    for (const type of ['SERVICE_PAYMENT_RECORDED', 'SERVICE_SOMETHING_NEW']) {
      const event = { ...completedEvent(booking.orderRef), type };
      const response = await deliver(event);
      expect(response.status).toBe(200);
      expect(await processedCount(event.eventId)).toBe(1);
    }
    expect((await bookingRow(booking.id)).status).toBe('awaiting_payment');
  });

  it('marks an unpaid booking EXPIRED or CANCELLED when its session ends, once, and never a paid one', async () => {
    const endedEvent = (orderReference: string, type: 'SERVICE_SESSION_EXPIRED' | 'SERVICE_SESSION_CANCELLED') => ({
      ...completedEvent(orderReference),
      type,
      status: type === 'SERVICE_SESSION_EXPIRED' ? 'expired' : 'cancelled',
      paidMinor: '12000',
      refundsOwed: [],
      ...(type === 'SERVICE_SESSION_EXPIRED' ? { expiredAt: '2030-01-03T00:00:00.000Z' } : { cancelledBy: 'merchant' }),
    });
    const expiring = await newBooking();
    const expired = endedEvent(expiring.orderRef, 'SERVICE_SESSION_EXPIRED');
    expect((await deliver(expired)).status).toBe(200);
    expect((await deliver(expired)).status).toBe(200);
    const { rows } = await merchant.pool.query('select status, ended_at from merchant_demo.booking where id = $1', [expiring.id]);
    expect(rows[0]).toEqual({ status: 'expired', ended_at: new Date('2030-01-03T00:00:00.000Z') });

    const cancelling = await newBooking();
    expect((await deliver(endedEvent(cancelling.orderRef, 'SERVICE_SESSION_CANCELLED'))).status).toBe(200);
    expect((await bookingRow(cancelling.id)).status).toBe('cancelled');

    const list = await (await fetch(`${merchant.baseUrl}/bookings`)).text();
    const card = (id: string) =>
      list.slice(list.indexOf(`/bookings/${id}/confirmation`), list.indexOf('</li>', list.indexOf(`/bookings/${id}/`)));
    expect(card(expiring.id)).toContain('EXPIRED');
    expect(card(cancelling.id)).toContain('CANCELLED');
    expect(card(cancelling.id)).not.toContain('Cancel booking and refund');
    const confirmation = await (await fetch(`${merchant.baseUrl}/bookings/${expiring.id}/confirmation`)).text();
    expect(confirmation).toContain('Not everyone paid before the deadline, so the table is not booked.');
    // Nothing to wait for: the page does not ask for the status any more.
    expect(confirmation).not.toContain('booking-status.js');
    expect(await (await fetch(`${merchant.baseUrl}/bookings/${expiring.id}/status`)).json()).toEqual({ status: 'expired' });

    const paid = await newBooking();
    await deliver(completedEvent(paid.orderRef));
    expect((await deliver(endedEvent(paid.orderRef, 'SERVICE_SESSION_CANCELLED'))).status).toBe(200);
    expect((await bookingRow(paid.id)).status).toBe('paid');
  });
});
