import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHANGED_CHANNEL } from '../src/feed/session-changes.js';
import { eventually, FULL_VIEW_SUBSCRIPTION, LiveSubscriber } from './support/live-subscriber.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';
import { accessCookieName } from '../src/http/cookies.js';

/**
 * Live updates at scale (issue 18): one read of a session per change per instance, whatever the
 * number of its subscribers, each projected for its own viewer; slow and silent sockets are cut off
 * without holding up the others; subscriptions are bounded per session and per address.
 */
let server: TestServer;
let bounded: TestServer;
const open: LiveSubscriber[] = [];

beforeAll(async () => {
  [server, bounded] = await Promise.all([
    // Any socket leaving more than 1 KiB unread is too slow here (a push of this file's big session is ~20 KiB).
    startTestServer({ environment: { RATE_LIMITS: 'off', LIVE_SEND_BUFFER_BYTES: '1024' } }),
    startTestServer({
      environment: {
        RATE_LIMITS: 'off',
        LIVE_SUBSCRIPTIONS_PER_SESSION: '2',
        LIVE_SUBSCRIPTIONS_PER_ADDRESS: '3',
        LIVE_PING_INTERVAL_MS: '300',
      },
    }),
  ]);
});

afterAll(async () => {
  open.forEach((subscriber) => subscriber.close());
  await Promise.all([server?.close(), bounded?.close()]);
});

