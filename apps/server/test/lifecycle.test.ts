import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  partnerCreatePaymentSchema,
  paymentRecordedEventSchema,
  sessionCancelledEventSchema,
  sessionCompletedEventSchema,
  sessionExpiredEventSchema,
} from '../src/rest/outgoing-calls.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// An injected clock: tests move time instead of sleeping through hours.
let offsetMs = 0;
const now = (): Date => new Date(Date.now() + offsetMs);

let server: TestServer;
let merchant: MerchantStub;
let subscriber: MerchantStub;
let plain: { integrationId: string; apiKey: string };
let everything: { integrationId: string; apiKey: string };

beforeAll(async () => {
  merchant = new MerchantStub();
  subscriber = new MerchantStub();
  await Promise.all([merchant.start(), subscriber.start()]);
  server = await startTestServer({ now });
  const a = await merchant.provisionOn(server, { name: 'Completion only' });
  const b = await subscriber.provisionOn(server, {
    name: 'Subscribed to everything',
    eventSubscriptions: ['SERVICE_SESSION_EXPIRED', 'SERVICE_SESSION_CANCELLED', 'SERVICE_PAYMENT_RECORDED'],
  });
  plain = a;
  everything = b;
});

afterAll(async () => {
  await server?.close();
  await Promise.all([merchant?.stop(), subscriber?.stop()]);
});

beforeEach(() => {
  offsetMs = 0;
});

async function session(integration: { integrationId: string; apiKey: string }, names: string[], extra: Record<string, unknown> = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: String(1000 * names.length),
      merchantOrderRef: `ref-${Math.random().toString(36).slice(2)}`,
      unconfigured: false,
      splitMode: 'equal',
      participants: names.map((displayName) => ({ displayName })),
      expiresInSeconds: 1800,
      ...extra,
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  const host = new PayBrowser(server.baseUrl);
  const view = await host.open(created.body.sessionId, created.body.hostToken);
  return { ...created.body, host, participants: view.data.openSession.participants as { id: string; inviteUrl: string | null }[] };
}

async function guest(sessionId: string, inviteUrl: string): Promise<PayBrowser> {
  const browser = new PayBrowser(server.baseUrl);
  await browser.open(sessionId, new URL(inviteUrl).searchParams.get('token')!);
  return browser;
}

function record(apiKey: string, body: Record<string, unknown>) {
  return postJson(`${server.baseUrl}/api/v1/payments/record`, body, { 'x-service-api-key': apiKey });
}

