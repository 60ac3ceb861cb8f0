import type { WebhookDelivery } from './webhook-delivery.entity.js';
import type { WebhookEvent } from './webhook-event.entity.js';
import { WebhookAttemptView, WebhookDeliveryView, WebhookEventView } from './webhook.types.js';

export function toDeliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  const settled = delivery.status === 'succeeded' || delivery.status === 'failed';
  return Object.assign(new WebhookDeliveryView(), {
    id: delivery.id,
    url: delivery.url,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: settled ? null : delivery.nextAttemptAt,
    deliveredAt: delivery.deliveredAt ?? null,
    lastError: delivery.lastError ?? null,
    attempts: delivery.attempts.isInitialized()
      ? delivery.attempts.getItems().map((attempt) =>
          Object.assign(new WebhookAttemptView(), {
            attemptNumber: attempt.attemptNumber,
            startedAt: attempt.startedAt,
            durationMs: attempt.durationMs,
            statusCode: attempt.statusCode ?? null,
            responseExcerpt: attempt.responseExcerpt ?? null,
            error: attempt.error ?? null,
          }),
        )
      : [],
  });
}

export function toEventView(event: WebhookEvent, deliveries: WebhookDelivery[]): WebhookEventView {
  return Object.assign(new WebhookEventView(), {
    eventId: event.id,
    type: event.type,
    sessionVersion: event.sessionVersion,
    createdAt: event.createdAt,
    payload: JSON.parse(event.body) as Record<string, unknown>,
    deliveries: deliveries.map(toDeliveryView),
  });
}
