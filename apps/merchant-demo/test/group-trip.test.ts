import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
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

const organiser = { organiserName: 'Aroha Ngata', organiserEmail: 'aroha@example.com' };

/** A trip started from the home page: its booking row and what PaySplit answered. */
async function startTrip() {
  const response = await postForm(`${merchant.baseUrl}/trips`, organiser);
  expect(response.status).toBe(303);
  const tripPath = response.headers.get('location')!;
  expect(tripPath).toMatch(/^\/trips\/[0-9a-f-]{36}$/);
  const { rows } = await merchant.pool.query(
    `select id, order_ref, session_id, host_token, join_url, amount_minor::text as amount_minor, kind, status
     from merchant_demo.booking where id = $1`,
    [tripPath.split('/').at(-1)],
  );
  return rows[0] as {
    id: string;
    order_ref: string;
    session_id: string;
    host_token: string;
    join_url: string;
    amount_minor: string;
    kind: string;
    status: string;
  };
}

function envelope(trip: { order_ref: string; session_id: string }, type: string, sessionVersion: number, fields: object) {
  return {
    eventId: randomUUID(),
    type,
    createdAt: new Date(Date.UTC(2030, 0, 2, 3, 4, sessionVersion)).toISOString(),
    mode: 'test',
    sessionId: trip.session_id,
    sessionVersion,
    orderReference: trip.order_ref,
    amountMinor: '120000',
    currency: 'NZD',
    metadata: {},
    ...fields,
  };
}

