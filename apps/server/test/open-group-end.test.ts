import { negotiateLocale, SUPPORTED_LOCALES } from '@paysplit/domain';
import { createClient, isEventType } from '@paysplit/sdk';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupFullEventSchema,
  groupTippedEventSchema,
  partnerPaymentCaptureSchema,
  sessionCompletedEventSchema,
} from '../src/rest/outgoing-calls.js';
import { type EmailFacts, renderEmail } from '../src/modules/emails/email-content.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// An open group's end over real HTTP, the real database and a real SMTP server, against a merchant
// written on the SDK that verifies every call PaySplit makes (create-payment, cancel, capture,
// refund, webhooks). A group tips once (one SERVICE_GROUP_TIPPED, "It's on" to each payer whose
// places count and the organiser), ends full at once or at its deadline (the test clock) with each
// payer's final amount, captured for exactly that under manual capture, or completed with the
// price drop refunded under automatic; a group that did not tip expires, its holds released and
// its people told it did not reach its minimum.

const HOUR = 3_600_000;
let server: TestServer;
let shop: CheckoutMerchant;
let mailbox: TestMailbox;
type Integration = { integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string };
let manual: Integration;
let automatic: Integration;
let counter = 0;

const GROUP_EVENTS = ['SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL', 'SERVICE_SESSION_EXPIRED', 'SERVICE_PAYMENT_CAPTURED'];

beforeAll(async () => {
  mailbox = new TestMailbox();
  await mailbox.start();
  server = await startTestServer({
    webhookRetrySchedule: '50ms,50ms',
    refundRetrySchedule: '50ms,50ms',
    environment: {
      PAYMENT_CALL_RETRY_SCHEDULE: '40ms,40ms',
      SMTP_URL: mailbox.url,
      EMAIL_FROM: 'PaySplit <payments@paysplit.example>',
      EMAIL_RETRY_SCHEDULE: '100ms,200ms',
      EMAIL_SWEEP_MS: '3600000',
    },
  });
  shop = new CheckoutMerchant();
  await shop.start();
  const common = {
    partnerCreatePaymentUrl: shop.createPaymentUrl,
    partnerCancelUrl: shop.cancelUrl,
    webhookUrl: shop.webhookUrl,
    redirectAllowlist: [shop.baseUrl],
  };
  manual = await server.provision({
    ...common,
    name: 'Harbour Trips',
    captureMethod: 'manual',
    partnerCaptureUrl: shop.captureUrl,
    eventSubscriptions: GROUP_EVENTS,
  });
  automatic = await server.provision({
    ...common,
    name: 'Harbour Tickets',
    partnerRefundUrl: shop.refundUrl,
    eventSubscriptions: GROUP_EVENTS.filter((type) => type !== 'SERVICE_PAYMENT_CAPTURED'),
  });
  shop.secrets.push(manual.partnerSecret, automatic.partnerSecret);
  shop.webhookSecrets.push(manual.webhookSecret, automatic.webhookSecret);
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await server?.close();
  await mailbox?.stop();
});

const address = (name: string) => `${name}.${++counter}@open-group.example`;
const plain = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/[\u00a0\u202f]/g, ' ');
const readable = (mail: ParsedMail) => plain(mail.text ?? '');

/** The one email to `address` whose subject says `subject` (waited for: the sender sends several at once, in any order). */
async function mailAbout(address: string, subject: RegExp): Promise<ParsedMail> {
  const about = () => mailbox.to(address).filter((mail) => subject.test(plain(mail.subject ?? '')));
  await until(
    async () => about().length,
    (count) => count > 0,
  );
  expect(about()).toHaveLength(1);
  return about()[0]!;
}

interface GroupTerms {
  pricing: 'split_total' | 'per_place';
  minPlaces: number;
  maxPlaces: number;
  amountMinor?: string;
  pricePerPlaceMinor?: string;
}

