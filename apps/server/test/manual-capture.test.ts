import { randomUUID } from 'node:crypto';
import { createClient, PaySplitError } from '@paysplit/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  partnerPaymentCaptureSchema,
  paymentCapturedEventSchema,
  paymentCaptureFailedEventSchema,
  paymentReleasedEventSchema,
  sessionCompletedEventSchema,
} from '../src/rest/outgoing-calls.js';
import { loadConfig } from '../src/config.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { type ReferenceMerchant, startReferenceMerchant } from './support/reference-merchant.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// captureMethod: manual over real HTTP and the real database: each share is only held; once every
// share is held PaySplit asks the merchant (an SDK-verifying fixture) to capture each hold, once
// per captureId, and the session completes when the last capture succeeds. A declined capture
// reopens its share; an expiry releases holds and refunds nothing; a capture never answered stays
// pending until the merchant settles it.

let server: TestServer;
let processor: ReferenceMerchant;
let shop: CheckoutMerchant;
type Integration = { integrationId: string; apiKey: string; partnerSecret: string };
let manual: Integration;
let otherTenant: Integration;
let shortHolds: Integration;
let automatic: Integration;

const MANUAL_EVENTS = ['SERVICE_PAYMENT_CAPTURED', 'SERVICE_PAYMENT_CAPTURE_FAILED', 'SERVICE_PAYMENT_RELEASED'];

beforeAll(async () => {
  server = await startTestServer({ environment: { PAYMENT_CALL_RETRY_SCHEDULE: '40ms,40ms,40ms' } });
  processor = await startReferenceMerchant(server);
  shop = new CheckoutMerchant(`${processor.baseUrl}/processor/api`);
  await shop.start();
  const provision = (name: string, extra: Record<string, unknown> = {}) =>
    server.provision({
      name,
      partnerCreatePaymentUrl: shop.createPaymentUrl,
      partnerCancelUrl: shop.cancelUrl,
      partnerCaptureUrl: shop.captureUrl,
      captureMethod: 'manual',
      eventSubscriptions: ['SERVICE_SESSION_EXPIRED', 'SERVICE_PAYMENT_RECORDED', ...MANUAL_EVENTS],
      ...extra,
    });
  manual = await provision('Manual shop');
  otherTenant = await provision('Another manual shop');
  shortHolds = await provision('Short holds', { holdLifetimeSeconds: 7200 });
  automatic = await provision('Automatic shop', {
    captureMethod: 'automatic',
    partnerCaptureUrl: undefined,
    eventSubscriptions: ['SERVICE_PAYMENT_RECORDED'],
  });
  shop.secrets.push(manual.partnerSecret, otherTenant.partnerSecret, shortHolds.partnerSecret, automatic.partnerSecret);
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await processor?.stop();
  await server?.close();
});

beforeEach(() => {
  shop.captureFailFirst = [];
  shop.captureAnswer = 'capture';
  shop.failFirst = [];
  shop.answer = 'expire';
});

const api = (integration: Integration) => createClient({ apiKey: integration.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });

/** A configured session of `people` equal shares of 1000, and each person's browser (the host first). */
async function session(integration: Integration, people: number, extra: Record<string, unknown> = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: String(1000 * people),
      unconfigured: false,
      splitMode: 'equal',
      participants: Array.from({ length: people }, (_, i) => ({ displayName: i === 0 ? 'Host' : `Guest ${i}` })),
      ...extra,
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { sessionId, hostToken } = created.body;
  const host = new PayBrowser(server.baseUrl);
  const view = await host.open(sessionId, hostToken);
  const participants = view.data.openSession.participants as { id: string; inviteUrl: string | null }[];
  const browsers = [host];
  for (const participant of participants.slice(1)) {
    const guest = new PayBrowser(server.baseUrl);
    await guest.open(sessionId, new URL(participant.inviteUrl!).searchParams.get('token')!);
    browsers.push(guest);
  }
  return { sessionId, browsers };
}

async function start(browser: PayBrowser, sessionId: string): Promise<string> {
  const started = await browser.startPayment(sessionId);
  expect(started.errors).toBeUndefined();
  return started.data.startPayment.paymentId as string;
}

/** The merchant records the processor's authorization: for a manual session, a hold. */
async function hold(integration: Integration, paymentId: string, extra: Record<string, unknown> = {}) {
  const recorded = await postJson<Record<string, unknown>>(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId, action: 'authorize', processorReference: shop.checkouts.get(paymentId)?.id ?? null, ...extra },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return recorded.body;
}

