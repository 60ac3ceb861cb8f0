import { createClient, type GroupJoinedEvent, isEventType } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCookieName } from '../src/http/cookies.js';
import { createSessionResponseSchema } from '../src/rest/create-session.js';
import { sessionDetailsSchema } from '../src/rest/session-details.js';
import { groupJoinedEventSchema } from '../src/rest/outgoing-group-joined.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { eventually, LiveSubscriber } from './support/live-subscriber.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// Open groups over real HTTP (docs/plans/open-groups.md §2-§4): creating one (its terms checked
// field by field, the integration able to give money back), its join page, joining (a claim
// reserved under the session's lock and its checkout opened by a merchant written with the SDK
// alone, every partner call and event verified by it), a payment recorded for the claim, the race
// for the last places, lapsed claims, money that arrives for places that went to someone else, and
// leaving.

let server: TestServer;
let shop: CheckoutMerchant;
type Integration = { integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string };
let automatic: Integration;
let manual: Integration;
let noRefundUrl: Integration;
let noCancelUrl: Integration;

beforeAll(async () => {
  server = await startTestServer({ environment: { PAYMENT_CALL_RETRY_SCHEDULE: '40ms,40ms,40ms' } });
  shop = new CheckoutMerchant();
  await shop.start();
  const provision = (name: string, extra: Record<string, unknown>) =>
    server.provision({
      name,
      partnerCreatePaymentUrl: shop.createPaymentUrl,
      partnerCancelUrl: shop.cancelUrl,
      webhookUrl: shop.webhookUrl,
      eventSubscriptions: ['SERVICE_GROUP_JOINED', 'SERVICE_PAYMENT_RECORDED'],
      ...extra,
    });
  automatic = await provision('Group trips', { partnerRefundUrl: shop.refundUrl });
  manual = await provision('Held group trips', { captureMethod: 'manual', partnerCaptureUrl: shop.captureUrl });
  noRefundUrl = await provision('No refund URL', {});
  noCancelUrl = await provision('No cancel URL', { partnerCancelUrl: undefined, partnerRefundUrl: shop.refundUrl });
  shop.secrets.push(automatic.partnerSecret, manual.partnerSecret);
  shop.webhookSecrets.push(automatic.webhookSecret, manual.webhookSecret);
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await server?.close();
});

const api = (integration: Integration) => createClient({ apiKey: integration.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });

/** A new open group of the integration: its id and join code. */
async function openGroup(integration: Integration, terms: Record<string, unknown>, amountMinor: string | null = '120000') {
  const created = await postJson<{ sessionId: string; joinUrl: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, ...(amountMinor ? { amountMinor } : {}), openGroup: terms },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return { sessionId: created.body.sessionId, code: new URL(created.body.joinUrl).searchParams.get('code')! };
}

const JOIN = `mutation($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
  joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) {
    participantId redirectUrl reservedUntil amountMinor pricePerPlaceMinor
    view { viewerRole viewerParticipantId openGroup { placesReserved placesLeft viewerPlaces joinUrl } participants { isYou places status } }
  }
}`;

interface Joined {
  participantId: string;
  redirectUrl: string;
  reservedUntil: string;
  amountMinor: string;
  pricePerPlaceMinor: string;
  view: Record<string, any>;
}

