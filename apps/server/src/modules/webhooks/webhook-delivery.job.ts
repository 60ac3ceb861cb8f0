import type { EntityManager } from '@mikro-orm/postgresql';
import { queueTable } from '../../db/job-queue.repository.js';
import type { Metrics } from '../../http/metrics.js';
import { kindSettings, type QueueJobKind, type QueueKindSettings } from '../../jobs/job-kind.js';
import type { Logger } from '../../logger.js';
import type { Listeners } from '../../listen/listeners.js';
import { callMerchant } from '../../security/merchant-call.js';
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
  /** While the integration has a listener (`paysplit listen`), its test-mode deliveries go there instead. */
  listeners?: Listeners;
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
    async run(delivery, { signal, attempt }) {
      const { webhook: secret } = await options.signingSecrets.currentSecrets(options.em(), delivery.integration_id);
      const reply = await callMerchant(
        {
          integrationId: delivery.integration_id,
          mode: delivery.mode === 'test' ? 'test' : 'live',
          kind: 'webhook',
          url: delivery.url,
          id: delivery.event_id,
          attempt,
          body: delivery.body,
          secret,
          headers: { 'content-type': 'application/json', 'user-agent': 'PaySplit-Webhooks/1' },
          timeoutMs: options.timeoutMs,
          signal,
          maxReplyBytes: EXCERPT_BYTES,
        },
        { listeners: options.listeners, privateTestUrls: options.privateTestUrls ?? true },
      );
      if (reply.kind === 'none') {
        return {
          outcome: { kind: 'retry', reason: reply.reason, notBeforeMs: 0 },
          result: { statusCode: null, excerpt: null, error: reply.reason },
        };
      }
      const { status: statusCode } = reply;
      const result = { statusCode, excerpt: reply.text, error: null };
      if (statusCode >= 200 && statusCode < 300) return { outcome: { kind: 'done' }, result };
      const retryAfterMs = statusCode === 429 || statusCode === 503 ? parseRetryAfter(reply.retryAfter) : 0;
      return { outcome: { kind: 'retry', reason: `HTTP ${statusCode}`, notBeforeMs: retryAfterMs }, result };
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

function parseRetryAfter(value: string | null): number {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - Date.now());
}
