import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout } from './support/checkouts.js';
import { newSigningSecret, postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

let merchant: MerchantHarness;

beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(async () => {
  await merchant?.close();
});

interface Answer {
  status: string;
  processorReference?: string;
  failureReason?: string;
}

function cancelPayload(paymentId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'partner.payment.cancel',
    cancelId: randomUUID(),
    paymentId,
    sessionId: randomUUID(),
    participantId: randomUUID(),
    amountMinor: '12000',
    amount: '120.00',
    currency: 'NZD',
    mode: 'test',
    processorReference: null as string | null,
    reason: 'replaced',
    orderReference: null,
    ...overrides,
  };
}

async function callCancel(payload: { cancelId: string; [field: string]: unknown }, options: { secret?: string } = {}) {
  const body = JSON.stringify(payload);
  const headers = createSignedHeaders({
    id: payload.cancelId,
    body,
    secret: options.secret ?? merchant.config.paysplit.partnerSigningSecret,
  });
  const response = await fetch(`${merchant.baseUrl}/paysplit/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A checkout opened the way PaySplit's create-payment call opens one, through the shop. */
async function checkoutThroughShop(paymentId = randomUUID()) {
  const body = JSON.stringify({
    type: 'partner.payment.create',
    paymentId,
    sessionId: randomUUID(),
    participantId: randomUUID(),
    payerRole: 'participant',
    amountMinor: '12000',
    amount: '120.00',
    currency: 'NZD',
    mode: 'test',
    orderReference: null,
    metadata: {},
    cancelReturnUrl: 'https://paysplit.example/pay/abc?cancelled=1',
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

const checkoutStatus = async (id: string) =>
  (await (await fetch(`${merchant.baseUrl}/processor/api/checkouts/${id}`)).json()) as { status: string; expiredAt: string | null };

describe('partner cancel endpoint', () => {
  it('expires the checkout the shop opened for the payment, found by paymentId, so it can no longer be paid', async () => {
    const checkout = await checkoutThroughShop();
    const reply = await callCancel(cancelPayload(checkout.paymentId));
    expect(reply).toEqual({ status: 200, body: { status: 'succeeded', processorReference: checkout.id } });
    expect(await checkoutStatus(checkout.id)).toMatchObject({ status: 'expired' });
    const paying = await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' });
    expect(paying.status).toBe(410);
    expect(await paying.text()).toContain('This checkout has expired');
    expect(await checkoutStatus(checkout.id)).toMatchObject({ status: 'expired' });
  });

  it('answers a repeated call (the same cancelId) the same way, and the checkout is expired once', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const payload = cancelPayload(checkout.paymentId, { processorReference: checkout.id });
    const first = await callCancel(payload);
    const { expiredAt } = await checkoutStatus(checkout.id);
    const again = await callCancel(payload);
    expect(again).toEqual(first);
    expect(first.body).toEqual({ status: 'succeeded', processorReference: checkout.id });
    expect((await checkoutStatus(checkout.id)).expiredAt).toBe(expiredAt);
  });

  it('answers failed for a checkout that was already paid, and the charge stands', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    expect((await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(303);
    const reply = await callCancel(cancelPayload(checkout.paymentId, { processorReference: checkout.id, reason: 'share_paid' }));
    expect(reply.body).toEqual({ status: 'failed', processorReference: checkout.id, failureReason: 'the checkout was already paid' });
    expect(await checkoutStatus(checkout.id)).toMatchObject({ status: 'succeeded', expiredAt: null });
  });

  it('answers succeeded when the shop never opened a checkout for the payment (nothing can be paid)', async () => {
    const reply = await callCancel(cancelPayload(randomUUID(), { reason: 'session_expired' }));
    expect(reply.body).toEqual({ status: 'succeeded' });
  });

  it('answers 401 for a bad signature and 400 for a signed call that is not a cancel call; nothing is expired', async () => {
    const checkout = await createCheckout(merchant.baseUrl);
    const payload = cancelPayload(checkout.paymentId, { processorReference: checkout.id });
    expect((await callCancel(payload, { secret: newSigningSecret() })).status).toBe(401);
    expect((await callCancel({ ...payload, type: 'partner.refund.create' })).status).toBe(400);
    expect((await callCancel({ ...payload, reason: 'changed_mind' })).status).toBe(400);
    expect(await checkoutStatus(checkout.id)).toMatchObject({ status: 'open' });
  });
});
