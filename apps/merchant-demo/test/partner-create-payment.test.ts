import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

let merchant: MerchantHarness;

beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(async () => {
  await merchant?.close();
});

function partnerPayload(overrides: Record<string, unknown> = {}) {
  return {
    type: 'partner.payment.create',
    paymentId: randomUUID(),
    sessionId: randomUUID(),
    participantId: randomUUID(),
    payerRole: 'host',
    amountMinor: '12000',
    amount: '120.00',
    currency: 'NZD',
    mode: 'test',
    orderReference: 'booking-abc123',
    metadata: {},
    cancelReturnUrl: 'http://localhost:3000/pay/s1?cancelled=1',
    ...overrides,
  };
}

function callPartnerEndpoint(body: string, headers: Record<string, string>) {
  return fetch(`${merchant.baseUrl}/paysplit/create-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('partner create-payment endpoint', () => {
  it('opens a checkout at the test processor for a signed call and answers its URL', async () => {
    const payload = partnerPayload();
    const body = JSON.stringify(payload);
    const headers = createSignedHeaders({ id: payload.paymentId, body, secret: merchant.config.paysplit.partnerSigningSecret });
    const response = await callPartnerEndpoint(body, { ...headers });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { redirectUrl: string };
    expect(Object.keys(reply)).toEqual(['redirectUrl']);
    expect(reply.redirectUrl).toMatch(new RegExp(`^${merchant.baseUrl}/processor/checkout/cs_test_[a-f0-9]+$`));

    const checkoutId = reply.redirectUrl.split('/').pop()!;
    const checkout = await (await fetch(`${merchant.baseUrl}/processor/api/checkouts/${checkoutId}`)).json();
    expect(checkout).toMatchObject({
      paymentId: payload.paymentId,
      amountMinor: '12000',
      currency: 'NZD',
      payerRole: 'host',
      status: 'open',
    });
    const { rows } = await merchant.pool.query('select success_url, cancel_url from merchant_demo.checkout where id = $1', [checkoutId]);
    expect(rows[0]).toEqual({
      success_url: `${merchant.baseUrl}/paysplit/payment-success`,
      cancel_url: payload.cancelReturnUrl,
    });

    const page = await (await fetch(reply.redirectUrl)).text();
    expect(page).toContain('NZ$120.00');
    // Who is paid and for what: the merchant's name, and a share of a booking it does not know.
    expect(page).toContain('<h1>Pay Harbour Table</h1>');
    expect(page).toContain('Split bill — your share as the host');
  });

  it('answers the same checkout when PaySplit retries the call for the same payment', async () => {
    const payload = partnerPayload();
    const body = JSON.stringify(payload);
    const secret = merchant.config.paysplit.partnerSigningSecret;
    const first = await callPartnerEndpoint(body, { ...createSignedHeaders({ id: payload.paymentId, body, secret }) });
    const second = await callPartnerEndpoint(body, { ...createSignedHeaders({ id: payload.paymentId, body, secret }) });
    expect(((await second.json()) as { redirectUrl: string }).redirectUrl).toBe(
      ((await first.json()) as { redirectUrl: string }).redirectUrl,
    );
  });

  it('answers 401 when the body was changed after signing', async () => {
    const payload = partnerPayload();
    const body = JSON.stringify(payload);
    const headers = createSignedHeaders({ id: payload.paymentId, body, secret: merchant.config.paysplit.partnerSigningSecret });
    const tampered = body.replace('"12000"', '"1"');
    const response = await callPartnerEndpoint(tampered, { ...headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toHaveProperty('error');
    const { rows } = await merchant.pool.query('select 1 from merchant_demo.checkout where payment_id = $1', [payload.paymentId]);
    expect(rows).toHaveLength(0);
  });

  it('answers 401 when signed with another secret, or not signed at all', async () => {
    const payload = partnerPayload();
    const body = JSON.stringify(payload);
    const wrong = createSignedHeaders({ id: payload.paymentId, body, secret: newSigningSecret() });
    expect((await callPartnerEndpoint(body, { ...wrong })).status).toBe(401);
    expect((await callPartnerEndpoint(body, {})).status).toBe(401);
  });

  it('answers 401 for a correctly signed call that is too old to be fresh', async () => {
    const payload = partnerPayload();
    const body = JSON.stringify(payload);
    const old = createSignedHeaders({
      id: payload.paymentId,
      body,
      secret: merchant.config.paysplit.partnerSigningSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await callPartnerEndpoint(body, { ...old })).status).toBe(401);
  });
});
