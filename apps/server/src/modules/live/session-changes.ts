import type { EventSubscriber } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationListener } from '../../db/notification-listener.js';
import type { Logger } from '../../logger.js';

/** Channel carrying the id of a session that changed; every instance listens. */
export const SESSION_CHANGED_CHANNEL = 'paysplit_session_changed';
/**
 * Channel carrying the id of an integration whose settings or API keys changed. Database triggers
 * announce it (migration 20261123040000), so even a change made by hand in SQL reaches every cache.
 */
export const INTEGRATION_CHANGED_CHANNEL = 'paysplit_integration_changed';

/** This process's own announcements, heard at once (the notification follows only after commit). */
const localSessionListeners = new Set<(sessionId: string) => void>();
/** Sessions announced in a transaction still open, to be heard again once it commits. */
const announcedInTransaction = new WeakMap<object, Set<string>>();

/**
 * Announces a change inside the caller's transaction: other listeners hear it only if it commits.
 * This instance's caches drop the session at once and again when the transaction commits (a read
 * in between may have kept the old state), so its next read after the commit goes to the database
 * without waiting for the notification to come back.
 */
export async function announceSessionChange(em: EntityManager, sessionId: string): Promise<void> {
  for (const listener of localSessionListeners) listener(sessionId);
  const transaction = em.getTransactionContext<object>();
  if (transaction) {
    const announced = announcedInTransaction.get(transaction) ?? new Set<string>();
    announced.add(sessionId);
    announcedInTransaction.set(transaction, announced);
  }
  await em.execute(`select pg_notify('${SESSION_CHANGED_CHANNEL}', ?)`, [sessionId]);
}

/** Registered on the ORM by the server: replays a committed transaction's announcements locally. */
export const committedAnnouncements: EventSubscriber = {
  afterTransactionCommit({ transaction }) {
    if (!transaction) return;
    const announced = announcedInTransaction.get(transaction);
    announcedInTransaction.delete(transaction);
    announced?.forEach((sessionId) => localSessionListeners.forEach((listener) => listener(sessionId)));
  },
  afterTransactionRollback({ transaction }) {
    if (transaction) announcedInTransaction.delete(transaction);
  },
};

type ChangeListener = (id: string) => void;

/** application_name of the feed's connection. */
export const CHANGE_FEED_APPLICATION_NAME = 'paysplit-change-feed';

/**
 * Fans PostgreSQL notifications out to the live subscriptions of this instance, so a payment
 * recorded on any instance reaches a pay page connected to any other (decisions §9).
 */
export class SessionChangeHub {
  private readonly feed: NotificationListener;
  private stopped = true;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly sessionListeners = new Set<ChangeListener>();
  private readonly integrationListeners = new Set<ChangeListener>();
  private readonly interruptionListeners = new Set<() => void>();
  /** Tells the session listeners; also what this instance's own announcements call, before they commit. */
  private readonly sessionChanged = (sessionId: string): void => this.sessionListeners.forEach((listener) => listener(sessionId));

  constructor(options: { databaseUrl: string; logger: Logger }) {
    this.feed = new NotificationListener({
      databaseUrl: options.databaseUrl,
      channels: [SESSION_CHANGED_CHANNEL, INTEGRATION_CHANGED_CHANNEL],
      applicationName: CHANGE_FEED_APPLICATION_NAME,
      logger: options.logger,
      onNotification: (channel, payload) => {
        if (!payload) return;
        if (channel === INTEGRATION_CHANGED_CHANNEL) {
          this.integrationListeners.forEach((listener) => listener(payload));
          return;
        }
        this.sessionChanged(payload);
        this.listeners.get(payload)?.forEach((listener) => listener());
      },
      // Changes during a gap are not replayed: caches are emptied, pay pages also poll.
      onInterrupted: () => this.interruptionListeners.forEach((listener) => listener()),
    });
  }

  /** True while notifications are being received: only then may caches trust that they hear every change. */
  get listening(): boolean {
    return this.feed.listening;
  }

  /** Hears every change of any session (notifications, and this instance's own announcements). */
  onSessionChange(listener: ChangeListener): void {
    this.sessionListeners.add(listener);
  }

  /** Hears every change of an integration's settings or keys. */
  onIntegrationChange(listener: ChangeListener): void {
    this.integrationListeners.add(listener);
  }

  /** Called when the connection is lost: changes may go unheard until it is back. */
  onInterruption(listener: () => void): void {
    this.interruptionListeners.add(listener);
  }

  async start(): Promise<void> {
    this.stopped = false;
    localSessionListeners.add(this.sessionChanged);
    await this.feed.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    localSessionListeners.delete(this.sessionChanged);
    await this.feed.stop();
    for (const listeners of this.listeners.values()) listeners.forEach((listener) => listener());
    this.listeners.clear();
  }

  /**
   * Yields once per change of the session (changes that arrive while the consumer is busy are
   * coalesced into one: the consumer always reads the latest state anyway). Ends on `return()`.
   */
  changes(sessionId: string): AsyncIterableIterator<true> {
    let pending = false;
    let wake: (() => void) | undefined;
    let done = false;
    const listener = (): void => {
      pending = true;
      wake?.();
    };
    const listeners = this.listeners.get(sessionId) ?? new Set();
    listeners.add(listener);
    this.listeners.set(sessionId, listeners);
    const finish = (): void => {
      done = true;
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(sessionId);
      wake?.();
    };
    const isStopped = (): boolean => this.stopped;
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next(): Promise<IteratorResult<true>> {
        while (!pending && !done && !isStopped()) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
        if (done || isStopped()) return { done: true, value: undefined };
        pending = false;
        return { done: false, value: true };
      },
      async return(): Promise<IteratorResult<true>> {
        finish();
        return { done: true, value: undefined };
      },
    };
  }
}