async function createSession(on: TestServer, participants: { displayName: string; email?: string }[]) {
  const merchant = await on.provision({ name: 'Live fan-out merchant' });
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${on.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: merchant.integrationId,
      amountMinor: String(1000 * participants.length),
      unconfigured: false,
      splitMode: 'equal',
      participants,
    },
    { 'x-service-api-key': merchant.apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { sessionId, hostToken } = created.body;
  const rows = await on.query<{ id: string; is_host: boolean }>(
    'select id, is_host from participant where session_id = ? order by position',
    [sessionId],
  );
  const guests = rows
    .filter((row) => !row.is_host)
    .map((row) => ({ id: row.id, token: on.paysplit.services.access.participantToken(row.id) }));
  return { sessionId, hostToken, guests, cookie: (token: string) => `${accessCookieName(sessionId)}=${token}` };
}

async function subscribe(on: TestServer, cookie: string, sessionId: string, options: { autoPong?: boolean } = {}): Promise<LiveSubscriber> {
  const subscriber = new LiveSubscriber(on.baseUrl, cookie, options);
  open.push(subscriber);
  await subscriber.subscribe(sessionId);
  // Subscribed (its first push, the session as it is now, has come) or refused.
  expect(await subscriber.answered()).toBe(true);
  return subscriber;
}

/** Tells every instance on the database that the session changed, as a committed change does. */
const notifyChanged = (sessionId: string, on = server) => on.query('select pg_notify(?, ?)', [SESSION_CHANGED_CHANNEL, sessionId]);

/**
 * Counts every statement this server sends while `during` runs: the session and what its view
 * shows beside it (refunds, the host's email statuses) are read once per change, never per page.
 */
async function statementsDuring(during: () => Promise<void>): Promise<number> {
  const knex = server.orm.em.getConnection().getKnex();
  let reads = 0;
  const count = () => {
    reads += 1;
  };
  knex.on('query', count);
  try {
    await during();
  } finally {
    knex.off('query', count);
  }
  return reads;
}

describe('live fan-out', () => {
  it('reads a changed session once per instance for all of its subscribers, and each sees what its viewer may', async () => {
    const session = await createSession(server, [
      { displayName: 'Host', email: 'host@example.test' },
      { displayName: 'Guest one', email: 'one@example.test' },
      { displayName: 'Guest two', email: 'two@example.test' },
    ]);
    // Baseline: the statements one subscriber's push costs.
    const single = await subscribe(server, session.cookie(session.hostToken), session.sessionId);
    await eventually(() => server.paysplit.services.liveViews.stats.subscriptions === 1, 2_000);
    const readsBefore = server.paysplit.services.liveViews.stats.reads;
    const forOne = await statementsDuring(async () => {
      await notifyChanged(session.sessionId);
      expect(await eventually(() => single.pushes.length === 2, 2_000)).toBe(true);
    });
    expect(forOne).toBeGreaterThan(0);
    expect(server.paysplit.services.liveViews.stats.reads - readsBefore).toBe(1);

    // Twenty more: ten as the host, five as each guest.
    const hosts = await Promise.all(
      Array.from({ length: 10 }, () => subscribe(server, session.cookie(session.hostToken), session.sessionId)),
    );
    const guests = await Promise.all(
      session.guests.flatMap((guest) => Array.from({ length: 5 }, () => subscribe(server, session.cookie(guest.token), session.sessionId))),
    );
    const everyone = [single, ...hosts, ...guests];
    expect(await eventually(() => server.paysplit.services.liveViews.stats.subscriptions === 21, 2_000)).toBe(true);
    const readsBeforeMany = server.paysplit.services.liveViews.stats.reads;
    const forMany = await statementsDuring(async () => {
      await notifyChanged(session.sessionId);
      expect(
        await eventually(() => everyone.every((subscriber) => subscriber.pushes.length >= 2 + (subscriber === single ? 1 : 0)), 2_000),
      ).toBe(true);
      // Anything late would be counted too.
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(forMany, 'statements for 21 subscribers vs 1').toBe(forOne);
    expect(server.paysplit.services.liveViews.stats.reads - readsBeforeMany).toBe(1);

    // Each push is exactly what the same viewer's paySession query answers. `nextRemindAllowedAt`
    // of someone never reminded is the time of the read ("now"): compared as that, not as a date.
    const readTimeAsNow = (view: any) => ({
      ...view,
      participants: view.participants.map((participant: any) =>
        participant.emailStatus && !participant.emailStatus.lastRemindedAt && participant.emailStatus.nextRemindAllowedAt
          ? { ...participant, emailStatus: { ...participant.emailStatus, nextRemindAllowedAt: 'now' } }
          : participant,
      ),
    });
    const viewOver = async (token: string) => {
      const response = await fetch(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie(token) },
        body: JSON.stringify({
          query: FULL_VIEW_SUBSCRIPTION.replace('subscription', 'query').replace('paySessionUpdated', 'paySession'),
          variables: { sessionId: session.sessionId },
        }),
      });
      return readTimeAsNow(((await response.json()) as { data: { paySession: unknown } }).data.paySession);
    };
    const hostView = readTimeAsNow(hosts[0]!.pushes.at(-1)!.data.paySessionUpdated);
    expect(hostView).toEqual(await viewOver(session.hostToken));
    expect(hostView.viewerRole).toBe('HOST');
    expect(hostView.participants.filter((participant: any) => participant.inviteUrl)).toHaveLength(2);
    for (const [index, guest] of session.guests.entries()) {
      const guestView = readTimeAsNow(guests[index * 5]!.pushes.at(-1)!.data.paySessionUpdated);
      expect(guestView).toEqual(await viewOver(guest.token));
      expect(guestView).toMatchObject({ viewerRole: 'PARTICIPANT', viewerParticipantId: guest.id });
      expect(guestView.participants.every((participant: any) => participant.email === null && participant.inviteUrl === null)).toBe(true);
    }
    everyone.forEach((subscriber) => subscriber.close());
  });

  it('closes a socket that stops reading, while the others on the session still get every push in time', async () => {
    // A big session (100 participants with long names): each push to the host is tens of KiB.
    const session = await createSession(
      server,
      Array.from({ length: 100 }, (_, index) => ({
        displayName: `Participant ${index} ${'x'.repeat(60)}`,
        email: `p${index}@example.test`,
      })),
    );
    const frozen = await subscribe(server, session.cookie(session.hostToken), session.sessionId);
    const healthy = await Promise.all(
      Array.from({ length: 3 }, () => subscribe(server, session.cookie(session.hostToken), session.sessionId)),
    );
    expect(await eventually(() => server.paysplit.services.liveViews.stats.sessions >= 1 && frozen.closeCode === undefined, 2_000)).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    frozen.pause();
    const closedBefore = server.paysplit.services.liveViews.stats.closedAsSlow;
    const lateness: number[] = [];
    // Change after change until the kernel's buffers for the frozen socket are full and it is closed.
    for (let change = 0; change < 2_000 && server.paysplit.services.liveViews.stats.closedAsSlow === closedBefore; change += 1) {
      const before = healthy.map((subscriber) => subscriber.pushes.length);
      const sentAt = Date.now();
      await notifyChanged(session.sessionId);
      expect(await eventually(() => healthy.every((subscriber, index) => subscriber.pushes.length > before[index]!), 2_000)).toBe(true);
      lateness.push(Date.now() - sentAt);
    }
    expect(server.paysplit.services.liveViews.stats.closedAsSlow).toBe(closedBefore + 1);
    // The frozen client reads again: its socket is gone (closed as too slow, then cut after the grace).
    frozen.close();
    expect(lateness.length).toBeGreaterThan(1);
    expect(Math.max(...lateness), 'slowest push to a healthy subscriber, ms').toBeLessThan(1_000);
    // And the healthy ones keep getting pushes.
    const counts = healthy.map((subscriber) => subscriber.pushes.length);
    await notifyChanged(session.sessionId);
    expect(await eventually(() => healthy.every((subscriber, index) => subscriber.pushes.length > counts[index]!), 2_000)).toBe(true);
    expect(healthy.every((subscriber) => subscriber.pushes.every((push) => !push.errors))).toBe(true);
    healthy.forEach((subscriber) => subscriber.close());
  }, 120_000);

  it('bounds subscriptions per session and per address, refusing with TOO_MANY_SUBSCRIPTIONS', async () => {
    const first = await createSession(bounded, [{ displayName: 'Host' }, { displayName: 'Guest' }]);
    const second = await createSession(bounded, [{ displayName: 'Host' }, { displayName: 'Guest' }]);
    const live = bounded.paysplit.services.liveViews;
    const a1 = await subscribe(bounded, first.cookie(first.hostToken), first.sessionId);
    const a2 = await subscribe(bounded, first.cookie(first.guests[0]!.token), first.sessionId);
    expect(await eventually(() => live.stats.subscriptions === 2, 2_000)).toBe(true);
    // LIVE_SUBSCRIPTIONS_PER_SESSION=2
    const a3 = await subscribe(bounded, first.cookie(first.hostToken), first.sessionId);
    expect(await eventually(() => a3.refusal !== undefined, 2_000)).toBe(true);
    expect(a3.refusal![0]!.extensions?.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    expect(a3.refusal![0]!.message).toMatch(/already has 2 live subscriptions/);
    // LIVE_SUBSCRIPTIONS_PER_ADDRESS=3: one more on another session, then the address is full.
    const b1 = await subscribe(bounded, second.cookie(second.hostToken), second.sessionId);
    expect(await eventually(() => live.stats.subscriptions === 3, 2_000)).toBe(true);
    const b2 = await subscribe(bounded, second.cookie(second.hostToken), second.sessionId);
    expect(await eventually(() => b2.refusal !== undefined, 2_000)).toBe(true);
    expect(b2.refusal![0]!.extensions?.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    expect(b2.refusal![0]!.message).toMatch(/address already has 3 live subscriptions/);
    // Closing one gives its place back.
    a1.close();
    expect(await eventually(() => live.stats.subscriptions === 2, 2_000)).toBe(true);
    const b3 = await subscribe(bounded, second.cookie(second.hostToken), second.sessionId);
    expect(await eventually(() => live.stats.subscriptions === 3, 2_000)).toBe(true);
    expect(b3.refusal).toBeUndefined();
    // The refused sockets stay open and usable; the accepted ones still get pushes.
    await notifyChanged(second.sessionId, bounded);
    expect(await eventually(() => b1.pushes.length === 2 && b3.pushes.length === 2, 2_000)).toBe(true);
    [a2, a3, b1, b2, b3].forEach((subscriber) => subscriber.close());
    expect(await eventually(() => live.stats.subscriptions === 0, 2_000)).toBe(true);
  });

  it('cuts off a socket that never answers pings, and releases its subscription', async () => {
    const session = await createSession(bounded, [{ displayName: 'Host' }, { displayName: 'Guest' }]);
    const live = bounded.paysplit.services.liveViews;
    const silent = await subscribe(bounded, session.cookie(session.hostToken), session.sessionId, { autoPong: false });
    const answering = await subscribe(bounded, session.cookie(session.guests[0]!.token), session.sessionId);
    expect(await eventually(() => live.stats.subscriptions === 2, 2_000)).toBe(true);
    // LIVE_PING_INTERVAL_MS=300: unanswered by the next ping, the socket is terminated.
    const openedAt = Date.now();
    await silent.closed;
    expect(Date.now() - openedAt).toBeLessThan(3_000);
    expect(await eventually(() => live.stats.subscriptions === 1, 2_000)).toBe(true);
    // The one that answers stays, through many pings.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(answering.closeCode).toBeUndefined();
    await notifyChanged(session.sessionId, bounded);
    expect(await eventually(() => answering.pushes.length === 2, 2_000)).toBe(true);
    answering.close();
  });
});
