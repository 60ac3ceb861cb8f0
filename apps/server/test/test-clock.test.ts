import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createClient, PaySplitError, type TestClockRun } from '@paysplit/sdk';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClockShop } from './fixtures/sdk-merchant/test-clock-shop.js';
import { AdminClient, errorCode } from './support/admin-client.js';
import { PayBrowser } from './support/pay-browser.js';
import { until } from './support/polling.js';
import { TestMailbox } from './support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

// Test clocks over real HTTP, a real SMTP inbox and a merchant written with the SDK alone: a
// test-mode session advanced 25 h gets its 24 h reminder, and advanced past its 48 h deadline it
// expires with its refunds (automatic) or releases (manual) and events, in order and once, each
// stamped with the session's clock. Live mode refuses; two instances advancing at once run each
// due thing once.

const HOUR = 3_600_000;
const DEADLINE_SECONDS = 48 * 3600;
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = promisify(execFile);

let server: TestServer;
let mailbox: TestMailbox;
let shop: TestClockShop;
type Integration = { integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string };
let automatic: Integration;
let manual: Integration;

const EVENTS = ['SERVICE_SESSION_EXPIRED', 'SERVICE_PAYMENT_RECORDED', 'SERVICE_REFUND_SUCCEEDED'];
const environment = {
  SMTP_URL: '',
  EMAIL_FROM: 'PaySplit <payments@paysplit.example>',
  // Reminders and expiry run when a test advances a clock or sweeps, not on a timer.
  EMAIL_SWEEP_MS: '3600000',
};

