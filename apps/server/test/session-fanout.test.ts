import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { type LiveSnapshot, SessionFanout } from '../src/modules/live/session-fanout.js';

const SESSION = '6f1d2c1e-8a43-4e57-9a1f-2b7c3d4e5f60';
const logger = createLogger({ level: 'silent' });
const limits = { subscriptionsPerSession: 10, subscriptionsPerAddress: 10, sendBufferBytes: 1_000 };

/** A load whose every call waits until the test lets it finish. */
function controlledLoad() {
  const calls: { sessionId: string; finish: (value: string) => void }[] = [];
  const load = (sessionId: string) => new Promise<string | undefined>((resolve) => calls.push({ sessionId, finish: resolve }));
  return { calls, load };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SessionFanout', () => {
  it('reads once per change for all subscribers, and once more for changes during a read', async () => {
    const { calls, load } = controlledLoad();
    const fanout = new SessionFanout<string>({ load, limits, logger });
    const pages = Array.from({ length: 5 }, () => fanout.subscribe(SESSION.toUpperCase(), { address: '10.0.0.1' }));
    // Each page's first snapshot: the read started for the first page was running when the other
    // four joined, so one more read follows for them, not four.
    expect(calls).toHaveLength(1);
    calls[0]!.finish('as the first page joined');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.finish('as the others joined');
    const joined = (await Promise.all(pages.map((page) => page.next()))).map((result) => result.value as LiveSnapshot<string>);
    expect(joined.map((snapshot) => snapshot.ok && snapshot.session)).toEqual([
      'as the first page joined',
      ...Array.from({ length: 4 }, () => 'as the others joined'),
    ]);

    const next = pages.map((page) => page.next());
    fanout.changed(SESSION);
    fanout.changed(SESSION); // during the read: one more read after it, not two
    fanout.changed(SESSION);
    expect(calls).toHaveLength(3);
    calls[2]!.finish('older');
    await tick();
    expect(calls).toHaveLength(4);
    // The read overtaken by a change is still pushed (newer than what the pages have: a burst of
    // changes must not hold every push back), and the read after it follows.
    const first = (await Promise.all(next)).map((result) => result.value as LiveSnapshot<string>);
    expect(first).toEqual(Array.from({ length: 5 }, () => ({ ok: true, session: 'older' })));
    const then = pages.map((page) => page.next());
    calls[3]!.finish('v2');
    const pushed = (await Promise.all(then)).map((result) => result.value as LiveSnapshot<string>);
    expect(pushed).toEqual(Array.from({ length: 5 }, () => ({ ok: true, session: 'v2' })));
    expect(fanout.stats).toMatchObject({ subscriptions: 5, sessions: 1, reads: 4, pushes: 15 });
    fanout.changed('00000000-0000-4000-8000-000000000000'); // nobody watches it here: no read
    expect(calls).toHaveLength(4);
    for (const page of pages) await page.return?.();
    expect(fanout.stats).toMatchObject({ subscriptions: 0, sessions: 0 });
  });

  it('gives a page that subscribes the session as read after it joined, so a change made while it loaded is not lost', async () => {
    const { calls, load } = controlledLoad();
    const fanout = new SessionFanout<string>({ load, limits, logger });
    const watching = fanout.subscribe(SESSION, { address: '10.0.0.1' });
    calls[0]!.finish('v1');
    expect((await watching.next()).value).toEqual({ ok: true, session: 'v1' });

    // A change is being read when the new page joins: the page gets it like every page, but that
    // read may predate the page's own load, so the read after it is the page's too (and only its).
    fanout.changed(SESSION);
    const joining = fanout.subscribe(SESSION, { address: '10.0.0.2' });
    const [watchingNext, joiningNext] = [watching.next(), joining.next()];
    calls[1]!.finish('v2');
    expect(await watchingNext).toEqual({ done: false, value: { ok: true, session: 'v2' } });
    expect(await joiningNext).toEqual({ done: false, value: { ok: true, session: 'v2' } });
    await tick();
    expect(calls).toHaveLength(3);
    const joiningThen = joining.next();
    calls[2]!.finish('v2, read after the page joined');
    expect(await joiningThen).toEqual({ done: false, value: { ok: true, session: 'v2, read after the page joined' } });
    expect(fanout.stats).toMatchObject({ reads: 3, pushes: 4 });

    // Nothing more until the next change, which both get.
    const both = [watching.next(), joining.next()];
    await tick();
    expect(calls).toHaveLength(3);
    fanout.changed(SESSION);
    calls[3]!.finish('v3');
    expect((await Promise.all(both)).map((result) => result.value)).toEqual([
      { ok: true, session: 'v3' },
      { ok: true, session: 'v3' },
    ]);
  });

  it('closes a subscriber whose socket left too much unread, and still pushes to the others', async () => {
    const { calls, load } = controlledLoad();
    const fanout = new SessionFanout<string>({ load, limits, logger });
    let closed = 0;
    const slow = fanout.subscribe(SESSION, {
      address: '10.0.0.1',
      connection: { bufferedAmount: () => 5_000, closeAsSlow: () => (closed += 1) },
    });
    const fine = fanout.subscribe(SESSION, {
      address: '10.0.0.2',
      connection: { bufferedAmount: () => 10, closeAsSlow: () => (closed += 100) },
    });
    const [slowNext, fineNext] = [slow.next(), fine.next()];
    fanout.changed(SESSION);
    calls[0]!.finish('as the slow page joined'); // already too much unread: closed, not pushed to
    await tick();
    calls[1]!.finish('v1');
    expect(await fineNext).toEqual({ done: false, value: { ok: true, session: 'v1' } });
    expect(await slowNext).toEqual({ done: true, value: undefined });
    expect(closed).toBe(1);
    expect(fanout.stats).toMatchObject({ subscriptions: 1, closedAsSlow: 1 });
  });

  it('pushes a failed read as such, so each page can say so', async () => {
    const fanout = new SessionFanout<string>({ load: () => Promise.reject(new Error('database down')), limits, logger });
    const page = fanout.subscribe(SESSION, { address: '10.0.0.1' });
    const next = page.next();
    fanout.changed(SESSION);
    expect(await next).toEqual({ done: false, value: { ok: false } });
  });

  it('refuses past the bounds with TOO_MANY_SUBSCRIPTIONS and gives places back on return, and ends everything on stop', async () => {
    const fanout = new SessionFanout<string>({
      load: async () => 'v',
      limits: { ...limits, subscriptionsPerSession: 2, subscriptionsPerAddress: 3 },
      logger,
    });
    const first = fanout.subscribe(SESSION, { address: 'a' });
    fanout.subscribe(SESSION, { address: 'a' });
    expect(() => fanout.subscribe(SESSION, { address: 'b' })).toThrow(expect.objectContaining({ code: 'TOO_MANY_SUBSCRIPTIONS' }));
    const other = '00000000-0000-4000-8000-000000000001';
    fanout.subscribe(other, { address: 'a' });
    expect(() => fanout.subscribe(other, { address: 'a' })).toThrow(/address already has 3/);
    await first.return?.();
    const again = fanout.subscribe(other, { address: 'a' });
    expect(fanout.stats).toMatchObject({ subscriptions: 3, refused: 2 });
    const next = again.next();
    fanout.stop();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(fanout.stats.subscriptions).toBe(0);
  });
});
