import { randomUUID } from 'node:crypto';
import { createClient, PaySplitError } from '@paysplit/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refundFailedEventSchema, refundSucceededEventSchema } from '../src/rest/outgoing-calls.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { RefundEndpoint } from './support/refund-endpoint.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';
import { until } from './support/polling.js';

// Issue 15 over real HTTP and the real database: the partner refund call, automatic refunds,
// the merchant's refunds endpoint (idempotent, race-safe) and settling pending refunds.

let offsetMs = 0;
const now = (): Date => new Date(Date.now() + offsetMs);

let server: TestServer;
let merchant: MerchantStub;
let endpoint: RefundEndpoint;
type Integration = { integrationId: string; apiKey: string };
let refunding: Integration;
let noRefundUrl: Integration;
let otherTenant: Integration;

beforeAll(async () => {
  merchant = new MerchantStub();
  endpoint = new RefundEndpoint();
  await Promise.all([merchant.start(), endpoint.start()]);
  // A short outbox schedule: 4 retries after the first attempt, a few tens of ms apart.
  server = await startTestServer({
    now,
    webhookRetrySchedule: '40ms,40ms,40ms,40ms',
    refundRetrySchedule: '40ms,40ms,40ms,40ms',
    webhookTimeoutMs: 2000,
    partnerTimeoutMs: 2000,
  });
  const created = await merchant.provisionOn(server, {
    name: 'Refunding shop',
    partnerRefundUrl: endpoint.url,
    eventSubscriptions: ['SERVICE_SESSION_EXPIRED', 'SERVICE_REFUND_SUCCEEDED', 'SERVICE_REFUND_FAILED'],
  });
  endpoint.secret = created.partnerSecret;
  refunding = created;
  noRefundUrl = await merchant.provisionOn(server, { name: 'No refund URL' });
  otherTenant = await merchant.provisionOn(server, { name: 'Another tenant', partnerRefundUrl: endpoint.url });
});

afterAll(async () => {
  await server?.close();
  await Promise.all([merchant?.stop(), endpoint?.stop()]);
});

beforeEach(() => {
  offsetMs = 0;
  endpoint.failFirst = [];
  endpoint.answer = 'succeeded';
});

const api = (integration: Integration) => createClient({ apiKey: integration.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });

/** A configured session of `shares` × 1000 with the first `paid` shares authorized. */
async function sessionWithPaidShares(integration: Integration, shares: number, paid: number) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: String(1000 * shares),
      merchantOrderRef: `booking-${randomUUID().slice(0, 8)}`,
      unconfigured: false,
      splitMode: 'equal',
      participants: Array.from({ length: shares }, (_, i) => ({ displayName: i === 0 ? 'Host' : `Guest ${i}` })),
      expiresInSeconds: 1800,
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  const { sessionId, hostToken } = created.body;
  const host = new PayBrowser(server.baseUrl);
  const view = await host.open(sessionId, hostToken);
  const participants = view.data.openSession.participants as { id: string; inviteUrl: string | null }[];
  const paymentIds: string[] = [];
  const payers: PayBrowser[] = [];
  for (let i = 0; i < paid; i += 1) {
    let payer = host;
    if (i > 0) {
      payer = new PayBrowser(server.baseUrl);
      await payer.open(sessionId, new URL(participants[i]!.inviteUrl!).searchParams.get('token')!);
    }
    const started = await payer.startPayment(sessionId);
    const paymentId = started.data.startPayment.paymentId as string;
    const recorded = await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId, action: 'authorize', processorReference: `ch_${paymentId.slice(0, 8)}` },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(recorded.status).toBe(200);
    endpoint.charged.set(paymentId, 1000n);
    paymentIds.push(paymentId);
    payers.push(payer);
  }
  return { sessionId, paymentIds, payers, participants };
}

