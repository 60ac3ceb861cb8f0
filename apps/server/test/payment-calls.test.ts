import { randomUUID } from 'node:crypto';
import { createClient, PaySplitError } from '@paysplit/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerPaymentCancelSchema, paymentRecordedEventSchema, refundSucceededEventSchema } from '../src/rest/outgoing-calls.js';
import { sessionDetailsSchema } from '../src/rest/session-details.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { AdminClient } from './support/admin-client.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { type ReferenceMerchant, startReferenceMerchant } from './support/reference-merchant.js';
import { RefundEndpoint } from './support/refund-endpoint.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';
import { until } from './support/polling.js';

// partner.payment.cancel over real HTTP and the real database: PaySplit tells the merchant that a
// checkout will not be used, the merchant (an SDK-verifying fixture) expires it at the reference
// merchant's test processor, and nobody can pay it any more. Retries keep the cancelId; the settle
// route ends a pending one; an integration without a partnerCancelUrl sees none of it.

const PARTNER_TIMEOUT_MS = 1500;
let server: TestServer;
let processor: ReferenceMerchant;
let shop: CheckoutMerchant;
type Integration = { integrationId: string; apiKey: string; partnerSecret: string };
let cancelling: Integration;
let noCancelUrl: Integration;
let otherTenant: Integration;
/** With a partnerRefundUrl and a webhook URL too: a duplicate payment is refunded and the events say so. */
let refunding: Integration;
let refundEndpoint: RefundEndpoint;
let webhooks: MerchantStub;
let owner: AdminClient;

beforeAll(async () => {
  server = await startTestServer({
    partnerTimeoutMs: PARTNER_TIMEOUT_MS,
    environment: { PAYMENT_CALL_RETRY_SCHEDULE: '40ms,40ms,40ms' },
  });
  // The reference merchant's test processor holds the checkouts; the fixture merchant opens and expires them.
  processor = await startReferenceMerchant(server);
  shop = new CheckoutMerchant(`${processor.baseUrl}/processor/api`);
  refundEndpoint = new RefundEndpoint();
  webhooks = new MerchantStub();
  await Promise.all([shop.start(), refundEndpoint.start(), webhooks.start()]);
  owner = new AdminClient(server.baseUrl);
  const registered = await owner.register(`owner-${randomUUID().slice(0, 8)}@shop.example`, 'a long enough passphrase');
  const provision = (name: string, cancelUrl: string | undefined) =>
    server.provision({
      name,
      partnerCreatePaymentUrl: shop.createPaymentUrl,
      partnerCancelUrl: cancelUrl,
      ownerAccountId: registered.data.registerAccount.accountId,
    });
  cancelling = await provision('Cancelling shop', shop.cancelUrl);
  noCancelUrl = await provision('No cancel URL', undefined);
  otherTenant = await provision('Another tenant', shop.cancelUrl);
  const withRefunds = await server.provision({
    name: 'Refunding shop',
    partnerCreatePaymentUrl: shop.createPaymentUrl,
    partnerCancelUrl: shop.cancelUrl,
    partnerRefundUrl: refundEndpoint.url,
    webhookUrl: webhooks.webhookUrl,
    eventSubscriptions: ['SERVICE_PAYMENT_RECORDED', 'SERVICE_REFUND_SUCCEEDED', 'SERVICE_REFUND_FAILED'],
  });
  refunding = withRefunds;
  refundEndpoint.secret = withRefunds.partnerSecret;
  webhooks.webhookSecret = withRefunds.webhookSecret;
  shop.secrets.push(cancelling.partnerSecret, noCancelUrl.partnerSecret, otherTenant.partnerSecret, withRefunds.partnerSecret);
}, 60_000);

afterAll(async () => {
  await refundEndpoint?.stop();
  await webhooks?.stop();
  await shop?.stop();
  await processor?.stop();
  await server?.close();
});

beforeEach(() => {
  shop.failFirst = [];
  shop.loseFirstAnswers = [];
  shop.answer = 'expire';
  shop.createDelayMs = 0;
});

const api = (integration: Integration) => createClient({ apiKey: integration.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });

