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
  processorRefundReference?: string;
  failureReason?: string;
}

/** A charge paid at the test processor, as a PaySplit payment would be. */
async function paidCharge(amountMinor = '12000') {
  const checkout = await createCheckout(merchant.baseUrl, { amountMinor });
  expect((await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(303);
  return checkout;
}

function refundPayload(charge: { id: string; paymentId: string }, overrides: Record<string, unknown> = {}) {
  return {
    type: 'partner.refund.create',
    refundId: randomUUID(),
    paymentId: charge.paymentId,
    sessionId: randomUUID(),
    participantId: randomUUID(),
    amountMinor: '12000',
    amount: '120.00',
    currency: 'NZD',
    mode: 'test',
    processorReference: charge.id,
    reason: 'Booking cancelled',
    orderReference: null,
    ...overrides,
  };
}

async function callRefund(payload: { refundId: string }, options: { secret?: string; body?: string } = {}) {
  const body = options.body ?? JSON.stringify(payload);
  const headers = createSignedHeaders({
    id: payload.refundId,
    body,
    secret: options.secret ?? merchant.config.paysplit.partnerSigningSecret,
  });
  const response = await fetch(`${merchant.baseUrl}/paysplit/refund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function processorRefunds(checkoutId: string) {
  return (await (await fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkoutId}`)).json()) as {
    refundedMinor: string;
    refunds: { id: string; status: string }[];
  };
}

describe('partner refund endpoint', () => {
  it("refunds the payer's card at the processor for a signed call and answers succeeded with the processor's refund id", async () => {
    const charge = await paidCharge('12000');
    const reply = await callRefund(refundPayload(charge, { amountMinor: '9600', amount: '96.00' }));
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('succeeded');
    expect(reply.body.processorRefundReference).toMatch(/^re_test_[a-f0-9]+$/);
    const after = await processorRefunds(charge.id);
    expect(after.refundedMinor).toBe('9600');
    expect(after.refunds.map((refund) => refund.id)).toEqual([reply.body.processorRefundReference]);
  });

  it('refunds once when PaySplit calls twice for one refundId, in turn or at the same time', async () => {
    const charge = await paidCharge('12000');
    const payload = refundPayload(charge, { amountMinor: '5000', amount: '50.00' });
    const first = await callRefund(payload);
    const again = await callRefund(payload);
    expect(again.body).toEqual(first.body);

    const racing = refundPayload(charge, { amountMinor: '7000', amount: '70.00' });
    const replies = await Promise.all(Array.from({ length: 4 }, () => callRefund(racing)));
    expect(new Set(replies.map((reply) => reply.body.processorRefundReference)).size).toBe(1);
    expect(replies.every((reply) => reply.body.status === 'succeeded')).toBe(true);

    const after = await processorRefunds(charge.id);
    expect(after.refunds).toHaveLength(2);
    expect(after.refundedMinor).toBe('12000');
  });

  it('answers failed, with the reason, for more than is left of the charge or a charge that is not this payment', async () => {
    const charge = await paidCharge('3000');
    const tooMuch = await callRefund(refundPayload(charge, { amountMinor: '3001', amount: '30.01' }));
    expect(tooMuch.body).toMatchObject({ status: 'failed', failureReason: 'the amount is more than what is left of the charge' });

    const otherPayment = await callRefund(
      refundPayload({ id: charge.id, paymentId: randomUUID() }, { amountMinor: '100', amount: '1.00' }),
    );
    expect(otherPayment.body).toMatchObject({ status: 'failed', failureReason: 'the processor has no matching charge for this payment' });
    const noCharge = await callRefund(refundPayload(charge, { processorReference: null, amountMinor: '100', amount: '1.00' }));
    expect(noCharge.body).toMatchObject({ status: 'failed', failureReason: 'no charge at the processor for this payment' });
    expect((await processorRefunds(charge.id)).refundedMinor).toBe('0');
  });

  it('answers 401 for a bad signature and 400 for a signed call that is not a refund call; nothing is refunded', async () => {
    const charge = await paidCharge('2000');
    const payload = refundPayload(charge, { amountMinor: '2000', amount: '20.00' });
    expect((await callRefund(payload, { secret: newSigningSecret() })).status).toBe(401);
    expect((await callRefund({ ...payload, type: 'partner.payment.create' } as typeof payload)).status).toBe(400);
    const unsigned = await fetch(`${merchant.baseUrl}/paysplit/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(unsigned.status).toBe(401);
    expect((await processorRefunds(charge.id)).refunds).toEqual([]);
  });
});