async function details(apiKey: string, sessionId: string) {
  const response = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}`, { headers: { 'x-service-api-key': apiKey } });
  return (await response.json()) as Record<string, any>;
}

function eventsFor(stub: MerchantStub, sessionId: string) {
  return stub.webhookCalls.filter((call) => call.json.sessionId === sessionId).map((call) => call.json);
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 400));
}

describe('expiry', () => {
  it('expires a session exactly once when two expiry workers race, and tells subscribed merchants', async () => {
    const s = await session(everything, ['Host', 'Guest']);
    offsetMs = 1801 * 1000;
    const [first, second] = await Promise.all([server.expiry.runOnce(), server.expiry.runOnce()]);
    expect([...first, ...second].filter((id) => id === s.sessionId)).toHaveLength(1);
    const status = await (await fetch(`${server.baseUrl}/api/payments/unified?sessionId=${s.sessionId}`)).json();
    expect(status).toMatchObject({ status: 'expired', completed: false });
    await settle();
    const events = eventsFor(subscriber, s.sessionId).filter((event) => event.type === 'SERVICE_SESSION_EXPIRED');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ refundsOwed: [], paidMinor: '0' });
    expect(typeof events[0]!.sessionVersion).toBe('number');
  });

  it('keeps a payment recorded one second after expiry, flags it refundRequired and lists it in refundsOwed', async () => {
    const s = await session(everything, ['Host', 'Guest']);
    const started = await s.host.startPayment(s.sessionId);
    offsetMs = 1801 * 1000; // the deadline passed a second ago; the expiry job has not run yet
    const late = await record(everything.apiKey, {
      paymentId: started.data.startPayment.paymentId,
      action: 'authorize',
      processorReference: 'ch_late',
    });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ paymentStatus: 'authorized', refundRequired: true, sessionStatus: 'expired', paidMinor: '0' });
    const body = await details(everything.apiKey, s.sessionId);
    expect(body.status).toBe('expired');
    expect(body.refundsOwed).toEqual([
      {
        paymentId: started.data.startPayment.paymentId,
        participantId: s.participants[0]!.id,
        amountMinor: '1000',
        processorReference: 'ch_late',
      },
    ]);

    // The merchant refunds and says so; recording it twice is harmless.
    const refunded = await record(everything.apiKey, { paymentId: started.data.startPayment.paymentId, action: 'refund' });
    expect(refunded.status).toBe(200);
    expect((await record(everything.apiKey, { paymentId: started.data.startPayment.paymentId, action: 'refund' })).body).toEqual(
      refunded.body,
    );
    expect((await details(everything.apiKey, s.sessionId)).refundsOwed).toEqual([]);
  });

  it('lists paid shares of a session that expires partly paid', async () => {
    const s = await session(everything, ['Host', 'Guest']);
    const started = await s.host.startPayment(s.sessionId);
    await record(everything.apiKey, { paymentId: started.data.startPayment.paymentId, action: 'authorize' });
    offsetMs = 1801 * 1000;
    await server.expiry.runOnce();
    await settle();
    const expired = eventsFor(subscriber, s.sessionId).find((event) => event.type === 'SERVICE_SESSION_EXPIRED');
    expect(expired?.refundsOwed).toEqual([
      expect.objectContaining({ paymentId: started.data.startPayment.paymentId, amountMinor: '1000' }),
    ]);
  });
});

describe('cancellation', () => {
  it('cancels idempotently through the API: the second call returns the same result', async () => {
    const s = await session(everything, ['Host', 'Guest']);
    const cancel = () =>
      postJson(`${server.baseUrl}/api/v1/payments/sessions/${s.sessionId}/cancel`, {}, { 'x-service-api-key': everything.apiKey });
    const first = await cancel();
    const second = await cancel();
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('cancelled');
    expect(second.body).toEqual(first.body);
    await settle();
    expect(eventsFor(subscriber, s.sessionId).filter((event) => event.type === 'SERVICE_SESSION_CANCELLED')).toHaveLength(1);
    const payAttempt = await s.host.startPayment(s.sessionId);
    expect(payAttempt.errors?.[0]?.extensions.code).toBe('SESSION_NOT_PAYABLE');
  });

  it('lets the host cancel before any payment, and refuses once a share is paid with INVALID_STATE', async () => {
    const early = await session(plain, ['Host', 'Guest']);
    const cancelled = await early.host.graphql(`mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { status } }`, {
      s: early.sessionId,
    });
    expect(cancelled.data.cancelSessionAsHost.status).toBe('CANCELLED');

    const late = await session(plain, ['Host', 'Guest']);
    const started = await late.host.startPayment(late.sessionId);
    await record(plain.apiKey, { paymentId: started.data.startPayment.paymentId, action: 'authorize' });
    const refused = await late.host.graphql(`mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { status } }`, { s: late.sessionId });
    expect(refused.errors?.[0]?.extensions.code).toBe('INVALID_STATE');
    const guestBrowser = await guest(late.sessionId, late.participants[1]!.inviteUrl!);
    const byGuest = await guestBrowser.graphql(`mutation($s: ID!) { cancelSessionAsHost(sessionId: $s) { status } }`, {
      s: late.sessionId,
    });
    expect(byGuest.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it('refuses to cancel a completed session', async () => {
    const s = await session(plain, ['Solo']);
    const started = await s.host.startPayment(s.sessionId);
    await record(plain.apiKey, { paymentId: started.data.startPayment.paymentId, action: 'authorize' });
    const refused = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions/${s.sessionId}/cancel`,
      {},
      { 'x-service-api-key': plain.apiKey },
    );
    expect(refused).toMatchObject({ status: 409, body: { code: 'INVALID_STATE' } });
  });
});

