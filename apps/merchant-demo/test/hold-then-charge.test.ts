import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { capturePayment, type PaymentCaptureCall } from '../src/merchant/partner-capture.js';
import { createProcessorClient, type ProcessorClient } from '../src/merchant/processor-client.js';
import { startFakePaySplit, type FakePaySplit } from './support/fake-paysplit.js';
import { newSigningSecret, postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

const apiKey = `ps_test_${randomUUID().replaceAll('-', '')}`;
let clockOffsetMs = 0;
let paysplit: FakePaySplit;
let merchant: MerchantHarness;
let processor: ProcessorClient;

beforeAll(async () => {
  paysplit = await startFakePaySplit({ apiKey });
  merchant = await startMerchant({ paysplitBaseUrl: paysplit.baseUrl, apiKey, now: () => new Date(Date.now() + clockOffsetMs) });
  processor = createProcessorClient(merchant.baseUrl);
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await merchant?.close();
  await paysplit?.close();
});

const capture = (call: PaymentCaptureCall, client = processor) =>
  capturePayment({ pool: merchant.pool, processor: client, logger: createLogger('silent') }, call);

/** PaySplit's signed create-payment call for a session that charges only once everyone has paid. */
async function manualCheckoutThroughShop(amountMinor = '12000') {
  const paymentId = randomUUID();
  const body = JSON.stringify({
    type: 'partner.payment.create',
    paymentId,
    sessionId: randomUUID(),
    participantId: randomUUID(),
    payerRole: 'participant',
    amountMinor,
    amount: '120.00',
    currency: 'NZD',
    mode: 'test',
    orderReference: null,
    metadata: {},
    cancelReturnUrl: 'https://paysplit.example/pay/abc?cancelled=1',
    captureMethod: 'manual',
    sessionExpiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  const headers = createSignedHeaders({ id: paymentId, body, secret: merchant.config.paysplit.partnerSigningSecret });
  const response = await fetch(`${merchant.baseUrl}/paysplit/create-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  expect(response.status).toBe(200);
  const { redirectUrl } = (await response.json()) as { redirectUrl: string };
  return { paymentId, url: redirectUrl, id: redirectUrl.split('/').at(-1)! };
}

/** The same checkout, paid at the hosted page with `card`: a hold. */
async function heldThroughShop(card = '4242424242424242', amountMinor = '12000') {
  const checkout = await manualCheckoutThroughShop(amountMinor);
  const paid = await postForm(`${checkout.url}/pay`, { cardNumber: card });
  expect(paid.status).toBe(303);
  return { ...checkout, successRedirect: paid.headers.get('location')! };
}

function captureCall(paymentId: string, overrides: Partial<PaymentCaptureCall> = {}): PaymentCaptureCall {
  return { captureId: randomUUID(), paymentId, amountMinor: '12000', currency: 'NZD', processorReference: null, ...overrides };
}

const checkoutState = async (id: string) =>
  (await (await fetch(`${merchant.baseUrl}/processor/api/checkouts/${id}`)).json()) as {
    status: string;
    captureMethod: string;
    holdExpiresAt: string | null;
    releaseReason: string | null;
    captures: unknown[];
  };

async function savedKeys(checkoutId: string): Promise<string[]> {
  const { rows } = await merchant.pool.query<{ idempotency_key: string }>(
    'select idempotency_key from merchant_demo.processor_idempotency where checkout_id = $1 order by created_at',
    [checkoutId],
  );
  return rows.map((row) => row.idempotency_key);
}

describe('a payment PaySplit charges later', () => {
  it('opens an authorize-only checkout, and the bridge records the hold with its expiry', async () => {
    const checkout = await manualCheckoutThroughShop();
    expect(await checkoutState(checkout.id)).toMatchObject({ status: 'open', captureMethod: 'manual' });
    const held = await postForm(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4242' });
    const { holdExpiresAt } = await checkoutState(checkout.id);
    expect(holdExpiresAt).not.toBeNull();

    const bridge = await fetch(held.headers.get('location')!, { redirect: 'manual' });
    expect(bridge.status).toBe(302);
    expect(paysplit.requests.at(-1)!.body).toEqual({
      paymentId: checkout.paymentId,
      action: 'authorize',
      processorReference: checkout.id,
      amountMinor: '12000',
      holdExpiresAt,
    });
  });

  it('keeps charging at once, and recording without a hold expiry, when the call does not say manual', async () => {
    const paymentId = randomUUID();
    const body = JSON.stringify({
      type: 'partner.payment.create',
      paymentId,
      sessionId: randomUUID(),
      participantId: randomUUID(),
      payerRole: 'host',
      amountMinor: '12000',
      amount: '120.00',
      currency: 'NZD',
      mode: 'test',
      orderReference: null,
      metadata: {},
      cancelReturnUrl: 'https://paysplit.example/pay/abc?cancelled=1',
    });
    const headers = createSignedHeaders({ id: paymentId, body, secret: merchant.config.paysplit.partnerSigningSecret });
    const created = await fetch(`${merchant.baseUrl}/paysplit/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const { redirectUrl } = (await created.json()) as { redirectUrl: string };
    const paid = await postForm(`${redirectUrl}/pay`, { cardNumber: '4242 4242 4242 4242' });
    expect(await checkoutState(redirectUrl.split('/').at(-1)!)).toMatchObject({ status: 'succeeded', captureMethod: 'automatic' });
    expect((await fetch(paid.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
    expect(Object.keys(paysplit.requests.at(-1)!.body)).toEqual(['paymentId', 'action', 'processorReference', 'amountMinor']);
  });
});

describe('capturing for PaySplit (the capture service)', () => {
  it('takes the full held amount with paysplit-<captureId> as the key, once, however often and concurrently it is asked', async () => {
    const held = await heldThroughShop();
    const call = captureCall(held.paymentId);
    const answers = await Promise.all([capture(call), capture(call), capture(call)]);
    for (const answer of answers) expect(answer).toEqual({ status: 'succeeded', processorReference: held.id });
    expect(await capture(call)).toEqual({ status: 'succeeded', processorReference: held.id });
    expect(await checkoutState(held.id)).toMatchObject({ status: 'succeeded', captures: [{ status: 'succeeded' }] });
    expect(await savedKeys(held.id)).toEqual([`paysplit-${call.captureId}`]);

    // Another captureId finds the money taken already: succeeded, or PaySplit would reopen a paid share.
    expect(await capture(captureCall(held.paymentId, { processorReference: held.id }))).toEqual({
      status: 'succeeded',
      processorReference: held.id,
    });
    expect((await checkoutState(held.id)).captures).toHaveLength(1);
  });

  it('answers failed with the processor’s reason when the issuer declines the capture (4000 0000 0000 0341)', async () => {
    const held = await heldThroughShop('4000000000000341');
    expect(await capture(captureCall(held.paymentId))).toEqual({
      status: 'failed',
      processorReference: held.id,
      failureReason: 'the card issuer declined the capture; nothing was charged',
    });
    expect((await checkoutState(held.id)).status).toBe('authorized');
  });

  it('answers failed when the hold has lapsed (4000 0000 0000 0101, a minute later)', async () => {
    const held = await heldThroughShop('4000000000000101');
    clockOffsetMs = 61_000;
    expect(await capture(captureCall(held.paymentId))).toEqual({
      status: 'failed',
      processorReference: held.id,
      failureReason: 'the hold expired before it was captured; nothing was charged',
    });
    expect(await checkoutState(held.id)).toMatchObject({ status: 'released', releaseReason: 'expired' });
  });

  it('takes less than the hold when PaySplit asks for less (an open group’s final part), the rest released with it', async () => {
    const held = await heldThroughShop();
    const call = captureCall(held.paymentId, { amountMinor: '9000' });
    expect(await capture(call)).toEqual({ status: 'succeeded', processorReference: held.id });
    expect(await checkoutState(held.id)).toMatchObject({
      status: 'succeeded',
      capturedMinor: '9000',
      captures: [{ status: 'succeeded', amountMinor: '9000' }],
    });
    expect(await capture(call)).toEqual({ status: 'succeeded', processorReference: held.id });
    expect(await savedKeys(held.id)).toEqual([`paysplit-${call.captureId}`]);
  });

  it('answers failed and takes nothing for more than the hold, another currency, another payment’s checkout, or no checkout', async () => {
    const held = await heldThroughShop();
    expect(await capture(captureCall(held.paymentId, { amountMinor: '12001' }))).toEqual({
      status: 'failed',
      processorReference: held.id,
      failureReason: 'the processor holds 12000 NZD, less than 12001',
    });
    expect(await capture(captureCall(held.paymentId, { currency: 'AUD' }))).toEqual({
      status: 'failed',
      processorReference: held.id,
      failureReason: 'the processor holds NZD, not AUD',
    });
    expect(await capture(captureCall(randomUUID(), { processorReference: held.id }))).toEqual({
      status: 'failed',
      failureReason: 'the processor has no matching checkout for this payment',
    });
    expect(await capture(captureCall(randomUUID()))).toEqual({
      status: 'failed',
      failureReason: 'no checkout at the processor for this payment',
    });
    const open = await manualCheckoutThroughShop();
    expect(await capture(captureCall(open.paymentId))).toEqual({
      status: 'failed',
      processorReference: open.id,
      failureReason: 'nothing is held at the processor for this payment',
    });
    expect(await checkoutState(held.id)).toMatchObject({ status: 'authorized', captures: [] });
  });

  it('throws when the processor cannot be reached, so PaySplit calls again with the same captureId', async () => {
    const held = await heldThroughShop();
    await expect(capture(captureCall(held.paymentId), createProcessorClient('http://127.0.0.1:9'))).rejects.toThrow(/unreachable/);
    expect((await checkoutState(held.id)).status).toBe('authorized');
  });
});

describe('cancelling a held payment for PaySplit', () => {
  it('releases the hold through /paysplit/cancel with paysplit-<cancelId> as the key; the same cancelId answers the same', async () => {
    const held = await heldThroughShop();
    const cancelId = randomUUID();
    const body = JSON.stringify({
      type: 'partner.payment.cancel',
      cancelId,
      paymentId: held.paymentId,
      sessionId: randomUUID(),
      participantId: randomUUID(),
      amountMinor: '12000',
      amount: '120.00',
      currency: 'NZD',
      mode: 'test',
      processorReference: held.id,
      reason: 'session_expired',
      orderReference: null,
    });
    const send = () =>
      fetch(`${merchant.baseUrl}/paysplit/cancel`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...createSignedHeaders({ id: cancelId, body, secret: merchant.config.paysplit.partnerSigningSecret }),
        },
        body,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
    const first = await send();
    expect(first).toEqual({ status: 200, body: { status: 'succeeded', processorReference: held.id } });
    expect(await send()).toEqual(first);
    expect(await checkoutState(held.id)).toMatchObject({ status: 'released', releaseReason: 'cancelled' });
    expect(await savedKeys(held.id)).toEqual([`paysplit-${cancelId}`]);
    // Released: a capture that comes after finds nothing to take.
    expect(await capture(captureCall(held.paymentId))).toMatchObject({
      status: 'failed',
      failureReason: 'the hold was released before it was captured; nothing was charged',
    });
  });
});

/** PaySplit's signed capture call for the payment, as the server sends it, posted to the shop's route. */
async function callCapture(
  paymentId: string,
  overrides: Record<string, unknown> = {},
  options: { secret?: string; to?: MerchantHarness } = {},
): Promise<{ status: number; body: unknown }> {
  const target = options.to ?? merchant;
  const payload = {
    type: 'partner.payment.capture',
    captureId: randomUUID(),
    paymentId,
    sessionId: randomUUID(),
    participantId: randomUUID(),
    amountMinor: '12000',
    amount: '120.00',
    currency: 'NZD',
    mode: 'test',
    processorReference: null,
    holdExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    orderReference: null,
    ...overrides,
  };
  const body = JSON.stringify(payload);
  const response = await fetch(`${target.baseUrl}/paysplit/capture`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...createSignedHeaders({ id: payload.captureId, body, secret: options.secret ?? target.config.paysplit.partnerSigningSecret }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the capture route (POST /paysplit/capture)', () => {
  it('verifies the call with the SDK and captures the hold once; the same captureId again answers the same', async () => {
    const held = await heldThroughShop();
    const captureId = randomUUID();
    const first = await callCapture(held.paymentId, { captureId });
    expect(first).toEqual({ status: 200, body: { status: 'succeeded', processorReference: held.id } });
    expect(await callCapture(held.paymentId, { captureId })).toEqual(first);
    expect(await checkoutState(held.id)).toMatchObject({ status: 'succeeded', captures: [expect.anything()] });
    expect(await savedKeys(held.id)).toEqual([`paysplit-${captureId}`]);
  });

  it('answers failed with the processor’s reason for a declined capture (4000 0000 0000 0341); the hold stays', async () => {
    const held = await heldThroughShop('4000000000000341');
    const answer = await callCapture(held.paymentId, { processorReference: held.id });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'failed', processorReference: held.id, failureReason: expect.stringContaining('declined') },
    });
    expect(await checkoutState(held.id)).toMatchObject({ status: 'authorized' });
  });

  it('answers 401 for a bad signature and 400 for a signed body that is not a capture call; nothing is captured', async () => {
    const held = await heldThroughShop();
    expect((await callCapture(held.paymentId, {}, { secret: newSigningSecret() })).status).toBe(401);
    expect((await callCapture(held.paymentId, { type: 'partner.payment.cancel' })).status).toBe(400);
    expect((await callCapture(held.paymentId, { amountMinor: 12000 })).status).toBe(400);
    expect((await callCapture(held.paymentId, { holdExpiresAt: 'next week' })).status).toBe(400);
    expect(await checkoutState(held.id)).toMatchObject({ status: 'authorized', captures: [] });
  });

  it('answers 502 when the processor cannot be reached, so PaySplit calls again with the same captureId', async () => {
    const held = await heldThroughShop();
    const cutOff = await startMerchant({
      databaseUrl: merchant.config.databaseUrl,
      processor: createProcessorClient('http://127.0.0.1:9'),
    });
    try {
      const answer = await callCapture(held.paymentId, { processorReference: held.id }, { to: cutOff });
      expect(answer).toEqual({ status: 502, body: { error: 'payment processor unavailable' } });
    } finally {
      await cutOff.close();
    }
    expect(await checkoutState(held.id)).toMatchObject({ status: 'authorized', captures: [] });
  });
});