const callRows = (sessionId: string, kind: 'cancel' | 'capture') =>
  server.query<{ id: string; payment_id: string; reason: string; status: string; call_status: string; attempt_count: number }>(
    `select id, payment_id, reason, status, call_status, attempt_count from payment_call where session_id = ? and kind = ? order by created_at, id`,
    [sessionId, kind],
  );

/** Waits until `count` calls of the kind have ended their calls. */
const ended = (sessionId: string, kind: 'cancel' | 'capture', count: number) =>
  until(
    () => callRows(sessionId, kind),
    (rows) => rows.length === count && rows.every((row) => row.call_status === 'done'),
  );

/** What each share's pay page says of its money, in roster order (null: nothing, or not the viewer's to see). */
const holdStates = (view: { data: { paySession: { participants: { holdState: string | null }[] } } }) =>
  view.data.paySession.participants.map((participant) => participant.holdState);

const sessionRow = async (sessionId: string) =>
  (
    await server.query<{ status: string; paid_minor: string; version: number }>(
      `select status, paid_minor, version from session where id = ?`,
      [sessionId],
    )
  )[0]!;

const events = (sessionId: string) =>
  server.query<{ type: string; body: string; session_version: number }>(
    `select type, body, session_version from webhook_event where session_id = ? order by session_version, created_at`,
    [sessionId],
  );

const bodiesOf = async (sessionId: string, type: string) =>
  (await events(sessionId)).filter((event) => event.type === type).map((event) => JSON.parse(event.body) as Record<string, any>);

