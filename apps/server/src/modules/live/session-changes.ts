import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
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

/**
 * Announces a change inside the caller's transaction: other listeners hear it only if it commits.
 * This instance's caches drop the session right away too, so its next read goes to the database.
 */
export async function announceSessionChange(em: EntityManager, sessionId: string): Promise<void> {
  for (const listener of localSessionListeners) listener(sessionId);
  await em.execute(`select pg_notify('${SESSION_CHANGED_CHANNEL}', ?)`, [sessionId]);
}

type ChangeListener = (id: string) => void;

/**
 * Fans PostgreSQL notifications out to the live subscriptions of this instance, so a payment
 * recorded on any instance reaches a pay page connected to any other (decisions §9).
 */
export class SessionChangeHub {
  private client: pg.Client | undefined;
  private stopped = true;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly sessionListeners = new Set<ChangeListener>();
  private readonly integrationListeners = new Set<ChangeListener>();
  private readonly interruptionListeners = new Set<() => void>();
  private readonly hearOwnAnnouncement = (sessionId: string): void => this.sessionListeners.forEach((listener) => listener(sessionId));

  constructor(private readonly options: { databaseUrl: string; logger: Logger }) {}

  /** True while notifications are being received: only then may caches trust that they hear every change. */
  get listening(): boolean {
    return this.client !== undefined;
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
    localSessionListeners.add(this.hearOwnAnnouncement);
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === INTEGRATION_CHANGED_CHANNEL) {
        this.integrationListeners.forEach((listener) => listener(message.payload!));
        return;
      }
      this.sessionListeners.forEach((listener) => listener(message.payload!));
      this.listeners.get(message.payload)?.forEach((listener) => listener());
    });
    client.on('error', (error) => {
      this.options.logger.warn({ err: error }, 'live-update listener connection lost; reconnecting');
      void this.restart();
    });
    await client.connect();
    await client.query(`LISTEN ${SESSION_CHANGED_CHANNEL}`);
    await client.query(`LISTEN ${INTEGRATION_CHANGED_CHANNEL}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    localSessionListeners.delete(this.hearOwnAnnouncement);
    const client = this.client;
    this.client = undefined;
    this.interruptionListeners.forEach((listener) => listener());
    await client?.end().catch(() => undefined);
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

  private async restart(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.interruptionListeners.forEach((listener) => listener());
    await client?.end().catch(() => undefined);
    if (this.stopped) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (this.stopped) return;
    // Changes during the gap are not replayed; pay pages also poll when their socket drops.
    await this.start().catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'live-update listener reconnect failed');
      setTimeout(() => void this.restart(), 5000).unref();
    });
  }
}