/** One person joining from their own browser. */
async function join(group: { sessionId: string; code: string }, places = 1, name = 'Joiner') {
  const browser = new PayBrowser(server.baseUrl);
  const answer = await browser.graphql<{ joinOpenGroup: Joined }>(JOIN, {
    ...group,
    input: { displayName: name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`, places },
  });
  return { browser, answer, joined: answer.data?.joinOpenGroup };
}

/** The payment the merchant was asked to open a checkout for, for one participant. */
function paymentOf(participantId: string): string {
  const call = shop.createCalls.findLast((payload) => payload.participantId === participantId);
  if (!call) throw new Error(`no checkout was asked for ${participantId}`);
  return call.paymentId;
}

async function details(integration: Integration, sessionId: string) {
  return sessionDetailsSchema.parse(await api(integration).sessions.get(sessionId));
}

describe('joining an open group', () => {
  it('reserves the places, opens the checkout, and counts the payment recorded for them', async () => {
    const group = await openGroup(automatic, { minPlaces: 4, maxPlaces: 10, pricing: 'split_total', maxPlacesPerPayer: 3 });
    const before = Date.now();
    const { browser, answer, joined } = await join(group, 2, 'Mia');
    expect(answer.errors).toBeUndefined();
    expect(browser.lastSetCookie.join(';')).toContain(`${accessCookieName(group.sessionId)}=`);
    // Before the group tips only the payer's own places are sure: 120000 over the minimum of 4.
    expect(joined).toMatchObject({ amountMinor: '60000', pricePerPlaceMinor: '30000' });
    expect(joined!.redirectUrl).toBe(`${shop.baseUrl}/checkout/${paymentOf(joined!.participantId)}`);
    const reservedUntil = new Date(joined!.reservedUntil).getTime();
    expect(reservedUntil - before).toBeGreaterThanOrEqual(899_000);
    expect(reservedUntil - Date.now()).toBeLessThanOrEqual(900_000);
    expect(joined!.view).toMatchObject({
      viewerRole: 'PARTICIPANT',
      viewerParticipantId: joined!.participantId,
      openGroup: { placesReserved: 2, placesLeft: 8, viewerPlaces: 2, joinUrl: null },
      participants: [{ isYou: true, places: 2, status: 'PENDING' }],
    });
    const call = shop.createCalls.find((payload) => payload.participantId === joined!.participantId)!;
    expect(call).toMatchObject({ sessionId: group.sessionId, amountMinor: '60000', payerRole: 'participant' });

    const pending = await details(automatic, group.sessionId);
    expect(pending.participants).toEqual([
      expect.objectContaining({ participantId: joined!.participantId, status: 'pending', places: 2, reservedUntil: joined!.reservedUntil }),
    ]);
    expect(pending.openGroup).toMatchObject({ placesSold: 0, placesReserved: 2, placesLeft: 8 });

    const recorded = await api(automatic).payments.record({ paymentId: call.paymentId, action: 'authorize', processorReference: 'ch_mia' });
    expect(recorded).toMatchObject({ paymentStatus: 'authorized', sessionStatus: 'partially_paid', refundRequired: false });
    const paid = await details(automatic, group.sessionId);
    expect(paid.participants[0]).toMatchObject({ status: 'paid', places: 2, reservedUntil: null, finalAmountMinor: null });
    expect(paid.openGroup).toMatchObject({ placesSold: 2, placesReserved: 0, placesLeft: 8, pricePerPlaceMinor: '30000' });
    expect({ amountMinor: paid.amountMinor, paidMinor: paid.paidMinor }).toEqual({ amountMinor: '120000', paidMinor: '60000' });

    // The merchant hears of it once, signed, as the SDK reads it.
    const events = await until(
      async () =>
        shop.events.filter(
          (received) =>
            received.event.type === 'SERVICE_GROUP_JOINED' && 'sessionId' in received.event && received.event.sessionId === group.sessionId,
        ),
      (found) => found.length > 0,
    );
    const event = events[0]!.event;
    expect(isEventType(event, 'SERVICE_GROUP_JOINED')).toBe(true);
    expect(groupJoinedEventSchema.parse(event)).toMatchObject({
      participant: { participantId: joined!.participantId, displayName: 'Mia', places: 2, amountMinor: '60000' },
      placesSold: 2,
      placesLeft: 8,
      pricePerPlaceMinor: '30000',
    } satisfies Partial<GroupJoinedEvent>);
    // Recording it again answers the same and writes nothing more.
    await api(automatic).payments.record({ paymentId: call.paymentId, action: 'authorize', processorReference: 'ch_mia' });
    const joinedEvents = await server.query<{ count: string }>(
      `select count(*) from webhook_event where session_id = ? and type = 'SERVICE_GROUP_JOINED'`,
      [group.sessionId],
    );
    expect(Number(joinedEvents[0]!.count)).toBe(1);

    // Their cookie opens their own page.
    const view = await browser.view(group.sessionId);
    expect(view.errors).toBeUndefined();
    expect(view.data.paySession.viewerParticipantId).toBe(joined!.participantId);
  });

  it("shows a payer their own claim only, never the other payers' names, while counting everyone", async () => {
    const group = await openGroup(automatic, { minPlaces: 2, maxPlaces: 6, pricing: 'split_total' });
    await join(group, 1, 'Ana');
    const { joined, browser } = await join(group, 2, 'Ben');
    expect(joined!.view.participants).toEqual([{ isYou: true, places: 2, status: 'PENDING' }]);
    expect(joined!.view.openGroup).toMatchObject({ placesReserved: 3, placesLeft: 3, viewerPlaces: 2 });
    const page = await browser.view(group.sessionId);
    expect(JSON.stringify(page.data)).toContain('"displayName":"Ben"');
    expect(JSON.stringify(page.data)).not.toContain('Ana');
  });

  it('keeps the join page live: first as it is, then each join; a wrong code is refused', async () => {
    const group = await openGroup(automatic, { minPlaces: 2, maxPlaces: 6, pricing: 'split_total' });
    const query = `subscription($sessionId: ID!, $code: String!) { openGroupInvitationChanged(sessionId: $sessionId, code: $code) {
      status openGroup { placesSold placesReserved placesLeft pricePerPlaceMinor joinUrl } } }`;
    const page = await new LiveSubscriber(server.baseUrl, '').subscribe(group.sessionId, query, { code: group.code });
    const stranger = await new LiveSubscriber(server.baseUrl, '').subscribe(group.sessionId, query, { code: 'y'.repeat(43) });
    try {
      expect(await page.answered()).toBe(true);
      expect(page.pushes[0]!.data.openGroupInvitationChanged).toEqual({
        status: 'OPEN',
        openGroup: { placesSold: 0, placesReserved: 0, placesLeft: 6, pricePerPlaceMinor: '60000', joinUrl: null },
      });
      const { joined } = await join(group, 2, 'Live one');
      const seen = (reserved: number, sold: number) => () =>
        page.pushes.some((push) => {
          const figures = push.data?.openGroupInvitationChanged?.openGroup;
          return figures?.placesReserved === reserved && figures?.placesSold === sold;
        });
      expect(await eventually(seen(2, 0), 5_000)).toBe(true);
      await api(automatic).payments.record({ paymentId: paymentOf(joined!.participantId), action: 'authorize' });
      expect(await eventually(seen(0, 2), 5_000)).toBe(true);
      expect(await stranger.answered()).toBe(true);
      expect(stranger.refusal?.[0]?.extensions?.code).toBe('SESSION_NOT_FOUND');
    } finally {
      page.close();
      stranger.close();
    }
  });

  it('gives exactly the last 3 places to 3 of 50 people joining at once; the others get GROUP_FULL with no checkout', async () => {
    const group = await openGroup(automatic, { minPlaces: 2, maxPlaces: 5, pricing: 'per_place', pricePerPlaceMinor: '2500' }, null);
    const first = await join(group, 2, 'Early');
    expect(first.answer.errors).toBeUndefined();
    const callsBefore = shop.createCalls.length;
    const racers = await Promise.all(Array.from({ length: 50 }, (_, index) => join(group, 1, `Racer ${index}`)));
    const won = racers.filter((racer) => racer.answer.errors === undefined);
    const lost = racers.filter((racer) => racer.answer.errors !== undefined);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(47);
    for (const racer of lost) {
      expect(racer.answer.errors![0]!.extensions.code).toBe('GROUP_FULL');
      expect(racer.browser.lastSetCookie).toEqual([]);
    }
    expect(shop.createCalls.length - callsBefore).toBe(3);
    const claims = await server.query<{ places: number; status: string }>('select places, status from participant where session_id = ?', [
      group.sessionId,
    ]);
    expect(claims).toHaveLength(4);
    expect(claims.reduce((sum, claim) => sum + claim.places, 0)).toBe(5);
    const payments = await server.query<{ count: string }>('select count(*) from payment where session_id = ?', [group.sessionId]);
    expect(Number(payments[0]!.count)).toBe(4);
  });

  it('refuses bad input, a wrong code and an ended group before anything is written', async () => {
    const group = await openGroup(automatic, { minPlaces: 1, maxPlaces: 4, maxPlacesPerPayer: 2, pricing: 'split_total' });
    const anyone = new PayBrowser(server.baseUrl);
    const attempt = (variables: Record<string, unknown>, input: Record<string, unknown> = {}) =>
      anyone.graphql(JOIN, { ...group, ...variables, input: { displayName: 'Ana', email: 'ana@example.com', places: 1, ...input } });
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{}, { places: 3 }, 'VALIDATION_ERROR'],
      [{}, { places: 0 }, 'VALIDATION_ERROR'],
      [{}, { displayName: ' ' }, 'VALIDATION_ERROR'],
      [{}, { email: 'not an address' }, 'VALIDATION_ERROR'],
      [{ code: 'x'.repeat(43) }, {}, 'SESSION_NOT_FOUND'],
    ];
    for (const [variables, input, code] of cases) {
      const refused = await attempt(variables, input);
      expect(refused.errors?.[0]?.extensions.code, JSON.stringify(input)).toBe(code);
    }
    await api(automatic).sessions.cancel(group.sessionId);
    const ended = await attempt({});
    expect(ended.errors?.[0]).toMatchObject({ extensions: { code: 'SESSION_NOT_PAYABLE' }, message: 'This group was cancelled' });
    const written = await server.query<{ count: string }>('select count(*) from participant where session_id = ?', [group.sessionId]);
    expect(Number(written[0]!.count)).toBe(0);
  });

  it('frees the places of a claim whose reservation ran out before the sweep marks it; the sweep then cancels its checkout', async () => {
    const group = await openGroup(automatic, { minPlaces: 1, maxPlaces: 2, pricing: 'split_total' });
    const { joined } = await join(group, 2, 'Slow');
    expect((await join(group, 1, 'Turned away')).answer.errors?.[0]?.extensions.code).toBe('GROUP_FULL');
    // Its time passes (as real time would) with no sweep yet: its places count as free already.
    await server.query(`update participant set reserved_until = now() - interval '1 second' where id = ?`, [joined!.participantId]);
    expect((await details(automatic, group.sessionId)).openGroup).toMatchObject({ placesReserved: 0, placesLeft: 2 });
    const second = await join(group, 2, 'Quick');
    expect(second.answer.errors).toBeUndefined();
    const lapsed = (await server.jobs.runNow('reservation-lapse')) as string[];
    expect(lapsed).toContain(joined!.participantId);
    expect(lapsed).not.toContain(second.joined!.participantId);
    const slowPayment = paymentOf(joined!.participantId);
    const [cancel] = await until(
      async () => shop.cancelsOf(slowPayment),
      (calls) => calls.some((call) => call.status === 200),
    );
    expect(cancel!.payload.reason).toBe('reservation_lapsed');
    const after = await details(automatic, group.sessionId);
    expect(after.participants.map((participant) => participant.status)).toEqual(['lapsed', 'pending']);
    expect(after.payments.find((payment) => payment.paymentId === slowPayment)?.status).toBe('abandoned');
  });

  it('lapses a claim on a test clock advance, as the sweep would', async () => {
    const group = await openGroup(automatic, { minPlaces: 1, maxPlaces: 2, pricing: 'split_total' });
    const { joined } = await join(group, 1, 'Dawdler');
    const advanced = await api(automatic).sessions.advanceTestClock(group.sessionId, { seconds: 901 });
    expect(advanced.ran).toEqual([expect.objectContaining({ kind: 'reservation_lapsed', participantId: joined!.participantId })]);
    expect((await details(automatic, group.sessionId)).participants[0]?.status).toBe('lapsed');
  });
});

/**
 * A claim whose reservation runs out while its payer is still in the checkout: the lapse's cancel
 * fails (the processor says it was paid), and the merchant then records the payment.
 */
async function lateClaim(integration: Integration, group: { sessionId: string; code: string }, places: number) {
  const { joined } = await join(group, places, 'Late');
  const paymentId = paymentOf(joined!.participantId);
  shop.failCancelsOf.add(paymentId);
  await api(integration).sessions.advanceTestClock(group.sessionId, { seconds: 901 });
  await until(
    async () => shop.cancelsOf(paymentId),
    (calls) => calls.some((call) => call.status === 200),
  );
  shop.failCancelsOf.delete(paymentId);
  return { participantId: joined!.participantId, paymentId };
}

describe('a payment for a claim whose places went to someone else', () => {
  it('releases a hold (manual) and refunds a charge (automatic), never counting either', async () => {
    for (const integration of [manual, automatic]) {
      const group = await openGroup(integration, { minPlaces: 1, maxPlaces: 2, pricing: 'split_total' });
      const late = await lateClaim(integration, group, 2);
      const { joined: taker } = await join(group, 2, 'Taker');
      await api(integration).payments.record({ paymentId: paymentOf(taker!.participantId), action: 'authorize' });
      const recorded = await api(integration).payments.record({ paymentId: late.paymentId, action: 'authorize' });
      expect(recorded.refundRequired).toBe(true);
      const after = await details(integration, group.sessionId);
      expect(after.openGroup).toMatchObject({ placesSold: 2, placesLeft: 0 });
      expect(after.paidMinor).toBe('120000');
      expect(after.participants.find((participant) => participant.participantId === late.participantId)?.status).toBe('lapsed');
      if (integration === manual) {
        const calls = await until(
          async () => shop.cancelsOf(late.paymentId).filter((call) => call.payload.reason === 'cannot_count'),
          (found) => found.some((call) => call.status === 200),
        );
        expect(calls[0]!.payload.amountMinor).toBe('120000');
      } else {
        const refunds = await until(
          async () => shop.refundCalls.filter((call) => call.paymentId === late.paymentId),
          (found) => found.length > 0,
        );
        expect(refunds[0]).toMatchObject({ amountMinor: '120000' });
      }
    }
  });

  it('counts a lapsed claim whose places are still free: it takes them back', async () => {
    const group = await openGroup(manual, { minPlaces: 1, maxPlaces: 3, pricing: 'split_total' }, '90000');
    const late = await lateClaim(manual, group, 2);
    const recorded = await api(manual).payments.record({ paymentId: late.paymentId, action: 'authorize' });
    expect(recorded.refundRequired).toBe(false);
    const after = await details(manual, group.sessionId);
    expect(after.openGroup).toMatchObject({ placesSold: 2, placesLeft: 1 });
    expect(after.participants[0]).toMatchObject({ status: 'paid' });
  });
});

describe('leaving an open group', () => {
  const LEAVE = `mutation($sessionId: ID!) { leaveOpenGroup(sessionId: $sessionId) { openGroup { placesSold placesLeft viewerPlaces } participants { isYou status } } }`;

  it('frees the places before it tips: a pending checkout cancelled, a hold released, a charge refunded', async () => {
    for (const integration of [manual, automatic]) {
      const group = await openGroup(integration, { minPlaces: 3, maxPlaces: 3, pricing: 'per_place', pricePerPlaceMinor: '5000' }, null);
      const paying = await join(group, 1, 'Paying');
      const payer = await join(group, 1, 'Payer');
      const payerPayment = paymentOf(payer.joined!.participantId);
      await api(integration).payments.record({ paymentId: payerPayment, action: 'authorize' });
      expect((await join(group, 2, 'Too many')).answer.errors?.[0]?.extensions.code).toBe('GROUP_FULL');

      const gone = await paying.browser.graphql(LEAVE, { sessionId: group.sessionId });
      expect(gone.errors).toBeUndefined();
      expect(gone.data.leaveOpenGroup.openGroup).toEqual({ placesSold: 1, placesLeft: 2, viewerPlaces: 0 });
      const payingPayment = paymentOf(paying.joined!.participantId);
      const [cancel] = await until(
        async () => shop.cancelsOf(payingPayment),
        (calls) => calls.some((call) => call.status === 200),
      );
      expect(cancel!.payload.reason).toBe('payer_left');

      const alsoGone = await payer.browser.graphql(LEAVE, { sessionId: group.sessionId });
      expect(alsoGone.errors).toBeUndefined();
      expect(alsoGone.data.leaveOpenGroup.openGroup).toEqual({ placesSold: 0, placesLeft: 3, viewerPlaces: 0 });
      if (integration === manual) {
        const released = await until(
          async () => shop.cancelsOf(payerPayment),
          (calls) => calls.some((call) => call.status === 200 && call.payload.reason === 'payer_left'),
        );
        expect(released.at(-1)!.payload.amountMinor).toBe('5000');
      } else {
        await until(
          async () => shop.refundCalls.filter((call) => call.paymentId === payerPayment),
          (found) => found.some((call) => call.amountMinor === '5000'),
        );
      }
      const after = await details(integration, group.sessionId);
      expect(after).toMatchObject({ status: 'open', paidMinor: '0', amountMinor: '15000' });
      expect(after.participants.map((participant) => participant.status)).toEqual(['left', 'left']);
      // Leaving twice answers the same; the places stay free for others.
      expect((await payer.browser.graphql(LEAVE, { sessionId: group.sessionId })).errors).toBeUndefined();
      expect((await join(group, 2, 'Now two')).answer.errors).toBeUndefined();
    }
  });

  it('refuses to let anyone leave once the group tipped, and the organiser never', async () => {
    const group = await openGroup(automatic, { minPlaces: 2, maxPlaces: 4, pricing: 'split_total' }, '80000');
    const first = await join(group, 1, 'First');
    const second = await join(group, 1, 'Second');
    for (const person of [first, second]) {
      await api(automatic).payments.record({ paymentId: paymentOf(person.joined!.participantId), action: 'authorize' });
    }
    const refused = await first.browser.graphql(LEAVE, { sessionId: group.sessionId });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'The group has tipped: your place is confirmed',
      extensions: { code: 'GROUP_TIPPED' },
    });
    const pending = await join(group, 1, 'Third');
    expect((await pending.browser.graphql(LEAVE, { sessionId: group.sessionId })).errors?.[0]?.extensions.code).toBe('GROUP_TIPPED');
    expect((await details(automatic, group.sessionId)).openGroup).toMatchObject({ placesSold: 2, placesReserved: 1 });
    expect(shop.refundCalls.filter((call) => call.paymentId === paymentOf(first.joined!.participantId))).toEqual([]);
  });
});

function create(integration: Integration, body: Record<string, unknown>) {
  return postJson<Record<string, any>>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, ...body },
    { 'x-service-api-key': integration.apiKey },
  );
}

async function sessionCount(): Promise<number> {
  const [row] = await server.query<{ count: string }>('select count(*) from session');
  return Number(row!.count);
}

const splitTotal = { minPlaces: 4, maxPlaces: 10, pricing: 'split_total' };

describe('creating an open group', () => {
  it('answers the join link and the group as it starts, split_total', async () => {
    const created = await create(automatic, {
      amountMinor: '100000',
      openGroup: { ...splitTotal, maxPlacesPerPayer: 3, organiserName: '  Ana  ', organiserEmail: 'ana@example.com' },
    });
    expect(created.status).toBe(200);
    expect(createSessionResponseSchema.parse(created.body)).toBeTruthy();
    const { sessionId, joinUrl, openGroup, participantIds, status, amountMinor } = created.body;
    expect(joinUrl).toMatch(new RegExp(`^${server.baseUrl}/pay/${sessionId}/join\\?code=[A-Za-z0-9_-]{43}$`));
    expect(joinUrl).not.toContain(created.body.hostToken);
    expect({ participantIds, status, amountMinor }).toEqual({ participantIds: [], status: 'open', amountMinor: '100000' });
    expect(openGroup).toEqual({
      pricing: 'split_total',
      minPlaces: 4,
      maxPlaces: 10,
      maxPlacesPerPayer: 3,
      pricePerPlaceMinor: '25000',
      maxPricePerPlaceMinor: '25000',
      finalPricePerPlaceMinor: null,
      placesSold: 0,
      placesReserved: 0,
      placesLeft: 10,
      tippedAt: null,
      fullAt: null,
      organiserName: 'Ana',
      joinUrl,
    });
    const stored = await server.query<{ join_code_hash: string }>('select join_code_hash from session where id = ?', [sessionId]);
    expect(stored[0]!.join_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(joinUrl).not.toContain(stored[0]!.join_code_hash);
  });

  it('prices a per_place group by its minimum and takes no amount', async () => {
    const created = await create(automatic, {
      currency: 'EUR',
      openGroup: { minPlaces: 3, maxPlaces: 5, pricing: 'per_place', pricePerPlaceMinor: '4500' },
    });
    expect(created.status).toBe(200);
    expect(created.body.amountMinor).toBe('13500');
    expect(created.body.openGroup).toMatchObject({ pricePerPlaceMinor: '4500', maxPricePerPlaceMinor: '4500', maxPlacesPerPayer: null });
  });

  it.each([
    ['a minimum of 0', { openGroup: { ...splitTotal, minPlaces: 0 }, amountMinor: '1000' }, 'openGroup.minPlaces'],
    ['more than 500 places', { openGroup: { ...splitTotal, maxPlaces: 501 }, amountMinor: '100000' }, 'openGroup.maxPlaces'],
    ['a maximum under the minimum', { openGroup: { ...splitTotal, maxPlaces: 3 }, amountMinor: '1000' }, 'openGroup.maxPlaces'],
    ['a cap over the maximum', { openGroup: { ...splitTotal, maxPlacesPerPayer: 11 }, amountMinor: '1000' }, 'openGroup.maxPlacesPerPayer'],
    [
      'a price with split_total',
      { openGroup: { ...splitTotal, pricePerPlaceMinor: '100' }, amountMinor: '1000' },
      'openGroup.pricePerPlaceMinor',
    ],
    ['split_total without an amount', { openGroup: splitTotal }, 'amountMinor'],
    ['a total under one unit a place', { openGroup: splitTotal, amountMinor: '9' }, 'amountMinor'],
    ['per_place without a price', { openGroup: { minPlaces: 1, maxPlaces: 2, pricing: 'per_place' } }, 'openGroup.pricePerPlaceMinor'],
    [
      'per_place with a zero price',
      { openGroup: { minPlaces: 1, maxPlaces: 2, pricing: 'per_place', pricePerPlaceMinor: '0' } },
      'openGroup.pricePerPlaceMinor',
    ],
    [
      'per_place with an amount',
      { openGroup: { minPlaces: 1, maxPlaces: 2, pricing: 'per_place', pricePerPlaceMinor: '100' }, amountMinor: '200' },
      'amountMinor',
    ],
    [
      'an organiser name of two lines',
      { openGroup: { ...splitTotal, organiserName: 'Ana\nB' }, amountMinor: '1000' },
      'openGroup.organiserName',
    ],
    [
      'an organiser email that is none',
      { openGroup: { ...splitTotal, organiserEmail: 'ana' }, amountMinor: '1000' },
      'openGroup.organiserEmail',
    ],
    ['participants', { openGroup: splitTotal, amountMinor: '1000', participants: [{ displayName: 'A' }] }, 'participants'],
    ['a split mode', { openGroup: splitTotal, amountMinor: '1000', splitMode: 'equal' }, 'splitMode'],
    ['unconfigured', { openGroup: splitTotal, amountMinor: '1000', unconfigured: false }, 'unconfigured'],
    ['an unknown pricing', { openGroup: { ...splitTotal, pricing: 'auction' }, amountMinor: '1000' }, 'openGroup.pricing'],
    ['a fractional minimum', { openGroup: { ...splitTotal, minPlaces: 1.5 }, amountMinor: '1000' }, 'openGroup.minPlaces'],
    ['an unknown field', { openGroup: { ...splitTotal, price: 1 }, amountMinor: '1000' }, 'openGroup'],
  ])('refuses %s with 400 VALIDATION_ERROR on its path, writing nothing', async (_name, body, path) => {
    const before = await sessionCount();
    const refused = await create(automatic, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect((refused.body.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    expect(await sessionCount()).toBe(before);
  });

  it('needs an integration that can give money back, naming the setting', async () => {
    for (const [integration, setting] of [
      [noRefundUrl, 'partnerRefundUrl'],
      [noCancelUrl, 'partnerCancelUrl'],
    ] as const) {
      const refused = await create(integration, { amountMinor: '1000', openGroup: splitTotal });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'openGroup' }] });
      expect(refused.body.message).toContain(setting);
    }
  });

  it('shows the join page to the link, and nothing to a wrong code', async () => {
    const created = await create(automatic, { amountMinor: '90000', description: 'Ski trip', openGroup: splitTotal });
    const { sessionId, joinUrl } = created.body as { sessionId: string; joinUrl: string };
    const code = new URL(joinUrl).searchParams.get('code')!;
    const query = `query($sessionId: ID!, $code: String!) { openGroupInvitation(sessionId: $sessionId, code: $code) {
      sessionId status merchantName description currency captureMethod amountMinor
      openGroup { pricing minPlaces maxPlaces pricePerPlaceMinor placesLeft placesSold joinUrl } } }`;
    const anyone = new PayBrowser(server.baseUrl);
    const shown = await anyone.graphql(query, { sessionId, code });
    expect(shown.errors).toBeUndefined();
    expect(shown.data.openGroupInvitation).toEqual({
      sessionId,
      status: 'OPEN',
      merchantName: 'Group trips',
      description: 'Ski trip',
      currency: 'NZD',
      captureMethod: 'AUTOMATIC',
      amountMinor: '90000',
      openGroup: {
        pricing: 'SPLIT_TOTAL',
        minPlaces: 4,
        maxPlaces: 10,
        pricePerPlaceMinor: '22500',
        placesLeft: 10,
        placesSold: 0,
        joinUrl: null,
      },
    });
    const other = await create(automatic, { amountMinor: '90000', openGroup: splitTotal });
    const otherCode = new URL(other.body.joinUrl as string).searchParams.get('code')!;
    for (const variables of [
      { sessionId, code: otherCode },
      { sessionId, code: 'short' },
      { sessionId: other.body.sessionId, code },
    ]) {
      const refused = await anyone.graphql(query, variables);
      expect(refused.errors?.[0]?.extensions.code).toBe('SESSION_NOT_FOUND');
    }
  });
});