/** A configured session of the integration: the host and `guests` others, 1000 each; each person's browser. */
async function session(integration: Integration, guests = 1) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: String(1000 * (guests + 1)),
      unconfigured: false,
      splitMode: 'equal',
      participants: Array.from({ length: guests + 1 }, (_, i) => ({ displayName: i === 0 ? 'Host' : `Guest ${i}` })),
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  const { sessionId, hostToken } = created.body;
  const host = new PayBrowser(server.baseUrl);
  const view = await host.open(sessionId, hostToken);
  const participants = view.data.openSession.participants as { id: string; inviteUrl: string | null }[];
  const guestBrowsers: PayBrowser[] = [];
  for (const participant of participants.slice(1)) {
    const guest = new PayBrowser(server.baseUrl);
    await guest.open(sessionId, new URL(participant.inviteUrl!).searchParams.get('token')!);
    guestBrowsers.push(guest);
  }
  return { sessionId, host, guests: guestBrowsers, participantIds: participants.map((p) => p.id) };
}

async function start(browser: PayBrowser, sessionId: string): Promise<{ paymentId: string; redirectUrl: string }> {
  const started = await browser.startPayment(sessionId);
  expect(started.errors).toBeUndefined();
  return started.data.startPayment;
}

/** What a payer's browser does at the processor's checkout: pay with a card that succeeds. */
async function payAtProcessor(checkoutUrl: string): Promise<number> {
  const response = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }),
    redirect: 'manual',
  });
  return response.status;
}

async function record(integration: Integration, paymentId: string) {
  const recorded = await postJson<Record<string, unknown>>(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId, action: 'authorize', processorReference: shop.checkouts.get(paymentId)?.id ?? `ch_${paymentId.slice(0, 8)}` },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.status).toBe(200);
  return recorded.body;
}

const callRows = (sessionId: string) =>
  server.query<{ id: string; payment_id: string; reason: string; status: string; call_status: string; attempt_count: number }>(
    `select id, payment_id, reason, status, call_status, attempt_count from payment_call where session_id = ? order by created_at, id`,
    [sessionId],
  );

const attemptRows = (callId: string) =>
  server.query<{ attempt: number; http_status: number | null; outcome: string }>(
    `select attempt, http_status, outcome from payment_call_attempt where call_id = ? order by attempt`,
    [callId],
  );

/** Waits until every cancel of the session has ended its calls. */
const settled = (sessionId: string, count: number) =>
  until(
    () => callRows(sessionId),
    (rows) => rows.length === count && rows.every((row) => row.call_status === 'done'),
  );

