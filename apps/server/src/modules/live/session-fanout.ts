import { AppError, ErrorCode } from '@paysplit/domain';
import type { Logger } from '../../logger.js';

/** What a push carries: the session as read once for all its subscribers here, or a failed read. */
export type LiveSnapshot<Session> = { readonly ok: true; readonly session: Session | undefined } | { readonly ok: false };

/** The socket under a subscription, as far as the fan-out needs it. */
export interface LiveConnection {
  /** Bytes queued for the socket and not yet written to it (ws `bufferedAmount`). */
  bufferedAmount(): number;
  /** Closes the socket as too slow; its client reconnects and reloads the session. */
  closeAsSlow(): void;
}

export interface FanoutLimits {
  subscriptionsPerSession: number;
  subscriptionsPerAddress: number;
  sendBufferBytes: number;
}

export interface FanoutStats {
  /** Subscriptions open on this instance. */
  subscriptions: number;
  /** Sessions with at least one subscription here. */
  sessions: number;
  /** Session reads made for pushes: one per change per instance, whatever the number of subscribers (and one for pages joining). */
  reads: number;
  /** Snapshots handed to subscriptions. */
  pushes: number;
  /** Sockets closed because they left more than the send buffer bound unread. */
  closedAsSlow: number;
  /** Subscriptions refused by a bound. */
  refused: number;
}

interface Subscriber<Session> {
  readonly address: string;
  readonly connection: LiveConnection | undefined;
  /** The newest snapshot not yet taken: pushes that arrive while the socket is busy are coalesced. */
  latest: LiveSnapshot<Session> | undefined;
  wake: (() => void) | undefined;
  done: boolean;
  /**
   * Until its first snapshot: the number of reads of its session started before it subscribed.
   * Its page loaded the session before subscribing, and a change committed in between was
   * announced to nobody, so it is owed the result of the first read that starts after it joined.
   */
  owedReadAfter: number | undefined;
}

interface SessionSubscribers<Session> {
  readonly subscribers: Set<Subscriber<Session>>;
  /** Waiting for a read slot, or being read. */
  reading: boolean;
  /** A change or a new subscriber arrived during the read: read again once it ends (its result may predate them). */
  again: boolean;
  /** A change is waiting to be read: the next read goes to every subscriber, not only to those owed a first one. */
  changed: boolean;
  /** Reads of this session started so far (see Subscriber.owedReadAfter). */
  readsStarted: number;
}

/**
 * The live updates of one instance (docs/architecture.md, "Live updates"): every subscription of a
 * session waits here, and one change of that session means one read of it, whose result every
 * subscription then projects for its own viewer in memory. A socket that leaves too much unread is
 * closed instead of being sent more, so a slow or dead reader never holds the others up.
 */
export class SessionFanout<Session> {
  private readonly sessions = new Map<string, SessionSubscribers<Session>>();
  private readonly perAddress = new Map<string, number>();
  private readonly counters = { reads: 0, pushes: 0, closedAsSlow: 0, refused: 0 };
  private subscriptionCount = 0;
  private stopped = false;
  /** Sessions waiting for a read slot, in the order their change came. */
  private readonly queue: { key: string; entry: SessionSubscribers<Session> }[] = [];
  private readsRunning = 0;

  constructor(
    private readonly options: {
      /** Reads the session for a push, in a unit of work of its own. */
      load(sessionId: string): Promise<Session | undefined>;
      limits: FanoutLimits;
      logger: Logger;
      /**
       * Reads running at once: a burst of changes (an expiry sweep, the feed's reconnection, which
       * reads every watched session again) queues rather than taking the whole pool.
       */
      concurrentReads?: number;
    },
  ) {}

  get stats(): FanoutStats {
    return { subscriptions: this.subscriptionCount, sessions: this.sessions.size, ...this.counters };
  }