function refundRequest(integration: Integration, sessionId: string, body: unknown, headers: Record<string, string> = {}) {
  return postJson<Record<string, any>>(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}/refunds`, body, {
    'x-service-api-key': integration.apiKey,
    ...headers,
  });
}

async function refundRows(sessionId: string) {
  return server.query<{ id: string; payment_id: string; amount_minor: string; status: string; source: string; attempt_count: number }>(
    `select id, payment_id, amount_minor::text, status, source, attempt_count from refund where session_id = ? order by created_at, id`,
    [sessionId],
  );
}

const eventsOf = (sessionId: string, type: string) =>
  merchant.webhookCalls.filter((call) => call.json.sessionId === sessionId && call.json.type === type).map((call) => call.json);

describe('automatic refunds', () => {
  it('refunds both paid shares when a session of four expires with two paid, one event each', async () => {
    const { sessionId, paymentIds, payers } = await sessionWithPaidShares(refunding, 4, 2);
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    const rows = await until(
      () => refundRows(sessionId),
      (r) => r.length === 2 && r.every((row) => row.status === 'succeeded'),
    );
    expect(rows.map((row) => [row.payment_id, row.amount_minor, row.source]).sort()).toEqual(
      paymentIds.map((id) => [id, '1000', 'automatic']).sort(),
    );
    for (const paymentId of paymentIds) expect(endpoint.refundedOn(paymentId)).toBe(1000n);
    await merchant.waitForWebhooks(merchant.webhookCalls.length);
    const succeeded = await until(
      async () => eventsOf(sessionId, 'SERVICE_REFUND_SUCCEEDED'),
      (events) => events.length === 2,
    );
    for (const event of succeeded) expect(() => refundSucceededEventSchema.parse(event)).not.toThrow();
    expect(succeeded.map((event) => event.paymentId).sort()).toEqual([...paymentIds].sort());
    expect(Math.max(...succeeded.map((event) => Number(event.refundedMinor)))).toBe(2000);

    const details = await api(refunding).sessions.get(sessionId);
    expect(details).toMatchObject({ status: 'expired', refundedMinor: '2000', refundsOwed: [] });
    expect(details.refunds).toHaveLength(2);
    expect(details.refunds.every((refund) => refund.status === 'succeeded' && refund.source === 'automatic')).toBe(true);
    expect(details.payments.filter((p) => p.status === 'authorized').map((p) => [p.refundedMinor, p.refundableMinor])).toEqual([
      ['1000', '0'],
      ['1000', '0'],
    ]);
    const poll = await api(refunding).status.get(sessionId);
    expect(poll).toMatchObject({ status: 'expired', refundedMinor: '2000' });

    // The pay pages: a payer sees their own refund, the host everyone's.
    const PAY_REFUNDS = `query($id: ID!) { paySession(sessionId: $id) { participants { isYou refundedMinor refundPendingMinor } } }`;
    const asHost = await payers[0]!.graphql(PAY_REFUNDS, { id: sessionId });
    expect(asHost.data.paySession.participants.map((p: { refundedMinor: string }) => p.refundedMinor)).toEqual(['1000', '1000', '0', '0']);
    const asGuest = await payers[1]!.graphql(PAY_REFUNDS, { id: sessionId });
    expect(asGuest.data.paySession.participants).toEqual([
      { isYou: false, refundedMinor: null, refundPendingMinor: null },
      { isYou: true, refundedMinor: '1000', refundPendingMinor: '0' },
      { isYou: false, refundedMinor: null, refundPendingMinor: null },
      { isYou: false, refundedMinor: null, refundPendingMinor: null },
    ]);
  });

  it('refunds the paid share of a cancelled session, and a payment that arrives after the end, automatically', async () => {
    const { sessionId, paymentIds, participants } = await sessionWithPaidShares(refunding, 3, 1);
    // A second payer starts paying, then the merchant cancels before that checkout finishes.
    const guest = new PayBrowser(server.baseUrl);
    await guest.open(sessionId, new URL(participants[1]!.inviteUrl!).searchParams.get('token')!);
    const late = (await guest.startPayment(sessionId)).data.startPayment.paymentId as string;
    const cancelled = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions/${sessionId}/cancel`,
      {},
      {
        'x-service-api-key': refunding.apiKey,
      },
    );
    expect(cancelled.status).toBe(200);
    await until(
      () => refundRows(sessionId),
      (r) => r.length === 1 && r[0]!.status === 'succeeded',
    );
    // The checkout succeeds after all: the money cannot count, and goes back by itself.
    const recorded = await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: late, action: 'authorize', processorReference: 'ch_late' },
      { 'x-service-api-key': refunding.apiKey },
    );
    expect(recorded.body).toMatchObject({ refundRequired: true, sessionStatus: 'cancelled' });
    const rows = await until(
      () => refundRows(sessionId),
      (r) => r.length === 2 && r.every((row) => row.status === 'succeeded'),
    );
    expect(rows.map((row) => [row.payment_id, row.amount_minor, row.source])).toEqual([
      [paymentIds[0], '1000', 'automatic'],
      [late, '1000', 'automatic'],
    ]);
    expect(await api(refunding).sessions.get(sessionId)).toMatchObject({ status: 'cancelled', refundedMinor: '2000', refundsOwed: [] });
  });

  it('keeps the refundsOwed behaviour for an integration without a refund URL', async () => {
    const { sessionId, paymentIds } = await sessionWithPaidShares(noRefundUrl, 2, 1);
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    expect(await refundRows(sessionId)).toEqual([]);
    const details = await api(noRefundUrl).sessions.get(sessionId);
    expect(details.refundsOwed.map((owed) => owed.paymentId)).toEqual(paymentIds);
    expect(details.refundedMinor).toBe('0');
  });
});