describe('shortfall: the host covers the rest', () => {
  it('host covers the 2 unpaid of 4 shares in one payment; the session completes and the event says so', async () => {
    const s = await session(plain, ['Host', 'Ana', 'Bo', 'Cy']);
    // Host and Ana pay their own shares; Bo and Cy never do.
    const hostPayment = await s.host.startPayment(s.sessionId);
    await record(plain.apiKey, { paymentId: hostPayment.data.startPayment.paymentId, action: 'authorize' });
    const ana = await guest(s.sessionId, s.participants[1]!.inviteUrl!);
    const anaPayment = await ana.startPayment(s.sessionId);
    await record(plain.apiKey, { paymentId: anaPayment.data.startPayment.paymentId, action: 'authorize' });

    const cover = await s.host.graphql(`mutation($s: ID!) { startPayment(sessionId: $s, coverRemaining: true) { paymentId } }`, {
      s: s.sessionId,
    });
    expect(cover.errors).toBeUndefined();
    expect(merchant.partnerCalls.at(-1)!.json).toMatchObject({ amountMinor: '2000', payerRole: 'host' });
    const covered = await record(plain.apiKey, { paymentId: cover.data.startPayment.paymentId, action: 'authorize' });
    expect(covered.body).toMatchObject({ sessionStatus: 'completed', paidMinor: '4000', refundRequired: false });

    await settle();
    const [completion] = eventsFor(merchant, s.sessionId);
    expect(completion!.type).toBe('SERVICE_SESSION_COMPLETED');
    expect(completion!.payments).toHaveLength(3);
    const covering = completion!.payments.find((payment: { paymentId: string }) => payment.paymentId === cover.data.startPayment.paymentId);
    expect(covering).toMatchObject({
      amountMinor: '2000',
      participantId: s.participants[0]!.id,
      coversParticipantIds: [s.participants[2]!.id, s.participants[3]!.id],
    });
    const view = await s.host.view(s.sessionId);
    expect(view.data.paySession.participants.map((p: { status: string }) => p.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID']);
  });

  it('only the host may cover the rest', async () => {
    const s = await session(plain, ['Host', 'Ana']);
    const ana = await guest(s.sessionId, s.participants[1]!.inviteUrl!);
    const refused = await ana.graphql(`mutation($s: ID!) { startPayment(sessionId: $s, coverRemaining: true) { paymentId } }`, {
      s: s.sessionId,
    });
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });
});

describe('event subscriptions', () => {
  it('sends completion only by default, and every subscribed kind to a subscriber, each with sessionVersion', async () => {
    const forPlain = await session(plain, ['Solo']);
    const forSubscriber = await session(everything, ['Solo']);
    for (const [s, integration] of [
      [forPlain, plain],
      [forSubscriber, everything],
    ] as const) {
      const started = await s.host.startPayment(s.sessionId);
      await record(integration.apiKey, { paymentId: started.data.startPayment.paymentId, action: 'authorize' });
    }
    await settle();
    expect(eventsFor(merchant, forPlain.sessionId).map((event) => event.type)).toEqual(['SERVICE_SESSION_COMPLETED']);
    const received = eventsFor(subscriber, forSubscriber.sessionId);
    expect(received.map((event) => event.type).sort()).toEqual(['SERVICE_PAYMENT_RECORDED', 'SERVICE_SESSION_COMPLETED']);
    // Both events describe the same change, so they carry the same version; a receiver keeps the highest seen.
    for (const event of received) expect(event.sessionVersion).toBeGreaterThan(1);
  });
});

describe('the documented contract', () => {
  it("every partner call and event delivered in this file matches the OpenAPI document's schema of its kind", () => {
    const schemas: Record<string, z.ZodType> = {
      SERVICE_SESSION_COMPLETED: sessionCompletedEventSchema,
      SERVICE_SESSION_EXPIRED: sessionExpiredEventSchema,
      SERVICE_SESSION_CANCELLED: sessionCancelledEventSchema,
      SERVICE_PAYMENT_RECORDED: paymentRecordedEventSchema,
    };
    const events = [...merchant.webhookCalls, ...subscriber.webhookCalls].map((call) => call.json as { type: string });
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(Object.keys(schemas)));
    for (const event of events) expect(schemas[event.type]!.safeParse(event).error, event.type).toBeUndefined();
    const partnerCalls = [...merchant.partnerCalls, ...subscriber.partnerCalls];
    expect(partnerCalls.length).toBeGreaterThan(0);
    for (const call of partnerCalls) expect(partnerCreatePaymentSchema.safeParse(call.json).error).toBeUndefined();
  });
});