  /**
   * A subscription to a session's changes: yields a snapshot after each (coalesced while the
   * consumer is busy), ends on `return()` or when the fan-out stops. Refuses with
   * TOO_MANY_SUBSCRIPTIONS past the session's or the address's bound.
   */
  subscribe(sessionId: string, from: { address: string; connection?: LiveConnection }): AsyncIterableIterator<LiveSnapshot<Session>> {
    const key = sessionId.toLowerCase();
    const { limits } = this.options;
    const entry = this.sessions.get(key) ?? {
      subscribers: new Set<Subscriber<Session>>(),
      reading: false,
      again: false,
      changed: false,
      readsStarted: 0,
    };
    if (entry.subscribers.size >= limits.subscriptionsPerSession) {
      this.counters.refused += 1;
      throw new AppError(
        ErrorCode.TooManySubscriptions,
        `This session already has ${limits.subscriptionsPerSession} live subscriptions open; close one or reload later`,
      );
    }
    if ((this.perAddress.get(from.address) ?? 0) >= limits.subscriptionsPerAddress) {
      this.counters.refused += 1;
      throw new AppError(
        ErrorCode.TooManySubscriptions,
        `This address already has ${limits.subscriptionsPerAddress} live subscriptions open; close one or reload later`,
      );
    }
    const subscriber: Subscriber<Session> = {
      address: from.address,
      connection: from.connection,
      latest: undefined,
      wake: undefined,
      done: this.stopped,
      owedReadAfter: entry.readsStarted,
    };
    if (!this.stopped) {
      entry.subscribers.add(subscriber);
      this.sessions.set(key, entry);
      this.perAddress.set(from.address, (this.perAddress.get(from.address) ?? 0) + 1);
      this.subscriptionCount += 1;
      // Its first snapshot: pages that join together share one read, like changes do.
      this.scheduleRead(key, entry);
    }
    const end = (): void => this.remove(key, subscriber);
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next(): Promise<IteratorResult<LiveSnapshot<Session>>> {
        while (subscriber.latest === undefined && !subscriber.done) {
          await new Promise<void>((resolve) => (subscriber.wake = resolve));
          subscriber.wake = undefined;
        }
        const latest = subscriber.latest;
        subscriber.latest = undefined;
        if (subscriber.done || latest === undefined) return { done: true, value: undefined };
        return { done: false, value: latest };
      },
      async return(): Promise<IteratorResult<LiveSnapshot<Session>>> {
        end();
        return { done: true, value: undefined };
      },
    };
  }

  /** A session changed (a notification): read it once, if anyone here is watching, and push. */
  changed(sessionId: string): void {
    const key = sessionId.toLowerCase();
    const entry = this.sessions.get(key);
    if (!entry || this.stopped) return;
    entry.changed = true;
    this.scheduleRead(key, entry);
  }

  private scheduleRead(key: string, entry: SessionSubscribers<Session>): void {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    this.queue.push({ key, entry });
    this.startReads();
  }

  /** After a gap in the change feed: changes may have been missed, so every watched session is read again. */
  refreshAll(): void {
    for (const key of this.sessions.keys()) this.changed(key);
  }

  /** Ends every subscription (the app is stopping). */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    for (const [key, entry] of this.sessions) for (const subscriber of [...entry.subscribers]) this.remove(key, subscriber);
  }

  private startReads(): void {
    const slots = this.options.concurrentReads ?? 8;
    while (this.readsRunning < slots && this.queue.length > 0) {
      const { key, entry } = this.queue.shift()!;
      this.readsRunning += 1;
      void this.readAndPush(key, entry).finally(() => {
        this.readsRunning -= 1;
        this.startReads();
      });
    }
  }

  private async readAndPush(key: string, entry: SessionSubscribers<Session>): Promise<void> {
    try {
      // Its last page left while it waited for a slot.
      if (this.stopped || this.sessions.get(key) !== entry) return;
      do {
        entry.again = false;
        const forEveryone = entry.changed;
        entry.changed = false;
        entry.readsStarted += 1;
        const read = entry.readsStarted;
        let snapshot: LiveSnapshot<Session>;
        try {
          this.counters.reads += 1;
          snapshot = { ok: true, session: await this.options.load(key) };
        } catch (error) {
          this.options.logger.warn({ err: error, sessionId: key }, 'live update: reading the session failed');
          snapshot = { ok: false };
        }
        // Pushed even when a change came during the read (that change is read again at once):
        // reads of one session run one after another, so this is still newer than what the pages
        // have, and a burst of changes cannot hold every push back until it ends.
        this.push(key, entry, snapshot, { read, forEveryone });
      } while (entry.again && !this.stopped && this.sessions.get(key) === entry);
    } finally {
      entry.reading = false;
    }
  }

  /**
   * Hands a snapshot to every subscriber after a change, or only to those owed their first one
   * (a read made because pages joined: the others already have what it shows).
   */
  private push(
    key: string,
    entry: SessionSubscribers<Session>,
    snapshot: LiveSnapshot<Session>,
    { read, forEveryone }: { read: number; forEveryone: boolean },
  ): void {
    const bound = this.options.limits.sendBufferBytes;
    for (const subscriber of [...entry.subscribers]) {
      const owed = subscriber.owedReadAfter !== undefined && read > subscriber.owedReadAfter;
      if (!forEveryone && !owed) continue;
      if (owed) subscriber.owedReadAfter = undefined;
      // A socket that left this much unread is not reading: close it rather than queue more.
      if (subscriber.connection && subscriber.connection.bufferedAmount() > bound) {
        this.counters.closedAsSlow += 1;
        this.remove(key, subscriber);
        subscriber.connection.closeAsSlow();
        continue;
      }
      this.counters.pushes += 1;
      subscriber.latest = snapshot;
      subscriber.wake?.();
    }
  }

  private remove(key: string, subscriber: Subscriber<Session>): void {
    if (subscriber.done) return;
    subscriber.done = true;
    subscriber.wake?.();
    const entry = this.sessions.get(key);
    if (!entry?.subscribers.delete(subscriber)) return;
    if (entry.subscribers.size === 0) this.sessions.delete(key);
    const left = (this.perAddress.get(subscriber.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(subscriber.address, left);
    else this.perAddress.delete(subscriber.address);
    this.subscriptionCount -= 1;
  }
}