describe('the merchant refund endpoint down, then up', () => {
  it('retries with the same refundId and refunds each payment once', async () => {
    const { sessionId, paymentIds } = await sessionWithPaidShares(refunding, 3, 3);
    endpoint.failFirst = [503, 503, 503];
    const reply = await api(refunding).refunds.create(sessionId, { reason: 'Booking cancelled' });
    expect(reply.refunds).toHaveLength(3);
    expect(reply).toMatchObject({ capturedMinor: '3000', refundedMinor: '0', refundableMinor: '0', pendingRefundMinor: '3000' });
    const rows = await until(
      () => refundRows(sessionId),
      (r) => r.every((row) => row.status === 'succeeded'),
    );
    for (const row of rows) {
      const calls = endpoint.calls.filter((call) => call.refundId === row.id);
      expect(calls.map((call) => call.status)).toEqual([503, 503, 503, 200]);
      expect(new Set(calls.map((call) => call.webhookId))).toEqual(new Set([row.id]));
      expect(row.attempt_count).toBe(4);
    }
    for (const paymentId of paymentIds) expect(endpoint.refundedOn(paymentId)).toBe(1000n);
    const attempts = await server.query<{ outcome: string; n: string }>(
      `select a.outcome, count(*)::text as n from refund_call_attempt a join refund r on r.id = a.refund_id where r.session_id = ? group by a.outcome order by a.outcome`,
      [sessionId],
    );
    expect(attempts).toEqual([
      { outcome: 'error', n: '9' },
      { outcome: 'succeeded', n: '3' },
    ]);
    expect((await api(refunding).sessions.get(sessionId)).refundedMinor).toBe('3000');
  });

  it('fails the refund after the last attempt, frees its amount and tells the subscribed merchant', async () => {
    const { sessionId, paymentIds } = await sessionWithPaidShares(refunding, 2, 1);
    endpoint.failFirst = [500, 500, 500, 500, 500, 500];
    const reply = await api(refunding).refunds.create(sessionId, { amountMinor: '400' });
    const [refund] = reply.refunds;
    const [row] = await until(
      () => refundRows(sessionId),
      (r) => r[0]?.status === 'failed',
    );
    expect(row).toMatchObject({ id: refund!.refundId, attempt_count: 5 });
    const details = await api(refunding).sessions.get(sessionId);
    expect(details.refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: "the merchant's refund endpoint did not answer",
      attempts: 5,
    });
    expect(details.payments.find((p) => p.paymentId === paymentIds[0])).toMatchObject({ refundedMinor: '0', refundableMinor: '1000' });
    const failed = await until(
      async () => eventsOf(sessionId, 'SERVICE_REFUND_FAILED'),
      (events) => events.length === 1,
    );
    expect(refundFailedEventSchema.parse(failed[0])).toMatchObject({ refundId: refund!.refundId, amountMinor: '400', refundedMinor: '0' });
  });
});

