import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { TrustedDocuments } from '../graphql/trusted-documents.js';
import { startLocalServer, summarize } from './harness.js';
import { type ChildServer, startChild } from './load.js';
import { accessCookieName } from '../http/cookies.js';

/**
 * Live fan-out (issue 18): thousands of graphql-ws subscriptions (pay pages) on one instance,
 * then on two, and how long a recorded payment takes to reach every page of its session.
 * PaySplit runs as separate processes; the pages are sockets of this process, over loopback.
 */
const PAY_DIST = fileURLToPath(new URL('../../../pay/dist/', import.meta.url));
const PARTICIPANTS = 10;
const SHARE_MINOR = 1_000;
/** The /metrics token of the instances this bench starts. */
const METRICS_TOKEN = 'bench-fanout-metrics-token-0123456789';

export interface FanoutResult {
  name: 'fanout';
  subscriptions: number;
  sessions: number;
  subscribersPerSession: number;
  records: number;
  targetP99Ms: number;
  oneInstance: FanoutRun & {
    /** RSS of the instance before the sockets opened and once they were all idle (MiB). */
    rssIdleMb: number;
    rssSubscribedMb: number;
    heapUsedIdleMb: number;
    heapUsedSubscribedMb: number;
    rssPerSubscriptionKiB: number;
    heapPerSubscriptionKiB: number;
    /** Session reads the instance made for pushes during the records (paysplit_live_session_reads_total). */
    sessionReads: number;
    pushes: number;
  };
  twoInstances: FanoutRun & { subscriptionsOnA: number; subscriptionsOnB: number };
  /** Subscriptions refused while the pages opened (then tried again), by code. */
  refusedWhileOpening: Record<string, number>;
}

interface FanoutRun {
  /** From the `record` reply to the push having reached every subscriber of that session. */
  fromReplyMs: ReturnType<typeof summarize>;
  /** From sending `record` to the same moment. */
  fromSendMs: ReturnType<typeof summarize>;
  recordCallMs: ReturnType<typeof summarize>;
  openSeconds: number;
}

interface BenchSession {
  sessionId: string;
  /** Host first, then the participants, each the token its page's cookie carries. */
  tokens: string[];
  paid: number;
  /** This session's open pages (sockets). */
  pages: Page[];
  /** Set while a record of this session waits for its pushes. */
  waiting?: { expected: string; pending: Set<Page>; lastAt: number; done: () => void };
}

interface Page {
  socket: WebSocket;
  session: BenchSession;
}

export async function measureFanout(options: {
  environment: Record<string, string>;
  /** Creates an integration whose partner endpoint is `partnerUrl`; returns its id and API key. */
  provision(partnerUrl: string): Promise<{ integrationId: string; apiKey: string }>;
  subscriptions: number;
  sessions: number;
  records: number;
}): Promise<FanoutResult> {
  const perSession = Math.floor(options.subscriptions / options.sessions);
  if (perSession < 1 || perSession > PARTICIPANTS) throw new Error(`fanout: ${perSession} subscribers per session (1 to ${PARTICIPANTS})`);
  const partner = await startLocalServer((_req, res, body) => {
    const { paymentId } = JSON.parse(body) as { paymentId: string };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ redirectUrl: `http://127.0.0.1/checkout/${paymentId}` }));
  });
  const environment = {
    ...options.environment,
    METRICS_TOKEN,
    // Every page of this bench comes from 127.0.0.1, and many connect at once (not yet initialised).
    LIVE_SUBSCRIPTIONS_PER_ADDRESS: String(options.subscriptions * 2),
    LIVE_INIT_PENDING_PER_ADDRESS: '10000',
  };
  const a = await startChild('../main.js', environment, '/readyz');
  let b: ChildServer | undefined;
  try {
    const merchant = await options.provision(`${partner.url}/partner`);
    const documents = TrustedDocuments.load(PAY_DIST, true);
    const documentId = (operation: string) => documents.idOf(operation) ?? failWith(`the pay app has no ${operation} document`);
    const sessions = await createSessions(a.url, merchant, options.sessions, documentId);
    // Payments started before any page subscribes, so the only pushes measured are the records'.
    const firstRound = await startPayments(a.url, sessions, 1, options.records, documentId);
    const secondRound = await startPayments(a.url, sessions, 2, options.records, documentId);

    await settle();
    const idle = { rss: await a.rssMb(), heap: await heapUsedMb(a.url) };
    const opened = performance.now();
    const pages = await openPages([a], sessions, perSession, documentId('PaySessionUpdated'));
    const openSeconds = (performance.now() - opened) / 1000;
    await waitForSubscriptions([a], [pages.length]);
    await settle();
    const subscribed = { rss: await a.rssMb(), heap: await heapUsedMb(a.url) };
    const readsBefore = await liveMetric(a.url, 'paysplit_live_session_reads_total');
    const pushesBefore = await liveMetric(a.url, 'paysplit_live_pushes_total');
    const one = await recordAll(a.url, merchant.apiKey, firstRound);
    const sessionReads = (await liveMetric(a.url, 'paysplit_live_session_reads_total')) - readsBefore;
    const pushes = (await liveMetric(a.url, 'paysplit_live_pushes_total')) - pushesBefore;
    await closePages(pages);

    // The same pages split across two instances; every record still goes to A.
    b = await startChild('../main.js', environment, '/readyz');
    const openedTwo = performance.now();
    const split = await openPages([a, b], sessions, perSession, documentId('PaySessionUpdated'));
    const openSecondsTwo = (performance.now() - openedTwo) / 1000;
    const onA = Math.ceil(split.length / 2);
    await waitForSubscriptions([a, b], [onA, split.length - onA]);
    await settle();
    const two = await recordAll(a.url, merchant.apiKey, secondRound);
    await closePages(split);

    const count = pages.length;
    return {
      name: 'fanout',
      subscriptions: count,
      sessions: sessions.length,
      subscribersPerSession: perSession,
      records: options.records,
      targetP99Ms: 250,
      oneInstance: {
        ...one,
        openSeconds,
        rssIdleMb: idle.rss,
        rssSubscribedMb: subscribed.rss,
        heapUsedIdleMb: idle.heap,
        heapUsedSubscribedMb: subscribed.heap,
        rssPerSubscriptionKiB: Math.round(((subscribed.rss - idle.rss) * 1024) / count),
        heapPerSubscriptionKiB: Math.round(((subscribed.heap - idle.heap) * 1024 * 10) / count) / 10,
        sessionReads,
        pushes,
      },
      twoInstances: { ...two, openSeconds: openSecondsTwo, subscriptionsOnA: onA, subscriptionsOnB: split.length - onA },
      refusedWhileOpening: Object.fromEntries(
        [...new Set(refusals)].map((code) => [code, refusals.filter((each) => each === code).length]),
      ),
    };
  } finally {
    partner.server.close();
    await b?.stop();
    await a.stop();
  }
}