describe('a manual session where every share is held', () => {
  it('captures each hold once, verified with the SDK, and completes with exactly one SERVICE_SESSION_COMPLETED', async () => {
    const { sessionId, browsers } = await session(manual, 3);
    const paymentIds: string[] = [];
    for (const browser of browsers) paymentIds.push(await start(browser, sessionId));
    // The merchant is asked for authorize-only checkouts that last until the deadline.
    const [expiresAt] = await server.query<{ expires_at: Date }>(`select expires_at from session where id = ?`, [sessionId]);
    for (const paymentId of paymentIds) {
      expect(shop.createCalls.find((call) => call.paymentId === paymentId)).toMatchObject({
        captureMethod: 'manual',
        sessionExpiresAt: new Date(expiresAt!.expires_at).toISOString(),
      });
    }

    const sent = '2031-01-02T03:04:05.000Z';
    const first = await hold(manual, paymentIds[0]!, { holdExpiresAt: sent });
    expect(first).toMatchObject({ paymentStatus: 'authorized', sessionStatus: 'partially_paid', holdExpiresAt: sent });
    expect(await hold(manual, paymentIds[1]!)).toMatchObject({ sessionStatus: 'partially_paid' });
    // Nothing is captured while a share is still open.
    expect(await callRows(sessionId, 'capture')).toEqual([]);
    const last = await hold(manual, paymentIds[2]!);
    // The default hold: the integration's lifetime (7 days) from the authorization.
    expect(Date.parse(last['holdExpiresAt'] as string) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(last).toMatchObject({ sessionStatus: 'capturing', paidMinor: '3000', remainingMinor: '0', refundRequired: false });
    // While the cards are charged nobody can pay or change anything.
    const again = await browsers[0]!.startPayment(sessionId);
    expect(again.errors?.[0]?.extensions.code).toBe('SESSION_NOT_PAYABLE');

    // One capture per hold, written together (in the order of the holds, whatever their random ids).
    const rows = (await ended(sessionId, 'capture', 3)).sort((a, b) => paymentIds.indexOf(a.payment_id) - paymentIds.indexOf(b.payment_id));
    expect(rows.map((row) => [row.payment_id, row.reason, row.status, row.attempt_count])).toEqual(
      paymentIds.map((id) => [id, 'session_complete', 'succeeded', 1]),
    );
    await until(
      () => sessionRow(sessionId),
      (row) => row.status === 'completed',
    );
    for (const [index, row] of rows.entries()) {
      const [call, ...more] = shop.capturesOf(row.payment_id);
      expect(more).toEqual([]);
      expect(call!.webhookId).toBe(row.id);
      expect(() => partnerPaymentCaptureSchema.parse(call!.payload)).not.toThrow();
      expect(call!.payload).toMatchObject({
        type: 'partner.payment.capture',
        captureId: row.id,
        paymentId: paymentIds[index],
        sessionId,
        amountMinor: '1000',
        amount: '10.00',
        currency: 'NZD',
        mode: 'test',
        processorReference: shop.checkouts.get(row.payment_id)!.id,
      });
      expect(shop.heldCaptures.get(`paysplit-${row.id}`)).toMatchObject({ outcome: 'captured', amountMinor: '1000' });
    }
    expect(shop.capturesOf(paymentIds[0]!)[0]!.payload.holdExpiresAt).toBe(sent);
    expect(shop.refused).toEqual([]);

    const completed = await bodiesOf(sessionId, 'SERVICE_SESSION_COMPLETED');
    expect(completed).toHaveLength(1);
    expect(sessionCompletedEventSchema.parse(completed[0]).payments.map((payment) => payment.paymentId)).toEqual(paymentIds);
    const captured = await bodiesOf(sessionId, 'SERVICE_PAYMENT_CAPTURED');
    expect(captured.map((event) => paymentCapturedEventSchema.parse(event).payment.paymentId).sort()).toEqual([...paymentIds].sort());
    // The completion comes with the last capture, after every other event of the session.
    const all = await events(sessionId);
    expect(all.at(-1)!.type).toBe('SERVICE_SESSION_COMPLETED');
    expect(all.filter((event) => event.type === 'SERVICE_SESSION_COMPLETED')[0]!.session_version).toBe(
      Math.max(...all.map((event) => event.session_version)),
    );

    // The merchant's reads: REST says manual and shows each capture; GraphQL lists the captures.
    const details = await api(manual).sessions.get(sessionId);
    expect(details).toMatchObject({ status: 'completed', captureMethod: 'manual', paidMinor: '3000', refundsOwed: [] });
    for (const payment of details.payments) {
      expect(payment).toMatchObject({ status: 'captured', refundableMinor: '1000', releasedAt: null });
      expect(payment.capturedAt).toEqual(expect.any(String));
    }
    const read = await postJson<{ data: { session: { captureMethod: string; captures: Record<string, unknown>[] } } }>(
      `${server.baseUrl}/graphql`,
      {
        query: `query($id: ID!) { session(id: $id) { captureMethod captures { captureId reason status attempts } } }`,
        variables: { id: sessionId },
      },
      { 'x-service-api-key': manual.apiKey },
    );
    expect(read.body.data.session.captureMethod).toBe('MANUAL');
    expect(read.body.data.session.captures).toEqual(
      expect.arrayContaining(rows.map((row) => ({ captureId: row.id, reason: 'SESSION_COMPLETE', status: 'SUCCEEDED', attempts: 1 }))),
    );
    expect(read.body.data.session.captures).toHaveLength(3);
  });

  it('keeps the captureId through a 500 and then 200, and the merchant captures once', async () => {
    shop.captureFailFirst = [500];
    const { sessionId, browsers } = await session(manual, 1);
    const paymentId = await start(browsers[0]!, sessionId);
    expect(await hold(manual, paymentId)).toMatchObject({ sessionStatus: 'capturing' });
    const [row] = await ended(sessionId, 'capture', 1);
    expect(row).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect(shop.capturesOf(paymentId).map((call) => [call.webhookId, call.payload.captureId, call.status])).toEqual([
      [row!.id, row!.id, 500],
      [row!.id, row!.id, 200],
    ]);
    expect([...shop.heldCaptures.values()].filter((made) => made.paymentId === paymentId)).toHaveLength(1);
    expect((await sessionRow(sessionId)).status).toBe('completed');
    expect(await bodiesOf(sessionId, 'SERVICE_SESSION_COMPLETED')).toHaveLength(1);
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^paysplit_job_attempts_total\{kind="payment-capture-call",outcome="retry"\} [1-9]/m);
  });
});

