import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';
import { sessionCompletedEventSchema } from '../src/rest/outgoing-calls.js';
import { type MerchantProcess, startMerchantProcess } from './support/merchant-process.js';
import { PayBrowser } from './support/pay-browser.js';
import { type ReferenceMerchant, startReferenceMerchant } from './support/reference-merchant.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { until } from './support/polling.js';
import { CLI_ACTOR } from '../src/modules/audit/index.js';

/**
 * examples/python-merchant, a merchant written in Python with the standard library only, run as
 * its own process against PaySplit and the reference merchant's test processor.
 */
const EXAMPLE = fileURLToPath(new URL('../../../examples/python-merchant/', import.meta.url));

let server: TestServer;
let processor: ReferenceMerchant;
let python: MerchantProcess;
let integration: Awaited<ReturnType<TestServer['provision']>>;
let dataDir: string;

async function startPythonMerchant(): Promise<typeof python> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  integration = await server.provision({
    name: 'Python merchant',
    partnerCreatePaymentUrl: `${baseUrl}/paysplit/create-payment`,
    partnerRefundUrl: `${baseUrl}/paysplit/refund`,
    partnerCancelUrl: `${baseUrl}/paysplit/cancel`,
    // Used once the last case switches the integration to captureMethod manual.
    partnerCaptureUrl: `${baseUrl}/paysplit/capture`,
    webhookUrl: `${baseUrl}/webhooks/paysplit`,
    redirectAllowlist: [baseUrl],
    // The open group's progress, and its end short of the minimum (completion is always sent).
    eventSubscriptions: ['SERVICE_GROUP_JOINED', 'SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL', 'SERVICE_SESSION_EXPIRED'],
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-python-merchant-'));
  return startMerchantProcess({
    name: 'the Python merchant',
    command: 'python3',
    args: ['merchant.py'],
    cwd: EXAMPLE,
    env: {
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONUNBUFFERED: '1',
      MERCHANT_PORT: String(port),
      MERCHANT_PUBLIC_URL: baseUrl,
      MERCHANT_DATABASE: path.join(dataDir, 'merchant.sqlite3'),
      PAYSPLIT_BASE_URL: server.baseUrl,
      PROCESSOR_BASE_URL: `${processor.baseUrl}/processor`,
      PAYSPLIT_API_KEY: integration.apiKey,
      PAYSPLIT_INTEGRATION_ID: integration.integrationId,
      PAYSPLIT_PARTNER_SIGNING_SECRET: integration.partnerSecret,
      PAYSPLIT_WEBHOOK_SIGNING_SECRET: integration.webhookSecret,
    },
    baseUrl,
    startTimeoutMs: 15_000,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  processor = await startReferenceMerchant(server);
  python = await startPythonMerchant();
}, 60_000);

afterAll(async () => {
  await python?.stop();
  await processor?.stop();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A browser at the test processor: the checkout page, a card, then the redirect to the merchant's bridge. */
async function payAtProcessor(redirectUrl: string): Promise<{ status: number; location: string | null }> {
  expect((await fetch(redirectUrl)).status).toBe(200);
  const pay = await fetch(`${redirectUrl.replace(/\/$/, '')}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }),
    redirect: 'manual',
  });
  expect(pay.status).toBe(303);
  const bridge = await fetch(pay.headers.get('location')!, { redirect: 'manual' });
  return { status: bridge.status, location: bridge.headers.get('location') };
}

async function order(
  orderRef: string,
): Promise<{ status: string; paidEventId: string | null; sessionId: string; [field: string]: unknown }> {
  return (await fetch(`${python.baseUrl}/orders/${orderRef}.json`)).json() as never;
}

/** Runs the example's verifier (standard_webhooks.py) on many messages in one process. */
async function pythonVerifies(cases: { body: string; headers: Record<string, string>; secret: string; now?: number }[]) {
  const child = spawn('python3', ['standard_webhooks.py', 'check'], {
    cwd: EXAMPLE,
    env: { PATH: process.env.PATH, PYTHONDONTWRITEBYTECODE: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(JSON.stringify(cases));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(output) as { ok: boolean; reason?: string }[];
}

describe('the Python merchant (examples/python-merchant)', () => {
  it('goes through the whole loop: order -> session -> partner call -> processor -> 302 bridge -> webhook -> order paid once -> refunded once', async () => {
    const created = await fetch(`${python.baseUrl}/orders`, { method: 'POST', redirect: 'manual' });
    expect(created.status).toBe(303);
    const sessionUrl = new URL(created.headers.get('location')!);
    expect(sessionUrl.origin).toBe(server.baseUrl);
    const sessionId = sessionUrl.pathname.split('/').at(-1)!;

    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
    const configured = await host.configure({
      sessionId,
      splitMode: 'EXACT',
      participants: [
        { displayName: 'Aroha', amountMinor: '30000' },
        { displayName: 'Ben', amountMinor: '18000' },
      ],
    });
    expect(configured.errors).toBeUndefined();
    const participants = configured.data.configureSession.participants as { inviteUrl: string | null }[];

    // The partner call reached the Python merchant, which answered with the processor's checkout.
    const hostStart = await host.startPayment(sessionId);
    expect(hostStart.errors).toBeUndefined();
    expect(hostStart.data.startPayment.redirectUrl.startsWith(`${processor.baseUrl}/processor/checkout/`)).toBe(true);
    const hostPaid = await payAtProcessor(hostStart.data.startPayment.redirectUrl);
    expect(hostPaid).toEqual({
      status: 302,
      location: `${server.baseUrl}/pay/${sessionId}?resume=host&payment=${hostStart.data.startPayment.paymentId}`,
    });

    const guest = new PayBrowser(server.baseUrl);
    await guest.open(sessionId, new URL(participants[1]!.inviteUrl!).searchParams.get('token')!);
    const guestPaid = await payAtProcessor((await guest.startPayment(sessionId)).data.startPayment.redirectUrl);
    expect(guestPaid.status).toBe(302);
    expect(guestPaid.location).toContain('resume=participant');

    const orderRef = (await server.query<{ order_reference: string }>(`select order_reference from session where id = ?`, [sessionId]))[0]!
      .order_reference;
    const deadline = Date.now() + 10_000;
    let state = await order(orderRef);
    while (state.status !== 'paid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await order(orderRef);
    }
    const events = await server.query<{ id: string; body: string }>(`select id, body from webhook_event where session_id = ?`, [sessionId]);
    expect(events).toHaveLength(1);
    expect(state).toMatchObject({ status: 'paid', paidEventId: events[0]!.id, sessionId });
    // What was delivered is what the OpenAPI document's webhooks section describes.
    expect(sessionCompletedEventSchema.safeParse(JSON.parse(events[0]!.body)).success).toBe(true);

    // A repeated delivery (same eventId) is acknowledged and changes nothing.
    const body = events[0]!.body;
    const timestamp = new Date();
    const headers = {
      'webhook-id': events[0]!.id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(integration.webhookSecret).sign(events[0]!.id, timestamp, body),
    };
    const repeat = await fetch(`${python.baseUrl}/webhooks/paysplit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    expect(repeat.status).toBe(204);
    expect(await order(orderRef)).toMatchObject({ status: 'paid', paidEventId: events[0]!.id });
    expect(await (await fetch(`${python.baseUrl}/`)).text()).toContain('PAID');

    // The order is cancelled: PaySplit asks the Python merchant to refund each payment, and each
    // charge at the processor goes back exactly once, whatever PaySplit repeats.
    const refund = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${sessionId}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': integration.apiKey, 'idempotency-key': `${orderRef}-refund` },
      body: JSON.stringify({ reason: 'Order cancelled' }),
    });
    expect(refund.status).toBe(200);
    expect(((await refund.json()) as { refunds: unknown[] }).refunds).toHaveLength(2);
    await expect
      .poll(
        async () =>
          (await server.query<{ status: string }>(`select status from refund where session_id = ?`, [sessionId])).map((r) => r.status),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['succeeded', 'succeeded']);
    const charges = await server.query<{ amount_minor: string; refunded: string }>(
      `select c.amount_minor::text as amount_minor, coalesce(sum(r.amount_minor) filter (where r.status = 'succeeded'), 0)::text as refunded
         from merchant_demo.checkout c left join merchant_demo.processor_refund r on r.checkout_id = c.id
        where c.session_id = ? group by c.id order by c.amount_minor`,
      [sessionId],
    );
    expect(charges).toEqual([
      { amount_minor: '18000', refunded: '18000' },
      { amount_minor: '30000', refunded: '30000' },
    ]);
    expect(python.output()).not.toMatch(/ps_test_[0-9A-Za-z]{10}|whsec_|hostToken=/);
  });

  it('expires the checkout of a replaced attempt when PaySplit cancels it, so it can no longer be paid', async () => {
    const created = await fetch(`${python.baseUrl}/orders`, { method: 'POST', redirect: 'manual' });
    const sessionUrl = new URL(created.headers.get('location')!);
    const sessionId = sessionUrl.pathname.split('/').at(-1)!;
    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
    const configured = await host.configure({ sessionId, splitMode: 'EQUAL', participants: [{ displayName: 'Aroha' }] });
    expect(configured.errors).toBeUndefined();
    const first = (await host.startPayment(sessionId)).data.startPayment;
    const second = (await host.startPayment(sessionId)).data.startPayment;
    await expect
      .poll(
        async () =>
          server.query<{ status: string; reason: string }>(`select status, reason from payment_call where session_id = ?`, [sessionId]),
        {
          timeout: 10_000,
        },
      )
      .toEqual([{ status: 'succeeded', reason: 'replaced' }]);
    const checkoutId = first.redirectUrl.split('/').at(-1)!;
    const [call] = await server.query<{ processor_call_reference: string }>(
      `select processor_call_reference from payment_call where session_id = ?`,
      [sessionId],
    );
    expect(call!.processor_call_reference).toBe(checkoutId);
    const paying = await fetch(`${first.redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }),
      redirect: 'manual',
    });
    expect(paying.status).toBe(410);
    // The newer checkout still takes the card.
    expect((await payAtProcessor(second.redirectUrl)).status).toBe(302);
  });

  it('refuses unsigned partner calls and webhooks', async () => {
    for (const route of ['/paysplit/create-payment', '/paysplit/refund', '/paysplit/cancel', '/paysplit/capture', '/webhooks/paysplit']) {
      const response = await fetch(`${python.baseUrl}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"type":"partner.payment.create"}',
      });
      expect(response.status, route).toBe(400);
    }
  });

  it('verifies what the standardwebhooks library signs and refuses tampered, stale, wrong-secret and future messages', async () => {
    const secret = integration.webhookSecret;
    const other = new Webhook(Buffer.alloc(32, 7).toString('base64'));
    const signer = new Webhook(secret);
    const body = JSON.stringify({ eventId: 'evt_1', type: 'SERVICE_SESSION_COMPLETED', amount: '120.50', note: 'café ☕' });
    const now = Math.floor(Date.now() / 1000);
    // The library signs; the headers carry its signature with the id and the second it was made for.
    const signed = (webhook: Webhook, at: Date): Record<string, string> => ({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': webhook.sign('msg_1', at, body),
    });
    const headers = signed(signer, new Date());
    const rotated = {
      ...headers,
      'webhook-signature': `${signed(other, new Date())['webhook-signature']} ${headers['webhook-signature']}`,
    };
    const results = await pythonVerifies([
      { body, headers, secret },
      { body, headers: rotated, secret },
      { body: body.replace('120.50', '920.50'), headers, secret },
      { body, headers: signed(signer, new Date((now - 301) * 1000)), secret },
      // Well past the 5-minute tolerance: Python starts seconds later on a busy machine, and +301 s became +300 s (accepted).
      { body, headers: signed(signer, new Date((now + 600) * 1000)), secret },
      { body, headers, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` },
      { body, headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now) }, secret },
      { body, headers, secret: 'whsec_not base64!' },
    ]);
    expect(results).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, reason: 'no_matching_signature' },
      { ok: false, reason: 'timestamp_too_old' },
      { ok: false, reason: 'timestamp_in_future' },
      { ok: false, reason: 'no_matching_signature' },
      { ok: false, reason: 'missing_headers' },
      { ok: false, reason: 'invalid_secret' },
    ]);
  });

  // Last: it switches the integration to manual capture (sessions made before keep automatic).
  it('captures a held share when PaySplit asks (captureMethod manual), once per captureId, and the order is paid once', async () => {
    const em = server.orm.em.fork();
    const settings = server.paysplit.services.integrationSettings;
    const stored = await settings.findIntegration(em, integration.integrationId);
    await settings.updateSettings(em, stored!, { captureMethod: 'manual' }, CLI_ACTOR);

    const created = await fetch(`${python.baseUrl}/orders`, { method: 'POST', redirect: 'manual' });
    const sessionUrl = new URL(created.headers.get('location')!);
    const sessionId = sessionUrl.pathname.split('/').at(-1)!;
    const host = new PayBrowser(server.baseUrl);
    await host.open(sessionId, sessionUrl.searchParams.get('hostToken')!);
    expect((await host.configure({ sessionId, splitMode: 'EQUAL', participants: [{ displayName: 'Aroha' }] })).errors).toBeUndefined();
    const started = (await host.startPayment(sessionId)).data.startPayment;
    // The shop asked its processor for an authorize-only checkout; paying it places the hold, which the bridge records.
    expect((await payAtProcessor(started.redirectUrl)).status).toBe(302);

    const [capture] = await until(
      () =>
        server.query<{ id: string; status: string; processor_call_reference: string }>(
          `select id, status, processor_call_reference from payment_call where session_id = ? and kind = 'capture'`,
          [sessionId],
        ),
      (rows) => rows.length === 1 && rows[0]!.status !== 'pending',
    );
    // The processor held the card (its hold's end recorded with the payment), then captured it once.
    expect(capture).toMatchObject({ status: 'succeeded', processor_call_reference: expect.stringMatching(/^cap_test_/) });
    const [held] = await server.query<{ status: string; hold_expires_at: string | null }>(
      `select status, hold_expires_at from payment where session_id = ? and status <> 'abandoned'`,
      [sessionId],
    );
    expect(held).toMatchObject({ status: 'captured', hold_expires_at: expect.any(String) });
    const orderRef = (await server.query<{ order_reference: string }>(`select order_reference from session where id = ?`, [sessionId]))[0]!
      .order_reference;
    await until(
      () => order(orderRef),
      (state) => state.status === 'paid',
    );
    expect(
      await server.query(`select id from webhook_event where session_id = ? and type = 'SERVICE_SESSION_COMPLETED'`, [sessionId]),
    ).toHaveLength(1);

    // PaySplit asks again with the same captureId (an answer it lost): the first answer, nothing captured twice.
    const [payment] = await server.query<{ id: string }>(`select id from payment where session_id = ?`, [sessionId]);
    const body = JSON.stringify({ type: 'partner.payment.capture', captureId: capture!.id, paymentId: payment!.id, amountMinor: '48000' });
    const at = new Date();
    const again = await fetch(`${python.baseUrl}/paysplit/capture`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': capture!.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(integration.partnerSecret).sign(capture!.id, at, body),
      },
      body,
    });
    expect(await again.json()).toEqual({ status: 'succeeded', processorReference: capture!.processor_call_reference });
  });

  it('creates an open group, follows its events, and captures each hold at its final part, less than the hold where the price fell', async () => {
    // Each payment held (captureMethod manual), as the case above left it; set here too, so this case stands alone.
    const em = server.orm.em.fork();
    const settings = server.paysplit.services.integrationSettings;
    await settings.updateSettings(
      em,
      (await settings.findIntegration(em, integration.integrationId))!,
      { captureMethod: 'manual' },
      CLI_ACTOR,
    );
    const created = await fetch(`${python.baseUrl}/groups`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ organiserName: 'Aroha', organiserEmail: 'aroha@example.com' }),
      redirect: 'manual',
    });
    expect(created.status).toBe(303);
    const orderRef = created.headers.get('location')!.split('/').at(-1)!;
    const group = (await (await fetch(`${python.baseUrl}/orders/${orderRef}.json`)).json()) as { sessionId: string; joinUrl: string };
    const organiser = await fetch(`${python.baseUrl}/orders/${orderRef}/organiser`, { redirect: 'manual' });
    expect(organiser.headers.get('location')!.startsWith(`${server.baseUrl}/pay/${group.sessionId}`)).toBe(true);
    const code = new URL(group.joinUrl).searchParams.get('code')!;

    // NZ$480 shared by 4 to 8 places: two payers held at NZ$120 a place before it tipped, two after
    // at NZ$80 and NZ$60; full at 8, everyone pays NZ$60 a place.
    const checkouts: string[] = [];
    for (const name of ['Ben', 'Caleb', 'Dana', 'Eru']) {
      const payer = new PayBrowser(server.baseUrl);
      const joined = await payer.graphql<{ joinOpenGroup: { redirectUrl: string } }>(
        `mutation($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
          joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) { redirectUrl } }`,
        { sessionId: group.sessionId, code, input: { displayName: name, email: `${name.toLowerCase()}@example.com`, places: 2 } },
      );
      expect(joined.errors).toBeUndefined();
      expect((await payAtProcessor(joined.data.joinOpenGroup.redirectUrl)).status).toBe(302);
      checkouts.push(joined.data.joinOpenGroup.redirectUrl.split('/').at(-1)!);
    }
    const paid = await until(
      () => order(orderRef),
      // The group's events and the completion are separate deliveries: wait for all of them.
      (state) => state.status === 'paid' && state.placesSold === 8 && state.finalPricePerPlaceMinor !== null,
    );
    expect(paid).toMatchObject({ kind: 'open_group', placesSold: 8, tippedAt: expect.any(String), finalPricePerPlaceMinor: '6000' });
    const rows = await server.query<{ id: string; amount_minor: string; captured_minor: string }>(
      `select id, amount_minor::text as amount_minor, captured_minor::text as captured_minor from merchant_demo.checkout where id in (?, ?, ?, ?)`,
      checkouts,
    );
    const held = new Map(rows.map((row) => [row.id, [row.amount_minor, row.captured_minor]]));
    expect(checkouts.map((id) => held.get(id))).toEqual([
      ['24000', '12000'],
      ['24000', '12000'],
      ['16000', '12000'],
      ['12000', '12000'],
    ]);
  });
});
