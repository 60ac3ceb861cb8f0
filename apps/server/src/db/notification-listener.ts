import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from '../logger.js';

const HEARTBEAT_INTERVAL_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const FIRST_RETRY_MS = 1_000;
const LATER_RETRY_MS = 5_000;

export interface NotificationListenerOptions {
  databaseUrl: string;
  /** Channels to LISTEN on, each a plain identifier. */
  channels: readonly string[];
  /** application_name of the connection, so operators (and tests) find it in pg_stat_activity. */
  applicationName: string;
  logger: Logger;
  onNotification(channel: string, payload: string | undefined): void;
  /** After every (re)connection: notifications sent while disconnected were missed. */
  onConnected?(): void;
  /** When the connection is lost: changes may go unheard until `onConnected`. */
  onInterrupted?(): void;
  heartbeatIntervalMs?: number;
}

/**
 * One dedicated connection that LISTENs, for everything in PaySplit that is woken by NOTIFY (the
 * change feed, the job runner). A connection that silently died (a partition, a NAT
 * timeout) must not pass for listening: TCP keepalive plus a heartbeat that must answer in time.
 * An error, an `end` or a failed heartbeat all lead into the same single reconnect loop, which
 * retries until connected or stopped; no path can start a second loop or leak a client.
 */
export class NotificationListener {
  private client: pg.Client | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnecting: Promise<void> | undefined;
  private stopped = true;
  /** Cuts a reconnect loop's wait short when the listener stops. */
  private stopping = new AbortController();

  constructor(private readonly options: NotificationListenerOptions) {}

  /** True while the connection is up and LISTENing. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Connects and LISTENs; rejects when the first connection cannot be made. */
  async start(): Promise<void> {
    this.stopped = false;
    this.stopping = new AbortController();
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await this.disconnect();
    await this.reconnecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: this.options.applicationName,
      keepAlive: true,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    client.on('notification', (message) => this.options.onNotification(message.channel, message.payload));
    // Only the connection in use reconnects; a failure while connecting rejects connect() instead.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.heartbeat = setInterval(() => {
      client.query('select 1').catch((error: unknown) => this.lost(client, error));
    }, this.options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS).unref();
    this.options.onConnected?.();
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    clearInterval(this.heartbeat);
    if (client) this.options.onInterrupted?.();
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client, error: unknown): void {
    if (client !== this.client || this.stopped) return;
    this.options.logger.warn({ err: error, connection: this.options.applicationName }, 'LISTEN connection lost; reconnecting');
    this.reconnecting ??= this.reconnect().finally(() => {
      this.reconnecting = undefined;
    });
  }

  /** The one reconnect loop: until connected or stopped. */
  private async reconnect(): Promise<void> {
    await this.disconnect();
    for (let attempt = 0; !this.stopped; attempt += 1) {
      const waited = await sleep(attempt === 0 ? FIRST_RETRY_MS : LATER_RETRY_MS, true, { signal: this.stopping.signal, ref: false }).catch(
        () => false,
      );
      if (!waited || this.stopped) return;
      try {
        await this.connect();
        return;
      } catch (error) {
        this.options.logger.error({ err: error, connection: this.options.applicationName }, 'LISTEN reconnect failed');
      }
    }
  }
}