describe('a replaced attempt', () => {
  it('leads to exactly one cancel, verified with the SDK, after which its checkout can no longer be paid', async () => {
    const { sessionId, host } = await session(cancelling);
    const first = await start(host, sessionId);
    const second = await start(host, sessionId);
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ payment_id: first.paymentId, reason: 'replaced', status: 'succeeded', attempt_count: 1 });

    const [call, ...more] = shop.cancelsOf(first.paymentId);
    expect(more).toEqual([]);
    expect(call!.webhookId).toBe(row!.id);
    expect(() => partnerPaymentCancelSchema.parse(call!.payload)).not.toThrow();
    expect(call!.payload).toMatchObject({
      cancelId: row!.id,
      paymentId: first.paymentId,
      sessionId,
      amountMinor: '1000',
      amount: '10.00',
      currency: 'NZD',
      mode: 'test',
      processorReference: null,
      reason: 'replaced',
    });
    expect(shop.refused).toEqual([]);

    // The old checkout is expired at the processor; the new one still takes the card.
    expect(await payAtProcessor(first.redirectUrl)).toBe(410);
    expect(await payAtProcessor(second.redirectUrl)).toBe(303);
    expect(shop.cancelsOf(second.paymentId)).toEqual([]);
    const [processorCheckout] = shop.expiries.filter((expiry) => expiry.cancelId === row!.id);
    const details = await api(cancelling).sessions.get(sessionId);
    expect(details.payments.map((payment) => [payment.paymentId, payment.status])).toEqual([
      [first.paymentId, 'abandoned'],
      [second.paymentId, 'redirected'],
    ]);
    expect(await attemptRows(row!.id)).toEqual([{ attempt: 1, http_status: 200, outcome: 'succeeded' }]);
    // The merchant's read of it over GraphQL.
    const read = await postJson<{ data: { session: { cancellations: Record<string, unknown>[] } } }>(
      `${server.baseUrl}/graphql`,
      {
        query: `query($id: ID!) { session(id: $id) { cancellations { cancelId paymentId reason status processorReference attempts } } }`,
        variables: { id: sessionId },
      },
      { 'x-service-api-key': cancelling.apiKey },
    );
    expect(read.body.data.session.cancellations).toEqual([
      {
        cancelId: row!.id,
        paymentId: first.paymentId,
        reason: 'REPLACED',
        status: 'SUCCEEDED',
        processorReference: processorCheckout!.checkoutId,
        attempts: 1,
      },
    ]);
  });

  it('keeps the cancelId through 500, 500 and then 200, and the processor expires the checkout once', async () => {
    shop.failFirst = [500, 500];
    const { sessionId, host } = await session(cancelling);
    const first = await start(host, sessionId);
    await start(host, sessionId);
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ status: 'succeeded', attempt_count: 3 });
    const calls = shop.cancelsOf(first.paymentId);
    expect(calls.map((call) => [call.webhookId, call.payload.cancelId, call.status])).toEqual([
      [row!.id, row!.id, 500],
      [row!.id, row!.id, 500],
      [row!.id, row!.id, 200],
    ]);
    expect(shop.expiries.filter((expiry) => expiry.cancelId === row!.id)).toHaveLength(1);
    expect(await attemptRows(row!.id)).toEqual([
      { attempt: 1, http_status: 500, outcome: 'error' },
      { attempt: 2, http_status: 500, outcome: 'error' },
      { attempt: 3, http_status: 200, outcome: 'succeeded' },
    ]);
    // Counted per kind, like every kind of the job runner.
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^paysplit_job_attempts_total\{kind="payment-cancel-call",outcome="retry"\} [1-9]/m);
    expect(metrics).toMatch(/^paysplit_job_attempts_total\{kind="payment-cancel-call",outcome="done"\} [1-9]/m);
  });

  it('asks again with the same cancelId when the answer is lost, and the processor expires nothing more', async () => {
    shop.loseFirstAnswers = [502];
    const { sessionId, host } = await session(cancelling);
    const first = await start(host, sessionId);
    await start(host, sessionId);
    const [row] = await settled(sessionId, 1);
    const expiries = shop.expiries.filter((expiry) => expiry.cancelId === row!.id);
    expect(expiries).toHaveLength(2);
    expect(expiries.every((expiry) => expiry.outcome === 'expired')).toBe(true);
    expect(expiries[1]!.expiredAt).toBe(expiries[0]!.expiredAt);
    expect(shop.cancelsOf(first.paymentId).map((call) => call.payload.cancelId)).toEqual([row!.id, row!.id]);
  });

  it('of a payment still waiting for its checkout is cancelled only after PARTNER_TIMEOUT_MS', async () => {
    const { sessionId, host } = await session(cancelling);
    shop.createDelayMs = 700;
    const firstStart = host.startPayment(sessionId);
    const [creating] = await until(
      () => server.query<{ id: string }>(`select id from payment where session_id = ? and status = 'creating'`, [sessionId]),
      (rows) => rows.length === 1,
    );
    // A second press while the first create call is still in flight at the merchant.
    shop.createDelayMs = 0;
    const replacing = await start(host, sessionId);
    const [row] = await server.query<{ payment_id: string; due_in_ms: string }>(
      `select payment_id, extract(epoch from (next_attempt_at - created_at)) * 1000 as due_in_ms from payment_call where session_id = ?`,
      [sessionId],
    );
    expect(row!.payment_id).toBe(creating!.id);
    expect(Number(row!.due_in_ms)).toBeGreaterThan(PARTNER_TIMEOUT_MS - 200);
    // The replaced attempt's create call ends (its payer is told a newer attempt replaced it)...
    expect((await firstStart).errors?.[0]?.extensions.code).toBe('INVALID_STATE');
    expect(shop.cancelsOf(creating!.id)).toEqual([]);
    // ...and only then is its checkout, found by paymentId, expired.
    expect(await settled(sessionId, 1)).toMatchObject([{ payment_id: creating!.id, status: 'succeeded' }]);
    expect(shop.cancelsOf(creating!.id)[0]!.payload.processorReference).toBeNull();
    expect(await payAtProcessor(shop.checkouts.get(creating!.id)!.url)).toBe(410);
    expect(await payAtProcessor(replacing.redirectUrl)).toBe(303);
  });
});