describe('a declined capture', () => {
  it('reopens that share while the others stay held; paid again, captured, the session completes once', async () => {
    const { sessionId, browsers } = await session(manual, 2);
    const hostPayment = await start(browsers[0]!, sessionId);
    const declined = await start(browsers[1]!, sessionId);
    shop.declineCapturesOf.add(declined);
    await hold(manual, hostPayment);
    expect(await hold(manual, declined)).toMatchObject({ sessionStatus: 'capturing' });
    await ended(sessionId, 'capture', 2);
    const reopened = await until(
      () => sessionRow(sessionId),
      (row) => row.status === 'partially_paid',
    );
    expect(reopened.paid_minor).toBe('1000');
    // Its share takes payments again; the rest of its hold is released (capture_failed).
    const view = await browsers[1]!.view(sessionId);
    expect(view.data.paySession.participants.map((p: { status: string }) => p.status)).toEqual(['PAID', 'PENDING']);
    // The pay page tells the payer their card was declined (pay again) and the host whose it was; a
    // payer sees nothing of another's money.
    expect(view.data.paySession).toMatchObject({ captureMethod: 'MANUAL', merchantTimeZone: 'UTC' });
    expect(holdStates(view)).toEqual([null, 'CAPTURE_FAILED']);
    // The host's own capture went through: their card is charged while the guest's share is open again.
    expect(holdStates(await browsers[0]!.view(sessionId))).toEqual(['CHARGED', 'CAPTURE_FAILED']);
    const [release] = await ended(sessionId, 'cancel', 1);
    expect(release).toMatchObject({ payment_id: declined, reason: 'capture_failed', status: 'succeeded' });
    const [failed] = await bodiesOf(sessionId, 'SERVICE_PAYMENT_CAPTURE_FAILED');
    expect(paymentCaptureFailedEventSchema.parse(failed)).toMatchObject({
      sessionStatus: 'partially_paid',
      paidMinor: '1000',
      failureReason: 'the card issuer declined the capture',
      payment: { paymentId: declined, status: 'capture_failed' },
    });
    expect(await bodiesOf(sessionId, 'SERVICE_SESSION_COMPLETED')).toEqual([]);

    // The guest pays again with another card: only that new hold is captured, and the session completes.
    const repaid = await start(browsers[1]!, sessionId);
    expect(await hold(manual, repaid)).toMatchObject({ sessionStatus: 'capturing' });
    const captures = await ended(sessionId, 'capture', 3);
    expect(Object.fromEntries(captures.map((row) => [row.payment_id, row.status]))).toEqual({
      [hostPayment]: 'succeeded',
      [declined]: 'failed',
      [repaid]: 'succeeded',
    });
    await until(
      () => sessionRow(sessionId),
      (row) => row.status === 'completed',
    );
    const completed = await bodiesOf(sessionId, 'SERVICE_SESSION_COMPLETED');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.payments.map((payment: { paymentId: string }) => payment.paymentId)).toEqual([hostPayment, repaid]);
    expect(holdStates(await browsers[0]!.view(sessionId))).toEqual(['CHARGED', 'CHARGED']);
    const details = await api(manual).sessions.get(sessionId);
    expect(Object.fromEntries(details.payments.map((payment) => [payment.paymentId, payment.status]))).toEqual({
      [hostPayment]: 'captured',
      [declined]: 'capture_failed',
      [repaid]: 'captured',
    });
  });
});

