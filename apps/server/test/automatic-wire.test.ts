/**
 * The merchant's wire for an integration with automatic capture (today's behaviour), frozen.
 *
 * A scripted journey over real HTTP: sessions created, configured, paid, a replaced checkout paid
 * twice, completed, refunded by the merchant, expired and cancelled with money owed, and a few
 * refusals on each route. Every REST reply (status, headers, body), every partner call PaySplit
 * makes (create-payment, refund: headers and body) and every webhook body is recorded, ids,
 * tokens, signatures and times are replaced by placeholders (support/wire-recorder.ts), and the
 * result must equal the bytes of fixtures/automatic-wire/<scenario>.json.
 *
 * Changing what an automatic integration sees is a decision, not a side effect. When it is one:
 *   UPDATE_GOLDEN=1 npx vitest run --config packages/tooling/vitest.config.ts apps/server/test/automatic-wire.test.ts
 * rewrites the fixtures; review their diff line by line before committing it.
 *
 * Deterministic by construction: the partner refund endpoint holds every call until the journey
 * answers it, one payment after the other; each scenario ends by waiting until none of its
 * deliveries or refund calls is outstanding; webhooks are ordered by session version and type,
 * since the order they arrive in is not part of the contract.
 */
import { WEBHOOK_EVENT_TYPES } from '@paysplit/domain';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { RefundEndpoint } from './support/refund-endpoint.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { HeldRefundCalls, type Integration, WireJourney, type WireStage } from './support/wire-journey.js';
import { callRest } from './support/wire-recorder.js';

let offsetMs = 0;
const now = (): Date => new Date(Date.now() + offsetMs);

let server: TestServer;
let merchant: MerchantStub;
let endpoint: RefundEndpoint;
let stage: WireStage;
/** Refunds through PaySplit (a partner refund URL) and every event subscribed: the integration most of the journey acts as. */
let shop: Integration;
/** No partner refund URL: money owed back is listed and recorded as refunded by hand. */
let byHand: Integration;
let disabled: Integration;

beforeAll(async () => {
  merchant = new MerchantStub();
  endpoint = new RefundEndpoint();
  await Promise.all([merchant.start(), endpoint.start()]);
  server = await startTestServer({ now, webhookRetrySchedule: '100ms,200ms,400ms', refundRetrySchedule: '100ms,200ms,400ms' });
  const everyEvent = [...WEBHOOK_EVENT_TYPES];
  const created = await merchant.provisionOn(server, {
    name: 'Golden shop',
    partnerRefundUrl: endpoint.url,
    eventSubscriptions: everyEvent,
  });
  endpoint.secret = created.partnerSecret;
  shop = created;
  byHand = await merchant.provisionOn(server, { name: 'Refunds by hand', eventSubscriptions: everyEvent });
  disabled = await merchant.provisionOn(server, { name: 'Switched off', enabled: false });
  stage = {
    server,
    merchant,
    refundCalls: new HeldRefundCalls(endpoint),
    integration: shop,
    addresses: { [server.baseUrl]: '<paysplit>', [merchant.baseUrl]: '<merchant>', [endpoint.baseUrl]: '<refund-endpoint>' },
  };
});

afterAll(async () => {
  await server?.close();
  await Promise.all([merchant?.stop(), endpoint?.stop()]);
});

beforeEach(() => {
  offsetMs = 0;
});

const fixture = (name: string): URL => new URL(`./fixtures/automatic-wire/${name}.json`, import.meta.url);

/** Opens a session as its host, and as each guest by the invite links the host sees. */
async function browsersOf(sessionId: string, hostToken: string): Promise<PayBrowser[]> {
  const host = new PayBrowser(server.baseUrl);
  const opened = await host.open(sessionId, hostToken);
  const participants = opened.data.openSession.participants as { inviteUrl: string | null }[];
  const guests = participants.slice(1).map(async ({ inviteUrl }) => {
    const guest = new PayBrowser(server.baseUrl);
    await guest.open(sessionId, new URL(inviteUrl!).searchParams.get('token')!);
    return guest;
  });
  return [host, ...(await Promise.all(guests))];
}

const configured = (amountMinor: string, names: string[], extra: Record<string, unknown> = {}) => ({
  amountMinor,
  unconfigured: false,
  splitMode: 'equal',
  participants: names.map((displayName) => ({ displayName })),
  ...extra,
});

