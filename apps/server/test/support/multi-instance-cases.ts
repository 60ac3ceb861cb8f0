import { randomBytes } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openOrm } from '../../src/db/orm.js';
import { createIntegrationServices } from '../../src/modules/integrations/integration-services.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { MerchantStub } from './merchant-stub.js';
import { PayBrowser, payAppDocumentId } from './pay-browser.js';
import { type ServerProcess, startRedis, startServerProcess } from './server-process.js';
import { type RunningPgBouncer, startPgBouncer } from '../../src/bench/pgbouncer.js';
import { until } from './polling.js';
import { createTestDatabase } from './test-database.js';
import { postJson } from './test-server.js';
import { accessCookieName } from '../../src/http/cookies.js';

/**
 * The delivery cases wait up to 30 s and 40 s for the merchant to receive everything, after
 * completing their sessions: vitest's 30 s default would cut them off first on a busy machine.
 */
const WAITS_FOR_DELIVERIES_MS = 90_000;

/** How the instances reach PostgreSQL: directly, or through PgBouncer in transaction mode. */
export type DatabaseRoute = 'direct' | 'pgbouncer';

/**
 * Two built instances sharing one database and one Redis: rate limits, the change feed, webhook
 * deliveries and a SIGTERM handover. Each route's test file runs these same cases.
 */
