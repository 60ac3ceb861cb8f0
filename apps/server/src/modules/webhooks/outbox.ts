import type { EntityManager } from '@mikro-orm/postgresql';
import type { Integration } from '../integrations/index.js';
import type { Session } from '../sessions/index.js';
import type { WebhookEventType } from '@paysplit/domain';
import type { WebhookEvent } from './webhook-event.entity.js';
import type { WebhookRepository } from './webhook.repository.js';

/**
 * Writes an event and its delivery inside the caller's transaction (the outbox): the event
 * exists if and only if the change it reports committed.
 */
export async function writeEvent(
  em: EntityManager,
  repository: WebhookRepository,
  input: {
    integration: Integration;
    session: Session;
    type: WebhookEventType;
    payload: (eventId: string, createdAt: Date) => Record<string, unknown>;
    now: Date;
  },
): Promise<WebhookEvent> {
  const event = repository.addEvent(em, {
    integration: input.integration,
    session: input.session,
    type: input.type,
    sessionVersion: input.session.version,
    createdAt: input.now,
    body: (eventId) => JSON.stringify(input.payload(eventId, input.now)),
  });
  if (input.integration.webhookUrl) {
    await repository.queueDelivery(em, { event, url: input.integration.webhookUrl, mode: input.session.mode });
  }
  return event;
}
