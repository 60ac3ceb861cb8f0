import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionProcessEnvironment, provisionDirectly, queryDatabase } from './support/direct-database.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { createTestDatabase } from './support/test-database.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson } from './support/test-server.js';
import { until } from './support/polling.js';

// kill -9 of a process in the middle of a webhook delivery, a partner refund call, a partner cancel
// call, a partner capture call and an email, with the default leases (60 s, 2 × PARTNER_TIMEOUT_MS +
// 10 s thrice, 120 s): the next process takes the dead one's claims over within seconds, because the
// dead one stopped heartbeating, not because its leases ran out. Each job then finishes once, and
// each manual session whose captures were claimed completes once. Two of the captures are an open
// group's final ones, each for its payer's final amount (less than the first payer's hold).

const SECRETS_KEY = randomBytes(32).toString('hex');
const JOBS = 4;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let merchant: MerchantStub;
let mailbox: TestMailbox;
let refundEndpoint: Server;
let holdRefunds = true;
const refundCalls: { refundId: string; at: number }[] = [];
const cancelCalls: { cancelId: string; at: number }[] = [];
const captureCalls: { captureId: string; paymentId: string; amountMinor: string; at: number }[] = [];
let server: ServerProcess | undefined;
let environment: Record<string, string>;
let integration: { integrationId: string; apiKey: string };
let manual: { integrationId: string; apiKey: string };

const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => queryDatabase<T>(database.url, query, params);

beforeAll(async () => {
  database = await createTestDatabase();
  merchant = new MerchantStub();
  mailbox = new TestMailbox();
  await Promise.all([merchant.start(), mailbox.start()]);
  // The partner refund and cancel endpoints: hold calls while told to (the killed process is waiting on them).
  refundEndpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        refundId?: string;
        cancelId?: string;
        captureId?: string;
        paymentId?: string;
        amountMinor?: string;
      };
      const at = Date.now();
      if (req.url === '/cancels') cancelCalls.push({ cancelId: body.cancelId!, at });
      else if (req.url === '/captures')
        captureCalls.push({ captureId: body.captureId!, paymentId: body.paymentId!, amountMinor: body.amountMinor!, at });
      else refundCalls.push({ refundId: body.refundId!, at });
      if (holdRefunds) return;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'succeeded', processorRefundReference: 're_1', processorReference: 'cs_1' }));
    });
  });
  await new Promise<void>((resolve) => refundEndpoint.listen(0, '127.0.0.1', resolve));
  environment = {
    ...productionProcessEnvironment(database.url, SECRETS_KEY),
    SMTP_URL: mailbox.url,
    // The open group's payers join with the test's own document: the pay app's join page is built elsewhere.
    GRAPHQL_TRUSTED_DOCUMENTS_ONLY: 'off',
  };
  server = await startServerProcess(environment);
  const endpoint = `http://127.0.0.1:${(refundEndpoint.address() as AddressInfo).port}`;
  integration = await provisionDirectly(database.url, SECRETS_KEY, merchant, {
    name: 'Recovery',
    partnerRefundUrl: `${endpoint}/refunds`,
    partnerCancelUrl: `${endpoint}/cancels`,
  });
  // A manual-capture integration beside it, whose sessions wait on their captures (no webhook URL: its completions are counted as events).
  const automaticSecrets = { partner: merchant.partnerSecret, webhook: merchant.webhookSecret };
  manual = await provisionDirectly(database.url, SECRETS_KEY, merchant, {
    name: 'Recovery, manual',
    webhookUrl: undefined,
    captureMethod: 'manual',
    partnerCancelUrl: `${endpoint}/cancels`,
    partnerCaptureUrl: `${endpoint}/captures`,
  });
  merchant.extraSecrets.push({ partner: merchant.partnerSecret, webhook: merchant.webhookSecret });
  Object.assign(merchant, { partnerSecret: automaticSecrets.partner, webhookSecret: automaticSecrets.webhook });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  refundEndpoint?.closeAllConnections();
  await new Promise((resolve) => refundEndpoint?.close(resolve));
  await Promise.all([merchant?.stop(), mailbox?.stop()]);
  await database?.drop();
});

/**
 * A one-person session whose payer started twice (the replaced checkout is a partner cancel call),
 * paid (its completion event is a webhook delivery), then refunded (a partner refund call).
 */
async function paidAndRefunded(): Promise<{ sessionId: string; hostId: string }> {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server!.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: '2000',
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Host' }],
    },
    { 'x-service-api-key': integration.apiKey },
  );
  const host = new PayBrowser(server!.baseUrl);
  const view = await host.open(created.body.sessionId, created.body.hostToken);
  await host.startPayment(created.body.sessionId);
  const started = await host.startPayment(created.body.sessionId);
  const recorded = await postJson(
    `${server!.baseUrl}/api/v1/payments/record`,
    { paymentId: started.data.startPayment.paymentId, action: 'authorize', processorReference: 'ch_1' },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(recorded.status).toBe(200);
  const refunded = await postJson(
    `${server!.baseUrl}/api/v1/payments/sessions/${created.body.sessionId}/refunds`,
    {},
    {
      'x-service-api-key': integration.apiKey,
    },
  );
  expect(refunded.status).toBe(200);
  return { sessionId: created.body.sessionId, hostId: (view.data.openSession.participants as { id: string }[])[0]!.id };
}