beforeAll(async () => {
  mailbox = new TestMailbox();
  shop = new TestClockShop();
  await Promise.all([mailbox.start(), shop.start()]);
  environment.SMTP_URL = mailbox.url;
  server = await startTestServer({ environment });
  const provision = async (name: string, extra: Record<string, unknown>) => {
    const created = await server.provision({
      name,
      partnerCreatePaymentUrl: shop.createPaymentUrl,
      partnerCancelUrl: shop.cancelUrl,
      webhookUrl: shop.webhookUrl,
      ...extra,
    });
    shop.secrets.push(created);
    return created;
  };
  automatic = await provision('Automatic shop', { partnerRefundUrl: shop.refundUrl, eventSubscriptions: EVENTS });
  manual = await provision('Manual shop', {
    captureMethod: 'manual',
    partnerCaptureUrl: `${shop.baseUrl}/paysplit/capture`,
    eventSubscriptions: ['SERVICE_SESSION_EXPIRED', 'SERVICE_PAYMENT_RECORDED', 'SERVICE_PAYMENT_RELEASED'],
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([mailbox?.stop(), shop?.stop()]);
});

const sdk = (integration: { apiKey: string }, on: TestServer = server) =>
  createClient({ apiKey: integration.apiKey, baseUrl: on.baseUrl, maxRetries: 0 });

let people = 0;
const address = (name: string) => `${name.toLowerCase()}.${(people += 1)}@clock-mail.example`;

/** A session of equal shares due in 48 h: a host without an address and guests with one; each guest's browser. */
async function groupSession(integration: Integration, names: readonly string[]) {
  const guests = names.map((name) => ({ displayName: name, email: address(name) }));
  const created = await sdk(integration).sessions.create({
    integrationId: integration.integrationId,
    amountMinor: String(1000 * (names.length + 1)),
    unconfigured: false,
    splitMode: 'equal',
    participants: [{ displayName: 'Host' }, ...guests],
    expiresInSeconds: DEADLINE_SECONDS,
  });
  const host = new PayBrowser(server.baseUrl);
  const participants = (await host.open(created.sessionId, created.hostToken)).data.openSession.participants as {
    id: string;
    inviteUrl: string | null;
  }[];
  const browsers = await Promise.all(
    participants.slice(1).map(async (participant) => {
      const browser = new PayBrowser(server.baseUrl);
      await browser.open(created.sessionId, new URL(participant.inviteUrl!).searchParams.get('token')!);
      return browser;
    }),
  );
  const expiresAt = Date.parse(created.expiresAt);
  const guestsWithIds = guests.map((guest, index) => ({ ...guest, id: participants[index + 1]!.id, browser: browsers[index]! }));
  return { sessionId: created.sessionId, expiresAt, guests: guestsWithIds };
}

/** The guest pays: the checkout the shop opened, then the shop records the processor's authorization. */
async function pay(integration: Integration, sessionId: string, browser: PayBrowser, extra: { holdExpiresAt?: string } = {}) {
  const started = await browser.startPayment(sessionId);
  expect(started.errors).toBeUndefined();
  const paymentId = started.data.startPayment.paymentId;
  await sdk(integration).payments.record({ paymentId, action: 'authorize', ...extra });
  return paymentId;
}

const at = (ms: number) => new Date(ms).toISOString();
const reminder = (participantId: string, offsetMinutes: number, moment: number): TestClockRun => ({
  at: at(moment),
  kind: 'reminder',
  participantId,
  paymentId: null,
  offsetMinutes,
});
const ranAt = (kind: TestClockRun['kind'], moment: number, paymentId: string | null = null): TestClockRun => ({
  at: at(moment),
  kind,
  participantId: null,
  paymentId,
  offsetMinutes: null,
});
/** Reminders written at one moment go in participant order. */
const byParticipant = (runs: TestClockRun[]) => [...runs].sort((a, b) => (a.participantId ?? '').localeCompare(b.participantId ?? ''));

/** The session's clock an email was written at (absent: real time). */
const clockOf = (mail: ParsedMail) => mail.headers.get('x-paysplit-test-clock') as string | undefined;
const mailsOf = (to: string, count: number) => mailbox.waitFor(to, count);

/** The session's verified events, in the order of its versions, once `count` arrived. */
async function eventsOf(sessionId: string, count: number): Promise<Record<string, any>[]> {
  const events = await until(
    async () => shop.eventsOf(sessionId) as Record<string, any>[],
    (list) => list.length >= count,
  );
  return [...events].sort((a, b) => (a.sessionVersion as number) - (b.sessionVersion as number));
}

/** Every event type, every email reason and every refund or cancel of the session exactly once. */
async function expectEachOnce(sessionId: string) {
  const events = shop.eventsOf(sessionId);
  expect(new Set(events.map((event) => event.eventId)).size).toBe(events.length);
  const [{ repeated }] = (await server.query<{ repeated: string }>(
    `select count(*) - count(distinct (participant_id, kind, reason)) as repeated from email_message where session_id = ?`,
    [sessionId],
  )) as [{ repeated: string }];
  expect(Number(repeated)).toBe(0);
  const calls = [...shop.cancels, ...shop.refunds].filter((call) => call.sessionId === sessionId);
  const ids = calls.map((call) => ('cancelId' in call ? call.cancelId : call.refundId));
  expect(new Set(ids).size).toBe(ids.length);
  expect(shop.refused).toEqual([]);
}

describe('a test-mode session whose clock is advanced', () => {
  it('automatic: 25 h sends the 24 h reminder; past the 48 h deadline it expires with its refund and events, in order, once', async () => {
    const { sessionId, expiresAt, guests } = await groupSession(automatic, ['Ana', 'Ben']);
    const [ana, ben] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const paymentId = await pay(automatic, sessionId, ana.browser);
    const api = sdk(automatic);

    const first = await api.sessions.advanceTestClock(sessionId, { seconds: 25 * 3600 });
    expect(Date.parse(first.testClockAt) - Date.parse(first.advancedFrom)).toBe(25 * HOUR);
    expect(first).toMatchObject({ success: true, sessionId, status: 'partially_paid' });
    // Only the unpaid payer, at 24 h before the deadline on the session's clock.
    expect(first.ran).toEqual([reminder(ben.id, 1440, expiresAt - 24 * HOUR)]);
    expect((await api.sessions.get(sessionId)).testClockAt).toBe(first.testClockAt);
    const [firstReminder] = await mailsOf(ben.email, 1);
    expect(clockOf(firstReminder!)).toBe(at(expiresAt - 24 * HOUR));

    const second = await api.sessions.advanceTestClock(sessionId, { to: at(expiresAt + HOUR) });
    expect(second).toMatchObject({ advancedFrom: first.testClockAt, testClockAt: at(expiresAt + HOUR), status: 'expired' });
    expect(second.ran).toEqual([reminder(ben.id, 120, expiresAt - 2 * HOUR), ranAt('session_expired', expiresAt)]);

    // The refund was asked for in the expiry's transaction; the shop's answer settles it at the session's clock.
    const read = await until(
      () => api.sessions.get(sessionId),
      (session) => session.refunds[0]?.status === 'succeeded',
    );
    expect(read).toMatchObject({ status: 'expired', refundedMinor: '1000', testClockAt: second.testClockAt });
    expect(read.refunds.map((refund) => [refund.paymentId, refund.source, refund.createdAt])).toEqual([
      [paymentId, 'automatic', at(expiresAt)],
    ]);
    const [recorded, expired, refunded] = await eventsOf(sessionId, 3);
    expect([recorded!.type, expired!.type, refunded!.type]).toEqual([
      'SERVICE_PAYMENT_RECORDED',
      'SERVICE_SESSION_EXPIRED',
      'SERVICE_REFUND_SUCCEEDED',
    ]);
    // Before the clock existed an event is on real time and says nothing of clocks; after, on the clock, and says so.
    expect(recorded!.testClock).toBeUndefined();
    expect(expired).toMatchObject({ createdAt: at(expiresAt), expiredAt: at(expiresAt), testClock: true });
    expect(expired!.refundsOwed.map((owed: { paymentId: string }) => owed.paymentId)).toEqual([paymentId]);
    expect(refunded).toMatchObject({ createdAt: second.testClockAt, testClock: true, paymentId, refundedMinor: '1000' });

    // In order: the reminders, the ending, the money back; each email stamped with the clock it was written at.
    // Told apart by what they are, not by when they arrived: the sender sends several at once.
    const bens = await mailsOf(ben.email, 3);
    const anas = await mailsOf(ana.email, 3);
    const subjectIs = (mails: ParsedMail[], start: string) => mails.filter((mail) => mail.subject?.startsWith(start));
    const [benEnding] = subjectIs(bens, 'Expired:');
    const reminder1440 = bens.find((mail) => mail.messageId === firstReminder!.messageId);
    const reminder120 = bens.find((mail) => mail !== benEnding && mail.messageId !== firstReminder!.messageId);
    const [receipt] = subjectIs(anas, 'Receipt:');
    const [anaEnding] = subjectIs(anas, 'Expired:');
    const [refundMail] = subjectIs(anas, 'Refund:');
    expect([receipt, reminder1440, reminder120, anaEnding, benEnding, refundMail].map((mail) => clockOf(mail!))).toEqual([
      undefined,
      at(expiresAt - 24 * HOUR),
      at(expiresAt - 2 * HOUR),
      at(expiresAt),
      at(expiresAt),
      second.testClockAt,
    ]);
    expect(Date.parse(recorded!.createdAt)).toBeLessThan(expiresAt - 24 * HOUR);

    // Once: the clock of an ended session stays; the same target again changes nothing; the sweeps find nothing left.
    const refused = await api.sessions.advanceTestClock(sessionId, { seconds: 60 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'INVALID_STATE', status: 409 });
    expect(await api.sessions.advanceTestClock(sessionId, { to: second.testClockAt })).toMatchObject({ ran: [], status: 'expired' });
    expect(await server.expiry.runOnce()).not.toContain(sessionId);
    await server.jobs.runNow('email-schedules');
    await expectEachOnce(sessionId);
    expect(shop.refunds.filter((call) => call.sessionId === sessionId)).toHaveLength(1);
  });

  it('manual: a short hold lapses at its margin, and the deadline releases the other hold, in order, once', async () => {
    const { sessionId, expiresAt, guests } = await groupSession(manual, ['Ana', 'Ben', 'Cai']);
    const [ana, ben, cai] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];
    // Ana's hold lasts 30 h from creation: an hour (HOLD_MARGIN) before then it stops counting.
    const anaPayment = await pay(manual, sessionId, ana.browser, { holdExpiresAt: at(expiresAt - 18 * HOUR) });
    const caiPayment = await pay(manual, sessionId, cai.browser);
    const api = sdk(manual);

    expect((await api.sessions.advanceTestClock(sessionId, { seconds: 25 * 3600 })).ran).toEqual([
      reminder(ben.id, 1440, expiresAt - 24 * HOUR),
    ]);
    const advanced = await api.sessions.advanceTestClock(sessionId, { to: at(expiresAt + HOUR) });
    expect(advanced.status).toBe('expired');
    expect(advanced.ran).toEqual([
      ranAt('hold_lapsed', expiresAt - 19 * HOUR, anaPayment),
      // Ana's share is open again and her 24 h reminder is overdue: it goes at once, as a sweep would send it.
      reminder(ana.id, 1440, expiresAt - 19 * HOUR),
      ...byParticipant([reminder(ana.id, 120, expiresAt - 2 * HOUR), reminder(ben.id, 120, expiresAt - 2 * HOUR)]),
      ranAt('session_expired', expiresAt),
    ]);

    // Each hold is released through one cancel: Ana's as it lapsed, Cai's at the deadline; nothing is refunded.
    await until(
      async () => shop.cancels.filter((call) => call.sessionId === sessionId),
      (calls) => calls.length === 2,
    );
    expect(
      shop.cancels
        .filter((call) => call.sessionId === sessionId)
        .map((call) => [call.paymentId, call.reason])
        .sort(),
    ).toEqual(
      [
        [anaPayment, 'hold_lapsed'],
        [caiPayment, 'session_expired'],
      ].sort(),
    );
    const [, , anaReleased, expired, caiReleased] = await eventsOf(sessionId, 5);
    expect([anaReleased, expired, caiReleased].map((event) => [event!.type, event!.createdAt, event!.testClock])).toEqual([
      ['SERVICE_PAYMENT_RELEASED', at(expiresAt - 19 * HOUR), true],
      ['SERVICE_SESSION_EXPIRED', at(expiresAt), true],
      ['SERVICE_PAYMENT_RELEASED', advanced.testClockAt, true],
    ]);
    expect([anaReleased!.payment.paymentId, anaReleased!.reason, caiReleased!.payment.paymentId, caiReleased!.reason]).toEqual([
      anaPayment,
      'hold_lapsed',
      caiPayment,
      'session_expired',
    ]);
    expect(expired!.refundsOwed).toEqual([]);
    const read = await api.sessions.get(sessionId);
    expect(read.payments.map((payment) => [payment.paymentId, payment.status, payment.releasedAt])).toEqual(
      expect.arrayContaining([
        [anaPayment, 'released', at(expiresAt - 19 * HOUR)],
        [caiPayment, 'released', advanced.testClockAt],
      ]),
    );
    expect(read.refunds).toEqual([]);
    expect(await server.holdExpiry.runOnce()).toEqual([]);
    await expectEachOnce(sessionId);
  });
});

describe('refusals', () => {
  it('live mode refuses with TEST_MODE_ONLY, a live session or a live key, and nothing changes', async () => {
    const live = await server.provision({ name: 'Live shop', keyMode: 'live', payoutOnboarded: true });
    const liveSession = await sdk(live).sessions.create({ integrationId: live.integrationId, amountMinor: '5000' });
    const refused = await sdk(live)
      .sessions.advanceTestClock(liveSession.sessionId, { seconds: 3600 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaySplitError);
    expect(refused).toMatchObject({ status: 403, code: 'TEST_MODE_ONLY', message: expect.stringContaining('live session') });
    expect(Object.keys(await sdk(live).sessions.get(liveSession.sessionId))).not.toContain('testClockAt');

    // A live key of an integration that has test sessions too (live keys need its URLs on https: it has none), on a test session.
    const both = await server.provision({ name: 'Both modes', payoutOnboarded: true });
    const { sessionId } = await sdk(both).sessions.create({ integrationId: both.integrationId, amountMinor: '5000' });
    const { apiKey } = await server.paysplit.services.apiKeys.createApiKey(server.orm.em.fork(), both.integrationId, 'live');
    const byLiveKey = await sdk({ apiKey })
      .sessions.advanceTestClock(sessionId, { seconds: 3600 })
      .catch((error: unknown) => error);
    expect(byLiveKey).toMatchObject({ status: 403, code: 'TEST_MODE_ONLY', message: expect.stringContaining('test key') });
    const rows = await server.query<{ test_clock_at: Date | null }>(`select test_clock_at from session where id in (?, ?)`, [
      sessionId,
      liveSession.sessionId,
    ]);
    expect(rows).toEqual([{ test_clock_at: null }, { test_clock_at: null }]);
  });

  it('another tenant’s session or an unknown one is not found, as GET answers; bad bodies name their field', async () => {
    const { sessionId } = await groupSession(automatic, ['Eve']);
    const advance = (id: string, body: unknown, key = automatic.apiKey) =>
      postJson<{ code: string; details?: { path: string }[] }>(
        `${server.baseUrl}/api/v1/payments/sessions/${id}/test-clock/advance`,
        body,
        {
          'x-service-api-key': key,
        },
      );
    const read = (id: string, key: string) =>
      fetch(`${server.baseUrl}/api/v1/payments/sessions/${id}`, { headers: { 'x-service-api-key': key } }).then(async (response) => ({
        status: response.status,
        code: ((await response.json()) as { code?: string }).code,
      }));
    for (const id of [sessionId, randomUUID()]) {
      const answer = await advance(id, { seconds: 60 }, manual.apiKey);
      expect({ status: answer.status, code: answer.body.code }).toEqual(await read(id, manual.apiKey));
      expect(answer.status).toBe(404);
    }
    const problems: [unknown, string][] = [
      [{}, '(body)'],
      [{ seconds: 60, to: '2031-01-01T00:00:00Z' }, '(body)'],
      [{ seconds: 0 }, 'seconds'],
      [{ seconds: 1.5 }, 'seconds'],
      [{ seconds: 61 * 24 * 3600 }, 'seconds'],
      [{ to: '2020-01-01T00:00:00Z' }, 'to'],
      [{ to: at(Date.now() + 61 * 24 * HOUR) }, 'to'],
      [{ to: 'next week' }, 'to'],
      [{ hours: 1 }, '(body)'],
    ];
    for (const [body, path] of problems) {
      const answer = await advance(sessionId, body);
      expect({ status: answer.status, code: answer.body.code, path: answer.body.details?.[0]?.path }, JSON.stringify(body)).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        path,
      });
    }
    const [row] = await server.query<{ test_clock_at: Date | null }>(`select test_clock_at from session where id = ?`, [sessionId]);
    expect(row!.test_clock_at).toBeNull();
  });
});

