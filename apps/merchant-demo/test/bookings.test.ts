import { randomUUID } from 'node:crypto';
import { createClient } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function sessionCalls() {
  return paysplit.requests.filter((request) => request.path === '/api/v1/payments/sessions');
}

describe('booking page and bookings', () => {
  it('offers the dinner, split, with a form that posts to /bookings', async () => {
    const response = await fetch(`${merchant.baseUrl}/`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Dinner for 4 — NZ$480.00, split the bill');
    expect(page).toMatch(/<form method="post" action="\/bookings">/);
    expect(page).toContain('href="/bookings"');
  });

  it('creates a booking and a PaySplit session, then sends the host to the sessionUrl', async () => {
    const before = sessionCalls().length;
    const response = await postForm(`${merchant.baseUrl}/bookings`);
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${paysplit.baseUrl}/pay/[0-9a-f-]+\\?host=1&hostToken=ht_`));

    const calls = sessionCalls().slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    const { rows } = await merchant.pool.query(
      'select id, order_ref, session_id, host_token, amount_minor::text, status from merchant_demo.booking order by created_at desc limit 1',
    );
    const booking = rows[0] as {
      id: string;
      order_ref: string;
      session_id: string;
      host_token: string;
      amount_minor: string;
      status: string;
    };
    expect(booking.order_ref).toMatch(/^booking-[a-f0-9]+$/);
    expect(location).toContain(`/pay/${booking.session_id}?`);
    expect(location).toContain(booking.host_token);
    expect(booking).toMatchObject({ amount_minor: '48000', status: 'awaiting_payment' });

    expect(call.headers['x-service-api-key']).toBe(apiKey);
    expect(call.headers['idempotency-key']).toBe(`booking-${booking.id}-create`);
    expect(call.body).toEqual({
      integrationId: merchant.config.paysplit.integrationId,
      amountMinor: '48000',
      currency: 'NZD',
      merchantOrderRef: booking.order_ref,
      // What is bought, for the pay pages (issue 17).
      description: 'Dinner for 4',
      successUrl: `${merchant.baseUrl}/bookings/${booking.id}/confirmation`,
      cancelUrl: `${merchant.baseUrl}/`,
    });

    // The hostToken is a credential: stored, but never shown on a page or written to a log.
    const list = await (await fetch(`${merchant.baseUrl}/bookings`)).text();
    expect(list).toContain(booking.order_ref);
    expect(list).toContain('Awaiting payment');
    expect(list).not.toContain('PAID');
    expect(list).not.toContain(booking.host_token);
    const confirmation = await (await fetch(`${merchant.baseUrl}/bookings/${booking.id}/confirmation`)).text();
    expect(confirmation).toContain('Waiting for payment confirmation…');
    // No timed refresh (it reloads under a screen reader): a script asks for the status, a link without it.
    expect(confirmation).not.toContain('http-equiv="refresh"');
    expect(confirmation).toContain('<script src="/assets/booking-status.js" defer></script>');
    expect(confirmation).toContain(`<a href="/bookings/${booking.id}/confirmation">Check again</a>`);
    const status = await fetch(`${merchant.baseUrl}/bookings/${booking.id}/status`);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(await status.json()).toEqual({ status: 'awaiting_payment' });
    const script = await fetch(`${merchant.baseUrl}/assets/booking-status.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(() => new Function(source)).not.toThrow();
    expect((await fetch(`${merchant.baseUrl}/bookings/00000000-0000-4000-8000-000000000000/status`)).status).toBe(404);
    expect(confirmation).not.toContain('PAID');
    expect(confirmation).not.toContain(booking.host_token);
    // The host's way back to the split: a link to our own route, which redirects to the sessionUrl.
    expect(confirmation).toContain(`<a href="/bookings/${booking.id}/split">Return to your split</a>`);
    const back = await fetch(`${merchant.baseUrl}/bookings/${booking.id}/split`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(location);
    expect(back.headers.get('cache-control')).toBe('no-store');
    expect(back.headers.get('referrer-policy')).toBe('no-referrer');
    const logs = merchant.logLines.join('');
    expect(logs).toContain(booking.session_id);
    expect(logs).not.toContain(booking.host_token);
    expect(logs).not.toContain(apiKey);
  });

  it('shows PaySplit’s error code and request id when the session cannot be created, never the key', async () => {
    paysplit.failNext({ status: 400, code: 'INVALID_AMOUNT', requestId: 'req_create_fail_1' });
    const response = await postForm(`${merchant.baseUrl}/bookings`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('INVALID_AMOUNT');
    expect(page).toContain('req_create_fail_1');
    expect(page).not.toContain(apiKey);

    // The retry button reuses the booking and its idempotency key.
    const retryAction = /action="(\/bookings\/[0-9a-f-]+\/start)"/.exec(page)?.[1];
    expect(retryAction).toBeDefined();
    const retried = await postForm(`${merchant.baseUrl}${retryAction}`);
    expect(retried.status).toBe(303);
    const bookingId = retryAction!.split('/')[2];
    expect(sessionCalls().at(-1)!.headers['idempotency-key']).toBe(`booking-${bookingId}-create`);
  });

  it('answers 502 when PaySplit cannot be reached', async () => {
    // Port 9 refuses connections; no retries, so the test does not wait out the SDK's backoff.
    const offline = createClient({ apiKey, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
    const unreachable = await startMerchant({ apiKey, paysplit: offline });
    try {
      const response = await postForm(`${unreachable.baseUrl}/bookings`);
      expect(response.status).toBe(502);
      expect(await response.text()).toContain('NETWORK_ERROR');
    } finally {
      await unreachable.close();
    }
  });

  it('answers 404 for an unknown booking and reports health', async () => {
    expect((await fetch(`${merchant.baseUrl}/bookings/${randomUUID()}/confirmation`)).status).toBe(404);
    expect((await fetch(`${merchant.baseUrl}/bookings/not-a-uuid/confirmation`)).status).toBe(404);
    expect((await fetch(`${merchant.baseUrl}/bookings/${randomUUID()}/split`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${merchant.baseUrl}/bookings/not-a-uuid/split`, { redirect: 'manual' })).status).toBe(404);
    const health = await fetch(`${merchant.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