describe('the wire an automatic integration sees', () => {
  it('creating sessions, reading them and polling, with the refusals of those routes', async () => {
    const journey = new WireJourney(stage);
    const SESSIONS = '/api/v1/payments/sessions';
    const open = await journey.create('an unconfigured session (the default) with every optional field', {
      amountMinor: '48000',
      currency: 'NZD',
      successUrl: 'https://shop.example.com/thanks',
      cancelUrl: 'https://shop.example.com/cart',
      metadata: { bookingId: 'B-1001', nights: 2, vip: true },
      merchantOrderRef: 'golden-order-1',
      description: 'Dinner for 3',
    });
    const keyed = { 'idempotency-key': 'golden-create-1' };
    const body = { integrationId: shop.integrationId, ...configured('9000', ['Host', 'Guest', 'Third']) };
    const first = await journey.rest('a configured session with an Idempotency-Key', 'POST', SESSIONS, { body, headers: keyed });
    journey.sessionIds.push(first.json.sessionId);
    await journey.rest('the same key and body again: the first reply replayed', 'POST', SESSIONS, { body, headers: keyed });
    await journey.rest('the same key, another body', 'POST', SESSIONS, { body: { ...body, amountMinor: '9001' }, headers: keyed });
    const legacy = await journey.rest('the legacy path, amount in major units and successReturnUrl', 'POST', '/api/payments/sessions', {
      body: {
        integrationId: shop.integrationId,
        amount: 120.5,
        successReturnUrl: 'https://shop.example.com/thanks',
        expiresInSeconds: 7200,
      },
    });
    journey.sessionIds.push(legacy.json.sessionId);
    const exact = await journey.create('an exact split with emails', {
      amountMinor: '10001',
      unconfigured: false,
      splitMode: 'exact',
      participants: [
        { displayName: 'Aroha', email: 'aroha@example.com', amountMinor: '5001' },
        { displayName: 'Ben', amountMinor: '5000' },
      ],
    });

    await journey.rest('no API key', 'POST', SESSIONS, { body: { integrationId: shop.integrationId, amountMinor: '100' }, as: null });
    await journey.rest('an API key that is not ours', 'POST', SESSIONS, {
      body: { integrationId: shop.integrationId, amountMinor: '100' },
      as: { integrationId: shop.integrationId, apiKey: `ps_test_${'x'.repeat(40)}` },
    });
    await journey.rest('a disabled integration', 'POST', SESSIONS, {
      body: { integrationId: disabled.integrationId, amountMinor: '100' },
      as: disabled,
    });
    await journey.rest('another integration than the key', 'POST', SESSIONS, {
      body: { integrationId: byHand.integrationId, amountMinor: '100' },
    });
    await journey.rest('a zero amount', 'POST', SESSIONS, { body: { integrationId: shop.integrationId, amountMinor: '0' } });
    await journey.rest('an unknown field', 'POST', SESSIONS, {
      body: { integrationId: shop.integrationId, amountMinor: '100', captureMethod: 'manual' },
    });
    await journey.rest('shares that do not add up', 'POST', SESSIONS, {
      body: {
        integrationId: shop.integrationId,
        amountMinor: '1000',
        unconfigured: false,
        splitMode: 'exact',
        participants: [
          { displayName: 'A', amountMinor: '400' },
          { displayName: 'B', amountMinor: '400' },
        ],
      },
    });
    await journey.rest('a body that is not JSON', 'POST', SESSIONS, { body: 'amountMinor=100', headers: { 'content-type': 'text/plain' } });

    await journey.get('read the unconfigured session', open.sessionId);
    await journey.get('read the exact split', exact.sessionId);
    await journey.get('read an unknown session', '00000000-0000-4000-8000-000000000000');
    await journey.get("read another merchant's session", open.sessionId, byHand);
    await journey.rest('read a session by an id that is not a UUID', 'GET', `${SESSIONS}/not-a-uuid`);
    await journey.poll('poll the unconfigured session', open.sessionId);
    await journey.rest('poll on the legacy path', 'GET', `/api/payments/unified?sessionId=${exact.sessionId}`, { as: null });
    await journey.poll('poll an unknown session', '00000000-0000-4000-8000-000000000000');
    await journey.rest('poll without a sessionId', 'GET', '/api/v1/payments/unified', { as: null });
    // The poll allows a few calls a second per session; the first refusal is what a too eager poller sees.
    const refused = await until(
      () => callRest(server.baseUrl, 'GET', `/api/v1/payments/unified?sessionId=${first.json.sessionId}`),
      (reply) => reply.status === 429,
    );
    journey.log.rest('poll too often', 'GET /api/v1/payments/unified?sessionId={id}', refused);
    await journey.matches(fixture('create-session'));
  });

  it('configuring the split, paying every share (one checkout failing first) and the completion webhook', async () => {
    const journey = new WireJourney(stage);
    const { sessionId, hostToken } = await journey.create('an unconfigured session', {
      amountMinor: '48000',
      merchantOrderRef: 'golden-order-2',
      metadata: { table: 12 },
    });
    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, hostToken);
    const split = await host.configure({
      sessionId,
      splitMode: 'EXACT',
      participants: [
        { displayName: 'Aroha', amountMinor: '20000' },
        { displayName: 'Ben', email: 'ben@example.com', amountMinor: '15000' },
        { displayName: 'Caleb', amountMinor: '13000' },
      ],
    });
    if (split.errors) throw new Error(JSON.stringify(split.errors));
    const [ben, caleb] = await Promise.all(
      (split.data.configureSession.participants as { inviteUrl: string | null }[]).slice(1).map(async ({ inviteUrl }) => {
        const guest = new PayBrowser(server.baseUrl);
        await guest.open(sessionId, new URL(inviteUrl!).searchParams.get('token')!);
        return guest;
      }),
    );
    await journey.get('read the session the host configured', sessionId);

    const aroha = await journey.startPayment('the host pays', host, sessionId);
    const authorize = { paymentId: aroha, action: 'authorize', processorReference: 'ch_aroha', amountMinor: '20000' };
    await journey.record('the host checkout succeeded', authorize);
    await journey.record('the same record again', authorize);
    await journey.record('a failure recorded after the authorization', { paymentId: aroha, action: 'fail' });
    await journey.poll('poll with one share paid', sessionId);
    const second = await journey.startPayment('Ben pays', ben!, sessionId);
    await journey.record("Ben's checkout succeeded", { paymentId: second, action: 'authorize', processorReference: 'ch_ben' });
    const declined = await journey.startPayment('Caleb pays', caleb!, sessionId);
    await journey.record("Caleb's card was declined", { paymentId: declined, action: 'fail' });
    const retried = await journey.startPayment('Caleb tries again', caleb!, sessionId);
    await journey.record("Caleb's second checkout succeeded: the last share", {
      paymentId: retried,
      action: 'authorize',
      processorReference: 'ch_caleb',
    });

    await journey.record('an unknown payment', { paymentId: '00000000-0000-4000-8000-000000000000', action: 'authorize' });
    await journey.record("another merchant's payment", { paymentId: aroha, action: 'authorize' }, byHand);
    await journey.record('an action that does not exist', { paymentId: aroha, action: 'capture' });
    await journey.record('the authorization again with another amount: the first reply', {
      paymentId: second,
      action: 'authorize',
      amountMinor: '1',
    });
    await journey.record('no paymentId', { action: 'authorize' });
    await journey.record('a field automatic sessions do not know', {
      paymentId: second,
      action: 'authorize',
      holdExpiresAt: '2030-01-01T00:00:00.000Z',
    });
    await journey.get('read the completed session', sessionId);
    await journey.poll('poll the completed session', sessionId);
    await journey.matches(fixture('pay-and-complete'));
  });

  it('a replaced checkout paid as well as its replacement: the second payment is refunded automatically', async () => {
    const journey = new WireJourney(stage);
    const { sessionId, hostToken } = await journey.create(
      'a session of two',
      configured('5000', ['Host', 'Guest'], { merchantOrderRef: 'golden-order-3' }),
    );
    const [host, guest] = await browsersOf(sessionId, hostToken);
    const hostPayment = await journey.startPayment('the host pays', host!, sessionId);
    await journey.record('the host checkout succeeded', { paymentId: hostPayment, action: 'authorize', processorReference: 'ch_host' });
    const first = await journey.startPayment('the guest opens a checkout', guest!, sessionId);
    const replacement = await journey.startPayment('the guest presses Pay again: a new checkout replaces the first', guest!, sessionId);
    await journey.get('read the session with the replaced attempt', sessionId);
    await journey.record('the first checkout is paid after all', { paymentId: first, action: 'authorize', processorReference: 'ch_first' });
    await journey.record('the replacement is paid too', { paymentId: replacement, action: 'authorize', processorReference: 'ch_second' });
    await journey.answerRefund('the payment the session cannot use is refunded', replacement);
    await journey.get('read the session after the refund', sessionId);
    await journey.poll('poll after the refund', sessionId);
    await journey.matches(fixture('replaced-attempt'));
  });

  it('refunds the merchant asks for: answered succeeded, failed and pending, settled, and refused', async () => {
    const journey = new WireJourney(stage);
    const REFUNDS = (id: string) => `/api/v1/payments/sessions/${id}/refunds`;
    const { sessionId, hostToken } = await journey.create('a session of 60.00 and 40.00', {
      amountMinor: '10000',
      unconfigured: false,
      splitMode: 'exact',
      merchantOrderRef: 'golden-order-4',
      participants: [
        { displayName: 'Host', amountMinor: '6000' },
        { displayName: 'Guest', amountMinor: '4000' },
      ],
    });
    const [host, guest] = await browsersOf(sessionId, hostToken);
    const paid: string[] = [];
    for (const [index, browser] of [host!, guest!].entries()) {
      const paymentId = await journey.startPayment(`payer ${index + 1} pays`, browser, sessionId);
      await journey.record(`payer ${index + 1}'s checkout succeeded`, {
        paymentId,
        action: 'authorize',
        processorReference: `ch_${index + 1}`,
      });
      paid.push(paymentId);
    }
    const [first, second] = paid as [string, string];
    const keyed = { headers: { 'idempotency-key': 'golden-refund-1' }, body: { amountMinor: '1000', reason: 'Late check-in' } };
    await journey.rest('refund 10.00 with an Idempotency-Key: spread over both payments', 'POST', REFUNDS(sessionId), keyed);
    await journey.answerRefund("the host payment's part succeeds", first);
    await journey.answerRefund("the guest payment's part succeeds", second);
    await journey.rest('the same key and body again', 'POST', REFUNDS(sessionId), keyed);
    await journey.rest('the same key, another body', 'POST', REFUNDS(sessionId), { ...keyed, body: { amountMinor: '999' } });
    await journey.rest('refund 5.00 of the guest payment', 'POST', REFUNDS(sessionId), {
      body: { amountMinor: '500', allocations: [{ paymentId: second, amountMinor: '500' }] },
    });
    await journey.answerRefund('the processor refuses it', second, 'failed');

    await journey.rest('more than is refundable', 'POST', REFUNDS(sessionId), { body: { amountMinor: '9001' } });
    await journey.rest('allocations that do not add up', 'POST', REFUNDS(sessionId), {
      body: { amountMinor: '500', allocations: [{ paymentId: first, amountMinor: '400' }] },
    });
    await journey.rest('an allocation to a payment of no session of ours', 'POST', REFUNDS(sessionId), {
      body: { amountMinor: '100', allocations: [{ paymentId: '00000000-0000-4000-8000-000000000000', amountMinor: '100' }] },
    });
    await journey.rest('a zero amount', 'POST', REFUNDS(sessionId), { body: { amountMinor: '0' } });
    await journey.rest('an unknown session', 'POST', REFUNDS('00000000-0000-4000-8000-000000000000'), { body: {} });
    await journey.rest("another merchant's session", 'POST', REFUNDS(sessionId), { body: {}, as: byHand });

    const rest = await journey.rest('refund everything left', 'POST', REFUNDS(sessionId), { body: { reason: 'Booking cancelled' } });
    const [hostRefund, guestRefund] = (rest.json.refunds as { refundId: string }[]).map((refund) => refund.refundId);
    await journey.answerRefund('the merchant will know later (host payment)', first, 'pending');
    await journey.answerRefund('the merchant will know later (guest payment)', second, 'pending');
    const SETTLE = (id: string) => `/api/v1/payments/refunds/${id}/settle`;
    const succeeded = { body: { status: 'succeeded', processorRefundReference: 're_by_hand' } };
    await journey.rest('settle the host refund as succeeded', 'POST', SETTLE(hostRefund!), succeeded);
    await journey.rest('settle it again', 'POST', SETTLE(hostRefund!), succeeded);
    await journey.rest('settle it the other way', 'POST', SETTLE(hostRefund!), { body: { status: 'failed' } });
    await journey.rest('settle the guest refund as failed', 'POST', SETTLE(guestRefund!), {
      body: { status: 'failed', failureReason: 'card expired' },
    });
    await journey.rest('settle an unknown refund', 'POST', SETTLE('00000000-0000-4000-8000-000000000000'), succeeded);
    await journey.rest("settle another merchant's refund", 'POST', SETTLE(hostRefund!), { ...succeeded, as: byHand });
    await journey.rest('settle with a status that does not exist', 'POST', SETTLE(hostRefund!), { body: { status: 'done' } });
    await journey.rest('refund what the failed refund freed', 'POST', REFUNDS(sessionId), { body: {} });
    await journey.answerRefund('it succeeds', second);
    await journey.rest('nothing is left to refund', 'POST', REFUNDS(sessionId), { body: {} });
    await journey.get('read the refunded session', sessionId);
    await journey.poll('poll the refunded session', sessionId);
    await journey.matches(fixture('merchant-refund'));
  });

  it('a session that expires with two shares paid and a checkout still open, paid late', async () => {
    const journey = new WireJourney(stage);
    const { sessionId, hostToken } = await journey.create(
      'a session of three that expires in 30 minutes',
      configured('3000', ['Host', 'Second', 'Third'], { merchantOrderRef: 'golden-order-5', expiresInSeconds: 1800 }),
    );
    const browsers = await browsersOf(sessionId, hostToken);
    const paid: string[] = [];
    for (const [index, browser] of browsers.slice(0, 2).entries()) {
      const paymentId = await journey.startPayment(`payer ${index + 1} pays`, browser, sessionId);
      await journey.record(`payer ${index + 1}'s checkout succeeded`, {
        paymentId,
        action: 'authorize',
        processorReference: `ch_${index + 1}`,
      });
      paid.push(paymentId);
    }
    const late = await journey.startPayment('the third payer opens a checkout', browsers[2]!, sessionId);
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    await journey.answerRefund('the first payment is refunded', paid[0]!);
    await journey.answerRefund('the second payment is refunded', paid[1]!);
    await journey.get('read the expired session', sessionId);
    await journey.record('the open checkout succeeds after the end', {
      paymentId: late,
      action: 'authorize',
      processorReference: 'ch_late',
    });
    await journey.answerRefund('the late payment is refunded', late);
    await journey.rest('cancel the expired session', 'POST', `/api/v1/payments/sessions/${sessionId}/cancel`, { body: {} });
    await journey.get('read the expired session after every refund', sessionId);
    await journey.poll('poll the expired session', sessionId);
    await journey.matches(fixture('expire-with-owed'));
  });

  it('a cancelled session with a share paid, and the refusals of the cancel route', async () => {
    const journey = new WireJourney(stage);
    const CANCEL = (id: string) => `/api/v1/payments/sessions/${id}/cancel`;
    const { sessionId, hostToken } = await journey.create(
      'a session of two',
      configured('3000', ['Host', 'Guest'], { merchantOrderRef: 'golden-order-6' }),
    );
    const [host] = await browsersOf(sessionId, hostToken);
    const paymentId = await journey.startPayment('the host pays', host!, sessionId);
    await journey.record('the host checkout succeeded', { paymentId, action: 'authorize', processorReference: 'ch_host' });
    await journey.rest('the merchant cancels the session', 'POST', CANCEL(sessionId), { body: {} });
    await journey.answerRefund('the paid share is refunded', paymentId);
    await journey.rest('cancel it again', 'POST', CANCEL(sessionId), { body: {} });
    await journey.rest('cancel an unknown session', 'POST', CANCEL('00000000-0000-4000-8000-000000000000'), { body: {} });
    await journey.rest("cancel another merchant's session", 'POST', CANCEL(sessionId), { body: {}, as: byHand });
    await journey.rest('cancel without an API key', 'POST', CANCEL(sessionId), { body: {}, as: null });
    await journey.get('read the cancelled session', sessionId);
    await journey.poll('poll the cancelled session', sessionId);
    await journey.matches(fixture('cancel'));
  });

  it('an integration without a refund URL: payments owed back are listed and recorded as refunded by hand', async () => {
    const journey = new WireJourney(stage);
    const { sessionId, hostToken } = await journey.create(
      'a session of two',
      configured('3000', ['Host', 'Guest'], { merchantOrderRef: 'golden-order-7' }),
      byHand,
    );
    const [host, guest] = await browsersOf(sessionId, hostToken);
    const paymentId = await journey.startPayment('the host pays', host!, sessionId);
    await journey.record('the host checkout succeeded', { paymentId, action: 'authorize', processorReference: 'ch_host' }, byHand);
    const late = await journey.startPayment('the guest opens a checkout', guest!, sessionId);
    await journey.rest('the merchant cancels the session', 'POST', `/api/v1/payments/sessions/${sessionId}/cancel`, {
      body: {},
      as: byHand,
    });
    await journey.record(
      'the guest checkout succeeds after the end',
      { paymentId: late, action: 'authorize', processorReference: 'ch_late' },
      byHand,
    );
    await journey.get('read the session: two payments owed back', sessionId, byHand);
    await journey.rest('ask PaySplit to refund', 'POST', `/api/v1/payments/sessions/${sessionId}/refunds`, { body: {}, as: byHand });
    await journey.record('the merchant refunded the host by hand', { paymentId, action: 'refund' }, byHand);
    await journey.record('the same record again', { paymentId, action: 'refund' }, byHand);
    await journey.get('read the session: one payment owed back', sessionId, byHand);
    await journey.poll('poll the session', sessionId);
    await journey.matches(fixture('refunds-owed'));
  });
});