/** Creates an open group over REST; its join code is the one in the link to share. */
async function openGroup(integration: Integration, terms: GroupTerms, organiserEmail: string) {
  const { amountMinor, ...group } = terms;
  const created = await postJson<{ sessionId: string; joinUrl: string; expiresAt: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      ...(amountMinor ? { amountMinor } : {}),
      description: 'Sea kayak trip',
      openGroup: { ...group, organiserName: 'Ana', organiserEmail },
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const code = new URL(created.body.joinUrl).searchParams.get('code')!;
  return { sessionId: created.body.sessionId, code, expiresAt: Date.parse(created.body.expiresAt) };
}

const JOIN = `mutation($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
  joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) { participantId redirectUrl amountMinor }
}`;

/** Someone joins through the link: their claim, and the payment the merchant was asked to open a checkout for. */
async function join(sessionId: string, code: string, email: string, places = 1) {
  const browser = new PayBrowser(server.baseUrl);
  const joined = await browser.graphql<{ joinOpenGroup: { participantId: string; amountMinor: string } }>(JOIN, {
    sessionId,
    code,
    input: { displayName: email.split('.')[0], email, places },
  });
  expect(joined.errors, JSON.stringify(joined.errors)).toBeUndefined();
  const { participantId, amountMinor } = joined.data.joinOpenGroup;
  const call = shop.createCalls.findLast((payload) => payload.participantId === participantId)!;
  return { participantId, paymentId: call.paymentId, heldMinor: amountMinor, email, browser };
}

/** The merchant records the processor's authorization (under manual capture, a hold). */
async function record(integration: Integration, paymentId: string) {
  const recorded = await postJson<{ sessionStatus: string }>(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId, action: 'authorize', processorReference: `ch_${paymentId.slice(0, 8)}` },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return recorded.body;
}

/** Each joins and pays in turn, so each is quoted on the places counted before them. */
async function joinAndPay(
  integration: Integration,
  group: { sessionId: string; code: string },
  people: { name: string; places?: number }[],
) {
  const joined = [];
  for (const person of people) {
    const claim = await join(group.sessionId, group.code, address(person.name), person.places ?? 1);
    await record(integration, claim.paymentId);
    joined.push(claim);
  }
  return joined;
}

const api = (integration: Integration) => createClient({ apiKey: integration.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });

const sessionRow = async (sessionId: string) =>
  (
    await server.query<{
      status: string;
      amount_minor: string;
      paid_minor: string;
      refunded_minor: string;
      final_price_per_place_minor: string | null;
    }>(
      `select status, amount_minor::text, paid_minor::text, refunded_minor::text, final_price_per_place_minor::text from session where id = ?`,
      [sessionId],
    )
  )[0]!;

const finalAmounts = (sessionId: string) =>
  server.query<{ id: string; status: string; places: number; final_amount_minor: string | null }>(
    `select id, status, places, final_amount_minor::text from participant where session_id = ? order by created_at, position`,
    [sessionId],
  );

const captureRows = (sessionId: string) =>
  server.query<{ id: string; payment_id: string; amount_minor: string; status: string; call_status: string }>(
    `select id, payment_id, amount_minor::text, status, call_status from payment_call where session_id = ? and kind = 'capture'`,
    [sessionId],
  );

/** The verified events of a session, in the order they were written. */
const eventsOf = (sessionId: string) =>
  server.query<{ type: string; body: string }>(
    `select type, body from webhook_event where session_id = ? order by created_at, session_version`,
    [sessionId],
  );

describe('a manual split_total group that tips at 4 and ends at its deadline with 6', () => {
  it('captures each hold for its final amount, the six summing exactly to the total, then completes once', async () => {
    const organiser = address('ana');
    const group = await openGroup(manual, { pricing: 'split_total', minPlaces: 4, maxPlaces: 8, amountMinor: '6001' }, organiser);
    const payers = await joinAndPay(manual, group, [{ name: 'ben' }, { name: 'cai' }, { name: 'dee' }, { name: 'eli' }]);
    expect((await sessionRow(group.sessionId)).status).toBe('partially_paid');

    // Tipped once, with the fourth hold: the event, and "It's on" to those four and the organiser.
    const tipped = (await eventsOf(group.sessionId)).filter((event) => event.type === 'SERVICE_GROUP_TIPPED');
    expect(tipped).toHaveLength(1);
    expect(groupTippedEventSchema.parse(JSON.parse(tipped[0]!.body))).toMatchObject({
      placesSold: 4,
      minPlaces: 4,
      maxPlaces: 8,
      pricePerPlaceMinor: '1201',
    });
    for (const payer of payers.slice(0, 4)) {
      const mail = await mailAbout(payer.email, /^It’s on/);
      expect(plain(mail.subject ?? '')).toBe('It’s on: the group for Sea kayak trip at Harbour Trips reached 4');
      expect(readable(mail)).toContain('at most the NZ$15.01 held on it now, and less if more people join');
    }
    expect(readable(await mailAbout(organiser, /^It’s on/))).toContain('4 of 8 places are taken');
    // Two more join a group that goes ahead: each is quoted on everyone held and themselves.
    payers.push(...(await joinAndPay(manual, group, [{ name: 'fay' }, { name: 'gus' }])));
    // Quoted on what was sure when each joined: the minimum before it tipped, then everyone held and them.
    expect(payers.map((payer) => payer.heldMinor)).toEqual(['1501', '1501', '1501', '1501', '1201', '1001']);
    expect((await sessionRow(group.sessionId)).status).toBe('partially_paid');
    expect(mailbox.to(payers[4]!.email).filter((mail) => /It’s on/.test(mail.subject ?? ''))).toEqual([]);

    // Five minutes before the deadline someone claims a place and is still paying when it comes.
    await api(manual).sessions.advanceTestClock(group.sessionId, { to: new Date(group.expiresAt - 5 * 60_000).toISOString() });
    const late = await join(group.sessionId, group.code, address('hal'));

    // The deadline, on the session's test clock: the claim's reservation ends with it, then the group at six places.
    const advanced = await api(manual).sessions.advanceTestClock(group.sessionId, { to: new Date(group.expiresAt + HOUR).toISOString() });
    expect(advanced.status).toBe('capturing');
    expect(advanced.ran.map((run) => [run.kind, run.at])).toEqual([
      ['reservation_lapsed', new Date(group.expiresAt).toISOString()],
      ['group_ended', new Date(group.expiresAt).toISOString()],
    ]);
    const finals = (await finalAmounts(group.sessionId)).filter((row) => row.id !== late.participantId);
    // The total over six places by largest remainder: the odd unit to the first to join.
    expect(finals.map((row) => row.final_amount_minor)).toEqual(['1001', '1000', '1000', '1000', '1000', '1000']);
    expect((await finalAmounts(group.sessionId)).find((row) => row.id === late.participantId)).toMatchObject({
      status: 'lapsed',
      final_amount_minor: null,
    });
    await until(
      async () => shop.cancelsOf(late.paymentId),
      (calls) => calls.length === 1 && calls[0]!.payload.reason === 'reservation_lapsed',
    );
    expect(await sessionRow(group.sessionId)).toMatchObject({
      amount_minor: '6001',
      paid_minor: '6001',
      final_price_per_place_minor: '1000',
    });
    // The merchant reads the same: the price a place ended at, and each payer's final amount (none for the lapsed claim).
    const read = (await (
      await fetch(`${server.baseUrl}/api/v1/payments/sessions/${group.sessionId}`, { headers: { 'x-service-api-key': manual.apiKey } })
    ).json()) as { openGroup: { finalPricePerPlaceMinor: string }; participants: { status: string; finalAmountMinor: string | null }[] };
    expect(read.openGroup.finalPricePerPlaceMinor).toBe('1000');
    expect(read.participants.map((participant) => [participant.status, participant.finalAmountMinor])).toEqual([
      ...finals.map((row) => ['paid', row.final_amount_minor]),
      ['lapsed', null],
    ]);

    const captures = await until(
      () => captureRows(group.sessionId),
      (rows) => rows.length === 6 && rows.every((row) => row.status === 'succeeded'),
    );
    const capturedOf = new Map(captures.map((row) => [row.payment_id, BigInt(row.amount_minor)]));
    expect([...capturedOf.values()].reduce((sum, amount) => sum + amount, 0n)).toBe(6001n);
    for (const [i, payer] of payers.entries()) {
      // Exactly the final amount, never more than the hold, asked once per captureId.
      expect(capturedOf.get(payer.paymentId)).toBe(BigInt(finals[i]!.final_amount_minor!));
      expect(capturedOf.get(payer.paymentId)! <= BigInt(payer.heldMinor)).toBe(true);
      const [call, ...again] = shop.capturesOf(payer.paymentId);
      expect(again).toEqual([]);
      expect(partnerPaymentCaptureSchema.parse(call!.payload).amountMinor).toBe(finals[i]!.final_amount_minor);
    }
    await until(
      () => sessionRow(group.sessionId),
      (row) => row.status === 'completed',
    );
    // One completion, after every capture, listing what was taken.
    const events = await eventsOf(group.sessionId);
    const completed = events.filter((event) => event.type === 'SERVICE_SESSION_COMPLETED');
    expect(completed).toHaveLength(1);
    expect(events.findIndex((event) => event.type === 'SERVICE_SESSION_COMPLETED')).toBeGreaterThan(
      events.findLastIndex((event) => event.type === 'SERVICE_PAYMENT_CAPTURED'),
    );
    const completion = sessionCompletedEventSchema.parse(JSON.parse(completed[0]!.body));
    expect(completion.payments.map((payment) => payment.amountMinor).sort()).toEqual(['1000', '1000', '1000', '1000', '1000', '1001']);
    expect(events.filter((event) => event.type === 'SERVICE_GROUP_FULL')).toEqual([]);
    expect(shop.refused).toEqual([]);
  });
});

describe('a group that fills', () => {
  it('ends at once: automatic split_total completes with the price drop refunded, summing to what was paid less the total', async () => {
    const organiser = address('ana');
    const group = await openGroup(automatic, { pricing: 'split_total', minPlaces: 2, maxPlaces: 4, amountMinor: '3000' }, organiser);
    const payers = await joinAndPay(automatic, group, [{ name: 'ben' }, { name: 'cai' }, { name: 'dee', places: 2 }]);
    expect(payers.map((payer) => payer.heldMinor)).toEqual(['1500', '1500', '1500']);
    expect(await sessionRow(group.sessionId)).toMatchObject({
      status: 'completed',
      amount_minor: '3000',
      paid_minor: '3000',
      final_price_per_place_minor: '750',
    });
    expect((await finalAmounts(group.sessionId)).map((row) => row.final_amount_minor)).toEqual(['750', '750', '1500']);

    const events = await eventsOf(group.sessionId);
    expect(
      events.map((event) => event.type).filter((type) => type.startsWith('SERVICE_GROUP') || type === 'SERVICE_SESSION_COMPLETED'),
    ).toEqual(['SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL', 'SERVICE_SESSION_COMPLETED']);
    expect(groupFullEventSchema.parse(JSON.parse(events.find((event) => event.type === 'SERVICE_GROUP_FULL')!.body))).toMatchObject({
      placesSold: 4,
      finalPricePerPlaceMinor: '750',
    });
    const completion = sessionCompletedEventSchema.parse(
      JSON.parse(events.find((event) => event.type === 'SERVICE_SESSION_COMPLETED')!.body),
    );
    expect(completion.payments.map((payment) => [payment.paymentId, payment.amountMinor])).toEqual(
      payers.map((payer, i) => [payer.paymentId, ['750', '750', '1500'][i]]),
    );

    // What each paid above their part goes back, once each, as a price drop.
    const refunds = await until(
      () =>
        server.query<{ payment_id: string; amount_minor: string; purpose: string; status: string }>(
          `select payment_id, amount_minor::text, purpose, status from refund where session_id = ?`,
          [group.sessionId],
        ),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'succeeded'),
    );
    expect(refunds.map((row) => [row.payment_id, row.amount_minor, row.purpose]).sort()).toEqual(
      [
        [payers[0]!.paymentId, '750', 'price_drop'],
        [payers[1]!.paymentId, '750', 'price_drop'],
      ].sort(),
    );
    const paid = payers.reduce((sum, payer) => sum + BigInt(payer.heldMinor), 0n);
    expect(refunds.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n)).toBe(paid - 3000n);
    expect(shop.refundCalls.filter((call) => call.sessionId === group.sessionId)).toHaveLength(2);
    await until(
      () => sessionRow(group.sessionId),
      (row) => row.refunded_minor === '1500',
    );
    // The merchant's endpoint verified each event with the SDK, the group's two among them.
    const delivered = await until(
      async () => shop.events.filter(({ event }) => 'sessionId' in event && event.sessionId === group.sessionId),
      (events) =>
        ['SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL', 'SERVICE_SESSION_COMPLETED'].every((type) =>
          events.some(({ event }) => event.type === type),
        ),
    );
    const full = delivered.find(({ event }) => event.type === 'SERVICE_GROUP_FULL')!.event;
    expect(isEventType(full, 'SERVICE_GROUP_FULL') && full.finalPricePerPlaceMinor).toBe('750');
    expect(shop.refused).toEqual([]);
  });

  it('ends at once: manual per_place asks for its captures with the last place, and again once a declined card is paid again', async () => {
    const group = await openGroup(manual, { pricing: 'per_place', minPlaces: 2, maxPlaces: 3, pricePerPlaceMinor: '2500' }, address('ana'));
    const [first] = await joinAndPay(manual, group, [{ name: 'ben' }]);
    shop.declineCapturesOf.add(first!.paymentId);
    const last = await join(group.sessionId, group.code, address('cai'), 2);
    expect(await record(manual, last.paymentId)).toMatchObject({ sessionStatus: 'capturing' });
    expect(await sessionRow(group.sessionId)).toMatchObject({
      amount_minor: '7500',
      paid_minor: '7500',
      final_price_per_place_minor: '2500',
    });
    const captures = await until(
      () => captureRows(group.sessionId),
      (rows) => rows.length === 2 && rows.every((row) => row.call_status === 'done'),
    );
    expect(captures.map((row) => [row.payment_id, row.amount_minor, row.status]).sort()).toEqual(
      [
        [first!.paymentId, '2500', 'failed'],
        [last.paymentId, '5000', 'succeeded'],
      ].sort(),
    );
    // Ben's card was declined: his place is his to pay again by the deadline, and the group waits.
    expect(await sessionRow(group.sessionId)).toMatchObject({ status: 'partially_paid', paid_minor: '5000' });
    const again = await first!.browser.startPayment(group.sessionId);
    expect(again.errors).toBeUndefined();
    expect(await record(manual, again.data.startPayment.paymentId)).toMatchObject({ sessionStatus: 'capturing' });
    await until(
      () => sessionRow(group.sessionId),
      (row) => row.status === 'completed',
    );
    expect((await captureRows(group.sessionId)).find((row) => row.payment_id === again.data.startPayment.paymentId)).toMatchObject({
      amount_minor: '2500',
      status: 'succeeded',
    });
    // Full once, completed once, whatever ended twice.
    const events = (await eventsOf(group.sessionId)).map((event) => event.type);
    expect(events.filter((type) => type === 'SERVICE_GROUP_FULL')).toHaveLength(1);
    expect(events.filter((type) => type === 'SERVICE_SESSION_COMPLETED')).toHaveLength(1);
    expect((await finalAmounts(group.sessionId)).map((row) => row.final_amount_minor)).toEqual(['2500', '5000']);
  });
});

