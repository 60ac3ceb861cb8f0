import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { MerchantPrincipal } from '../integrations/integration.service.js';
import { isUuid } from '../integrations/integration.service.js';
import { OUTBOX_CHANNEL } from './outbox.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';

/** What a merchant can see and do about the events of their sessions. */
export class WebhookService {
  async eventsOfSession(
    em: EntityManager,
    merchant: MerchantPrincipal,
    sessionId: string,
  ): Promise<{ event: WebhookEvent; deliveries: WebhookDelivery[] }[]> {
    if (!isUuid(sessionId)) return [];
    const events = await em.find(
      WebhookEvent,
      { session: sessionId, integration: merchant.integrationId },
      { orderBy: { createdAt: 'asc' } },
    );
    const deliveries = await em.find(WebhookDelivery, { event: { $in: events.map((event) => event.id) } }, { populate: ['attempts'] });
    return events.map((event) => ({ event, deliveries: deliveries.filter((delivery) => delivery.event.id === event.id) }));
  }

  /** Sends an event again now (same eventId), whatever its deliveries' state; attempts keep counting. */
  async redeliver(em: EntityManager, merchant: MerchantPrincipal, eventId: string): Promise<WebhookDelivery[]> {
    const event = isUuid(eventId) ? await em.findOne(WebhookEvent, { id: eventId, integration: merchant.integrationId }) : null;
    if (!event) throw new AppError(ErrorCode.NotFound, `Event ${eventId} not found`);
    return em.transactional(async (tx) => {
      const deliveries = await tx.find(WebhookDelivery, { event: event.id });
      if (deliveries.length === 0)
        throw new AppError(ErrorCode.InvalidState, 'This integration has no webhook URL; set one to deliver events');
      for (const delivery of deliveries) {
        if (delivery.status === 'delivering') continue; // already on its way
        delivery.status = 'pending';
        delivery.nextAttemptAt = new Date();
        delivery.lastError = null;
      }
      await tx.flush();
      for (const delivery of deliveries) await tx.execute(`select pg_notify('${OUTBOX_CHANNEL}', ?)`, [delivery.id]);
      return deliveries;
    });
  }
}
