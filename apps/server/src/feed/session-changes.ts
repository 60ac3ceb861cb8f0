import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationListener } from '../db/notification-listener.js';
import type { Logger } from '../logger.js';
import { ChangeNotificationRepository, SESSION_CHANGED_CHANNEL } from './change-notification.repository.js';

export { SESSION_CHANGED_CHANNEL };

/**
 * Channel carrying the id of an integration whose settings or API keys changed. Database triggers
 * announce it (migration 20261123040000), so even a change made by hand in SQL reaches every cache.
 */
export const INTEGRATION_CHANGED_CHANNEL = 'paysplit_integration_changed';

/**
 * Announces session changes for one app: made in createApp and registered on the ORM as a
 * subscriber once, so two apps in one process (tests) keep their listeners apart.
 */
export class SessionChangeAnnouncer implements EventSubscriber {
  /** This app's own announcements, heard at once (the notification follows only after commit). */
  private readonly localListeners = new Set<(sessionId: string) => void>();
  /** Sessions announced in a transaction still open, to be heard again once it commits. */
  private readonly announcedInTransaction = new WeakMap<object, Set<string>>();

  constructor(private readonly notifications = new ChangeNotificationRepository()) {}

  /** Hears this app's own announcements (at once, and again after their transaction commits). */
  onLocalChange(listener: (sessionId: string) => void): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  /**
   * Announces a change inside the caller's transaction: other listeners hear it only if it commits.
   * This instance's caches drop the session at once and again when the transaction commits (a read
   * in between may have kept the old state), so its next read after the commit goes to the database
   * without waiting for the notification to come back.
   */
  async announce(em: EntityManager, sessionId: string): Promise<void> {
    this.tell(sessionId);
    const transaction = em.getTransactionContext<object>();
    if (transaction) {
      const announced = this.announcedInTransaction.get(transaction) ?? new Set<string>();
      announced.add(sessionId);
      this.announcedInTransaction.set(transaction, announced);
    }
    await this.notifications.notifySessionChanged(em, sessionId);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const announced = this.announcedInTransaction.get(transaction);
    this.announcedInTransaction.delete(transaction);
    announced?.forEach((sessionId) => this.tell(sessionId));
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.announcedInTransaction.delete(transaction);
  }

  private tell(sessionId: string): void {
    this.localListeners.forEach((listener) => listener(sessionId));
  }
}

type ChangeListener = (id: string) => void;

/** application_name of the feed's connection. */
export const CHANGE_FEED_APPLICATION_NAME = 'paysplit-change-feed';

/**
 * Hears PostgreSQL notifications for this instance: the caches and the live updates' fan-out
 * (session-fanout.ts) listen here, so a payment recorded on any instance reaches a pay page
 * connected to any other (decisions §9). One connection per instance, whatever the subscribers.
 */
export class SessionChangeHub {
  private readonly feed: NotificationListener;
  private readonly sessionListeners = new Set<ChangeListener>();
  private readonly notifiedListeners = new Set<ChangeListener>();
  private readonly integrationListeners = new Set<ChangeListener>();
  private readonly interruptionListeners = new Set<() => void>();
  private readonly reconnectionListeners = new Set<() => void>();
  /** Listeners of the further channels this app asked the feed's connection to hear. */
  private readonly channelListeners = new Map<string, Set<(payload: string) => void>>();
  /** Tells the session listeners; also what this instance's own announcements call, before they commit. */
  private readonly sessionChanged = (sessionId: string): void => this.sessionListeners.forEach((listener) => listener(sessionId));

  private stopListeningLocally: (() => void) | undefined;

  constructor(
    private readonly options: {
      databaseUrl: string;
      logger: Logger;
      announcer: SessionChangeAnnouncer;
      /** Further channels heard on the same connection (onChannel), e.g. the listen connections'. */
      channels?: readonly string[];
    },
  ) {
    for (const channel of options.channels ?? []) this.channelListeners.set(channel, new Set());
    this.feed = new NotificationListener({
      databaseUrl: options.databaseUrl,
      channels: [SESSION_CHANGED_CHANNEL, INTEGRATION_CHANGED_CHANNEL, ...this.channelListeners.keys()],
      applicationName: CHANGE_FEED_APPLICATION_NAME,
      logger: options.logger,
      onNotification: (channel, payload) => {
        if (!payload) return;
        const others = this.channelListeners.get(channel);
        if (others) {
          others.forEach((listener) => listener(payload));
          return;
        }
        if (channel === INTEGRATION_CHANGED_CHANNEL) {
          this.integrationListeners.forEach((listener) => listener(payload));
          return;
        }
        this.sessionChanged(payload);
        this.notifiedListeners.forEach((listener) => listener(payload));
      },
      onConnected: () => this.reconnectionListeners.forEach((listener) => listener()),
      // Changes during a gap are not replayed: caches are emptied, live pages are read again on reconnection.
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

  /**
   * Hears each committed change of a session once, by its notification (this instance's own
   * changes included, after their commit): what live pages are pushed on.
   */
  onCommittedSessionChange(listener: ChangeListener): void {
    this.notifiedListeners.add(listener);
  }

  /** Hears every change of an integration's settings or keys. */
  onIntegrationChange(listener: ChangeListener): void {
    this.integrationListeners.add(listener);
  }

  /** Hears the notifications of one of the further channels given at construction. */
  onChannel(channel: string, listener: (payload: string) => void): void {
    const listeners = this.channelListeners.get(channel);
    if (!listeners) throw new Error(`the change feed does not listen on ${channel}`);
    listeners.add(listener);
  }

  /** Called when the connection is lost: changes may go unheard until it is back. */
  onInterruption(listener: () => void): void {
    this.interruptionListeners.add(listener);
  }

  /** Called after every (re)connection: what changed during a gap was not heard. */
  onReconnection(listener: () => void): void {
    this.reconnectionListeners.add(listener);
  }

  async start(): Promise<void> {
    this.stopListeningLocally ??= this.options.announcer.onLocalChange(this.sessionChanged);
    await this.feed.start();
  }

  async stop(): Promise<void> {
    this.stopListeningLocally?.();
    this.stopListeningLocally = undefined;
    await this.feed.stop();
  }
}
