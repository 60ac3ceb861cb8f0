import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid, TEST_EVENT_TYPE } from '@paysplit/domain';
import type { MerchantPrincipal } from '../integrations/index.js';
import type { WebhookDelivery } from './webhook-delivery.entity.js';
import { type WebhookEvent } from './webhook-event.entity.js';
import type { Integration } from '../integrations/index.js';
import type { EventWithDeliveries, WebhookRepository } from './webhook.repository.js';

/** Which events a caller may act on: one integration (API key), or an admin scope's integrations. */
export type EventScope = { integration: string } | { integration?: { owner: string } };

/** What a merchant can see and do about the events of their sessions. */
export class WebhookService {
  constructor(private readonly outbox: WebhookRepository) {}

  /** Deliveries not finished yet, by status (the /metrics gauge). */
  unfinishedByStatus(em: EntityManager): ReturnType<WebhookRepository['countUnfinishedByStatus']> {
    return this.outbox.countUnfinishedByStatus(em);
  }

  async eventsOfSession(em: EntityManager, merchant: MerchantPrincipal, sessionId: string): Promise<EventWithDeliveries[]> {
    if (!isUuid(sessionId)) return [];
    return this.outbox.eventsWithDeliveries(em, { sessionIds: [sessionId], integrationId: merchant.integrationId });
  }

  /** Sends an event again now (same eventId), whatever its deliveries' state; attempts keep counting. */
  async redeliver(
    em: EntityManager,
    scope: MerchantPrincipal | EventScope,
    eventId: string,
    audit?: (tx: EntityManager, event: WebhookEvent) => void,
  ): Promise<WebhookDelivery[]> {
    const where: EventScope = 'integrationId' in scope ? { integration: scope.integrationId } : scope;
    const event = isUuid(eventId) ? await this.outbox.findEvent(em, eventId, where) : null;
    if (!event) throw new AppError(ErrorCode.NotFound, `Event ${eventId} not found`);
    return em.transactional(async (tx) => {
      audit?.(tx, event);
      const deliveries = await this.outbox.deliveriesOfEvent(tx, event.id);
      if (deliveries.length === 0)
        throw new AppError(ErrorCode.InvalidState, 'This integration has no webhook URL; set one to deliver events');
      // Those already on their way (`delivering`) are left to finish.
      await this.outbox.requeue(
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
      const failed = await this.outbox.failedDeliveries(tx, integrationId, range);
      audit(tx, failed.length);
      await this.outbox.requeue(tx, failed);
      return failed.length;
    });
  }

  /** A signed SERVICE_TEST_EVENT to the integration's webhook URL, through the same outbox and job kind as real events. */
  async sendTestEvent(
    em: EntityManager,
    integration: Integration,
    audit: (tx: EntityManager) => void,
  ): Promise<{ event: WebhookEvent; deliveries: WebhookDelivery[] }> {
    if (!integration.webhookUrl) throw new AppError(ErrorCode.InvalidState, 'Set a webhook URL first: the test event goes there');
    return em.transactional(async (tx) => {
      const now = new Date();
      audit(tx);
      const event = this.outbox.addEvent(tx, {
        integration,
        session: null,
        type: TEST_EVENT_TYPE,
        sessionVersion: 0,
        createdAt: now,
        body: (eventId) =>
          JSON.stringify({
            eventId,
            type: TEST_EVENT_TYPE,
            createdAt: now.toISOString(),
            mode: 'test',
            integrationId: integration.id,
            message: 'A test event from the PaySplit administration area: verify its signature, then answer 2xx.',
          }),
      });
      const delivery = await this.outbox.queueDelivery(tx, { event, url: integration.webhookUrl!, mode: 'test' });
      return { event, deliveries: [delivery] };
    });
  }
}

/** A half-open range [from, to) that is not empty. */
export function assertRange(range: { from: Date; to: Date }): void {
  if (!(range.from < range.to)) {
    throw new AppError(ErrorCode.ValidationError, 'range.from must be before range.to', [
      { path: 'range', message: 'from must be before to' },
    ]);
  }
}