describe('a manual session that ends before every share is held', () => {
  it('expiring with 2 of 4 held releases both holds and refunds nothing', async () => {
    const { sessionId, browsers } = await session(manual, 4);
    const held = [await start(browsers[0]!, sessionId), await start(browsers[1]!, sessionId)];
    for (const paymentId of held) await hold(manual, paymentId);
    await server.query(`update session set expires_at = now() - interval '1 second' where id = ?`, [sessionId]);
    expect(await server.expiry.runOnce()).toContain(sessionId);

    const releases = await ended(sessionId, 'cancel', 2);
    expect(releases.map((row) => [row.payment_id, row.reason, row.status]).sort()).toEqual(
      held.map((id) => [id, 'session_expired', 'succeeded']).sort(),
    );
    expect(await server.query(`select id from refund where session_id = ?`, [sessionId])).toEqual([]);
    expect(await callRows(sessionId, 'capture')).toEqual([]);
    // The pay pages say the holds were released; the shares never held say nothing.
    expect(holdStates(await browsers[0]!.view(sessionId))).toEqual(['RELEASED', 'RELEASED', null, null]);
    const details = await api(manual).sessions.get(sessionId);
    expect(details).toMatchObject({ status: 'expired', refundsOwed: [], refundedMinor: '0' });
    expect(details.payments.map((payment) => [payment.status, payment.refundRequired, payment.refundableMinor])).toEqual([
      ['released', false, '0'],
      ['released', false, '0'],
    ]);
    const [expired] = await bodiesOf(sessionId, 'SERVICE_SESSION_EXPIRED');
    expect(expired).toMatchObject({ status: 'expired', refundsOwed: [] });
    const released = await bodiesOf(sessionId, 'SERVICE_PAYMENT_RELEASED');
    expect(
      released
        .map((event) => paymentReleasedEventSchema.parse(event))
        .map((event) => [event.payment.paymentId, event.reason])
        .sort(),
    ).toEqual(held.map((id) => [id, 'session_expired']).sort());
  });

  it('releases a second hold of an already paid share (a duplicate) instead of counting it', async () => {
    const { sessionId, browsers } = await session(manual, 2);
    const first = await start(browsers[1]!, sessionId);
    // The payer started again, but the first checkout was paid before its cancel arrived.
    shop.failCancelsOf.add(first);
    const second = await start(browsers[1]!, sessionId);
    expect(await ended(sessionId, 'cancel', 1)).toMatchObject([{ payment_id: first, reason: 'replaced', status: 'failed' }]);
    shop.failCancelsOf.delete(first);
    expect(await hold(manual, second)).toMatchObject({ sessionStatus: 'partially_paid', refundRequired: false });
    // The first hold arrives too: it cannot count, and is released rather than refunded.
    expect(await hold(manual, first)).toMatchObject({ sessionStatus: 'partially_paid', paidMinor: '1000' });
    const cancels = await ended(sessionId, 'cancel', 2);
    expect(cancels.map((row) => [row.payment_id, row.reason, row.status])).toEqual([
      [first, 'replaced', 'failed'],
      [first, 'duplicate', 'succeeded'],
    ]);
    const details = await api(manual).sessions.get(sessionId);
    expect(details.payments.find((payment) => payment.paymentId === first)).toMatchObject({ status: 'released', refundableMinor: '0' });
    expect(details.refundsOwed).toEqual([]);
    expect(await server.query(`select id from refund where session_id = ?`, [sessionId])).toEqual([]);
    // The payer's page says their second hold was released, and their share is held by the first.
    const payerView = await browsers[1]!.view(sessionId);
    expect(holdStates(payerView)).toEqual([null, 'HELD']);
    expect(payerView.data.paySession.participants[1].duplicateHoldReleased).toBe(true);
    // The host's share is still open; once held, only the counted holds are captured.
    await hold(manual, await start(browsers[0]!, sessionId));
    expect((await ended(sessionId, 'capture', 2)).map((row) => row.payment_id).sort()).toEqual(
      [second, shop.createCalls.at(-1)!.paymentId].sort(),
    );
  });

  it('keeps a hold whose checkout was already cancelled released: it never counts', async () => {
    const { sessionId, browsers } = await session(manual, 2);
    const first = await start(browsers[1]!, sessionId);
    const second = await start(browsers[1]!, sessionId);
    expect(await ended(sessionId, 'cancel', 1)).toMatchObject([{ payment_id: first, reason: 'replaced', status: 'succeeded' }]);
    // The merchant records the cancelled checkout as held anyway (a race at its processor).
    expect(await hold(manual, first)).toMatchObject({ paymentStatus: 'released', sessionStatus: 'open', paidMinor: '0' });
    expect(await hold(manual, second)).toMatchObject({ paymentStatus: 'authorized', paidMinor: '1000' });
    const [released] = await bodiesOf(sessionId, 'SERVICE_PAYMENT_RELEASED');
    expect(released).toMatchObject({ reason: 'replaced', payment: { paymentId: first, status: 'released' } });
  });
  it('cancelled by the merchant while capturing: captured money is owed back, holds are released, a late capture is owed too', async () => {
    shop.captureAnswer = 'pending';
    const { sessionId, browsers } = await session(manual, 2);
    const [first, second] = [await start(browsers[0]!, sessionId), await start(browsers[1]!, sessionId)];
    await hold(manual, first!);
    await hold(manual, second!);
    const captures = await ended(sessionId, 'capture', 2);
    const captureOf = (paymentId: string) => captures.find((row) => row.payment_id === paymentId)!.id;
    await api(manual).payments.settleCapture(captureOf(first!), { status: 'succeeded' });
    expect((await sessionRow(sessionId)).status).toBe('capturing');

    const cancelled = await api(manual).sessions.cancel(sessionId);
    expect(cancelled.refundsOwed.map((payment) => payment.paymentId)).toEqual([first]);
    expect(await ended(sessionId, 'cancel', 1)).toMatchObject([{ payment_id: second, reason: 'session_cancelled', status: 'succeeded' }]);
    // The merchant's processor had captured the second hold after all: that money is owed back as well.
    await api(manual).payments.settleCapture(captureOf(second!), { status: 'succeeded' });
    const details = await api(manual).sessions.get(sessionId);
    expect(details.status).toBe('cancelled');
    expect(details.refundsOwed.map((payment) => payment.paymentId).sort()).toEqual([first, second].sort());
    expect(await bodiesOf(sessionId, 'SERVICE_SESSION_COMPLETED')).toEqual([]);
    // Without a refund URL the merchant refunds by hand and records it, as for any money owed back.
    expect(await api(manual).payments.record({ paymentId: first!, action: 'refund' })).toMatchObject({ paymentStatus: 'captured' });
    expect((await api(manual).sessions.get(sessionId)).refundsOwed.map((payment) => payment.paymentId)).toEqual([second]);
  });
});

