import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Integration } from '../src/modules/integrations/integration.entity.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { createConfiguredSession, postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let merchant: MerchantStub;

beforeAll(async () => {
  merchant = new MerchantStub();
  await merchant.start();
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
  await merchant?.stop();
});

const integrations = () => server.paysplit.services.integrationSettings;
const apiKeys = () => server.paysplit.services.apiKeys;

describe('live-mode merchant URLs (SSRF)', () => {
  it.each([
    ['plain http', 'http://shop.example.com/partner'],
    ['loopback', 'https://127.0.0.1/partner'],
    ['a private network', 'https://10.1.2.3/partner'],
    ['another private network', 'https://192.168.1.10/partner'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/partner'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/partner'],
    ['a name resolving to loopback', 'https://localhost/partner'],
  ])('refuses %s at configuration', async (_name, url) => {
    await expect(
      integrations().createIntegration(server.orm.em.fork(), {
        name: 'Live',
        keyMode: 'live',
        payoutOnboarded: true,
        partnerCreatePaymentUrl: url,
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(
      integrations().createIntegration(server.orm.em.fork(), { name: 'Live', keyMode: 'live', payoutOnboarded: true, webhookUrl: url }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    for (const field of ['partnerCancelUrl', 'partnerCaptureUrl'] as const) {
      await expect(
        integrations().createIntegration(server.orm.em.fork(), { name: 'Live', keyMode: 'live', payoutOnboarded: true, [field]: url }),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: field }] });
    }
  });

  it('refuses a live key for an integration whose URLs are private', async () => {
    const created = await integrations().createIntegration(server.orm.em.fork(), {
      name: 'Test first',
      partnerCreatePaymentUrl: merchant.partnerUrl,
    });
    await expect(apiKeys().createApiKey(server.orm.em.fork(), created.integration.id, 'live')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    // Test mode is for local development: localhost and http are fine there.
    await expect(apiKeys().createApiKey(server.orm.em.fork(), created.integration.id, 'test')).resolves.toHaveProperty('apiKey');
  });

  it('refuses again at send time: a live partner call to a private address fails without a request', async () => {
    // A name that passed configuration but resolves inside now (DNS rebinding): checked at connect time.
    const created = await server.provision({ name: 'Rebound', partnerCreatePaymentUrl: merchant.partnerUrl });
    merchant.partnerSecret = created.partnerSecret;
    const port = new URL(merchant.baseUrl).port;
    await server.query(`update integration set payout_onboarded = true, partner_create_payment_url = ? where id = ?`, [
      `https://localhost:${port}/partner`,
      created.integrationId,
    ]);
    await server.query(`update api_key set mode = 'live' where integration_id = ?`, [created.integrationId]);
    const session = await postJson<{ sessionId: string; hostToken: string; mode: string }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      {
        integrationId: created.integrationId,
        amountMinor: '1000',
        unconfigured: false,
        splitMode: 'equal',
        participants: [{ displayName: 'Solo' }],
      },
      { 'x-service-api-key': created.apiKey },
    );
    expect(session.body.mode).toBe('live');
    const host = new PayBrowser(server.baseUrl);
    await host.open(session.body.sessionId, session.body.hostToken);
    const callsBefore = merchant.partnerCalls.length;
    const started = await host.startPayment(session.body.sessionId);
    expect(started.errors?.[0]?.extensions.code).toBe('PARTNER_CALL_FAILED');
    expect(merchant.partnerCalls.length).toBe(callsBefore);
    const [payment] = await server.query<{ failure_reason: string }>(`select failure_reason from payment where session_id = ?`, [
      session.body.sessionId,
    ]);
    expect(payment!.failure_reason).toMatch(/refused|private|non-public/);
  });
});

describe('test mode in production (PRIVATE_TEST_URLS)', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ environment: { NODE_ENV: 'production', SECRETS_KEY: 'b'.repeat(64) } });
  });
  afterAll(async () => {
    await production?.close();
  });

  it('refuses a test-mode partner call and webhook to a private address, without a request', async () => {
    // Anyone can make a test integration in the admin area: in production it is no way into the private network.
    const created = await merchant.provisionOn(production, { name: 'Test mode, loopback' });
    const { sessionId, hostToken } = await createConfiguredSession(production.baseUrl, created, { participants: ['Solo'] });
    const host = new PayBrowser(production.baseUrl);
    await host.open(sessionId, hostToken);
    const [partnerBefore, webhooksBefore] = [merchant.partnerCalls.length, merchant.webhookCalls.length];
    const started = await host.startPayment(sessionId);
    expect(started.errors?.[0]?.extensions.code).toBe('PARTNER_CALL_FAILED');
    const [payment] = await production.query<{ failure_reason: string }>(`select failure_reason from payment where session_id = ?`, [
      sessionId,
    ]);
    expect(payment!.failure_reason).toMatch(/refused|non-public/);

    // A test webhook (the admin area's SERVICE_TEST_EVENT) to the same loopback address is refused at send time too.
    const em = production.orm.em.fork();
    const { event } = await production.paysplit.services.webhooks.sendTestEvent(
      em,
      await em.findOneOrFail(Integration, created.integrationId),
      () => undefined,
    );
    const [attempt] = await waitForAttempt(production, event.id);
    expect(attempt!.error).toMatch(/^refused/);
    expect(merchant.partnerCalls.length).toBe(partnerBefore);
    expect(merchant.webhookCalls.length).toBe(webhooksBefore);
  });
});

async function waitForAttempt(target: TestServer, eventId: string): Promise<{ error: string | null }[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await target.query<{ error: string | null }>(
      `select a.error from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id
        where d.event_id = ?`,
      [eventId],
    );
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