describe('a group that did not reach its minimum by its deadline', () => {
  it('expires: every hold released, nothing captured, each payer and the organiser told it did not reach 4', async () => {
    const organiser = address('ana');
    const group = await openGroup(manual, { pricing: 'split_total', minPlaces: 4, maxPlaces: 6, amountMinor: '8000' }, organiser);
    const payers = await joinAndPay(manual, group, [{ name: 'ben' }, { name: 'cai' }, { name: 'dee' }]);
    // Five minutes before the deadline a fourth claims a place, and is still paying when it comes:
    // their claim lapses with it, their checkout is cancelled, and nothing of the ending is theirs.
    await api(manual).sessions.advanceTestClock(group.sessionId, { to: new Date(group.expiresAt - 5 * 60_000).toISOString() });
    const unpaid = await join(group.sessionId, group.code, address('eli'));

    const advanced = await api(manual).sessions.advanceTestClock(group.sessionId, { to: new Date(group.expiresAt + HOUR).toISOString() });
    expect(advanced).toMatchObject({ status: 'expired' });
    expect(advanced.ran.map((run) => run.kind)).toEqual(['reservation_lapsed', 'session_expired']);
    const cancels = await until(
      () =>
        server.query<{ payment_id: string; reason: string; status: string }>(
          `select payment_id, reason, status from payment_call where session_id = ? and kind = 'cancel'`,
          [group.sessionId],
        ),
      (rows) => rows.length === 4 && rows.every((row) => row.status === 'succeeded'),
    );
    expect(cancels.map((row) => [row.payment_id, row.reason]).sort()).toEqual(
      [...payers.map((claim) => [claim.paymentId, 'session_expired']), [unpaid.paymentId, 'reservation_lapsed']].sort(),
    );
    expect(await captureRows(group.sessionId)).toEqual([]);
    await until(
      () =>
        server.query<{ n: string }>(`select count(*)::text as n from payment where session_id = ? and status = 'released'`, [
          group.sessionId,
        ]),
      ([row]) => row!.n === '3',
    );
    expect((await finalAmounts(group.sessionId)).map((row) => [row.status, row.final_amount_minor])).toEqual([
      ['paid', null],
      ['paid', null],
      ['paid', null],
      ['lapsed', null],
    ]);

    for (const payer of payers) {
      const mail = await mailAbout(payer.email, /did not reach/);
      expect(plain(mail.subject ?? '')).toBe('The group for Sea kayak trip at Harbour Trips did not reach 4: nothing was charged');
      expect(readable(mail)).toContain('Only 3 places were taken of the 4 needed by');
      expect(readable(mail)).toContain('The hold of NZ$20.00 on your card is released: nothing was charged.');
    }
    expect(readable(await mailAbout(organiser, /did not reach/))).toContain('Nobody was charged: every hold on a card is released.');
    // Only those whose places counted hear how it ended.
    expect(mailbox.to(unpaid.email).filter((mail) => /did not reach/.test(mail.subject ?? ''))).toEqual([]);
    const expired = (await eventsOf(group.sessionId)).filter((event) => event.type === 'SERVICE_SESSION_EXPIRED');
    expect(expired).toHaveLength(1);
    expect((await eventsOf(group.sessionId)).filter((event) => event.type.startsWith('SERVICE_GROUP'))).toEqual([]);
  });
});