function failWith(message: string): never {
  throw new Error(message);
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Sessions of PARTICIPANTS people each (equal shares of SHARE_MINOR), with every person's token. */
async function createSessions(
  url: string,
  merchant: { integrationId: string; apiKey: string },
  count: number,
  documentId: (operation: string) => string,
): Promise<BenchSession[]> {
  const sessions: BenchSession[] = [];
  await inParallel(count, 8, async () => {
    const created = await postJson<{ sessionId: string; hostToken: string }>(
      `${url}/api/v1/payments/sessions`,
      {
        integrationId: merchant.integrationId,
        amountMinor: String(SHARE_MINOR * PARTICIPANTS),
        unconfigured: false,
        splitMode: 'equal',
        participants: Array.from({ length: PARTICIPANTS }, (_, index) => ({ displayName: index === 0 ? 'Host' : `Guest ${index}` })),
      },
      { 'x-service-api-key': merchant.apiKey },
    );
    const cookie = `${accessCookieName(created.sessionId)}=${created.hostToken}`;
    const view = await postJson<{ data: { paySession: { participants: { isHost: boolean; inviteUrl: string | null }[] } } }>(
      `${url}/graphql`,
      { documentId: documentId('PaySession'), variables: { sessionId: created.sessionId } },
      { cookie },
    );
    const guests = view.data.paySession.participants.filter((participant) => !participant.isHost);
    const tokens = guests.map((guest) => new URL(guest.inviteUrl!).searchParams.get('token')!);
    sessions.push({ sessionId: created.sessionId, tokens: [created.hostToken, ...tokens], paid: 0, pages: [] });
  });
  return sessions;
}

/** Starts one payment per record: guest `guest`'s share, session after session. */
async function startPayments(
  url: string,
  sessions: BenchSession[],
  guest: number,
  records: number,
  documentId: (operation: string) => string,
): Promise<{ session: BenchSession; paymentId: string }[]> {
  const started: { session: BenchSession; paymentId: string }[] = [];
  let next = 0;
  await inParallel(Math.min(records, sessions.length), 8, async () => {
    const session = sessions[next++]!;
    const answer = await postJson<{ data: { startPayment: { paymentId: string } } }>(
      `${url}/graphql`,
      { documentId: documentId('StartPayment'), variables: { sessionId: session.sessionId } },
      { cookie: `${accessCookieName(session.sessionId)}=${session.tokens[guest]!}` },
    );
    started.push({ session, paymentId: answer.data.startPayment.paymentId });
  });
  return started;
}

/** One socket per page, `perSession` pages per session (host first), spread over `servers` in turn. */
/** Codes of subscriptions refused while opening (then tried again). */
const refusals: string[] = [];

async function openPages(servers: ChildServer[], sessions: BenchSession[], perSession: number, documentId: string): Promise<Page[]> {
  const wanted = sessions.flatMap((session) =>
    Array.from({ length: perSession }, (_, index) => ({ session, token: session.tokens[index]! })),
  );
  const pages: Page[] = [];
  let next = 0;
  await inParallel(wanted.length, 50, async () => {
    const index = next++;
    const { session, token } = wanted[index]!;
    const server = servers[index % servers.length]!;
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { cookie: `${accessCookieName(session.sessionId)}=${token}`, origin: server.url },
    });
    const page: Page = { socket, session };
    let attempt = 0;
    const subscribe = () => {
      attempt += 1;
      const payload = { query: '', documentId, variables: { sessionId: session.sessionId } };
      socket.send(JSON.stringify({ id: String(attempt), type: 'subscribe', payload }));
    };
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as {
          type: string;
          payload?: { data?: { paySessionUpdated?: { paidMinor: string } } | null; errors?: { extensions?: { code?: string } }[] };
        };
        if (message.type === 'connection_ack') subscribe();
        else if (message.type === 'next' && message.payload?.errors) {
          // Refused while the instance was too busy to check the cookie in time: as the pay app
          // would, try again shortly (counted in the results).
          refusals.push(message.payload.errors[0]?.extensions?.code ?? 'unknown');
          setTimeout(subscribe, 500);
        } else if (message.type === 'next') {
          // The first push is the session as it is once subscribed: the page is open.
          resolve();
          arrived(page, message.payload?.data?.paySessionUpdated?.paidMinor);
        } else if (message.type === 'error') reject(new Error(`subscription refused: ${JSON.stringify(message.payload)}`));
      });
    });
    pages.push(page);
    session.pages.push(page);
  });
  return pages;
}