describe('a hold about to lapse (the hold-expiry sweep)', () => {
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('stops counting a hold within HOLD_MARGIN of lapsing: released, one hold_lapsed cancel, one event, its share open again', async () => {
    const marginMinutes = server.config.holdMarginMs / 60_000;
    const open = await session(manual, 3);
    const payments = [await start(open.browsers[0]!, open.sessionId), await start(open.browsers[1]!, open.sessionId)];
    await hold(manual, payments[0]!, { holdExpiresAt: inMinutes(marginMinutes + 5) });
    await hold(manual, payments[1]!, { holdExpiresAt: inMinutes(marginMinutes - 5) });
    const before = await sessionRow(open.sessionId);
    expect(await server.holdExpiry.runOnce()).toEqual([payments[1]]);
    const after = await sessionRow(open.sessionId);
    expect(after).toMatchObject({ status: 'partially_paid', paid_minor: '1000' });
    expect(after.version).toBeGreaterThan(before.version);
    const view = await open.browsers[1]!.view(open.sessionId);
    expect(view.data.paySession.participants.map((p: { status: string }) => p.status)).toEqual(['PAID', 'PENDING', 'PENDING']);
    // The merchant, verifying with the SDK, is asked to release what is left.
    expect(await ended(open.sessionId, 'cancel', 1)).toMatchObject([
      { payment_id: payments[1], reason: 'hold_lapsed', status: 'succeeded' },
    ]);
    expect(shop.cancelCalls.filter((call) => call.payload.paymentId === payments[1]).map((call) => call.payload.reason)).toEqual([
      'hold_lapsed',
    ]);
    expect(shop.refused).toEqual([]);
    const released = await bodiesOf(open.sessionId, 'SERVICE_PAYMENT_RELEASED');
    expect(released).toHaveLength(1);
    expect(paymentReleasedEventSchema.parse(released[0])).toMatchObject({
      reason: 'hold_lapsed',
      sessionStatus: 'partially_paid',
      paidMinor: '1000',
      remainingMinor: '2000',
      payment: { paymentId: payments[1], status: 'released' },
    });
    const details = await api(manual).sessions.get(open.sessionId);
    expect(details.payments.find((payment) => payment.paymentId === payments[1])).toMatchObject({
      status: 'released',
      refundableMinor: '0',
    });
    expect(details.refundsOwed).toEqual([]);

    // Nothing more on the next sweep; the payer pays again and that hold counts.
    expect(await server.holdExpiry.runOnce()).toEqual([]);
    expect(await hold(manual, await start(open.browsers[1]!, open.sessionId))).toMatchObject({ paidMinor: '2000' });
    expect(await bodiesOf(open.sessionId, 'SERVICE_PAYMENT_RELEASED')).toHaveLength(1);
  });

  it('leaves a capturing session alone: its captures are running', async () => {
    shop.captureAnswer = 'pending';
    const { sessionId, browsers } = await session(manual, 2);
    const [lapsing, lasting] = [await start(browsers[0]!, sessionId), await start(browsers[1]!, sessionId)];
    await hold(manual, lapsing!, { holdExpiresAt: inMinutes(10) });
    expect(await hold(manual, lasting!)).toMatchObject({ sessionStatus: 'capturing' });
    await ended(sessionId, 'capture', 2);
    expect(await server.holdExpiry.runOnce()).not.toContain(lapsing);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'capturing', paid_minor: '2000' });
    expect(await callRows(sessionId, 'cancel')).toEqual([]);
  });

  it('past the deadline, a lapsing hold ends the session as a declined capture would: expired, the other holds released', async () => {
    const { sessionId, browsers } = await session(manual, 3);
    const [lapsing, lasting] = [await start(browsers[0]!, sessionId), await start(browsers[1]!, sessionId)];
    await hold(manual, lapsing!, { holdExpiresAt: inMinutes(10) });
    await hold(manual, lasting!);
    await server.query(`update session set expires_at = now() - interval '1 second' where id = ?`, [sessionId]);
    expect(await server.holdExpiry.runOnce()).toEqual([lapsing]);
    // The lapsed hold left what is paid; the ending keeps the rest, as any expiry does.
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'expired', paid_minor: '1000' });
    const cancels = await ended(sessionId, 'cancel', 2);
    expect(Object.fromEntries(cancels.map((row) => [row.payment_id, [row.reason, row.status]]))).toEqual({
      [lapsing!]: ['hold_lapsed', 'succeeded'],
      [lasting!]: ['session_expired', 'succeeded'],
    });
    expect(await bodiesOf(sessionId, 'SERVICE_SESSION_EXPIRED')).toHaveLength(1);
    const released = await until(
      () => bodiesOf(sessionId, 'SERVICE_PAYMENT_RELEASED'),
      (bodies) => bodies.length === 2,
    );
    expect(Object.fromEntries(released.map((event) => [event.payment.paymentId, event.reason]))).toEqual({
      [lapsing!]: 'hold_lapsed',
      [lasting!]: 'session_expired',
    });
    expect(await server.query(`select id from refund where session_id = ?`, [sessionId])).toEqual([]);
  });

  it('reads HOLD_MARGIN as a duration from 1m to 24h, 1h when unset', () => {
    expect(loadConfig({}).holdMarginMs).toBe(3_600_000);
    expect(loadConfig({ HOLD_MARGIN: '90m' }).holdMarginMs).toBe(5_400_000);
    for (const wrong of ['soon', '30s', '25h', '1d']) {
      expect(() => loadConfig({ HOLD_MARGIN: wrong })).toThrow(/HOLD_MARGIN: must be a duration from 1m to 24h, like 1h/);
    }
  });
});