describe('what the group emails say, in every language', () => {
  const facts = (over: Partial<EmailFacts>): EmailFacts => ({
    kind: 'group-not-reached',
    locale: negotiateLocale(['en']),
    merchantName: 'Harbour Tickets',
    merchantSite: null,
    accentColor: null,
    description: 'Sea kayak trip',
    orderReference: null,
    recipientName: 'Ben',
    toHost: false,
    organiserName: 'Ana',
    currency: 'NZD',
    timeZone: 'Pacific/Auckland',
    shareMinor: 1500n,
    sessionAmountMinor: 6000n,
    deadline: new Date('2030-03-14T05:00:00Z'),
    payment: null,
    refund: null,
    owedBackMinor: 1500n,
    heldMinor: 0n,
    manualCapture: false,
    duplicateRefund: false,
    refundsAutomatic: true,
    signInExpiresAt: null,
    linkUrl: 'https://paysplit.example/pay/s',
    unsubscribeUrl: null,
    openGroup: { pricing: 'split_total', minPlaces: 4, maxPlaces: 8, placesSold: 3, places: 1 },
    ...over,
  });

  it('tells an automatic payer their payment is on its way back, and the organiser that everyone is refunded', () => {
    const payer = renderEmail(facts({}));
    expect(plain(payer.subject)).toBe('The group for Sea kayak trip at Harbour Tickets did not reach 4: your payment is being refunded');
    expect(plain(payer.text)).toContain('The NZ$15.00 you paid is on its way back to you');
    expect(plain(payer.text)).toContain('because you gave this address when you joined a group payment');
    const organiser = renderEmail(facts({ toHost: true, recipientName: 'Ana', owedBackMinor: 0n }));
    expect(plain(organiser.subject)).toBe(
      'The group for Sea kayak trip at Harbour Tickets did not reach 4: every payment is being refunded',
    );
    expect(plain(organiser.text)).toContain('Everyone who paid is being refunded in full.');
  });

  it('renders both kinds for payer and organiser, held or paid, in each language the emails are written in', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const kind of ['group-tipped', 'group-not-reached'] as const) {
        for (const [toHost, manualCapture, places] of [
          [false, true, 1],
          [false, false, 2],
          [true, true, 0],
          [true, false, 0],
        ] as const) {
          const rendered = renderEmail(
            facts({
              kind,
              locale: negotiateLocale([locale]),
              toHost,
              manualCapture,
              heldMinor: manualCapture ? 1500n : 0n,
              owedBackMinor: manualCapture ? 0n : 1500n,
              openGroup: { pricing: 'split_total', minPlaces: 4, maxPlaces: 8, placesSold: 3, places },
            }),
          );
          const label = `${locale} ${kind} ${toHost ? 'organiser' : 'payer'} ${manualCapture ? 'manual' : 'automatic'}`;
          expect(rendered.subject, label).toMatch(/4|٤/);
          expect(rendered.text, label).not.toMatch(/[{}]/);
          expect(rendered.text, label).toContain('Sea kayak trip');
        }
      }
    }
  });
});