describe('other live attempts of a share that gets paid', () => {
  it("cancels the host's covering checkout once a guest pays their own share", async () => {
    const { sessionId, host, guests } = await session(cancelling, 1);
    const cover = await host.run<{ startPayment: { paymentId: string; redirectUrl: string } }>('CoverRemaining', { sessionId });
    expect(cover.errors).toBeUndefined();
    const coverId = cover.data.startPayment.paymentId;
    const guestOwn = await start(guests[0]!, sessionId);
    expect(await payAtProcessor(shop.checkouts.get(guestOwn.paymentId)!.url)).toBe(303);
    await record(cancelling, guestOwn.paymentId);
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ payment_id: coverId, reason: 'share_paid', status: 'succeeded' });
    expect(await payAtProcessor(shop.checkouts.get(coverId)!.url)).toBe(410);

    // The host pays their own share; the session completes with nothing left payable.
    const hostOwn = await start(host, sessionId);
    expect(await payAtProcessor(hostOwn.redirectUrl)).toBe(303);
    expect((await record(cancelling, hostOwn.paymentId)).sessionStatus).toBe('completed');
    expect(await callRows(sessionId)).toHaveLength(1);
  });

  it("cancels a guest's own checkout when the host's payment for everyone is recorded first", async () => {
    const { sessionId, host, guests } = await session(cancelling, 1);
    const cover = await host.run<{ startPayment: { paymentId: string; redirectUrl: string } }>('CoverRemaining', { sessionId });
    const guestOwn = await start(guests[0]!, sessionId);
    const recorded = await record(cancelling, cover.data.startPayment.paymentId);
    expect(recorded.sessionStatus).toBe('completed');
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ payment_id: guestOwn.paymentId, reason: 'share_paid', status: 'succeeded' });
    expect(await payAtProcessor(guestOwn.redirectUrl)).toBe(410);
  });
});

describe('checkouts of a share the host changes, and of a session that ends', () => {
  it('cancels a guest checkout whose share the host changed (share_changed)', async () => {
    const { sessionId, host, guests } = await session(cancelling, 1);
    const guestOwn = await start(guests[0]!, sessionId);
    const configured = await host.configure({
      sessionId,
      splitMode: 'EXACT',
      participants: [
        { displayName: 'Host', amountMinor: '500' },
        { displayName: 'Guest 1', amountMinor: '1500' },
      ],
    });
    expect(configured.errors).toBeUndefined();
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ payment_id: guestOwn.paymentId, reason: 'share_changed', status: 'succeeded' });
  });

  it('cancels the open checkouts of a session the merchant cancels (session_cancelled) or that expires (session_expired)', async () => {
    const cancelled = await session(cancelling, 1);
    const open = await start(cancelled.guests[0]!, cancelled.sessionId);
    await api(cancelling).sessions.cancel(cancelled.sessionId);
    expect(await settled(cancelled.sessionId, 1)).toMatchObject([{ payment_id: open.paymentId, reason: 'session_cancelled' }]);

    const expiring = await session(cancelling, 1);
    const waiting = await start(expiring.host, expiring.sessionId);
    await server.query(`update session set expires_at = now() - interval '1 second' where id = ?`, [expiring.sessionId]);
    expect(await server.expiry.runOnce()).toContain(expiring.sessionId);
    expect(await settled(expiring.sessionId, 1)).toMatchObject([{ payment_id: waiting.paymentId, reason: 'session_expired' }]);
    expect(await payAtProcessor(waiting.redirectUrl)).toBe(410);
  });
});

describe("a payment recorded after its session's deadline", () => {
  it('ends the session and cancels the other open checkouts, never the one just paid', async () => {
    const { sessionId, host, guests } = await session(cancelling, 1);
    const hostOwn = await start(host, sessionId);
    const guestOwn = await start(guests[0]!, sessionId);
    await server.query(`update session set expires_at = now() - interval '1 second' where id = ?`, [sessionId]);
    expect(await payAtProcessor(hostOwn.redirectUrl)).toBe(303);
    const recorded = await record(cancelling, hostOwn.paymentId);
    expect(recorded).toMatchObject({ sessionStatus: 'expired', paymentStatus: 'authorized', refundRequired: true });
    expect(await settled(sessionId, 1)).toMatchObject([{ payment_id: guestOwn.paymentId, reason: 'session_expired' }]);
    expect(shop.cancelsOf(hostOwn.paymentId)).toEqual([]);
  });
});

