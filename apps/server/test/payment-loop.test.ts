import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string };

beforeAll(async () => {
  merchant = new MerchantStub();
  await merchant.start();
  server = await startTestServer({ partnerTimeoutMs: 500 });
  integration = await merchant.provisionOn(server, { name: 'Loop merchant', redirectAllowlist: ['https://shop.example.com'] });
});

afterAll(async () => {
  await server?.close();
  await merchant?.stop();
});

beforeEach(() => {
  merchant.partnerBehaviour = 'ok';
  merchant.webhookStatuses = [200];
});

async function createSession(amountMinor: string, extra: Record<string, unknown> = {}) {
  const response = await postJson<{ sessionId: string; hostToken: string; sessionUrl: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: integration.integrationId, amountMinor, merchantOrderRef: `order-${Math.random().toString(36).slice(2)}`, ...extra },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(response.status).toBe(200);
  return response.body;
}

function record(body: Record<string, unknown>, apiKey = integration.apiKey) {
  return postJson(`${server.baseUrl}/api/v1/payments/record`, body, { 'x-service-api-key': apiKey });
}

/** A configured session: host + two friends with an uneven exact split of 480.00. */
async function configuredSession() {
  const created = await createSession('48000');
  const host = new PayBrowser(server.baseUrl);
  const opened = await host.open(created.sessionId, created.hostToken);
  expect(opened.errors).toBeUndefined();
  const configured = await host.configure({
    sessionId: created.sessionId,
    splitMode: 'EXACT',
    participants: [
      { displayName: 'Aroha', amountMinor: '20000' },
      { displayName: 'Ben', email: 'ben@example.com', amountMinor: '15000' },
      { displayName: 'Caleb', amountMinor: '13000' },
    ],
  });
  expect(configured.errors).toBeUndefined();
  const participants = configured.data.configureSession.participants as {
    id: string;
    displayName: string;
    inviteUrl: string | null;
    amountMinor: string;
  }[];
  return { created, host, participants };
}

async function payAs(browser: PayBrowser, sessionId: string) {
  const started = await browser.startPayment(sessionId);
  expect(started.errors).toBeUndefined();
  return started.data.startPayment;
}

function guestFor(inviteUrl: string): { browser: PayBrowser; token: string } {
  const token = new URL(inviteUrl).searchParams.get('token')!;
  return { browser: new PayBrowser(server.baseUrl), token };
}