export function describeTwoInstances(route: DatabaseRoute): void {
  const SECRETS_KEY = randomBytes(32).toString('hex');
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let merchant: MerchantStub;
  let pooler: RunningPgBouncer | undefined;
  /** Production serves /metrics only behind a token (or on METRICS_PORT). */
  const METRICS_TOKEN = 'multi-instance-metrics-token';
  const integrations: { integrationId: string; apiKey: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    if (route === 'pgbouncer') pooler = await startPgBouncer(database.url);
    redis = await startRedis();
    merchant = new MerchantStub();
    await merchant.start();
    const environment = {
      ...(pooler
        ? // The pooler cannot carry LISTEN (change feed, job runner) nor named statements.
          { DATABASE_URL: pooler.url, DATABASE_DIRECT_URL: database.url, DATABASE_PREPARED_STATEMENTS: 'off' }
        : { DATABASE_URL: database.url }),
      REDIS_URL: redis.url,
      SECRETS_KEY,
      NODE_ENV: 'production',
      // The merchant stub listens on loopback; production refuses that for test mode unless allowed.
      PRIVATE_TEST_URLS: 'allow',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      EXPIRY_SWEEP_MS: '60000',
      METRICS_TOKEN,
    };
    a = await startServerProcess(environment); // finds the database migrated (a copy of the run's template)
    b = await startServerProcess(environment);
    // Provision directly in the shared database, with the instances' SECRETS_KEY.
    const orm = await openOrm({ databaseUrl: database.url });
    const service = createIntegrationServices({ secretBox: new SecretBox(Buffer.from(SECRETS_KEY, 'hex')) }).integrationSettings;
    // One merchant per test, two for the 200-event test: creation is limited to 100 a minute each.
    for (let i = 0; i < 5; i += 1) {
      const created = await service.createIntegration(orm.em.fork(), {
        name: `Merchant ${i}`,
        partnerCreatePaymentUrl: merchant.partnerUrl,
        webhookUrl: merchant.webhookUrl,
      });
      integrations.push({ integrationId: created.integration.id, apiKey: created.apiKey });
      merchant.extraSecrets.push({ partner: created.partnerCreatePaymentSigningSecret, webhook: created.webhookSigningSecret });
    }
    await orm.close(true);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await merchant?.stop();
    await redis?.stop().catch(() => undefined);
    await pooler?.stop();
    await database?.drop();
  });

  /** A one-payer session on `server`, paid and recorded (alternating instances as a balancer would). */
  async function completeOne(
    integration: { integrationId: string; apiKey: string },
    servers: ServerProcess[],
    index: number,
  ): Promise<string> {
    const pick = (offset: number) => servers[(index + offset) % servers.length]!;
    const created = await postJson<{ sessionId: string; hostToken: string }>(
      `${pick(0).baseUrl}/api/v1/payments/sessions`,
      {
        integrationId: integration.integrationId,
        amountMinor: '1000',
        unconfigured: false,
        splitMode: 'equal',
        participants: [{ displayName: 'Solo' }],
      },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(created.status).toBe(200);
    const browser = new PayBrowser(pick(1).baseUrl);
    await browser.open(created.body.sessionId, created.body.hostToken);
    const started = await browser.startPayment(created.body.sessionId);
    const recorded = await postJson(
      `${pick(0).baseUrl}/api/v1/payments/record`,
      { paymentId: started.data.startPayment.paymentId, action: 'authorize' },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(recorded.body.sessionStatus).toBe('completed');
    return created.body.sessionId;
  }

  async function completeMany(
    count: number,
    servers: ServerProcess[],
    merchants: { integrationId: string; apiKey: string }[],
  ): Promise<string[]> {
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) {
          const index = next++;
          ids.push(await completeOne(merchants[index % merchants.length]!, servers, index));
        }
      }),
    );
    return ids;
  }

  describe(`two instances on one PostgreSQL (${route}) and one Redis`, () => {
    it('share rate limits: 50 creations on A and 51 on B give exactly one 429', async () => {
      const target = integrations[0]!;
      const create = (server: ServerProcess) =>
        postJson(
          `${server.baseUrl}/api/v1/payments/sessions`,
          { integrationId: target.integrationId, amountMinor: '500' },
          { 'x-service-api-key': target.apiKey },
        );
      const statuses: number[] = [];
      for (let i = 0; i < 50; i += 1) statuses.push((await create(a)).status);
      for (let i = 0; i < 51; i += 1) statuses.push((await create(b)).status);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
      expect(statuses.at(-1)).toBe(429);
    });

    it("keeps every merchant request either instance answered in the request log, written by each one's log thread", async () => {
      const target = integrations[0]!;
      const prefix = `both-${randomBytes(4).toString('hex')}`;
      for (const [index, server] of [a, b, a, b, a, b].entries()) {
        const response = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${randomBytes(16).toString('hex')}`, {
          headers: { 'x-service-api-key': target.apiKey, 'x-request-id': `${prefix}-${index}` },
        });
        expect(response.status).toBe(404);
      }
      // Each instance hands its requests to its own thread, which writes them within about 300 ms.
      const orm = await openOrm({ databaseUrl: database.url });
      try {
        const rows = await until(
          () =>
            orm.em
              .getConnection()
              .execute<{ request_id: string; integration_id: string }[]>(
                `select request_id, integration_id from request_log where request_id like ? order by request_id`,
                [`${prefix}-%`],
              ),
          (found) => found.length === 6,
        );
        expect(rows.map((row) => row.request_id)).toEqual([0, 1, 2, 3, 4, 5].map((index) => `${prefix}-${index}`));
        expect(new Set(rows.map((row) => row.integration_id))).toEqual(new Set([target.integrationId]));
      } finally {
        await orm.close(true);
      }
    });

    it('pushes a payment recorded on A to subscribers connected to A and to B within 1 s', async () => {
      const target = integrations[1]!;
      const created = await postJson<{ sessionId: string; hostToken: string }>(
        `${a.baseUrl}/api/v1/payments/sessions`,
        {
          integrationId: target.integrationId,
          amountMinor: '2000',
          unconfigured: false,
          splitMode: 'equal',
          participants: [{ displayName: 'Host' }, { displayName: 'Guest' }],
        },
        { 'x-service-api-key': target.apiKey },
      );
      const { sessionId, hostToken } = created.body;
      class BrowserSocket extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { cookie: `${accessCookieName(sessionId)}=${hostToken}` } });
        }
      }
      // Subscribers split across both instances: each instance fans the one change out to its own.
      const pages = [a, b, b].map((server) => {
        const client = createClient({
          url: `${server.baseUrl.replace('http', 'ws')}/graphql`,
          webSocketImpl: BrowserSocket,
          retryAttempts: 0,
          lazy: false,
        });
        const updates: any[] = [];
        const unsubscribe = client.subscribe(
          // What the pay app sends: its own document by id (production accepts nothing else from a browser).
          { query: '', documentId: payAppDocumentId('PaySessionUpdated'), variables: { sessionId } } as never,
          { next: (value) => void updates.push(value), error: () => undefined, complete: () => undefined },
        );
        return { client, updates, unsubscribe };
      });
      // Subscribed: each page's first push is the session as it is.
      await until(
        async () => pages.map((page) => page.updates.length),
        (counts) => counts.every((count) => count === 1),
      );
      for (const page of pages) expect(page.updates[0]?.data?.paySessionUpdated).toMatchObject({ status: 'OPEN', paidMinor: '0' });
      const host = new PayBrowser(a.baseUrl);
      await host.open(sessionId, hostToken);
      const started = await host.startPayment(sessionId);
      const recordedAt = Date.now();
      await postJson(
        `${a.baseUrl}/api/v1/payments/record`,
        { paymentId: started.data.startPayment.paymentId, action: 'authorize' },
        { 'x-service-api-key': target.apiKey },
      );
      while (pages.some((page) => page.updates.length === 1) && Date.now() - recordedAt < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const page of pages) {
        expect(page.updates[1]?.data?.paySessionUpdated).toMatchObject({ status: 'PARTIALLY_PAID', paidMinor: '1000' });
        page.unsubscribe();
        await page.client.dispose();
      }
    });

    it(
      'delivers 200 completion events exactly once with both dispatchers running',
      async () => {
        const before = new Map(merchant.webhookCalls.map((call) => [call.json.eventId as string, 0]));
        const sessions = await completeMany(200, [a, b], [integrations[2]!, integrations[3]!]);
        const wanted = new Set(sessions);
        const deadline = Date.now() + 30_000;
        const forUs = () =>
          merchant.webhookCalls.filter((call) => wanted.has(call.json.sessionId as string) && !before.has(call.json.eventId as string));
        while (new Set(forUs().map((call) => call.json.eventId)).size < 200 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const calls = forUs();
        expect(new Set(calls.map((call) => call.json.eventId)).size).toBe(200);
        expect(calls).toHaveLength(200);
      },
      WAITS_FOR_DELIVERIES_MS,
    );

    it(
      'when A gets SIGTERM during deliveries, B finishes them: nothing lost, nothing sent twice',
      async () => {
        merchant.webhookDelayMs = 600; // slow replies keep a backlog of deliveries in flight when A stops
        const sessions = await completeMany(100, [a, b], [integrations[4]!]);
        const exitCode = await a.stop();
        expect(exitCode).toBe(0);
        const wanted = new Set(sessions);
        const deadline = Date.now() + 40_000;
        const forUs = () => merchant.webhookCalls.filter((call) => wanted.has(call.json.sessionId as string));
        while (new Set(forUs().map((call) => call.json.eventId)).size < 100 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const calls = forUs();
        expect(new Set(calls.map((call) => call.json.eventId)).size).toBe(100);
        expect(calls).toHaveLength(100);
        merchant.webhookDelayMs = 0;
      },
      WAITS_FOR_DELIVERIES_MS,
    );

    it('keeps serving when Redis is unreachable (fails open) and counts it', async () => {
      await redis.stop();
      const target = integrations[1]!;
      const created = await postJson(
        `${b.baseUrl}/api/v1/payments/sessions`,
        { integrationId: target.integrationId, amountMinor: '700' },
        { 'x-service-api-key': target.apiKey },
      );
      expect(created.status).toBe(200);
      const metrics = await (await fetch(`${b.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      expect(metrics).toMatch(/paysplit_rate_limit_store_errors_total [1-9]/);
    });
  });
}
