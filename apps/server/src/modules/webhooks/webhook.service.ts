import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import type { MerchantPrincipal } from '../integrations/api-key-authentication.service.js';
import { OUTBOX_CHANNEL } from './outbox.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { TEST_EVENT_TYPE, WebhookEvent } from './webhook-event.entity.js';
import type { Integration } from '../integrations/integration.entity.js';

/** Which events a caller may act on: one integration (API key), or an admin scope's integrations. */
export type EventScope = { integration: string } | { integration?: { owner: string } };

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
  async redeliver(
    em: EntityManager,
    scope: MerchantPrincipal | EventScope,
    eventId: string,
    audit?: (tx: EntityManager, event: WebhookEvent) => void,
  ): Promise<WebhookDelivery[]> {
    const where: EventScope = 'integrationId' in scope ? { integration: scope.integrationId } : scope;
    const event = isUuid(eventId) ? await em.findOne(WebhookEvent, { $and: [{ id: eventId }, where] }) : null;
    if (!event) throw new AppError(ErrorCode.NotFound, `Event ${eventId} not found`);
    return em.transactional(async (tx) => {
      audit?.(tx, event);
      const deliveries = await tx.find(WebhookDelivery, { event: event.id });
      if (deliveries.length === 0)
        throw new AppError(ErrorCode.InvalidState, 'This integration has no webhook URL; set one to deliver events');
      // Those already on their way (`delivering`) are left to finish.
      await requeue(
        tx,
        deliveries.filter((delivery) => delivery.status !== 'delivering'),
      );
      return deliveries;
    });
  }

  /**
   * Queues every failed delivery of an integration's events created in [from, to) for one more
   * round of attempts (decisions §6: "all failed events of a time range").
   */
  async replayFailed(
    em: EntityManager,
    integrationId: string,
    range: { from: Date; to: Date },
    audit: (tx: EntityManager, count: number) => void,
  ): Promise<number> {
    assertRange(range);
    return em.transactional(async (tx) => {
      const failed = await tx.find(WebhookDelivery, {
        status: 'failed',
        event: { integration: integrationId, createdAt: { $gte: range.from, $lt: range.to } },
      });
      audit(tx, failed.length);
      await requeue(tx, failed);
      return failed.length;
    });
  }

  /** A signed SERVICE_TEST_EVENT to the integration's webhook URL, through the same outbox and dispatcher as real events. */
  async sendTestEvent(
    em: EntityManager,
    integration: Integration,
    audit: (tx: EntityManager) => void,
  ): Promise<{ event: WebhookEvent; deliveries: WebhookDelivery[] }> {
    if (!integration.webhookUrl) throw new AppError(ErrorCode.InvalidState, 'Set a webhook URL first: the test event goes there');
    return em.transactional(async (tx) => {
      const now = new Date();
      const event = tx.create(WebhookEvent, {
        integration,
        session: null,
        type: TEST_EVENT_TYPE,
        sessionVersion: 0,
        body: '',
        createdAt: now,
      });
      event.body = JSON.stringify({
        eventId: event.id,
        type: TEST_EVENT_TYPE,
        createdAt: now.toISOString(),
        mode: 'test',
        integrationId: integration.id,
        message: 'A test event from the PaySplit administration area: verify its signature, then answer 2xx.',
      });
      const delivery = tx.create(WebhookDelivery, { event, url: integration.webhookUrl!, mode: 'test', nextAttemptAt: now });
      audit(tx);
      await tx.flush();
      await tx.execute(`select pg_notify('${OUTBOX_CHANNEL}', ?)`, [delivery.id]);
      return { event, deliveries: [delivery] };
    });
  }
}

/** Makes deliveries due now and wakes the dispatchers (the NOTIFY is sent when the transaction commits). */
async function requeue(tx: EntityManager, deliveries: WebhookDelivery[]): Promise<void> {
  for (const delivery of deliveries) {
    delivery.status = 'pending';
    delivery.nextAttemptAt = new Date();
    delivery.lastError = null;
  }
  await tx.flush();
  for (const delivery of deliveries) await tx.execute(`select pg_notify('${OUTBOX_CHANNEL}', ?)`, [delivery.id]);
}

/** A half-open range [from, to) that is not empty. */
export function assertRange(range: { from: Date; to: Date }): void {
  if (!(range.from < range.to)) {
    throw new AppError(ErrorCode.ValidationError, 'range.from must be before range.to', [
      { path: 'range', message: 'from must be before to' },
    ]);
  }
}
