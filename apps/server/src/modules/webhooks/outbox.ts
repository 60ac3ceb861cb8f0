import type { EntityManager } from '@mikro-orm/postgresql';
import type { Integration } from '../integrations/integration.entity.js';
import type { Session } from '../sessions/session.entity.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { type EventType, WebhookEvent } from './webhook-event.entity.js';

/** The channel dispatchers LISTEN on; the payload is a delivery id. */
export const OUTBOX_CHANNEL = 'paysplit_outbox';

/**
 * Writes an event and its delivery inside the caller's transaction (the outbox): the event
 * exists if and only if the change it reports committed. The NOTIFY is transactional too, so
 * dispatchers wake exactly when the row becomes visible.
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
  const event = em.create(WebhookEvent, {
    integration: input.integration,
    session: input.session,
    type: input.type,
    sessionVersion: input.session.version,
    body: '',
    createdAt: input.now,
  });
  event.body = JSON.stringify(input.payload(event.id, input.now));
  if (input.integration.webhookUrl) {
    // Due now by the dispatcher's (wall) clock, whatever business time the event carries.
    const delivery = em.create(WebhookDelivery, {
      event,
      url: input.integration.webhookUrl,
      mode: input.session.mode,
      nextAttemptAt: new Date(),
    });
    await em.flush();
    await em.execute(`select pg_notify('${OUTBOX_CHANNEL}', ?)`, [delivery.id]);
  }
  return event;
}
