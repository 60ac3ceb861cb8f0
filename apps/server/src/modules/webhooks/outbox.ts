import type { EntityManager } from '@mikro-orm/postgresql';
import type { Integration } from '../integrations/integration.entity.js';
import type { Session } from '../sessions/session.entity.js';
import type { EventType, WebhookEvent } from './webhook-event.entity.js';
import { webhookRepository } from './webhook.repository.js';

/**
 * Writes an event and its delivery inside the caller's transaction (the outbox): the event
 * exists if and only if the change it reports committed.
 */
export async function writeEvent(
  em: EntityManager,
  input: {
    integration: Integration;
    session: Session;
    type: EventType;
    payload: (eventId: string, createdAt: Date) => Record<string, unknown>;
    now: Date;
  },
): Promise<WebhookEvent> {
  const event = webhookRepository.addEvent(em, {
    integration: input.integration,
    session: input.session,
    type: input.type,
    sessionVersion: input.session.version,
    createdAt: input.now,
    body: (eventId) => JSON.stringify(input.payload(eventId, input.now)),
  });
  if (input.integration.webhookUrl) {
    await webhookRepository.queueDelivery(em, { event, url: input.integration.webhookUrl, mode: input.session.mode });
  }
  return event;
}