describe('settling and giving up', () => {
  it('keeps a pending answer pending until the merchant settles it; settling is idempotent, the other way 409, another tenant 404', async () => {
    shop.answer = 'pending';
    const { sessionId, host } = await session(cancelling);
    await start(host, sessionId);
    await start(host, sessionId);
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ status: 'pending', call_status: 'done', attempt_count: 1 });

    const settledOnce = await api(cancelling).payments.settleCancellation(row!.id, { status: 'succeeded', processorReference: 'cs_x' });
    expect(settledOnce).toMatchObject({
      success: true,
      cancelId: row!.id,
      status: 'succeeded',
      reason: 'replaced',
      processorReference: 'cs_x',
    });
    const again = await api(cancelling).payments.settleCancellation(row!.id, { status: 'succeeded' });
    expect(again).toEqual(settledOnce);

    const conflict = await api(cancelling)
      .payments.settleCancellation(row!.id, { status: 'failed', failureReason: 'too late' })
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(PaySplitError);
    expect(conflict).toMatchObject({ status: 409, code: 'INVALID_STATE' });

    for (const [integration, id] of [
      [otherTenant, row!.id],
      [cancelling, randomUUID()],
    ] as const) {
      const missing = await api(integration)
        .payments.settleCancellation(id, { status: 'succeeded' })
        .catch((error: unknown) => error);
      expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    // GraphQL answers the same.
    const graphql = await postJson<{ data: { settleCancellation: { status: string } } }>(
      `${server.baseUrl}/graphql`,
      {
        query: `mutation($id: ID!) { settleCancellation(cancelId: $id, input: { status: SUCCEEDED }) { status } }`,
        variables: { id: row!.id },
      },
      { 'x-service-api-key': cancelling.apiKey },
    );
    expect(graphql.body.data.settleCancellation.status).toBe('SUCCEEDED');
    expect(shop.cancelsOf(row!.payment_id)).toHaveLength(1);
  });

  it('fails the cancellation when the merchant never answers, after the last attempt of the schedule', async () => {
    shop.failFirst = [503, 503, 503, 503, 503];
    const { sessionId, host } = await session(cancelling);
    await start(host, sessionId);
    await start(host, sessionId);
    const [row] = await settled(sessionId, 1);
    expect(row).toMatchObject({ status: 'failed', call_status: 'done', attempt_count: 4 });
    const [stored] = await server.query<{ failure_reason: string }>(`select failure_reason from payment_call where id = ?`, [row!.id]);
    expect(stored!.failure_reason).toBe("the merchant's cancel endpoint did not answer");
    expect((await attemptRows(row!.id)).map((attempt) => attempt.outcome)).toEqual(['error', 'error', 'error', 'error']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shop.cancelsOf(row!.payment_id)).toHaveLength(4);
  });

  it('shows each cancellation and its attempts to the owner in the administration area', async () => {
    shop.failFirst = [503];
    const { sessionId, host } = await session(cancelling);
    await start(host, sessionId);
    await start(host, sessionId);
    await settled(sessionId, 1);
    const seen = await owner.ok(
      `query($id: ID!) { session(id: $id) { cancellations { reason status attempts attemptLog { attempt httpStatus outcome excerpt } } } }`,
      { id: sessionId },
    );
    expect(seen.session.cancellations).toEqual([
      {
        reason: 'REPLACED',
        status: 'SUCCEEDED',
        attempts: 2,
        attemptLog: [
          { attempt: 1, httpStatus: 503, outcome: 'error', excerpt: '{"error":"shop unavailable"}' },
          { attempt: 2, httpStatus: 200, outcome: 'succeeded', excerpt: expect.stringContaining('"status":"succeeded"') },
        ],
      },
    ]);
  });
});

