import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_APPLICATION_NAME } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { createJobRunner } from '../src/services.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string };

beforeAll(async () => {
  merchant = new MerchantStub();
  await merchant.start();
  // A short schedule (the real one is 5 s … 10 h) so retries and exhaustion happen within the test.
  server = await startTestServer({ webhookRetrySchedule: '100ms,200ms,200ms', webhookTimeoutMs: 1000 });
  integration = await merchant.provisionOn(server, { name: 'Webhook merchant' });
});

afterAll(async () => {
  await server?.close();
  await merchant?.stop();
});

/** Creates a one-person session and pays it, which completes it and emits the event. */
async function completeSession(): Promise<string> {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: '2500',
      merchantOrderRef: `ref-${Math.random()}`,
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Solo' }],
    },
    { 'x-service-api-key': integration.apiKey },
  );
  const host = new PayBrowser(server.baseUrl);
  await host.open(created.body.sessionId, created.body.hostToken);
  const started = await host.startPayment(created.body.sessionId);
  const recorded = await postJson(
    `${server.baseUrl}/api/v1/payments/record`,
    { paymentId: started.data.startPayment.paymentId, action: 'authorize' },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.body.sessionStatus).toBe('completed');
  return created.body.sessionId;
}

const EVENTS = `query($sessionId: ID!) { sessionEvents(sessionId: $sessionId) { eventId type deliveries { status attemptCount attempts { attemptNumber statusCode durationMs responseExcerpt } } } }`;

async function events(sessionId: string) {
  const response = await postJson<{ data: { sessionEvents: any[] } }>(
    `${server.baseUrl}/graphql`,
    { query: EVENTS, variables: { sessionId } },
    { 'x-service-api-key': integration.apiKey },
  );
  return response.body.data.sessionEvents;
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook delivery', () => {
  it('retries after 500, 500 and delivers on the third attempt with the same eventId, recording every attempt', async () => {
    const before = merchant.webhookCalls.length;
    merchant.webhookStatuses = [500, 500, 200];
    const sessionId = await completeSession();
    const calls = (await merchant.waitForWebhooks(before + 3)).slice(before);
    expect(new Set(calls.map((call) => call.json.eventId)).size).toBe(1);
    expect(new Set(calls.map((call) => call.headers['webhook-id'])).size).toBe(1);
    const delivery = await waitFor(async () => {
      const [event] = await events(sessionId);
      return event?.deliveries[0]?.status === 'succeeded' ? event.deliveries[0] : undefined;
    });
    expect(delivery.attemptCount).toBe(3);
    expect(delivery.attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(delivery.attempts[0].responseExcerpt).toBe('not now');
    // Retries waited for the schedule rather than hammering the endpoint.
    expect(calls[1]!.receivedAt - calls[0]!.receivedAt).toBeGreaterThanOrEqual(80);
    // Counted per kind beside the webhook metrics of old.
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^paysplit_job_attempts_total\{kind="webhook-delivery",outcome="retry"\} [1-9]/m);
    expect(metrics).toMatch(/^paysplit_job_attempts_total\{kind="webhook-delivery",outcome="done"\} [1-9]/m);
    expect(metrics).toMatch(/^paysplit_webhook_attempts_total\{outcome="delivered"\} [1-9]/m);
  });

  it('marks the delivery failed once the schedule is exhausted, then redeliverEvent delivers the same event', async () => {
    const before = merchant.webhookCalls.length;
    merchant.webhookStatuses = [503];
    const sessionId = await completeSession();
    const failed = await waitFor(async () => {
      const [event] = await events(sessionId);
      return event?.deliveries[0]?.status === 'failed' ? event : undefined;
    });
    expect(failed.deliveries[0].attemptCount).toBe(4); // the first attempt and three retries
    const failedCalls = merchant.webhookCalls.length - before;
    expect(failedCalls).toBe(4);

    merchant.webhookStatuses = [200];
    const redelivered = await postJson<{ data: { redeliverEvent: { status: string }[] } }>(
      `${server.baseUrl}/graphql`,
      { query: 'mutation($id: ID!) { redeliverEvent(eventId: $id) { status } }', variables: { id: failed.eventId } },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(redelivered.body.data.redeliverEvent[0]!.status).toBe('pending');
    const [last] = (await merchant.waitForWebhooks(before + 5)).slice(before + 4);
    expect(last!.json.eventId).toBe(failed.eventId);
    await waitFor(async () => ((await events(sessionId))[0]?.deliveries[0]?.status === 'succeeded' ? true : undefined));
    // The redelivery was one more attempt, not a new schedule.
    expect((await events(sessionId))[0]?.deliveries[0]?.attemptCount).toBe(5);
    expect(merchant.webhookCalls.length - before).toBe(5);
  });

  it("waits for a 429's Retry-After when it is longer than the schedule's delay", async () => {
    const before = merchant.webhookCalls.length;
    merchant.webhookStatuses = [429];
    merchant.webhookRetryAfter = '1';
    try {
      await completeSession();
      await merchant.waitForWebhooks(before + 1);
      merchant.webhookStatuses = [200];
      const calls = (await merchant.waitForWebhooks(before + 2)).slice(before);
      // The schedule says 100 ms (±10 %); the merchant asked for a second.
      expect(calls[1]!.receivedAt - calls[0]!.receivedAt).toBeGreaterThanOrEqual(950);
    } finally {
      merchant.webhookRetryAfter = undefined;
    }
  });

  it("does not let another merchant see or redeliver an integration's events", async () => {
    const sessionId = await completeSession();
    const [event] = await waitFor(async () => {
      const found = await events(sessionId);
      return found.length ? found : undefined;
    });
    const other = await server.provision({ name: 'Other' });
    const seen = await postJson<{ data: { sessionEvents: unknown[] } }>(
      `${server.baseUrl}/graphql`,
      { query: EVENTS, variables: { sessionId } },
      { 'x-service-api-key': other.apiKey },
    );
    expect(seen.body.data.sessionEvents).toEqual([]);
    const redeliver = await postJson<{ errors: { extensions: { code: string } }[] }>(
      `${server.baseUrl}/graphql`,
      { query: 'mutation($id: ID!) { redeliverEvent(eventId: $id) { status } }', variables: { id: event.eventId } },
      { 'x-service-api-key': other.apiKey },
    );
    expect(redeliver.body.errors[0]!.extensions.code).toBe('NOT_FOUND');
  });
});

