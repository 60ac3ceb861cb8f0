import type { EntityManager } from '@mikro-orm/postgresql';
import { createSignedHeaders } from '@paysplit/sdk';
import { queueTable } from '../../db/job-queue.repository.js';
import type { Metrics } from '../../http/metrics.js';
import { kindSettings, type QueueJobKind, type QueueKindSettings } from '../../jobs/job-kind.js';
import type { Logger } from '../../logger.js';
import { describeFetchError, fetchMerchant } from '../../security/outbound.js';
import type { SigningSecretsService } from '../integrations/index.js';
import { OUTBOX_CHANNEL, type OutgoingDelivery, type WebhookRepository } from './webhook.repository.js';

const EXCERPT_BYTES = 1024;

/** The webhook_delivery table as the queue of webhook deliveries. */
export const WEBHOOK_DELIVERY_QUEUE = queueTable('webhook_delivery', OUTBOX_CHANNEL, 'status', {
  waiting: ['pending', 'retrying'],
  running: 'delivering',
  done: 'succeeded',
  failed: 'failed',
  retry: 'retrying',
});

/** The schedule is WEBHOOK_RETRY_SCHEDULE (decisions §6); the lease WEBHOOK_CLAIM_MS, at least twice the timeout. */
export interface WebhookDeliveryJobOptions extends QueueKindSettings {
  em: () => EntityManager;
  repository: WebhookRepository;
  signingSecrets: SigningSecretsService;
  timeoutMs: number;
  logger: Logger;
  metrics?: Metrics;
  /** Test-mode deliveries may reach private addresses (config PRIVATE_TEST_URLS); default true. */
  privateTestUrls?: boolean;
}

export interface SendResult {
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
}

/**
 * Sending an outbox delivery as a job kind: one signed POST per attempt, recorded in
 * webhook_attempt. 2xx delivers; anything else (3xx too: an endpoint must answer, not redirect,
 * decisions §6) is retried on the schedule, no sooner than a 429's or 503's Retry-After.
 */
export function webhookDeliveryJob(options: WebhookDeliveryJobOptions): QueueJobKind<OutgoingDelivery, SendResult> {
  return {
    name: 'webhook-delivery',
    queue: WEBHOOK_DELIVERY_QUEUE,
    ...kindSettings(options, 8),
    load: (em, ids) => options.repository.deliveriesOf(em, ids),
    async run(delivery, { signal }) {
      const { webhook: secret } = await options.signingSecrets.currentSecrets(options.em(), delivery.integration_id);
      let statusCode: number | null = null;
      let excerpt: string | null = null;
      let error: string | null = null;
      let retryAfterMs = 0;
      try {
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
            signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
          },
          delivery.mode === 'test' ? 'test' : 'live',
          { privateInTestMode: options.privateTestUrls ?? true },
        );
        statusCode = response.status;
        excerpt = await readExcerpt(response);
        if (statusCode === 429 || statusCode === 503) retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      } catch (caught) {
        error = describeFetchError(caught, options.timeoutMs);
      }
      const result = { statusCode, excerpt, error };
      if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { outcome: { kind: 'done' }, result };
      return { outcome: { kind: 'retry', reason: error ?? `HTTP ${statusCode}`, notBeforeMs: retryAfterMs }, result };
    },
    async record(tx, delivery, attempt, result) {
      await options.repository.recordAttempt(tx, {
        deliveryId: delivery.id,
        attempt: attempt.attempt,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        ...result,
        succeeded: attempt.decision.kind === 'done',
        lastError: attempt.outcome.kind === 'done' ? null : attempt.outcome.reason,
      });
    },
    after(delivery, attempt, result) {
      const { decision } = attempt;
      options.metrics?.webhookAttempts.inc({
        outcome: decision.kind === 'done' ? 'delivered' : decision.kind === 'failed' ? 'failed' : 'retry',
      });
      const log = {
        deliveryId: delivery.id,
        eventId: delivery.event_id,
        attempt: attempt.attempt,
        statusCode: result.statusCode,
        durationMs: attempt.durationMs,
      };
      if (decision.kind === 'done') {
        options.metrics?.webhookDeliveryLatency.observe((Date.now() - new Date(delivery.created_at).getTime()) / 1000);
        options.logger.info(log, 'webhook delivered');
      } else {
        const final = decision.kind === 'failed';
        options.logger.warn(
          { ...log, error: decision.reason, final },
          final ? 'webhook delivery failed for good' : 'webhook attempt failed; will retry',
        );
      }
    },
  };
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
