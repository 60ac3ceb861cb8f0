import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRefund } from '../src/processor/processor-refunds.js';
import { createCheckout } from './support/checkouts.js';
import { postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

let merchant: MerchantHarness;

beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(async () => {
  await merchant?.close();
});

interface RefundReply {
  id: string;
  checkoutId: string;
  amountMinor: string;
  currency: string;
  status: 'succeeded' | 'failed';
  failureReason: string | null;
}

async function paidCheckout(amountMinor = '12000') {
  const checkout = await createCheckout(merchant.baseUrl, { amountMinor });
  expect((await postForm(`${checkout.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(303);
  return checkout;
}

async function refund(checkoutId: string, body: Record<string, unknown>, idempotencyKey: string = randomUUID()) {
  const response = await fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkoutId}/refunds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as RefundReply & { error?: string } };
}

async function charge(checkoutId: string) {
  return (await (await fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkoutId}`)).json()) as {
    amountMinor: string;
    refundedMinor: string;
    refunds: RefundReply[];
  };
}

describe('test processor refunds', () => {
  it('refunds a charge in parts, never more than was charged; refusing more is a failed refund with its reason', async () => {
    const checkout = await paidCheckout('12000');
    const first = await refund(checkout.id, { amountMinor: '5000', reason: 'booking cancelled' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      checkoutId: checkout.id,
      amountMinor: '5000',
      currency: 'NZD',
      status: 'succeeded',
      failureReason: null,
    });
    expect(first.body.id).toMatch(/^re_test_[a-f0-9]+$/);

    const tooMuch = await refund(checkout.id, { amountMinor: '7001' });
    expect(tooMuch.status).toBe(200);
    expect(tooMuch.body).toMatchObject({ status: 'failed', failureReason: 'the amount is more than what is left of the charge' });

    expect((await refund(checkout.id, { amountMinor: '7000' })).body.status).toBe('succeeded');
    expect((await refund(checkout.id, { amountMinor: '1' })).body.status).toBe('failed');

    const after = await charge(checkout.id);
    expect(after.refundedMinor).toBe('12000');
    expect(after.refunds.map((each) => [each.amountMinor, each.status])).toEqual([
      ['5000', 'succeeded'],
      ['7001', 'failed'],
      ['7000', 'succeeded'],
      ['1', 'failed'],
    ]);
  });

  it('refunds once for one idempotency key, however often it is asked', async () => {
    const checkout = await paidCheckout('9600');
    const key = `paysplit-refund-${randomUUID()}`;
    const replies = await Promise.all(Array.from({ length: 5 }, () => refund(checkout.id, { amountMinor: '9600' }, key)));
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(replies.every((reply) => reply.body.status === 'succeeded')).toBe(true);
    const after = await charge(checkout.id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedMinor).toBe('9600');
  });

  it('never refunds more than charged when many refunds race for the same charge', async () => {
    const checkout = await paidCheckout('10000');
    const replies = await Promise.all(Array.from({ length: 16 }, () => refund(checkout.id, { amountMinor: '1000' })));
    expect(replies.filter((reply) => reply.body.status === 'succeeded')).toHaveLength(10);
    expect((await charge(checkout.id)).refundedMinor).toBe('10000');
  });

  it('refuses to refund a charge that was never paid, and answers 404 and 400 for unknown charges and bad bodies', async () => {
    const open = await createCheckout(merchant.baseUrl);
    expect((await refund(open.id, { amountMinor: '100' })).body).toMatchObject({
      status: 'failed',
      failureReason: 'the charge did not succeed, so there is nothing to refund',
    });
    expect((await refund('cs_test_doesnotexist', { amountMinor: '100' })).status).toBe(404);
    expect((await refund('not-a-checkout', { amountMinor: '100' })).status).toBe(404);
    for (const body of [{}, { amountMinor: 100 }, { amountMinor: '0' }, { amountMinor: '-5' }, { amountMinor: '1.5' }]) {
      expect((await refund(open.id, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("shows the refunds on the charge's page", async () => {
    const checkout = await paidCheckout('12000');
    await refund(checkout.id, { amountMinor: '4000' });
    await refund(checkout.id, { amountMinor: '9000' });
    const page = await (await fetch(checkout.url)).text();
    expect(page).toContain('Refunds');
    expect(page).toMatch(/NZ\$40\.00<\/strong>\s+of NZ\$120\.00 refunded to the card ending 4242/);
    expect(page).toContain('NZ$90.00:');
    expect(page).toContain('refused (the amount is more than what is left of the charge)');
  });
});

describe('decideRefund', () => {
  it('allows exactly what is left and nothing more', () => {
    const paid = { chargeStatus: 'succeeded' as const, chargedMinor: '100', refundedMinor: '40' };
    expect(decideRefund({ ...paid, amountMinor: '60' }).status).toBe('succeeded');
    expect(decideRefund({ ...paid, amountMinor: '61' })).toMatchObject({ status: 'failed', failure: 'amount_exceeds_refundable' });
    expect(decideRefund({ ...paid, chargeStatus: 'declined', amountMinor: '1' })).toMatchObject({ failure: 'charge_not_succeeded' });
    // Beyond 2^53: bigint, not float.
    expect(decideRefund({ ...paid, chargedMinor: '9007199254740993', refundedMinor: '0', amountMinor: '9007199254740993' }).status).toBe(
      'succeeded',
    );
  });
});
