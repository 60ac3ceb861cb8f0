import { randomUUID } from 'node:crypto';
import { createSignedHeaders } from '@paysplit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaySplit, type FakePaySplit } from './support/fake-paysplit.js';
import { postForm, startMerchant, type MerchantHarness } from './support/merchant-harness.js';

const apiKey = `ps_test_${randomUUID().replaceAll('-', '')}`;
let paysplit: FakePaySplit;
let merchant: MerchantHarness;

beforeAll(async () => {
  paysplit = await startFakePaySplit({ apiKey });
  merchant = await startMerchant({ paysplitBaseUrl: paysplit.baseUrl, apiKey });
});
afterAll(async () => {
  await merchant?.close();
  await paysplit?.close();
});

describe('a whole split payment, as PaySplit drives it', () => {
  it('books, pays the host share at the processor, records it, and is PAID once the webhook arrives', async () => {
    // The host books; the merchant creates the session.
    const booked = await postForm(`${merchant.baseUrl}/bookings`);
    expect(booked.status).toBe(303);
    const sessionCall = paysplit.requests.at(-1)!;
    const orderRef = sessionCall.body.merchantOrderRef as string;
    const confirmationUrl = sessionCall.body.successUrl as string;
    const sessionId = new URL(booked.headers.get('location')!).pathname.split('/').pop()!;

    // The host chooses to pay the whole bill: PaySplit calls the partner endpoint.
    const paymentId = randomUUID();
    const body = JSON.stringify({
      type: 'partner.payment.create',
      paymentId,
      sessionId,
      participantId: randomUUID(),
      payerRole: 'host',
      amountMinor: '48000',
      amount: '480.00',
      currency: 'NZD',
      mode: 'test',
      orderReference: orderRef,
      metadata: {},
      cancelReturnUrl: `${paysplit.baseUrl}/pay/${sessionId}`,
    });
    const partnerReply = await fetch(`${merchant.baseUrl}/paysplit/create-payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...createSignedHeaders({ id: paymentId, body, secret: merchant.config.paysplit.partnerSigningSecret }),
      },
      body,
    });
    const { redirectUrl } = (await partnerReply.json()) as { redirectUrl: string };

    // The payer pays at the processor and comes back through the bridge.
    expect(await (await fetch(redirectUrl)).text()).toContain('NZ$480.00');
    const paid = await postForm(`${redirectUrl}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    const bridged = await fetch(paid.headers.get('location')!, { redirect: 'manual' });
    expect(bridged.status).toBe(302);
    expect(bridged.headers.get('location')).toContain('resume=host');
    expect(paysplit.requests.at(-1)!.body).toMatchObject({ paymentId, action: 'authorize', amountMinor: '48000' });

    // Reaching the success page is not payment: only the webhook is.
    expect(await (await fetch(confirmationUrl)).text()).toContain('Waiting for payment confirmation…');
    const eventId = randomUUID();
    const event = JSON.stringify({
      eventId,
      type: 'SERVICE_SESSION_COMPLETED',
      createdAt: new Date().toISOString(),
      mode: 'test',
      sessionId,
      sessionVersion: 3,
      orderReference: orderRef,
      amountMinor: '48000',
      currency: 'NZD',
      completedAt: new Date().toISOString(),
      metadata: {},
      payments: [{ paymentId, participantId: randomUUID(), amountMinor: '48000', processorReference: 'cs_test_x' }],
    });
    const delivered = await fetch(`${merchant.baseUrl}/webhooks/paysplit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...createSignedHeaders({ id: eventId, body: event, secret: merchant.config.paysplit.webhookSigningSecret }),
      },
      body: event,
    });
    expect(delivered.status).toBe(200);
    const confirmation = await (await fetch(confirmationUrl)).text();
    expect(confirmation).toContain('PAID');
    expect(confirmation).not.toContain('Waiting for payment confirmation');

    const logs = merchant.logLines.join('');
    expect(logs).not.toContain(apiKey);
    for (const token of paysplit.hostTokens) expect(logs).not.toContain(token);
    expect(logs).not.toContain('4242424242424242');
    expect(logs).not.toContain(merchant.config.paysplit.webhookSigningSecret);
  });
});
