import type { MikroORM } from '@mikro-orm/postgresql';
import { createSignedHeaders } from '@paysplit/sdk';
import { NotificationListener } from '../db/notification-listener.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../logger.js';
import type { SigningSecretsService } from '../modules/integrations/signing-secrets.service.js';
import { describeFetchError, fetchMerchant } from '../security/outbound.js';
import { type ClaimedDelivery, OUTBOX_CHANNEL, webhookRepository } from '../modules/webhooks/webhook.repository.js';

export interface WebhookDispatcherOptions {
  orm: MikroORM;
  databaseUrl: string;
  signingSecrets: SigningSecretsService;
  logger: Logger;
  /** Delay before retry n (decisions §6); after the last one the delivery is `failed`. */
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  /** How many deliveries one instance sends at once. */
  concurrency?: number;
  /** How long a claim lasts; an instance that dies mid-send loses its claim after this. */
  claimMs?: number;
  /** Upper bound between sweeps when no notification arrives (missed NOTIFY, retries due). */
  maxIdleMs?: number;
  random?: () => number;
  metrics?: Metrics;
  /** Test-mode deliveries may reach private addresses (config PRIVATE_TEST_URLS); default true. */
  privateTestUrls?: boolean;
}

const EXCERPT_BYTES = 1024;

/** application_name of the dispatcher's LISTEN connection. */
export const DISPATCHER_APPLICATION_NAME = 'paysplit-outbox-dispatcher';

/**
 * Sends outbox deliveries. Woken at once by LISTEN/NOTIFY when an event commits, and by a timer
 * for the next due retry. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances never send one attempt twice and a crashed instance's claims are taken over.
 */
export class WebhookDispatcher {
  private listener: NotificationListener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly outbox = webhookRepository;

  constructor(private readonly options: WebhookDispatcherOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.listener = new NotificationListener({
      databaseUrl: this.options.databaseUrl,
      channels: [OUTBOX_CHANNEL],
      applicationName: DISPATCHER_APPLICATION_NAME,
      logger: this.options.logger,
      onNotification: () => this.wake(),
      // Also after a reconnection: a NOTIFY sent while the connection was down is never heard.
      onConnected: () => this.wake(),
    });
    await this.listener.start();
  }

  /** Stops claiming, lets in-flight sends finish, and hands unsent claims back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.stop();
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs a sweep now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.sweep()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'webhook sweep failed'))
      .finally(() => {
        this.running = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async sweep(): Promise<void> {
    const concurrency = this.options.concurrency ?? 8;
    for (;;) {
      if (this.stopped) return;
      const free = concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      const claimed = await this.claim(free);
      if (claimed.length === 0) break;
      for (const delivery of claimed) {
        const sending: Promise<void> = this.send(delivery)
          .catch((error: unknown) =>
            this.options.logger.error({ err: error, deliveryId: delivery.id }, 'webhook delivery bookkeeping failed'),
          )
          .finally(() => {
            this.inFlight.delete(sending);
            // The outcome may have scheduled a retry: sweep again so the timer tracks it.
            this.wake();
          });
        this.inFlight.add(sending);
      }
    }
    await this.scheduleNextSweep();
  }

  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const claimMs = this.options.claimMs ?? Math.max(60_000, this.options.timeoutMs * 2);
    return this.outbox.claimDue(this.options.orm.em, limit, claimMs);
  }

  private async scheduleNextSweep(): Promise<void> {
    if (this.stopped) return;
    const maxIdleMs = this.options.maxIdleMs ?? 30_000;
    const dueInMs = await this.outbox.msUntilNextDue(this.options.orm.em);
    const delayMs = dueInMs === null ? maxIdleMs : Math.max(0, Math.min(maxIdleMs, Math.ceil(dueInMs)));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delayMs);
    this.timer.unref();
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const { webhook: secret } = await this.options.signingSecrets.currentSecrets(this.options.orm.em.fork(), delivery.integration_id);
    const startedAt = new Date();
    let statusCode: number | null = null;
    let excerpt: string | null = null;
    let error: string | null = null;
    let retryAfterMs = 0;
    try {
      const mode = delivery.mode === 'test' ? 'test' : 'live';
      const response = await fetchMerchant(
        delivery.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'PaySplit-Webhooks/1',
            ...createSignedHeaders({ id: delivery.event_id, body: delivery.body, secret }),
          },
          body: delivery.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        },
        mode,
        { privateInTestMode: this.options.privateTestUrls ?? true },
      );
      statusCode = response.status;
      excerpt = await readExcerpt(response);
      if (statusCode === 429 || statusCode === 503) retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    } catch (caught) {
      error = describeFetchError(caught, this.options.timeoutMs);
    }
    const durationMs = Date.now() - startedAt.getTime();
    // 3xx counts as failure: a webhook endpoint must answer, not redirect (decisions §6).
    const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const schedule = this.options.retryScheduleMs;
    const exhausted = delivery.attempt_count > schedule.length;
    const lastError = succeeded ? null : (error ?? `HTTP ${statusCode}`);
    let nextDelayMs = 0;
    if (!succeeded && !exhausted) {
      const base = schedule[delivery.attempt_count - 1]!;
      const jitter = 1 + ((this.options.random ?? Math.random)() * 0.2 - 0.1);
      nextDelayMs = Math.max(Math.round(base * jitter), retryAfterMs);
    }
    const status = succeeded ? 'succeeded' : exhausted ? 'failed' : 'retrying';
    await this.outbox.recordAttempt(this.options.orm.em, {
      delivery,
      startedAt,
      durationMs,
      statusCode,
      excerpt,
      error,
      status,
      lastError,
      nextDelayMs,
    });
    this.options.metrics?.webhookAttempts.inc({ outcome: succeeded ? 'delivered' : exhausted ? 'failed' : 'retry' });
    if (succeeded) this.options.metrics?.webhookDeliveryLatency.observe((Date.now() - new Date(delivery.created_at).getTime()) / 1000);
    const log = { deliveryId: delivery.id, eventId: delivery.event_id, attempt: delivery.attempt_count, statusCode, durationMs };
    if (succeeded) this.options.logger.info(log, 'webhook delivered');
    else
      this.options.logger.warn(
        { ...log, error: lastError, final: exhausted },
        exhausted ? 'webhook delivery failed for good' : 'webhook attempt failed; will retry',
      );
  }
}

async function readExcerpt(response: Awaited<ReturnType<typeof fetchMerchant>>): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

function parseRetryAfter(value: string | null): number {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - Date.now());
}