function joined(trip: { order_ref: string; session_id: string }, sessionVersion: number, name: string, places: number, placesSold: number) {
  return envelope(trip, 'SERVICE_GROUP_JOINED', sessionVersion, {
    participant: { participantId: randomUUID(), displayName: name, places, amountMinor: String(30000 * places) },
    placesSold,
    placesLeft: 10 - placesSold,
    pricePerPlaceMinor: String(Math.ceil(120000 / Math.max(4, placesSold + 1))),
  });
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

const page = async (path: string) => (await (await fetch(`${merchant.baseUrl}${path}`)).text()).replace(/\s+/g, ' ');

describe('the group trip (an open group)', () => {
  it('is offered on the home page beside the dinner, with the organiser’s form', async () => {
    const home = await page('/');
    expect(home).toContain('Dinner for 4 — NZ$480.00, split the bill');
    expect(home).toContain('Harbour sailing trip — NZ$1,200.00 for the boat, shared');
    expect(home).toContain('NZ$300.00 with 4, NZ$120.00 with 10');
    expect(home).toMatch(/<form method="post" action="\/trips" novalidate>/);
    expect(home).toContain('<label for="organiserName">Your name</label>');
    expect(home).toContain('<label for="organiserEmail">Your email</label>');
  });

  it('refuses a missing name or an email that is not one, beside each field, and starts nothing', async () => {
    const before = paysplit.requests.length;
    const { rows: counted } = await merchant.pool.query(`select count(*)::int as n from merchant_demo.booking`);
    const response = await postForm(`${merchant.baseUrl}/trips`, { organiserName: '  ', organiserEmail: 'not-an-email' });
    expect(response.status).toBe(400);
    const text = (await response.text()).replace(/\s+/g, ' ');
    expect(text).toContain('<title>Error: ');
    expect(text).toContain('<p class="field-error" id="organiserName-error">Enter your name</p>');
    expect(text).toContain('<p class="field-error" id="organiserEmail-error">Enter an email address like name@example.com</p>');
    // What was typed stays in the form, to correct rather than type again.
    expect(text).toContain('value="not-an-email"');
    expect(text).toMatch(/id="organiserName"[^>]*aria-invalid="true"[^>]*autofocus/);
    const long = await postForm(`${merchant.baseUrl}/trips`, { organiserName: 'x'.repeat(81), organiserEmail: 'a@b.nz' });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Your name must be one line of at most 80 characters');
    expect(paysplit.requests.length).toBe(before);
    const { rows: after } = await merchant.pool.query(`select count(*)::int as n from merchant_demo.booking`);
    expect(after).toEqual(counted);
  });

  it('creates an open group through the SDK (split_total, 4 to 10 places, the organiser), then shows the link to share and the organiser’s way in', async () => {
    const trip = await startTrip();
    expect(trip).toMatchObject({ kind: 'open_group', amount_minor: '120000', status: 'awaiting_payment' });
    expect(trip.order_ref).toMatch(/^trip-[0-9a-f]{10}$/);
    const call = paysplit.requests.filter((request) => request.path === '/api/v1/payments/sessions').at(-1)!;
    expect(call.headers['idempotency-key']).toBe(`trip-${trip.id}-create`);
    expect(call.body).toEqual({
      integrationId: merchant.config.paysplit.integrationId,
      amountMinor: '120000',
      currency: 'NZD',
      merchantOrderRef: trip.order_ref,
      description: 'Harbour sailing trip',
      successUrl: `${merchant.baseUrl}/trips/${trip.id}`,
      cancelUrl: `${merchant.baseUrl}/`,
      openGroup: { minPlaces: 4, maxPlaces: 10, pricing: 'split_total', ...organiser },
    });

    const shown = await page(`/trips/${trip.id}`);
    expect(shown).toContain('Organised by Aroha Ngata.');
    expect(shown).toContain('Waiting for people to join: 0 of 10 places taken (4 needed).');
    expect(shown).toContain(`<input id="join-link" type="url" readonly value="${trip.join_url}" />`);
    expect(shown).toContain(`<a class="button neutral" href="/trips/${trip.id}/organiser">Open the organiser's page</a>`);
    expect(shown).toContain('One more place costs <strong>NZ$300.00</strong> now.');
    // The organiser's page opens with the hostToken: only through a redirect, never in a page.
    expect(shown).not.toContain(trip.host_token);
    const organiserPage = await fetch(`${merchant.baseUrl}/trips/${trip.id}/organiser`, { redirect: 'manual' });
    expect(organiserPage.status).toBe(302);
    expect(organiserPage.headers.get('location')).toBe(`${paysplit.baseUrl}/pay/${trip.session_id}?host=1&hostToken=${trip.host_token}`);
    expect(organiserPage.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await fetch(`${merchant.baseUrl}/trips/${randomUUID()}/organiser`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${merchant.baseUrl}/trips/not-a-trip`)).status).toBe(404);
    // The dinner's confirmation route leads a trip to its own page.
    const confirmation = await fetch(`${merchant.baseUrl}/bookings/${trip.id}/confirmation`, { redirect: 'manual' });
    expect(confirmation.headers.get('location')).toBe(`/trips/${trip.id}`);
    expect(merchant.logLines.join('')).not.toContain(trip.host_token);
  });

  it('keeps the trip and offers to try again when PaySplit refuses the group', async () => {
    paysplit.failNext({ status: 400, code: 'VALIDATION_ERROR', requestId: 'req_group_1' });
    const refused = await postForm(`${merchant.baseUrl}/trips`, organiser);
    expect(refused.status).toBe(500);
    const text = await refused.text();
    expect(text).toContain('req_group_1');
    const retry = /action="(\/trips\/[0-9a-f-]+\/start)"/.exec(text)?.[1];
    expect(retry).toBeDefined();
    const retried = await postForm(`${merchant.baseUrl}${retry}`);
    expect(retried.status).toBe(303);
    const tripId = retry!.split('/')[2]!;
    expect(retried.headers.get('location')).toBe(`/trips/${tripId}`);
    expect(paysplit.requests.at(-1)!.headers['idempotency-key']).toBe(`trip-${tripId}-create`);
    // Started: another press of the button leads to the page, not to a second group.
    const requests = paysplit.requests.length;
    expect((await postForm(`${merchant.baseUrl}${retry}`)).headers.get('location')).toBe(`/trips/${tripId}`);
    expect(paysplit.requests.length).toBe(requests);
  });

  it('follows the group’s events (joined, tipped, full; late or repeated ones change nothing) and is PAID once on completion', async () => {
    const trip = await startTrip();
    const events = [
      joined(trip, 3, 'Aroha', 3, 3),
      joined(trip, 5, 'Ben', 3, 6),
      envelope(trip, 'SERVICE_GROUP_TIPPED', 5, { placesSold: 6, pricePerPlaceMinor: '17143', minPlaces: 4, maxPlaces: 10 }),
      joined(trip, 7, 'Caleb', 2, 8),
    ];
    // Delivered out of order, and one twice: the newest counts stand.
    for (const event of [events[1]!, events[0]!, events[3]!, events[2]!, events[0]!]) await deliver(event);
    let shown = await page(`/trips/${trip.id}`);
    expect(shown).toContain('GOING AHEAD</span> It&#39;s on: 8 of 10 places taken.');
    expect(shown).toContain('<li>Aroha: 3 places</li><li>Ben: 3 places</li><li>Caleb: 2 places</li>');
    const list = await page('/bookings');
    expect(list).toContain('<dd data-places-sold="8">8 of 10 places taken</dd>');
    expect(list).toContain('NZ$1,200.00, shared');

    await deliver(joined(trip, 9, 'Dana', 2, 10));
    await deliver(envelope(trip, 'SERVICE_GROUP_FULL', 9, { placesSold: 10, finalPricePerPlaceMinor: '12000' }));
    shown = await page(`/trips/${trip.id}`);
    expect(shown).toContain('FULL</span> Every place is taken');
    expect(shown).toContain('Each place costs <strong>NZ$120.00</strong>.');
    // Full: no more joining, so no link to share.
    expect(shown).not.toContain('join-link');

    const completed = envelope(trip, 'SERVICE_SESSION_COMPLETED', 14, {
      amountMinor: '120000',
      currency: 'NZD',
      completedAt: '2030-01-02T05:00:00.000Z',
      metadata: {},
      payments: [{ paymentId: randomUUID(), participantId: randomUUID(), amountMinor: '36000', processorReference: 'cs_test_1' }],
    });
    await deliver(completed);
    await deliver(completed);
    const { rows } = await merchant.pool.query(`select status, paid_event_id from merchant_demo.booking where id = $1`, [trip.id]);
    expect(rows).toEqual([{ status: 'paid', paid_event_id: completed.eventId }]);
    shown = await page(`/trips/${trip.id}`);
    expect(shown).toContain('PAID</span> Booked: 10 places at NZ$120.00 a place');
  });

  it('is cancelled when its group expires short of the minimum, and a group event of another session changes nothing', async () => {
    const trip = await startTrip();
    await deliver(joined(trip, 3, 'Aroha', 1, 1));
    await deliver(joined({ ...trip, session_id: randomUUID() }, 4, 'Mallory', 5, 6));
    await deliver(
      envelope(trip, 'SERVICE_SESSION_EXPIRED', 6, { expiredAt: '2030-01-09T00:00:00.000Z', amountMinor: '120000', currency: 'NZD' }),
    );
    const shown = await page(`/trips/${trip.id}`);
    expect(shown).toContain('CANCELLED</span> The group did not reach 4 places by its deadline, so the trip is off.');
    expect(shown).toContain('<li>Aroha: 1 place</li>');
    expect(shown).not.toContain('Mallory');
    expect(shown).not.toContain('join-link');
    const { rows } = await merchant.pool.query(`select status, places_sold from merchant_demo.booking where id = $1`, [trip.id]);
    expect(rows).toEqual([{ status: 'expired', places_sold: 1 }]);
  });
});