describe('idempotency and races', () => {
  it('thirty concurrent requests with one Idempotency-Key make one set of refunds', async () => {
    const { sessionId } = await sessionWithPaidShares(refunding, 3, 3);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => refundRequest(refunding, sessionId, { amountMinor: '1500' }, { 'idempotency-key': key })),
    );
    const ok = replies.filter((reply) => reply.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const reply of replies.filter((r) => r.status !== 200)) expect(reply.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    const first = JSON.stringify(ok[0]!.body.refunds);
    for (const reply of ok) expect(JSON.stringify(reply.body.refunds)).toBe(first);
    const rows = await refundRows(sessionId);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n)).toBe(1500n);
    // The same key with another body is a reuse.
    const reused = await refundRequest(refunding, sessionId, { amountMinor: '10' }, { 'idempotency-key': key });
    expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('thirty requests with different keys racing for the last cents never refund more than was captured', async () => {
    const { sessionId, paymentIds } = await sessionWithPaidShares(refunding, 2, 2);
    expect((await refundRequest(refunding, sessionId, { amountMinor: '1990' })).status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => refundRequest(refunding, sessionId, { amountMinor: '3' }, { 'idempotency-key': randomUUID() })),
    );
    const statuses = replies.map((reply) => `${reply.status} ${reply.body.code ?? ''}`);
    expect(
      statuses.filter((status) => status.startsWith('200')),
      statuses.join(),
    ).toHaveLength(3);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.status).toBe(409);
      expect(['REFUND_EXCEEDS_REFUNDABLE', 'NOTHING_TO_REFUND']).toContain(reply.body.code);
    }
    const sums = await server.query<{ payment_id: string; amount_minor: string; reserved: string; refunds: string }>(
      `select p.id as payment_id, p.amount_minor::text, p.refund_reserved_minor::text as reserved,
              coalesce((select sum(r.amount_minor) from refund r where r.payment_id = p.id and r.status <> 'failed'), 0)::text as refunds
         from payment p where p.session_id = ? and p.status = 'authorized'`,
      [sessionId],
    );
    expect(sums).toHaveLength(2);
    let total = 0n;
    for (const row of sums) {
      expect(BigInt(row.refunds)).toBeLessThanOrEqual(BigInt(row.amount_minor));
      expect(row.reserved).toBe(row.refunds);
      total += BigInt(row.refunds);
    }
    expect(total).toBe(1999n);
    await until(
      () => refundRows(sessionId),
      (r) => r.every((row) => row.status === 'succeeded'),
    );
    for (const paymentId of paymentIds) expect(endpoint.refundedOn(paymentId)).toBeLessThanOrEqual(1000n);
  });

  it('the database itself refuses a reservation above the payment amount', async () => {
    const { paymentIds } = await sessionWithPaidShares(refunding, 1, 1);
    await expect(server.query(`update payment set refund_reserved_minor = amount_minor + 1 where id = ?`, [paymentIds[0]])).rejects.toThrow(
      /payment_refunds_check/,
    );
  });
});