/** A one-person manual session, its share held: its capture call is due. */
async function held(): Promise<string> {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server!.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: manual.integrationId,
      amountMinor: '1500',
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Host' }],
    },
    { 'x-service-api-key': manual.apiKey },
  );
  const host = new PayBrowser(server!.baseUrl);
  await host.open(created.body.sessionId, created.body.hostToken);
  const started = await host.startPayment(created.body.sessionId);
  const recorded = await postJson<{ sessionStatus: string }>(
    `${server!.baseUrl}/api/v1/payments/record`,
    { paymentId: started.data.startPayment.paymentId, action: 'authorize', processorReference: 'ch_held' },
    { 'x-service-api-key': manual.apiKey },
  );
  expect(recorded.body.sessionStatus).toBe('capturing');
  return created.body.sessionId;
}

/** The open group's payers, each of whose final captures is in flight at the kill. */
const GROUP_CAPTURES = 2;

/**
 * A manual open group sharing 3000 between at most two places, tipping at one: the first joiner is
 * held 3000, the second 1500; full with the second, it ends at 1500 each and asks for its two
 * captures (they wait on the capture endpoint). Resolves once its emails (receipts, "It's on") are
 * sent, so they are not among the emails in flight at the kill.
 */
async function fullGroup(): Promise<{ sessionId: string; holds: Map<string, string> }> {
  const created = await postJson<{ sessionId: string; joinUrl: string }>(
    `${server!.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: manual.integrationId,
      amountMinor: '3000',
      openGroup: { pricing: 'split_total', minPlaces: 1, maxPlaces: GROUP_CAPTURES },
    },
    { 'x-service-api-key': manual.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { sessionId } = created.body;
  const code = new URL(created.body.joinUrl).searchParams.get('code');
  const holds = new Map<string, string>();
  for (let i = 0; i < GROUP_CAPTURES; i += 1) {
    const joined = await new PayBrowser(server!.baseUrl).graphql<{ joinOpenGroup: { participantId: string; amountMinor: string } }>(
      `mutation($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
         joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) { participantId amountMinor }
       }`,
      { sessionId, code, input: { displayName: `Joiner ${i}`, email: `joiner${i}@recovery.example`, places: 1 } },
    );
    expect(joined.errors).toBeUndefined();
    const { participantId, amountMinor } = joined.data.joinOpenGroup;
    const paymentId = merchant.partnerCalls.findLast((call) => call.json.participantId === participantId)!.json.paymentId as string;
    holds.set(paymentId, amountMinor);
    const recorded = await postJson(
      `${server!.baseUrl}/api/v1/payments/record`,
      { paymentId, action: 'authorize', processorReference: `ch_group_${i}` },
      { 'x-service-api-key': manual.apiKey },
    );
    expect(recorded.status).toBe(200);
  }
  await until(
    () => sql<{ n: string }>(`select count(*) as n from email_message where session_id = ? and status <> 'sent'`, [sessionId]),
    ([row]) => Number(row!.n) === 0,
  );
  return { sessionId, holds };
}

describe('kill -9 while jobs are in flight, with the default leases', { timeout: 120_000 }, () => {
  it('the next process resumes every claimed webhook, refund, cancel and capture call and email within 10 s, none lost, none doubled', async ({
    annotate,
  }) => {
    const group = await fullGroup();
    merchant.webhookDelayMs = 600_000;
    mailbox.holdData = true;
    const sessions = [];
    const manualSessions: string[] = [group.sessionId];
    for (let i = 0; i < JOBS; i += 1) {
      sessions.push(await paidAndRefunded());
      if (i < JOBS - GROUP_CAPTURES) manualSessions.push(await held());
    }
    // An email per session, written as the emails module writes them (queued, then announced).
    for (const [i, { sessionId, hostId }] of sessions.entries()) {
      await sql(
        `insert into email_message (id, session_id, participant_id, kind, reason, recipient, status, attempts, next_attempt_at, created_at, updated_at)
         values (?, ?, ?, 'completion', 'recovery', ?, 'queued', 0, now(), now(), now())`,
        [randomUUID(), sessionId, hostId, `host${i}@example.com`],
      );
    }
    await sql(`select pg_notify('paysplit_email_outbox', '')`);

    // Every job claimed by the first process and waiting on its far end.
    const claimed = () =>
      sql<{ kind: string; n: string }>(
        `select 'webhook' as kind, count(*) as n from webhook_delivery where status = 'delivering'
         union all select 'refund', count(*) from refund where call_status = 'calling'
         union all select 'cancel', count(*) from payment_call where kind = 'cancel' and call_status = 'calling'
         union all select 'capture', count(*) from payment_call where kind = 'capture' and call_status = 'calling'
         union all select 'email', count(*) from email_message where status = 'sending'`,
      );
    await until(claimed, (rows) => rows.every((row) => Number(row.n) === JOBS), 20_000);

    server!.process.kill('SIGKILL');
    const killedAt = Date.now();
    merchant.webhookDelayMs = 0;
    holdRefunds = false;
    mailbox.holdData = false;
    const callsBefore = {
      webhooks: merchant.webhookCalls.length,
      refunds: refundCalls.length,
      cancels: cancelCalls.length,
      captures: captureCalls.length,
      mails: mailbox.messages.length,
    };
    server = await startServerProcess(environment);

    const finished = () =>
      sql<{ kind: string; n: string }>(
        `select 'webhook' as kind, count(*) as n from webhook_delivery where status = 'succeeded'
         union all select 'refund', count(*) from refund where status = 'succeeded' and call_status = 'done'
         union all select 'cancel', count(*) from payment_call where kind = 'cancel' and status = 'succeeded' and call_status = 'done'
         union all select 'capture', count(*) from payment_call where kind = 'capture' and status = 'succeeded' and call_status = 'done'
         union all select 'email', count(*) from email_message where status = 'sent' and session_id <> ?`,
        [group.sessionId],
      );
    await until(finished, (rows) => rows.every((row) => Number(row.n) === JOBS), 30_000);
    const resumedInMs = Date.now() - killedAt;

    // One successful attempt each, and the far ends heard each job once after the kill.
    const successes = await sql<{ kind: string; jobs: string; attempts: string; last_started: Date }>(
      `select 'webhook' as kind, count(distinct delivery_id) as jobs, count(*) as attempts, max(started_at) as last_started
         from webhook_attempt where status_code = 200
       union all select 'refund', count(distinct refund_id), count(*), max(started_at) from refund_call_attempt where outcome = 'succeeded'
       union all select c.kind, count(distinct a.call_id), count(*), max(a.started_at)
         from payment_call_attempt a join payment_call c on c.id = a.call_id where a.outcome = 'succeeded' group by c.kind
       union all select 'email', count(distinct a.message_id), count(*), max(a.started_at)
         from email_attempt a join email_message m on m.id = a.message_id where a.outcome = 'sent' and m.session_id <> ?`,
      [group.sessionId],
    );
    expect(successes.map((row) => row.kind).sort()).toEqual(['cancel', 'capture', 'email', 'refund', 'webhook']);
    for (const row of successes)
      expect({ kind: row.kind, jobs: Number(row.jobs), attempts: Number(row.attempts) }).toEqual({
        kind: row.kind,
        jobs: JOBS,
        attempts: JOBS,
      });
    expect(merchant.webhookCalls.length - callsBefore.webhooks).toBe(JOBS);
    expect(new Set(merchant.webhookCalls.slice(callsBefore.webhooks).map((call) => call.json.eventId)).size).toBe(JOBS);
    expect(refundCalls.length - callsBefore.refunds).toBe(JOBS);
    expect(new Set(refundCalls.slice(callsBefore.refunds).map((call) => call.refundId)).size).toBe(JOBS);
    expect(cancelCalls.length - callsBefore.cancels).toBe(JOBS);
    expect(new Set(cancelCalls.slice(callsBefore.cancels).map((call) => call.cancelId)).size).toBe(JOBS);
    // One capture per payment, by captureId and by paymentId, and one completion per manual session.
    const captured = captureCalls.slice(callsBefore.captures);
    expect(captured).toHaveLength(JOBS);
    expect(new Set(captured.map((call) => call.captureId)).size).toBe(JOBS);
    expect(new Set(captured.map((call) => call.paymentId)).size).toBe(JOBS);
    const completions = await sql<{ id: string; status: string; completions: string }>(
      `select s.id, s.status, (select count(*) from webhook_event e where e.session_id = s.id and e.type = 'SERVICE_SESSION_COMPLETED') as completions
         from session s where s.id in (${manualSessions.map(() => '?').join(', ')})`,
      manualSessions,
    );
    expect(completions.map((row) => [row.status, Number(row.completions)])).toEqual(manualSessions.map(() => ['completed', 1]));
    // The open group's captures: each for its payer's final amount (the first held 3000), summing to the total.
    const groupCaptures = captured.filter((call) => group.holds.has(call.paymentId));
    expect(groupCaptures.map((call) => [group.holds.get(call.paymentId), call.amountMinor]).sort()).toEqual([
      ['1500', '1500'],
      ['3000', '1500'],
    ]);
    expect(mailbox.messages.length - callsBefore.mails).toBe(JOBS);
    // Resumed by the dead process's silence (6 s), not by its leases (60 s and more).
    const lastStartedMs = Math.max(...successes.map((row) => new Date(row.last_started).getTime())) - killedAt;
    await annotate(`kill -9: every claimed job resumed ${lastStartedMs} ms after the kill (all finished after ${resumedInMs} ms)`);
    expect(lastStartedMs).toBeLessThan(10_000);
  });
});