function arrived(page: Page, paidMinor: string | undefined): void {
  const waiting = page.session.waiting;
  if (!waiting || paidMinor !== waiting.expected || !waiting.pending.delete(page)) return;
  waiting.lastAt = performance.now();
  if (waiting.pending.size === 0) waiting.done();
}

async function closePages(pages: Page[]): Promise<void> {
  for (const page of pages) page.session.pages = [];
  await Promise.all(
    pages.map(
      (page) =>
        new Promise<void>((resolve) => {
          page.socket.once('close', () => resolve());
          page.socket.close(1000);
        }),
    ),
  );
}

/** Records every started payment (four at a time) and times the pushes to all of its session's pages. */
async function recordAll(
  url: string,
  apiKey: string,
  payments: { session: BenchSession; paymentId: string }[],
): Promise<Omit<FanoutRun, 'openSeconds'>> {
  const fromReply: number[] = [];
  const fromSend: number[] = [];
  const calls: number[] = [];
  const warmup = Math.min(20, Math.floor(payments.length / 10));
  let next = 0;
  await inParallel(payments.length, 4, async () => {
    const index = next++;
    const { session, paymentId } = payments[index]!;
    const pending = new Set(session.pages);
    let done!: () => void;
    const allArrived = new Promise<void>((resolve) => (done = resolve));
    const waiting = { expected: String(session.paid + SHARE_MINOR), pending, lastAt: 0, done };
    session.waiting = waiting;
    const sentAt = performance.now();
    await postJson(`${url}/api/v1/payments/record`, { paymentId, action: 'authorize' }, { 'x-service-api-key': apiKey });
    const repliedAt = performance.now();
    const timeout = setTimeout(done, 10_000);
    if (pending.size === 0) done();
    await allArrived;
    clearTimeout(timeout);
    session.waiting = undefined;
    if (pending.size > 0) throw new Error(`fanout: ${pending.size} pages of a session got no push within 10 s`);
    session.paid += SHARE_MINOR;
    if (index < warmup) return;
    // Pushes can beat the reply to the caller: then the pages were current when it returned.
    fromReply.push(Math.max(0, waiting.lastAt - repliedAt));
    fromSend.push(waiting.lastAt - sentAt);
    calls.push(repliedAt - sentAt);
  });
  return { fromReplyMs: summarize(fromReply), fromSendMs: summarize(fromSend), recordCallMs: summarize(calls) };
}

/** Runs `task` `count` times, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, task: () => Promise<void>): Promise<void> {
  let started = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (started < count) {
        started += 1;
        await task();
      }
    }),
  );
}

async function waitForSubscriptions(servers: ChildServer[], expected: number[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const counts = await Promise.all(servers.map((server) => liveMetric(server.url, 'paysplit_live_subscriptions')));
    if (counts.every((count, index) => count === expected[index])) return;
    if (Date.now() > deadline) throw new Error(`fanout: subscriptions ${counts.join('/')} instead of ${expected.join('/')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function metricsText(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`/metrics: ${response.status}`);
  return response.text();
}

async function liveMetric(url: string, name: string): Promise<number> {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(await metricsText(url));
  return Number(match?.[1] ?? Number.NaN);
}

async function heapUsedMb(url: string): Promise<number> {
  const match = /^paysplit_nodejs_heap_size_used_bytes (\S+)$/m.exec(await metricsText(url));
  return Math.round(Number(match?.[1] ?? Number.NaN) / 2 ** 20);
}

/** Lets the instance finish what the last step started (and its collector catch up). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));