describe('who may advance', () => {
  it('the administration area, for a session its user may see (audited), and the CLI', async () => {
    const owner = new AdminClient(server.baseUrl);
    const registered = await owner.register(`owner.${randomUUID()}@shop.example`, 'correct horse battery staple');
    const accountId = (registered.data as { registerAccount: { accountId: string } }).registerAccount.accountId;
    const owned = await server.provision({ name: 'Owned shop', ownerAccountId: accountId });
    const { sessionId } = await sdk(owned).sessions.create({ integrationId: owned.integrationId, amountMinor: '5000' });
    const mutation = `mutation($id: ID!, $input: AdvanceTestClockInput!) { advanceTestClock(sessionId: $id, input: $input) { testClockAt ran { kind } } }`;
    const stranger = new AdminClient(server.baseUrl);
    await stranger.register(`stranger.${randomUUID()}@shop.example`, 'correct horse battery staple');
    expect(errorCode(await stranger.gql(mutation, { id: sessionId, input: { seconds: 3600 } }))).toBe('SESSION_NOT_FOUND');
    const advanced = (await owner.ok(mutation, { id: sessionId, input: { seconds: 3600 } })).advanceTestClock as { testClockAt: string };
    const [entry] = await server.query<{ action: string; actor_account_id: string }>(
      `select action, actor_account_id from audit_entry where integration_id = ? and action like 'session.%'`,
      [owned.integrationId],
    );
    expect(entry).toEqual({ action: 'session.test_clock_advanced', actor_account_id: accountId });

    const cli = await run(process.execPath, [CLI, 'session', 'advance-clock', sessionId, '--seconds', '7200', '--json'], {
      env: { ...process.env, DATABASE_URL: server.databaseUrl, SECRETS_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'error' },
      timeout: 60_000,
    });
    expect(JSON.parse(cli.stdout)).toMatchObject({
      sessionId,
      status: 'unconfigured',
      testClockAt: at(Date.parse(advanced.testClockAt) + 2 * HOUR),
      ran: [],
    });
  });

  it('two instances advancing one session at once run each due thing once', async () => {
    const second = await startTestServer({ sameDatabaseAs: server, environment });
    try {
      const { sessionId, expiresAt, guests } = await groupSession(automatic, ['Fay', 'Gus']);
      const [fay, gus] = guests as [(typeof guests)[0], (typeof guests)[0]];
      const paymentId = await pay(automatic, sessionId, fay.browser);
      // 25 h each, together: one waits for the other's row lock, then walks on from where it stopped.
      const replies = await Promise.all(
        [server, second].map((on) => sdk(automatic, on).sessions.advanceTestClock(sessionId, { seconds: 25 * 3600 })),
      );
      const [earlier, later] = replies.sort((a, b) => Date.parse(a.testClockAt) - Date.parse(b.testClockAt));
      expect(later!.advancedFrom).toBe(earlier!.testClockAt);
      expect([...earlier!.ran, ...later!.ran]).toEqual([
        reminder(gus.id, 1440, expiresAt - 24 * HOUR),
        reminder(gus.id, 120, expiresAt - 2 * HOUR),
        ranAt('session_expired', expiresAt),
      ]);
      await until(
        async () => shop.refunds.filter((call) => call.sessionId === sessionId),
        (calls) => calls.length === 1,
      );
      await mailsOf(gus.email, 3);
      // Both instances' sweeps afterwards find nothing left to do for it.
      for (const on of [server, second]) {
        expect(await on.expiry.runOnce()).not.toContain(sessionId);
        await on.jobs.runNow('email-schedules');
      }
      const [counts] = await server.query<{ reminders: string; expired: string; refunds: string }>(
        `select (select count(*) from email_message where session_id = ? and kind = 'reminder') as reminders,
                (select count(*) from webhook_event where session_id = ? and type = 'SERVICE_SESSION_EXPIRED') as expired,
                (select count(*) from refund where payment_id = ?) as refunds`,
        [sessionId, sessionId, paymentId],
      );
      expect(counts).toEqual({ reminders: '2', expired: '1', refunds: '1' });
      await expectEachOnce(sessionId);
    } finally {
      await second.close();
    }
  });
});