describe('host and participant access', () => {
  it('exchanges the hostToken for an HttpOnly SameSite=Lax cookie that later requests use', async () => {
    const created = await createSession('9000');
    const host = new PayBrowser(server.baseUrl);
    const opened = await host.open(created.sessionId, created.hostToken);
    expect(opened.data.openSession).toMatchObject({ viewerRole: 'HOST', status: 'UNCONFIGURED', amountMinor: '9000' });
    const cookie = host.lastSetCookie.join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const again = await host.view(created.sessionId);
    expect(again.data.paySession.viewerRole).toBe('HOST');
  });

  it('refuses a wrong token and a missing cookie with UNAUTHENTICATED', async () => {
    const created = await createSession('9000');
    const stranger = new PayBrowser(server.baseUrl);
    expect((await stranger.view(created.sessionId)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await stranger.open(created.sessionId, 'A'.repeat(43))).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('lets the host configure and gives each participant an invite link; participants see no emails or links', async () => {
    const { created, participants } = await configuredSession();
    expect(participants.map((p) => p.amountMinor)).toEqual(['20000', '15000', '13000']);
    expect(participants[0]!.inviteUrl).toBeNull();
    const ben = guestFor(participants[1]!.inviteUrl!);
    const view = await ben.browser.open(created.sessionId, ben.token);
    expect(view.data.openSession).toMatchObject({
      viewerRole: 'PARTICIPANT',
      organiserName: 'Aroha',
      viewerParticipantId: participants[1]!.id,
    });
    for (const participant of view.data.openSession.participants) {
      expect(participant.email).toBeNull();
      expect(participant.inviteUrl).toBeNull();
    }
    const refused = await ben.browser.configure({
      sessionId: created.sessionId,
      splitMode: 'EQUAL',
      participants: [{ displayName: 'Ben' }],
    });
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it('lets the host change unpaid shares after a payment while the paid share stays locked', async () => {
    const { created, host, participants } = await configuredSession();
    const hostPayment = await payAs(host, created.sessionId);
    await record({ paymentId: hostPayment.paymentId, action: 'authorize' });
    // Paid: Aroha 200.00. Ben leaves; Caleb and a newcomer split the remaining 280.00 equally.
    const changed = await host.configure({
      sessionId: created.sessionId,
      splitMode: 'EQUAL',
      participants: [{ displayName: 'Aroha' }, { participantId: participants[2]!.id, displayName: 'Caleb' }, { displayName: 'Dana' }],
    });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.configureSession).toMatchObject({ status: 'PARTIALLY_PAID', paidMinor: '20000' });
    const shares = changed.data.configureSession.participants as { id: string; amountMinor: string; status: string }[];
    expect(shares.map((share) => [share.amountMinor, share.status])).toEqual([
      ['20000', 'PAID'],
      ['14000', 'PENDING'],
      ['14000', 'PENDING'],
    ]);
    expect(shares[1]!.id).toBe(participants[2]!.id); // Caleb's invite link stays valid
    const removingPaid = await host.configure({
      sessionId: created.sessionId,
      splitMode: 'EQUAL',
      participants: [{ displayName: 'Only me' }],
    });
    expect(removingPaid.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a split that does not add up, with details', async () => {
    const created = await createSession('48000');
    const host = new PayBrowser(server.baseUrl);
    await host.open(created.sessionId, created.hostToken);
    const result = await host.configure({
      sessionId: created.sessionId,
      splitMode: 'EXACT',
      participants: [
        { displayName: 'A', amountMinor: '20000' },
        { displayName: 'B', amountMinor: '20000' },
      ],
    });
    expect(result.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
    expect(result.errors?.[0]?.message).toMatch(/add up/);
  });
});

describe('the payment loop', () => {
  it('pays every share and sends ONE completion webhook, signed the Standard Webhooks way', async () => {
    const { created, host, participants } = await configuredSession();
    const before = merchant.webhookCalls.length;
    const hostPayment = await payAs(host, created.sessionId);
    const partnerCall = merchant.partnerCalls.at(-1)!;
    expect(partnerCall.headers['webhook-id']).toBe(hostPayment.paymentId);
    expect(partnerCall.json).toMatchObject({
      type: 'partner.payment.create',
      paymentId: hostPayment.paymentId,
      sessionId: created.sessionId,
      participantId: participants[0]!.id,
      payerRole: 'host',
      amountMinor: '20000',
      amount: '200.00',
      currency: 'NZD',
      mode: 'test',
    });
    expect(hostPayment.redirectUrl).toBe(`${merchant.baseUrl}/checkout/${hostPayment.paymentId}`);

    const first = await record({ paymentId: hostPayment.paymentId, action: 'authorize', processorReference: 'ch_1', amountMinor: '20000' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      paymentStatus: 'authorized',
      sessionStatus: 'partially_paid',
      paidMinor: '20000',
      remainingMinor: '28000',
      refundRequired: false,
    });
    expect(first.body.serviceHostResumeUrl).toMatch(new RegExp(`^${server.baseUrl}/pay/${created.sessionId}\\?`));
    expect(String(first.body.serviceHostResumeUrl)).not.toMatch(/token/i);

    for (const participant of participants.slice(1)) {
      const guest = guestFor(participant.inviteUrl!);
      await guest.browser.open(created.sessionId, guest.token);
      const payment = await payAs(guest.browser, created.sessionId);
      expect(merchant.partnerCalls.at(-1)!.json.payerRole).toBe('participant');
      const recorded = await record({
        paymentId: payment.paymentId,
        action: 'authorize',
        processorReference: `ch_${participant.displayName}`,
      });
      expect(recorded.status).toBe(200);
    }

    const [event] = (await merchant.waitForWebhooks(before + 1)).slice(before);
    expect(event!.json).toMatchObject({
      type: 'SERVICE_SESSION_COMPLETED',
      sessionId: created.sessionId,
      amountMinor: '48000',
      currency: 'NZD',
      mode: 'test',
    });
    expect(event!.headers['webhook-id']).toBe(event!.json.eventId);
    const [stored] = await server.query<{ order_reference: string }>(`select order_reference from session where id = ?`, [
      created.sessionId,
    ]);
    expect(event!.json.orderReference).toBe(stored!.order_reference);
    expect(event!.json.payments).toHaveLength(3);
    expect(event!.json.payments.map((p: { amountMinor: string }) => p.amountMinor).sort()).toEqual(['13000', '15000', '20000']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(merchant.webhookCalls.filter((call) => call.json.sessionId === created.sessionId)).toHaveLength(1);

    const status = await fetch(`${server.baseUrl}/api/payments/unified?sessionId=${created.sessionId}`);
    expect(await status.json()).toMatchObject({
      status: 'completed',
      completed: true,
      paidMinor: '48000',
      remainingMinor: '0',
      paidCount: 3,
      participantCount: 3,
    });
  });

  it('records one effect for 20 concurrent identical record calls, and answers them identically', async () => {
    const { created, host } = await configuredSession();
    const payment = await payAs(host, created.sessionId);
    const replies = await Promise.all(Array.from({ length: 20 }, () => record({ paymentId: payment.paymentId, action: 'authorize' })));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(replies[0]!.body);
    }
    const status = await (await fetch(`${server.baseUrl}/api/v1/payments/unified?sessionId=${created.sessionId}`)).json();
    expect(status).toMatchObject({ paidMinor: '20000', paidCount: 1, status: 'partially_paid' });
  });

  it('completes once when the last two shares are recorded at the same instant', async () => {
    const { created, host, participants } = await configuredSession();
    const before = merchant.webhookCalls.length;
    const hostPayment = await payAs(host, created.sessionId);
    await record({ paymentId: hostPayment.paymentId, action: 'authorize' });
    const payments = [];
    for (const participant of participants.slice(1)) {
      const guest = guestFor(participant.inviteUrl!);
      await guest.browser.open(created.sessionId, guest.token);
      payments.push(await payAs(guest.browser, created.sessionId));
    }
    const replies = await Promise.all(payments.map((payment) => record({ paymentId: payment.paymentId, action: 'authorize' })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(replies.filter((reply) => reply.body.sessionStatus === 'completed')).toHaveLength(1);
    await merchant.waitForWebhooks(before + 1);
    const events = await server.query<{ n: string }>(`select count(*) as n from webhook_event where session_id = ?`, [created.sessionId]);
    expect(Number(events[0]!.n)).toBe(1);
  });

  it('keeps one live attempt when a participant starts paying twice at once', async () => {
    const { created, host } = await configuredSession();
    const results = await Promise.all([host.startPayment(created.sessionId), host.startPayment(created.sessionId)]);
    expect(results.filter((result) => !result.errors)).not.toHaveLength(0);
    const live = await server.query<{ n: string }>(
      `select count(*) as n from payment where session_id = ? and status in ('creating', 'redirected')`,
      [created.sessionId],
    );
    expect(Number(live[0]!.n)).toBe(1);
  });

  it('refuses a different amount with 409 AMOUNT_MISMATCH and changes nothing', async () => {
    const { created, host } = await configuredSession();
    const payment = await payAs(host, created.sessionId);
    const refused = await record({ paymentId: payment.paymentId, action: 'authorize', amountMinor: '19999' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('AMOUNT_MISMATCH');
    const status = await (await fetch(`${server.baseUrl}/api/payments/unified?sessionId=${created.sessionId}`)).json();
    expect(status).toMatchObject({ paidMinor: '0', status: 'open' });
  });

  it('keeps a second authorization of a paid share and flags it refundRequired', async () => {
    const { created, host } = await configuredSession();
    const older = await payAs(host, created.sessionId);
    const newer = await payAs(host, created.sessionId); // abandons the older attempt
    expect((await record({ paymentId: newer.paymentId, action: 'authorize' })).body.refundRequired).toBe(false);
    const late = await record({ paymentId: older.paymentId, action: 'authorize' });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ paymentStatus: 'authorized', refundRequired: true, paidMinor: '20000' });
    const details = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${created.sessionId}`, {
      headers: { 'x-service-api-key': integration.apiKey },
    });
    const body = (await details.json()) as { payments: { paymentId: string; refundRequired: boolean }[] };
    expect(body.payments.find((payment) => payment.paymentId === older.paymentId)?.refundRequired).toBe(true);
  });

  it('refuses record for an unknown payment and for another merchant', async () => {
    const { created, host } = await configuredSession();
    const payment = await payAs(host, created.sessionId);
    const unknown = await record({ paymentId: '00000000-0000-4000-8000-000000000000', action: 'authorize' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'PAYMENT_NOT_FOUND' } });
    const other = await server.provision({ name: 'Someone else' });
    const foreign = await record({ paymentId: payment.paymentId, action: 'authorize' }, other.apiKey);
    expect(foreign).toMatchObject({ status: 404, body: { code: 'PAYMENT_NOT_FOUND' } });
    const malformed = await record({ paymentId: payment.paymentId, action: 'capture' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it.each([
    ['answers 500', 'error'],
    ['answers something that is not JSON', 'bad-json'],
    ['answers a javascript: URL', 'javascript-url'],
    ['does not answer in time', 'slow'],
  ] as const)('tells the payer to retry when the merchant endpoint %s, and marks the attempt failed', async (_name, behaviour) => {
    const { created, host } = await configuredSession();
    merchant.partnerBehaviour = behaviour;
    const result = await host.startPayment(created.sessionId);
    expect(result.errors?.[0]?.extensions.code).toBe('PARTNER_CALL_FAILED');
    expect(result.errors?.[0]?.message).toMatch(/try again/i);
    const rows = await server.query<{ status: string; failure_reason: string }>(
      `select status, failure_reason from payment where session_id = ?`,
      [created.sessionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('failed');
    merchant.partnerBehaviour = 'ok';
    expect((await host.startPayment(created.sessionId)).errors).toBeUndefined();
  });

  it('refuses to start a payment on an unconfigured session', async () => {
    const created = await createSession('5000');
    const host = new PayBrowser(server.baseUrl);
    await host.open(created.sessionId, created.hostToken);
    const result = await host.startPayment(created.sessionId);
    expect(result.errors?.[0]?.extensions.code).toMatch(/INVALID_STATE|SESSION_NOT_PAYABLE/);
  });
});

describe('status poll', () => {
  it('reports progress without names or emails, never cached', async () => {
    const { created } = await configuredSession();
    for (const path of ['/api/payments/unified', '/api/v1/payments/unified']) {
      const response = await fetch(`${server.baseUrl}${path}?sessionId=${created.sessionId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      expect(text).not.toMatch(/Aroha|Ben|Caleb|example\.com/);
      expect(JSON.parse(text)).toEqual({
        success: true,
        sessionId: created.sessionId,
        status: 'open',
        currency: 'NZD',
        amountMinor: '48000',
        paidMinor: '0',
        remainingMinor: '48000',
        refundedMinor: '0',
        participantCount: 3,
        paidCount: 0,
        completed: false,
        expiresAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    }
  });

  it('answers 404 SESSION_NOT_FOUND for an unknown id and 400 for a malformed one', async () => {
    const unknown = await fetch(`${server.baseUrl}/api/payments/unified?sessionId=00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('SESSION_NOT_FOUND');
    for (const query of ['?sessionId=nope', '']) {
      const malformed = await fetch(`${server.baseUrl}/api/payments/unified${query}`);
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('merchant read', () => {
  it('returns the full session to its merchant and not-found to another', async () => {
    const { created } = await configuredSession();
    const mine = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${created.sessionId}`, {
      headers: { 'x-service-api-key': integration.apiKey },
    });
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as Record<string, any>;
    expect(body).toMatchObject({ success: true, sessionId: created.sessionId, status: 'open', amountMinor: '48000', payments: [] });
    expect(body.participants.map((p: { displayName: string }) => p.displayName)).toEqual(['Aroha', 'Ben', 'Caleb']);
    const other = await server.provision({ name: 'Nosy' });
    const theirs = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${created.sessionId}`, {
      headers: { 'x-service-api-key': other.apiKey },
    });
    expect(theirs.status).toBe(404);
  });
});