describe('settling a capture', () => {
  it('keeps a pending answer pending until the merchant settles it: idempotent, 409 the other way, 404 for another tenant', async () => {
    shop.captureAnswer = 'pending';
    const { sessionId, browsers } = await session(manual, 1);
    await hold(manual, await start(browsers[0]!, sessionId));
    const [row] = await ended(sessionId, 'capture', 1);
    expect(row).toMatchObject({ status: 'pending', call_status: 'done', attempt_count: 1 });
    expect((await sessionRow(sessionId)).status).toBe('capturing');

    const settled = await api(manual).payments.settleCapture(row!.id, { status: 'succeeded', processorReference: 'ch_held_1' });
    expect(settled).toMatchObject({
      success: true,
      captureId: row!.id,
      status: 'succeeded',
      reason: 'session_complete',
      processorReference: 'ch_held_1',
    });
    expect((await sessionRow(sessionId)).status).toBe('completed');
    expect(await api(manual).payments.settleCapture(row!.id, { status: 'succeeded' })).toEqual(settled);
    const refusal = (integration: Integration, id: string, body: { status: 'succeeded' | 'failed' }) =>
      api(integration)
        .payments.settleCapture(id, body)
        .catch((error: unknown) => error);
    const conflict = await refusal(manual, row!.id, { status: 'failed' });
    expect(conflict).toBeInstanceOf(PaySplitError);
    expect(conflict).toMatchObject({ status: 409, code: 'INVALID_STATE' });
    // Another tenant's capture, and one that does not exist, are not found alike.
    expect(await refusal(otherTenant, row!.id, { status: 'succeeded' })).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal(manual, randomUUID(), { status: 'succeeded' })).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // A cancel's settle route does not settle a capture.
    const wrongKind = await api(manual)
      .payments.settleCancellation(row!.id, { status: 'succeeded' })
      .catch((error: unknown) => error);
    expect(wrongKind).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const graphql = await postJson<{ data: { settleCapture: { status: string } } }>(
      `${server.baseUrl}/graphql`,
      {
        query: `mutation($id: ID!) { settleCapture(captureId: $id, input: { status: SUCCEEDED }) { status } }`,
        variables: { id: row!.id },
      },
      { 'x-service-api-key': manual.apiKey },
    );
    expect(graphql.body.data.settleCapture.status).toBe('SUCCEEDED');
    expect(await bodiesOf(sessionId, 'SERVICE_SESSION_COMPLETED')).toHaveLength(1);
  });

  it('leaves a capture never answered pending, never failed, until the merchant settles it', async () => {
    shop.captureFailFirst = [503, 503, 503, 503, 503];
    const { sessionId, browsers } = await session(manual, 1);
    await hold(manual, await start(browsers[0]!, sessionId));
    const [row] = await ended(sessionId, 'capture', 1);
    expect(row).toMatchObject({ status: 'pending', call_status: 'done', attempt_count: 4 });
    expect((await sessionRow(sessionId)).status).toBe('capturing');
    // The sweep never expires a session whose captures are running, even past its deadline.
    await server.query(`update session set expires_at = now() - interval '1 second' where id = ?`, [sessionId]);
    expect(await server.expiry.runOnce()).not.toContain(sessionId);
    // Declined after the deadline: the share cannot be paid again, so the session expires.
    await api(manual).payments.settleCapture(row!.id, { status: 'failed', failureReason: 'hold lapsed' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'expired', paid_minor: '0' });
  });
});

