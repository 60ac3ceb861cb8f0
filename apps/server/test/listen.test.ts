import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openOrm } from '../src/db/orm.js';
import { createIntegrationServices } from '../src/modules/integrations/integration-services.js';
import { SecretBox } from '../src/security/secret-box.js';
import { CheckoutMerchant } from './fixtures/sdk-merchant/checkout-merchant.js';
import { productionProcessEnvironment, queryDatabase } from './support/direct-database.js';
import { ListenCli } from './support/listen-cli.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { createTestDatabase } from './support/test-database.js';
import { createConfiguredSession, postJson } from './support/test-server.js';

/**
 * `paysplit listen` against built server processes, with a merchant written with the SDK alone
 * (fixtures/sdk-merchant) behind it: the CLI as its own process, real sockets everywhere. The
 * integration's own URLs name an address nobody listens on, and the servers refuse private test
 * URLs as production does: whatever reaches the merchant came through the listener, signed with the
 * secret the CLI printed.
 */
const SECRETS_KEY = randomBytes(32).toString('hex');
/** Where the integration's settings point: never reached (production refuses it for test mode, and live mode anyway). */
const CONFIGURED = 'https://127.0.0.1:1';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let environment: Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;
let merchant: CheckoutMerchant;
let integration: { integrationId: string; apiKey: string; liveKey: string };
let cli: ListenCli;

const sql = <T>(query: string, params: unknown[] = []) => queryDatabase<T>(database.url, query, params);