describe('the webhook job fails closed and keeps listening', () => {
  it('applies the live outbound rules to a delivery whose mode column says live, whatever its event body says', async () => {
    const sessionId = await completeSession();
    const [delivered] = await waitFor(async () => {
      const found = await events(sessionId);
      return found[0]?.deliveries[0]?.status === 'succeeded' ? found : undefined;
    });
    const before = merchant.webhookCalls.length;
    // The event body says test mode and the URL is loopback over http: allowed only for a test delivery.
    const [row] = await server.query<{ id: string }>(
      `update webhook_delivery set mode = 'live', status = 'pending', next_attempt_at = now(), attempt_count = 0
        where event_id = ? returning id`,
      [delivered.eventId],
    );
    await server.query(`select pg_notify('paysplit_outbox', ?)`, [row!.id]);
    const attempt = await waitFor(async () => {
      const [found] = await server.query<{ error: string | null }>(
        `select error from webhook_attempt where delivery_id = ? and attempt_number = 1 and status_code is null`,
        [row!.id],
      );
      return found;
    });
    expect(attempt.error).toMatch(/^refused/);
    expect(merchant.webhookCalls.length).toBe(before);
  });

  it("delivers a webhook after the job runner's LISTEN connection was terminated", async () => {
    // A runner that only a notification can wake within this test (its idle sweep is 2 minutes away).
    await server.jobs.stop();
    const jobs = createJobRunner({
      config: server.config,
      orm: server.orm,
      databaseUrl: server.databaseUrl,
      logger: createLogger({ level: 'silent' }),
      services: server.paysplit.services,
      maxIdleMs: 120_000,
    });
    await jobs.start();
    try {
      const listening = `datname = current_database() and application_name = '${JOBS_APPLICATION_NAME}'`;
      const [first] = await server.query<{ pid: number }>(`select pid from pg_stat_activity where ${listening}`);
      expect(first).toBeDefined();
      await server.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${listening}`);
      const reconnected = await waitFor(async () => {
        const rows = await server.query<{ pid: number }>(`select pid from pg_stat_activity where ${listening}`);
        return rows.length === 1 && rows[0]!.pid !== first!.pid ? rows[0] : undefined;
      });
      expect(reconnected.pid).not.toBe(first!.pid);

      const before = merchant.webhookCalls.length;
      merchant.webhookStatuses = [200];
      const sessionId = await completeSession();
      const [call] = (await merchant.waitForWebhooks(before + 1, 5_000)).slice(before);
      expect(call!.json.sessionId).toBe(sessionId);
      // One listener: the terminated client was not left behind beside a second reconnect.
      const rows = await server.query(`select pid from pg_stat_activity where ${listening}`);
      expect(rows).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  });
});