describe('what a manual integration may set and send', () => {
  it('refuses a deadline the holds would not outlast, with VALIDATION_ERROR on expiresInSeconds naming both ways out', async () => {
    const refused = await postJson<{ code: string; message: string; details: { path: string }[] }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: shortHolds.integrationId, amountMinor: '1000', expiresInSeconds: 7200 },
      { 'x-service-api-key': shortHolds.apiKey },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'expiresInSeconds' }] });
    expect(refused.body.message).toMatch(/7200 seconds.*at most 3600, or use captureMethod automatic/);
    const fits = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: shortHolds.integrationId, amountMinor: '1000', expiresInSeconds: 3600 },
      { 'x-service-api-key': shortHolds.apiKey },
    );
    expect(fits.status).toBe(200);
  });

  it('takes holdExpiresAt from manual sessions only; an automatic one answers as it always did', async () => {
    const automaticSession = await session(automatic, 1);
    const paymentId = await start(automaticSession.browsers[0]!, automaticSession.sessionId);
    expect(shop.createCalls.find((call) => call.paymentId === paymentId)).not.toHaveProperty('captureMethod');
    // Its pay page hears nothing of holds.
    const automaticView = await automaticSession.browsers[0]!.view(automaticSession.sessionId);
    expect(automaticView.data.paySession.captureMethod).toBe('AUTOMATIC');
    expect(
      automaticView.data.paySession.participants.map((p: { holdState: unknown; duplicateHoldReleased: unknown }) => [
        p.holdState,
        p.duplicateHoldReleased,
      ]),
    ).toEqual([[null, null]]);
    for (const holdExpiresAt of ['2031-01-01T00:00:00Z', null]) {
      const refused = await postJson(
        `${server.baseUrl}/api/v1/payments/record`,
        { paymentId, action: 'authorize', holdExpiresAt },
        { 'x-service-api-key': automatic.apiKey },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Unrecognized key: "holdExpiresAt"',
        details: [{ path: '(body)', message: 'Unrecognized key: "holdExpiresAt"' }],
      });
    }
    const recorded = await postJson<Record<string, unknown>>(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId, action: 'authorize' },
      { 'x-service-api-key': automatic.apiKey },
    );
    expect(recorded.body).not.toHaveProperty('holdExpiresAt');
    expect(recorded.body).toMatchObject({ sessionStatus: 'completed' });
    expect(await callRows(automaticSession.sessionId, 'capture')).toEqual([]);

    const manualSession = await session(manual, 2);
    const held = await start(manualSession.browsers[0]!, manualSession.sessionId);
    const malformed = await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: held, action: 'authorize', holdExpiresAt: 'next tuesday' },
      { 'x-service-api-key': manual.apiKey },
    );
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'holdExpiresAt' }] });
    expect((await sessionRow(manualSession.sessionId)).paid_minor).toBe('0');
  });

  it('needs both partner URLs for manual, and keeps the manual events to manual integrations', async () => {
    const noCapture = await server
      .provision({ name: 'No capture URL', partnerCancelUrl: shop.cancelUrl, captureMethod: 'manual' })
      .catch((error: unknown) => error);
    expect(noCapture).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'partnerCaptureUrl' }] });
    const automaticWithEvents = await server
      .provision({ name: 'Automatic', eventSubscriptions: ['SERVICE_PAYMENT_RELEASED'] })
      .catch((error: unknown) => error);
    expect(automaticWithEvents).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'eventSubscriptions' }] });
  });
});