describe('a payer who pays both their checkouts', () => {
  const eventsOf = (sessionId: string, type: string) =>
    webhooks.webhookCalls.filter((call) => call.json.sessionId === sessionId && call.json.type === type).map((call) => call.json);

  it('keeps one payment, refunds the other as a duplicate, and tells the merchant which money that was', async () => {
    const { sessionId, host, guests, participantIds } = await session(refunding, 1);
    // The guest pays their first checkout, but its way back is lost; they start again and pay that one too.
    const first = await start(guests[0]!, sessionId);
    expect(await payAtProcessor(first.redirectUrl)).toBe(303);
    const second = await start(guests[0]!, sessionId);
    // The first checkout could not be expired any more: its cancel failed, and its money still arrives.
    expect(await settled(sessionId, 1)).toMatchObject([{ payment_id: first.paymentId, reason: 'replaced', status: 'failed' }]);
    expect(await payAtProcessor(second.redirectUrl)).toBe(303);
    expect(await record(refunding, second.paymentId)).toMatchObject({ sessionStatus: 'partially_paid', refundRequired: false });
    expect(await record(refunding, first.paymentId)).toMatchObject({
      paymentStatus: 'authorized',
      sessionStatus: 'partially_paid',
      paidMinor: '1000',
      refundRequired: true,
    });
    const [refundRow] = await until(
      () =>
        server.query<{ id: string; payment_id: string; purpose: string; status: string }>(
          `select id, payment_id, purpose, status from refund where session_id = ?`,
          [sessionId],
        ),
      (rows) => rows.length === 1 && rows[0]!.status === 'succeeded',
    );
    expect(refundRow).toMatchObject({ payment_id: first.paymentId, purpose: 'duplicate' });
    expect(refundEndpoint.refundedOn(first.paymentId)).toBe(1000n);

    // The host pays; the session completes on the payment that counts.
    const hostOwn = await start(host, sessionId);
    expect(await payAtProcessor(hostOwn.redirectUrl)).toBe(303);
    expect((await record(refunding, hostOwn.paymentId)).sessionStatus).toBe('completed');

    // The merchant's read: the booking refunded nothing, the duplicate apart with where its money is.
    const read = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}`, {
      headers: { 'x-service-api-key': refunding.apiKey },
    });
    const details = (await read.json()) as Record<string, any>;
    expect(() => sessionDetailsSchema.parse(details)).not.toThrow();
    expect(details).toMatchObject({ status: 'completed', paidMinor: '2000', refundedMinor: '0', refunds: [], refundsOwed: [] });
    const [cancel] = await callRows(sessionId);
    expect(details.duplicatePayments).toEqual([
      {
        paymentId: first.paymentId,
        participantId: participantIds[1],
        amountMinor: '1000',
        processorReference: shop.checkouts.get(first.paymentId)!.id,
        duplicateOf: second.paymentId,
        outcome: 'refunded',
        refundId: refundRow!.id,
        cancelId: cancel!.id,
      },
    ]);
    expect(details.payments.find((p: { paymentId: string }) => p.paymentId === first.paymentId)).toMatchObject({
      status: 'authorized',
      refundRequired: true,
      refundedMinor: '1000',
      refundableMinor: '0',
    });
    // GraphQL says the same, and the SDK reads it.
    const graphql = await postJson<{ data: { session: Record<string, unknown> } }>(
      `${server.baseUrl}/graphql`,
      {
        query: `query($id: ID!) { session(id: $id) { refundedMinor refunds { refundId } duplicatePayments { paymentId duplicateOf outcome } } }`,
        variables: { id: sessionId },
      },
      { 'x-service-api-key': refunding.apiKey },
    );
    expect(graphql.body.data.session).toEqual({
      refundedMinor: '0',
      refunds: [],
      duplicatePayments: [{ paymentId: first.paymentId, duplicateOf: second.paymentId, outcome: 'REFUNDED' }],
    });
    expect((await api(refunding).sessions.get(sessionId)).duplicatePayments?.[0]?.outcome).toBe('refunded');

    // The events: the duplicate recorded as one, its refund as one, and the booking's refunded total untouched.
    await until(
      async () => eventsOf(sessionId, 'SERVICE_REFUND_SUCCEEDED'),
      (events) => events.length === 1,
    );
    const recorded = eventsOf(sessionId, 'SERVICE_PAYMENT_RECORDED');
    for (const event of recorded) expect(() => paymentRecordedEventSchema.parse(event)).not.toThrow();
    expect(recorded.map((event) => [event.payment.paymentId, event.payment.duplicate, event.payment.duplicateOf])).toEqual([
      [second.paymentId, false, null],
      [first.paymentId, true, second.paymentId],
      [hostOwn.paymentId, false, null],
    ]);
    const [refunded] = eventsOf(sessionId, 'SERVICE_REFUND_SUCCEEDED');
    expect(() => refundSucceededEventSchema.parse(refunded)).not.toThrow();
    expect(refunded).toMatchObject({ paymentId: first.paymentId, amountMinor: '1000', duplicate: true, refundedMinor: '0' });
    // Stored, the session's refunded sum is still every refund; the duplicates' part is beside it.
    const [sums] = await server.query<{ refunded: string; duplicates: string }>(
      `select refunded_minor::text as refunded, duplicate_refunded_minor::text as duplicates from session where id = ?`,
      [sessionId],
    );
    expect(sums).toEqual({ refunded: '1000', duplicates: '1000' });
  });

  it("calls a guest's own payment a duplicate of the host's payment that had already covered their share", async () => {
    const { sessionId, host, guests } = await session(refunding, 1);
    const cover = await host.run<{ startPayment: { paymentId: string; redirectUrl: string } }>('CoverRemaining', { sessionId });
    const coverId = cover.data.startPayment.paymentId;
    const guestOwn = await start(guests[0]!, sessionId);
    expect(await payAtProcessor(guestOwn.redirectUrl)).toBe(303);
    expect(await payAtProcessor(cover.data.startPayment.redirectUrl)).toBe(303);
    expect((await record(refunding, coverId)).sessionStatus).toBe('completed');
    expect(await record(refunding, guestOwn.paymentId)).toMatchObject({ sessionStatus: 'completed', refundRequired: true });
    const details = await api(refunding).sessions.get(sessionId);
    expect(details.duplicatePayments).toEqual([
      expect.objectContaining({ paymentId: guestOwn.paymentId, duplicateOf: coverId, outcome: expect.stringMatching(/^refund(ing|ed)$/) }),
    ]);
    expect(details.refunds).toEqual([]);
  });

  it('refunds a payment whose checkout the merchant said it had cancelled, without counting it', async () => {
    const { sessionId, guests } = await session(refunding, 1);
    const first = await start(guests[0]!, sessionId);
    await start(guests[0]!, sessionId);
    expect(await settled(sessionId, 1)).toMatchObject([{ payment_id: first.paymentId, status: 'succeeded' }]);
    // The merchant records it authorized anyway: the share stays open, the money goes back.
    expect(await record(refunding, first.paymentId)).toMatchObject({ sessionStatus: 'open', paidMinor: '0', refundRequired: true });
    const [refundRow] = await until(
      () => server.query<{ purpose: string; status: string }>(`select purpose, status from refund where payment_id = ?`, [first.paymentId]),
      (rows) => rows.length === 1 && rows[0]!.status === 'succeeded',
    );
    // Not a duplicate: nothing else paid that share.
    expect(refundRow!.purpose).toBe('booking');
    const details = await api(refunding).sessions.get(sessionId);
    expect(details.duplicatePayments).toEqual([]);
    expect(details.refundedMinor).toBe('1000');
  });
});

describe('an integration without a partnerCancelUrl', () => {
  it('calls nothing and leaves the other live attempts of a paid share as they were', async () => {
    const before = shop.cancelCalls.length;
    const { sessionId, host, guests } = await session(noCancelUrl, 1);
    await start(host, sessionId);
    await start(host, sessionId);
    const cover = await host.run<{ startPayment: { paymentId: string; redirectUrl: string } }>('CoverRemaining', { sessionId });
    const guestOwn = await start(guests[0]!, sessionId);
    await record(noCancelUrl, guestOwn.paymentId);
    const details = await api(noCancelUrl).sessions.get(sessionId);
    expect(details.payments.find((payment) => payment.paymentId === cover.data.startPayment.paymentId)?.status).toBe('redirected');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await callRows(sessionId)).toEqual([]);
    expect(shop.cancelCalls.length).toBe(before);
  });
});