function startCli(apiKey: string, baseUrl = a.baseUrl): ListenCli {
  return ListenCli.start([
    'listen',
    '--api-key',
    apiKey,
    '--forward-to',
    merchant.webhookUrl,
    '--forward-partner-to',
    merchant.baseUrl,
    '--base-url',
    baseUrl,
  ]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  merchant = new CheckoutMerchant();
  await merchant.start();
  environment = {
    ...productionProcessEnvironment(database.url, SECRETS_KEY),
    PRIVATE_TEST_URLS: 'refuse',
    WEBHOOK_RETRY_SCHEDULE: '300ms,1s,2s',
    WEBHOOK_TIMEOUT_MS: '2000',
    PARTNER_TIMEOUT_MS: '2000',
    LIVE_PING_INTERVAL_MS: '1000',
  };
  [a, b] = await Promise.all([startServerProcess(environment), startServerProcess(environment)]);

  // Live keys need URLs a live call may use; the settings then point nowhere, as an operator's SQL might.
  const orm = await openOrm({ databaseUrl: database.url });
  try {
    const services = createIntegrationServices({ secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')) });
    const path = (name: string) => `https://1.1.1.1/paysplit/${name}`;
    const created = await services.integrationSettings.createIntegration(orm.em.fork(), {
      name: 'Listened shop',
      partnerCreatePaymentUrl: path('create-payment'),
      partnerRefundUrl: path('refund'),
      partnerCancelUrl: path('cancel'),
      webhookUrl: 'https://1.1.1.1/webhooks/paysplit',
      redirectAllowlist: ['https://shop.example.com'],
      eventSubscriptions: ['SERVICE_PAYMENT_RECORDED', 'SERVICE_SESSION_CANCELLED', 'SERVICE_REFUND_SUCCEEDED', 'SERVICE_REFUND_FAILED'],
      payoutOnboarded: true,
    });
    const live = await services.apiKeys.createApiKey(orm.em.fork(), created.integration.id, 'live');
    integration = { integrationId: created.integration.id, apiKey: created.apiKey, liveKey: live.apiKey };
  } finally {
    await orm.close(true);
  }
  await sql(
    `update integration set partner_create_payment_url = replace(partner_create_payment_url, 'https://1.1.1.1', ?),
       partner_refund_url = replace(partner_refund_url, 'https://1.1.1.1', ?), partner_cancel_url = replace(partner_cancel_url, 'https://1.1.1.1', ?),
       webhook_url = replace(webhook_url, 'https://1.1.1.1', ?) where id = ?`,
    [CONFIGURED, CONFIGURED, CONFIGURED, CONFIGURED, integration.integrationId],
  );

  cli = startCli(integration.apiKey);
  const secret = await cli.signingSecret();
  merchant.secrets.push(secret);
  merchant.webhookSecrets.push(secret);
}, 90_000);

afterAll(async () => {
  await cli?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await merchant?.stop();
  await database?.drop();
});

/** A configured session of two through the merchant API, and both payers' browsers on `baseUrl`. */
async function sessionOfTwo(apiKey: string, baseUrl = a.baseUrl) {
  const session = await createConfiguredSession(baseUrl, { integrationId: integration.integrationId, apiKey });
  const host = new PayBrowser(baseUrl);
  const view = await host.open(session.sessionId, session.hostToken);
  const invite = (view.data.openSession.participants as { inviteUrl: string | null }[])[1]!.inviteUrl!;
  const guest = new PayBrowser(baseUrl);
  await guest.open(session.sessionId, new URL(invite).searchParams.get('token')!);
  return { ...session, host, guest };
}

async function pay(browser: PayBrowser, sessionId: string): Promise<string> {
  const started = await browser.startPayment(sessionId);
  expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
  return started.data.startPayment.paymentId;
}

async function record(paymentId: string, baseUrl = a.baseUrl) {
  const recorded = await postJson(
    `${baseUrl}/api/v1/payments/record`,
    { paymentId, action: 'authorize' },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return recorded.body;
}

const eventsOf = (sessionId: string) => merchant.events.filter(({ event }) => 'sessionId' in event && event.sessionId === sessionId);

describe('paysplit listen', { timeout: 60_000 }, () => {
  it("forwards a session's whole loop to the local merchant, every call verified by the SDK with the printed secret", async () => {
    const { sessionId, host, guest } = await sessionOfTwo(integration.apiKey);
    const hostPayment = await pay(host, sessionId);
    expect(merchant.checkouts.get(hostPayment)?.url).toBe(`${merchant.baseUrl}/checkout/${hostPayment}`);
    // The guest starts again: the first checkout is cancelled through the listener too.
    const replaced = await pay(guest, sessionId);
    const guestPayment = await pay(guest, sessionId);
    await record(hostPayment);
    expect((await record(guestPayment)).sessionStatus).toBe('completed');
    const refund = await postJson(
      `${a.baseUrl}/api/v1/payments/sessions/${sessionId}/refunds`,
      {},
      { 'x-service-api-key': integration.apiKey },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    const types = () => eventsOf(sessionId).map(({ event }) => event.type);
    await until(
      async () => types(),
      (seen) => seen.filter((type) => type === 'SERVICE_REFUND_SUCCEEDED').length === 2,
    );
    expect(types().sort()).toEqual([
      'SERVICE_PAYMENT_RECORDED',
      'SERVICE_PAYMENT_RECORDED',
      'SERVICE_REFUND_SUCCEEDED',
      'SERVICE_REFUND_SUCCEEDED',
      'SERVICE_SESSION_COMPLETED',
    ]);
    expect(merchant.createCalls.filter((call) => call.sessionId === sessionId).map((call) => call.paymentId)).toEqual([
      hostPayment,
      replaced,
      guestPayment,
    ]);
    await until(
      async () => merchant.cancelsOf(replaced),
      (calls) => calls.length === 1,
    );
    expect(merchant.cancelsOf(replaced)[0]!.payload.reason).toBe('replaced');
    expect(
      merchant.refundCalls
        .filter((call) => call.sessionId === sessionId)
        .map((call) => call.paymentId)
        .sort(),
    ).toEqual([hostPayment, guestPayment].sort());
    // Nothing failed to verify, and each event came with its own id as webhook-id.
    expect(merchant.refused).toEqual([]);
    for (const { event, webhookId } of eventsOf(sessionId)) expect(webhookId).toBe(event.eventId);

    // PaySplit recorded the listener's answers as the merchant's: every delivery delivered, one attempt each.
    // (The merchant has an event a moment before PaySplit has written down the answer it got.)
    const deliveries = await until(
      () =>
        sql<{ status: string; attempts: string; codes: number[] }>(
          `select d.status, count(t.*) as attempts, array_agg(t.status_code) as codes
             from webhook_delivery d join webhook_event e on e.id = d.event_id left join webhook_attempt t on t.delivery_id = d.id
            where e.session_id = ? group by d.id, d.status`,
          [sessionId],
        ),
      (rows) => rows.every((row) => row.status !== 'pending' && row.status !== 'delivering'),
    );
    expect(deliveries.map((row) => [row.status, Number(row.attempts), row.codes])).toEqual(
      Array.from({ length: 5 }, () => ['succeeded', 1, [200]]),
    );
    const refunds = await sql<{ status: string; processor_refund_reference: string }>(
      `select status, processor_refund_reference from refund where session_id = ?`,
      [sessionId],
    );
    expect(refunds.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);

    // One line per call: its type, its id and what the merchant answered.
    const completed = eventsOf(sessionId).find(({ event }) => event.type === 'SERVICE_SESSION_COMPLETED')!.event.eventId;
    await cli.waitFor(new RegExp(`SERVICE_SESSION_COMPLETED\\s+${completed}  200  \\d+ ms`));
    await cli.waitFor(new RegExp(`partner\\.payment\\.create\\s+${hostPayment}  200  \\d+ ms`));
    await cli.waitFor(new RegExp(`partner\\.payment\\.cancel\\s+${merchant.cancelsOf(replaced)[0]!.payload.cancelId}  200  \\d+ ms`));
    await cli.waitFor(
      new RegExp(
        `partner\\.refund\\.create\\s+${merchant.refundCalls.find((call) => call.sessionId === sessionId)!.refundId}  200  \\d+ ms`,
      ),
    );
  });

  it("retries a delivery the local merchant failed with the same id, and keeps each attempt as the merchant's", async () => {
    merchant.webhookFailFirst = [500];
    try {
      const { sessionId } = await createConfiguredSession(a.baseUrl, integration);
      const cancelled = await postJson(
        `${a.baseUrl}/api/v1/payments/sessions/${sessionId}/cancel`,
        {},
        { 'x-service-api-key': integration.apiKey },
      );
      expect(cancelled.status).toBe(200);
      const arrivals = await until(
        async () => eventsOf(sessionId),
        (events) => events.length === 2,
      );
      expect(arrivals.map(({ status }) => status)).toEqual([500, 200]);
      expect(new Set(arrivals.map(({ webhookId }) => webhookId))).toEqual(new Set([arrivals[0]!.event.eventId]));
      const attempts = await until(
        () =>
          sql<{ attempt_number: number; status_code: number }>(
            `select t.attempt_number, t.status_code from webhook_attempt t join webhook_delivery d on d.id = t.delivery_id
              join webhook_event e on e.id = d.event_id where e.session_id = ? order by t.attempt_number`,
            [sessionId],
          ),
        (rows) => rows.length === 2,
      );
      expect(attempts).toEqual([
        { attempt_number: 1, status_code: 500 },
        { attempt_number: 2, status_code: 200 },
      ]);
      await cli.waitFor(new RegExp(`SERVICE_SESSION_CANCELLED\\s+${arrivals[0]!.event.eventId}  200  \\d+ ms  \\(attempt 2\\)`));
    } finally {
      merchant.webhookFailFirst = [];
    }
  });

  it('never forwards live-mode traffic: a live session of the same integration goes to its configured URLs', async () => {
    const { sessionId, host } = await sessionOfTwo(integration.liveKey);
    const started = await host.startPayment(sessionId);
    expect(started.errors?.[0]?.extensions.code).toBe('PARTNER_CALL_FAILED');
    const cancelled = await postJson(
      `${a.baseUrl}/api/v1/payments/sessions/${sessionId}/cancel`,
      {},
      { 'x-service-api-key': integration.liveKey },
    );
    expect(cancelled.status).toBe(200);
    // The live event was sent where the settings say, and refused there (live mode, a loopback address).
    const [attempt] = await until(
      () =>
        sql<{ error: string; url: string }>(
          `select t.error, d.url from webhook_attempt t join webhook_delivery d on d.id = t.delivery_id
            join webhook_event e on e.id = d.event_id where e.session_id = ?`,
          [sessionId],
        ),
      (rows) => rows.length > 0,
    );
    expect(attempt).toEqual({ error: expect.stringMatching(/^refused: /), url: `${CONFIGURED}/webhooks/paysplit` });
    const [payment] = await sql<{ id: string; failure_reason: string }>(`select id, failure_reason from payment where session_id = ?`, [
      sessionId,
    ]);
    expect(payment!.failure_reason).toMatch(/live mode requires https|refused/);
    // Nothing of it reached the listener.
    expect(merchant.createCalls.filter((call) => call.sessionId === sessionId)).toEqual([]);
    expect(eventsOf(sessionId)).toEqual([]);
    expect(cli.output).not.toContain(payment!.id);
  });

  it('relays the calls another instance makes to the instance holding the listener', async () => {
    const { sessionId, host } = await sessionOfTwo(integration.apiKey, b.baseUrl);
    const paymentId = await pay(host, sessionId);
    expect(merchant.createCalls.map((call) => call.paymentId)).toContain(paymentId);
    await cli.waitFor(new RegExp(`partner\\.payment\\.create\\s+${paymentId}  200`));
  });

  it('survives the server restarting: it reconnects with the same secret and the next calls arrive', async () => {
    const port = Number(new URL(a.baseUrl).port);
    const from = cli.output.length;
    expect(await a.stop()).toBe(0);
    await cli.waitFor(/Not connected: PaySplit is stopping \(1001\); trying again in \d+\.\d s/, 15_000, from);
    a = await startServerProcess(environment, { port });
    await cli.waitFor(/Reconnected\./, 20_000, from);
    const { sessionId, host } = await sessionOfTwo(integration.apiKey);
    const paymentId = await pay(host, sessionId);
    expect(merchant.checkouts.has(paymentId)).toBe(true);
    expect(merchant.refused).toEqual([]);
  });

  it('refuses a bad key and a live key with a clear message and a non-zero exit', async () => {
    const bad = startCli(`ps_test_${'0'.repeat(43)}`);
    expect(await bad.exited).toBe(1);
    expect(bad.errors).toContain('paysplit listen: The API key is not valid (INVALID_API_KEY)');

    const live = startCli(integration.liveKey);
    expect(await live.exited).toBe(1);
    expect(live.errors).toMatch(/This is a live key.*\(TEST_MODE_ONLY\)/);

    // The server refuses a live key at the handshake too, in the error body every route answers with.
    const refusal = await handshake({ 'x-service-api-key': integration.liveKey });
    expect(refusal).toEqual({
      status: 403,
      requestId: expect.stringMatching(/^req_/),
      body: { success: false, code: 'TEST_MODE_ONLY', message: expect.stringContaining('test key'), requestId: refusal.requestId },
    });
    const plain = await fetch(`${a.baseUrl}/api/v1/listen`);
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('WebSocket') });
  });

  it('gives the integration to the newest listener; the older one exits saying so, and a revoked key ends it', async () => {
    const orm = await openOrm({ databaseUrl: database.url });
    const second = await createIntegrationServices({ secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')) })
      .apiKeys.createApiKey(orm.em.fork(), integration.integrationId, 'test')
      .finally(() => orm.close(true));
    const newer = startCli(second.apiKey);
    const newerSecret = await newer.signingSecret();
    expect(newerSecret).not.toBe(merchant.secrets[0]);
    expect(await cli.exited).toBe(1);
    expect(cli.errors).toContain('Another paysplit listen for this integration took over (REPLACED)');

    await sql(`update api_key set revoked_at = now() where key_hash = encode(sha256(convert_to(?, 'utf8')), 'hex')`, [second.apiKey]);
    expect(await newer.exited).toBe(1);
    expect(newer.errors).toContain('(INVALID_API_KEY)');
  });
});

/** A listen handshake with these headers: what the server answered instead of upgrading. */
function handshake(headers: Record<string, string>): Promise<{ status: number; requestId: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${a.baseUrl.replace('http', 'ws')}/api/v1/listen`, 'paysplit-listen.v1', { headers });
    socket.once('open', () => reject(new Error('the handshake was accepted')));
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        socket.terminate();
        resolve({
          status: response.statusCode ?? 0,
          requestId: response.headers['x-request-id'] as string | undefined,
          body: JSON.parse(text),
        });
      });
    });
    socket.once('error', () => undefined);
  });
}