describe('pending refunds and settling', () => {
  it('a payment refunded in full before the session ends is not owed again; a refund by hand waits for a pending one', async () => {
    const { sessionId, paymentIds } = await sessionWithPaidShares(refunding, 2, 1);
    const whole = await api(refunding).refunds.create(sessionId, {});
    await until(
      () => refundRows(sessionId),
      (rows) => rows.length === 1 && rows[0]!.status === 'succeeded',
    );
    expect(whole.refunds).toHaveLength(1);
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    const details = await api(refunding).sessions.get(sessionId);
    // Before: listed in refundsOwed for its full amount, so a merchant following the contract paid it back twice.
    expect(details).toMatchObject({ status: 'expired', refundedMinor: '1000', refundsOwed: [] });
    expect(await refundRows(sessionId)).toHaveLength(1);
    const expired = await until(
      async () => eventsOf(sessionId, 'SERVICE_SESSION_EXPIRED'),
      (events) => events.length === 1,
    );
    expect(expired[0]!.refundsOwed).toEqual([]);
    expect(endpoint.refundedOn(paymentIds[0]!)).toBe(1000n);

    // An automatic refund still pending: the merchant's record action `refund` is refused meanwhile.
    offsetMs = 0;
    const pending = await sessionWithPaidShares(refunding, 2, 1);
    endpoint.answer = 'pending';
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    await until(
      () => refundRows(pending.sessionId),
      (rows) => rows.length === 1,
    );
    const byHand = await postJson<Record<string, any>>(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: pending.paymentIds[0], action: 'refund' },
      { 'x-service-api-key': refunding.apiKey },
    );
    expect(byHand.status).toBe(409);
    expect(byHand.body.code).toBe('INVALID_STATE');
  });

  it('keeps a pending answer pending until the merchant settles it, idempotently', async () => {
    const { sessionId } = await sessionWithPaidShares(refunding, 2, 1);
    endpoint.answer = 'pending';
    const reply = await api(refunding).refunds.create(sessionId, { amountMinor: '250', reason: 'Partial refund' });
    const refundId = reply.refunds[0]!.refundId;
    await until(
      () => server.query<{ call_status: string }>(`select call_status from refund where id = ?`, [refundId]),
      (rows) => rows[0]?.call_status === 'done',
    );
    expect((await api(refunding).sessions.get(sessionId)).refunds[0]).toMatchObject({ status: 'pending', attempts: 1 });

    const settled = await api(refunding).refunds.settle(refundId, { status: 'succeeded', processorRefundReference: 're_later' });
    expect(settled).toMatchObject({ refundId, status: 'succeeded', processorRefundReference: 're_later', amountMinor: '250' });
    expect(await api(refunding).refunds.settle(refundId, { status: 'succeeded' })).toMatchObject({ status: 'succeeded' });
    await expect(api(refunding).refunds.settle(refundId, { status: 'failed' })).rejects.toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
    });
    await expect(api(otherTenant).refunds.settle(refundId, { status: 'succeeded' })).rejects.toMatchObject({
      status: 404,
      code: 'REFUND_NOT_FOUND',
    });
    await expect(api(refunding).refunds.settle(randomUUID(), { status: 'succeeded' })).rejects.toMatchObject({
      status: 404,
      code: 'REFUND_NOT_FOUND',
    });
    const details = await api(refunding).sessions.get(sessionId);
    expect(details).toMatchObject({ refundedMinor: '250', status: 'partially_paid' });
    const events = await until(
      async () => eventsOf(sessionId, 'SERVICE_REFUND_SUCCEEDED'),
      (e) => e.length === 1,
    );
    expect(events[0]).toMatchObject({ refundId, processorRefundReference: 're_later', source: 'merchant', reason: 'Partial refund' });
  });

  it('a settle by the merchant while the call is in flight wins, and the call is still recorded', async () => {
    const { sessionId } = await sessionWithPaidShares(refunding, 1, 1);
    endpoint.answer = 'succeeded';
    endpoint.delayMs = 1_000;
    try {
      const refundId = (await api(refunding).refunds.create(sessionId, { reason: 'Settled by hand' })).refunds[0]!.refundId;
      await until(
        async () => endpoint.calls.filter((call) => call.refundId === refundId).length,
        (calls) => calls === 1,
      );
      expect(await api(refunding).refunds.settle(refundId, { status: 'failed', failureReason: 'refunded at the till' })).toMatchObject({
        status: 'failed',
      });
      const [attempt] = await until(
        () => server.query<{ outcome: string }>(`select outcome from refund_call_attempt where refund_id = ?`, [refundId]),
        (rows) => rows.length === 1,
      );
      expect(attempt).toEqual({ outcome: 'succeeded' });
      const [row] = await server.query<{ status: string; call_status: string; failure_reason: string }>(
        `select status, call_status, failure_reason from refund where id = ?`,
        [refundId],
      );
      expect(row).toEqual({ status: 'failed', call_status: 'done', failure_reason: 'refunded at the till' });
    } finally {
      endpoint.delayMs = 0;
    }
  });

  it("records a merchant's 'failed' answer as a failed refund whose amount is refundable again", async () => {
    const { sessionId } = await sessionWithPaidShares(refunding, 1, 1);
    endpoint.answer = 'failed';
    const reply = await api(refunding).refunds.create(sessionId, {});
    await until(
      () => refundRows(sessionId),
      (r) => r[0]?.status === 'failed',
    );
    expect(reply.refunds[0]!.amountMinor).toBe('1000');
    expect((await api(refunding).sessions.get(sessionId)).refunds[0]).toMatchObject({ failureReason: 'card closed' });
    endpoint.answer = 'succeeded';
    const again = await api(refunding).refunds.create(sessionId);
    expect(again.refunds.map((r) => r.amountMinor)).toEqual(['1000']);
  });
});