describe('a hold about to lapse in an open group', () => {
  it('keeps the claim for its payer to pay again by the deadline, and counts what is paid again from the holds that still count', async () => {
    const group = await openGroup(manual, { pricing: 'split_total', amountMinor: '100', minPlaces: 1, maxPlaces: 5 }, address('organiser'));
    // Three places before anyone is held: ceil(100 / 3) = 34 each, 102 held, more than the total.
    const claim = await join(group.sessionId, group.code, address('Tui'), 3);
    expect(claim.heldMinor).toBe('102');
    const soon = new Date(Date.now() + server.config.holdMarginMs - 60_000).toISOString();
    const recorded = await postJson<{ paymentStatus: string }>(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: claim.paymentId, action: 'authorize', processorReference: 'ch_tui', holdExpiresAt: soon },
      { 'x-service-api-key': manual.apiKey },
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(await sessionRow(group.sessionId)).toMatchObject({ status: 'partially_paid', paid_minor: '100' });

    expect(await server.holdExpiry.runOnce()).toEqual([claim.paymentId]);
    expect(await sessionRow(group.sessionId)).toMatchObject({ status: 'open', paid_minor: '0' });
    const [row] = await server.query<{ status: string; reserved_until: Date | null }>(
      `select status, reserved_until from participant where id = ?`,
      [claim.participantId],
    );
    expect(row).toMatchObject({ status: 'pending' });
    expect(new Date(row!.reserved_until!).getTime()).toBe(group.expiresAt);
  });
});
