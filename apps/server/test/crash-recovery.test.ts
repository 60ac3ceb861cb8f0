import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionProcessEnvironment, provisionDirectly, queryDatabase } from './support/direct-database.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { createTestDatabase } from './support/test-database.js';
import { postJson } from './support/test-server.js';

const SECRETS_KEY = randomBytes(32).toString('hex');
const SESSIONS = 300;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let merchant: MerchantStub;
let server: ServerProcess;
let environment: Record<string, string>;
let integration: { integrationId: string; apiKey: string };

beforeAll(async () => {
  database = await createTestDatabase();
  merchant = new MerchantStub();
  await merchant.start();
  // Short timeouts and retries; the killed process's claims are taken over once it has been silent
  // for 6 s (job-recovery.test.ts shows that with the default leases).
  environment = {
    ...productionProcessEnvironment(database.url, SECRETS_KEY),
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_CLAIM_MS: '3000',
    WEBHOOK_RETRY_SCHEDULE: '200ms,500ms,1s',
  };
  server = await startServerProcess(environment);
  integration = await provisionDirectly(database.url, SECRETS_KEY, merchant, { name: 'Crash' });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await merchant?.stop();
  await database?.drop();
});

async function inParallel<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => queryDatabase<T>(database.url, query, params);

describe('kill -9 while 300 sessions are being paid', { timeout: 240_000 }, () => {
  it('after a restart every payment is recorded exactly once, and every completed session has one event, delivered', async () => {
    // 300 sessions of two payers, every payer at the checkout (a live payment attempt each).
    const payments = (
      await inParallel(
        Array.from({ length: SESSIONS }, (_, i) => i),
        12,
        async () => {
          const created = await postJson<{ sessionId: string; hostToken: string; participantIds: string[] }>(
            `${server.baseUrl}/api/v1/payments/sessions`,
            {
              integrationId: integration.integrationId,
              amountMinor: '2000',
              unconfigured: false,
              splitMode: 'equal',
              participants: [{ displayName: 'Host' }, { displayName: 'Guest' }],
            },
            { 'x-service-api-key': integration.apiKey },
          );
          const host = new PayBrowser(server.baseUrl);
          const view = await host.open(created.body.sessionId, created.body.hostToken);
          const guestInvite = (view.data.openSession.participants as { inviteUrl: string | null }[])[1]!.inviteUrl!;
          const guest = new PayBrowser(server.baseUrl);
          await guest.open(created.body.sessionId, new URL(guestInvite).searchParams.get('token')!);
          const [a, b] = await Promise.all([host.startPayment(created.body.sessionId), guest.startPayment(created.body.sessionId)]);
          return [a.data.startPayment.paymentId, b.data.startPayment.paymentId];
        },
      )
    ).flat();
    expect(payments).toHaveLength(SESSIONS * 2);

    // Record them all concurrently, and kill the server hard part-way through.
    const answered = new Set<string>();
    const recordAll = inParallel(payments, 24, async (paymentId) => {
      const response = await postJson(
        `${server.baseUrl}/api/v1/payments/record`,
        { paymentId, action: 'authorize' },
        { 'x-service-api-key': integration.apiKey },
      ).catch(() => undefined);
      if (response?.status === 200) answered.add(paymentId);
    });
    while (answered.size < payments.length / 3) await new Promise((resolve) => setTimeout(resolve, 5));
    server.process.kill('SIGKILL');
    await recordAll;
    expect(answered.size).toBeLessThan(payments.length);

    // Restart on the same database; the merchant retries what got no answer (record is idempotent).
    server = await startServerProcess(environment);
    await inParallel(payments, 12, async (paymentId) => {
      const response = await postJson(
        `${server.baseUrl}/api/v1/payments/record`,
        { paymentId, action: 'authorize' },
        { 'x-service-api-key': integration.apiKey },
      );
      expect(response.status).toBe(200);
      expect(response.body.refundRequired).toBe(false);
    });

    // Every payment once: authorized payments, paid shares and paid sums agree, nothing half-written.
    const [totals] = await sql<{ authorized: string; paid_shares: string; completed: string; sessions: string; mismatched: string }>(
      `select (select count(*) from payment where status = 'authorized' and not refund_required) as authorized,
              (select count(*) from participant where status = 'paid') as paid_shares,
              (select count(*) from session where status = 'completed') as completed,
              (select count(*) from session) as sessions,
              (select count(*) from session s where s.paid_minor <> coalesce((select sum(amount_minor) from payment p where p.session_id = s.id and p.status = 'authorized' and not p.refund_required), 0)) as mismatched`,
    );
    expect(Number(totals!.authorized)).toBe(SESSIONS * 2);
    expect(Number(totals!.paid_shares)).toBe(SESSIONS * 2);
    expect(Number(totals!.completed)).toBe(SESSIONS);
    expect(Number(totals!.mismatched)).toBe(0);

    // Exactly one completion event per session, each delivered (same eventId on any retry).
    const events = await sql<{ session_id: string; id: string }>(
      `select session_id, id from webhook_event where type = 'SERVICE_SESSION_COMPLETED'`,
    );
    expect(events).toHaveLength(SESSIONS);
    expect(new Set(events.map((event) => event.session_id)).size).toBe(SESSIONS);
    const deadline = Date.now() + 30_000;
    const delivered = () => new Set(merchant.webhookCalls.map((call) => call.json.eventId as string));
    while (events.some((event) => !delivered().has(event.id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.filter((event) => !delivered().has(event.id))).toEqual([]);
    const [pending] = await sql<{ n: string }>(`select count(*) as n from webhook_delivery where status <> 'succeeded'`);
    expect(Number(pending!.n)).toBe(0);
  });
});