describe('refund errors', () => {
  it('answers every error code of the contract', async () => {
    const { sessionId, paymentIds } = await sessionWithPaidShares(refunding, 3, 2);
    const expectError = async (reply: Promise<{ status: number; body: Record<string, any> }>, status: number, code: string) => {
      const answered = await reply;
      expect(answered.status, JSON.stringify(answered.body)).toBe(status);
      expect(answered.body.code).toBe(code);
      return answered.body;
    };
    await expectError(refundRequest(refunding, sessionId, { amountMinor: '2001' }), 409, 'REFUND_EXCEEDS_REFUNDABLE');
    await expectError(
      refundRequest(refunding, sessionId, { allocations: [{ paymentId: paymentIds[0], amountMinor: '1001' }] }),
      409,
      'REFUND_EXCEEDS_REFUNDABLE',
    );
    const mismatch = await expectError(
      refundRequest(refunding, sessionId, { amountMinor: '500', allocations: [{ paymentId: paymentIds[0], amountMinor: '400' }] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(mismatch.details).toEqual([expect.objectContaining({ path: 'allocations' })]);
    const duplicate = await expectError(
      refundRequest(refunding, sessionId, {
        allocations: [
          { paymentId: paymentIds[0], amountMinor: '1' },
          { paymentId: paymentIds[0], amountMinor: '1' },
        ],
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(duplicate.details).toEqual([expect.objectContaining({ path: 'allocations[1].paymentId' })]);
    const unknown = await expectError(
      refundRequest(refunding, sessionId, { allocations: [{ paymentId: randomUUID(), amountMinor: '1' }] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(unknown.details).toEqual([expect.objectContaining({ path: 'allocations[0].paymentId' })]);
    await expectError(refundRequest(refunding, sessionId, { amountMinor: '0' }), 400, 'VALIDATION_ERROR');
    await expectError(refundRequest(refunding, sessionId, { amountMinor: '-5' }), 400, 'VALIDATION_ERROR');
    await expectError(refundRequest(refunding, sessionId, { reason: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR');
    await expectError(refundRequest(otherTenant, sessionId, {}), 404, 'SESSION_NOT_FOUND');
    await expectError(refundRequest(refunding, randomUUID(), {}), 404, 'SESSION_NOT_FOUND');
    await expectError(refundRequest(refunding, 'not-a-uuid', {}), 404, 'SESSION_NOT_FOUND');

    const unpaid = await sessionWithPaidShares(refunding, 2, 0);
    await expectError(refundRequest(refunding, unpaid.sessionId, {}), 409, 'NOTHING_TO_REFUND');
    const elsewhere = await sessionWithPaidShares(noRefundUrl, 2, 1);
    await expectError(refundRequest(noRefundUrl, elsewhere.sessionId, {}), 409, 'REFUNDS_NOT_CONFIGURED');

    // An explicit allocation is honoured exactly; then everything left, then nothing.
    const allocated = await refundRequest(refunding, sessionId, { allocations: [{ paymentId: paymentIds[1], amountMinor: '700' }] });
    expect(allocated.body.refunds.map((r: { paymentId: string; amountMinor: string }) => [r.paymentId, r.amountMinor])).toEqual([
      [paymentIds[1], '700'],
    ]);
    const rest = await refundRequest(refunding, sessionId, {});
    expect(rest.body).toMatchObject({ refundableMinor: '0', capturedMinor: '2000' });
    expect(rest.body.refunds.map((r: { amountMinor: string }) => r.amountMinor).sort()).toEqual(['1000', '300']);
    await expectError(refundRequest(refunding, sessionId, {}), 409, 'NOTHING_TO_REFUND');
    // The session keeps its status.
    expect((await api(refunding).sessions.get(sessionId)).status).toBe('partially_paid');
  });

  it('spreads an amount in proportion to what each paid through GraphQL too', async () => {
    const { sessionId } = await sessionWithPaidShares(refunding, 3, 3);
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': refunding.apiKey },
      body: JSON.stringify({
        query: `mutation($id: ID!) { refundSession(sessionId: $id, input: { amountMinor: "100" }) { refundedMinor refundableMinor refunds { amountMinor status source } } }`,
        variables: { id: sessionId },
      }),
    });
    const body = (await response.json()) as { data: { refundSession: { refundableMinor: string; refunds: { amountMinor: string }[] } } };
    expect(body.data.refundSession.refundableMinor).toBe('2900');
    expect(body.data.refundSession.refunds.map((r) => r.amountMinor)).toEqual(['34', '33', '33']);
  });

  it('the SDK reports refund errors as PaySplitError', async () => {
    const { sessionId } = await sessionWithPaidShares(refunding, 1, 0);
    await expect(api(refunding).refunds.create(sessionId)).rejects.toBeInstanceOf(PaySplitError);
  });
});
