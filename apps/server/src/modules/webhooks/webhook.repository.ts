import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { Integration } from '../integrations/index.js';
import type { Session } from '../sessions/index.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';
import { placeholders } from '../../db/bindings.js';
import { type TEST_EVENT_TYPE, type WebhookEventType } from '@paysplit/domain';

/** The channel the webhook delivery job is woken on; the payload is a delivery id. */
export const OUTBOX_CHANNEL = 'paysplit_outbox';

export interface EventWithDeliveries {
  event: WebhookEvent;
  deliveries: WebhookDelivery[];
}

/** A delivery being sent, with what it sends. */
export interface OutgoingDelivery {
  id: string;
  url: string;
  /** The delivery's own mode column: only 'test' relaxes the outbound rules (fail closed). */
  mode: string;
  event_id: string;
  body: string;
  integration_id: string;
  created_at: Date;
}

export interface DeliveryAttemptRecord {
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
  succeeded: boolean;
  /** What the delivery shows as its last error (null once delivered). */
  lastError: string | null;
}

/**
 * Every query and write of webhook_event, webhook_delivery and webhook_attempt (the outbox).
 * Each method works in the unit of work it is given.
 */
export class WebhookRepository {
  /** Adds an event to the unit of work; its body is built from its id, so it is signed as it is stored. */
  addEvent(
    em: EntityManager,
    input: {
      integration: Integration;
      session: Session | null;
      type: WebhookEventType | typeof TEST_EVENT_TYPE;
      sessionVersion: number;
      createdAt: Date;
      body: (eventId: string) => string;
    },
  ): WebhookEvent {
    const { body, ...columns } = input;
    const event = em.create(WebhookEvent, { ...columns, body: '' });
    event.body = body(event.id);
    return event;
  }

  /**
   * Queues a delivery due now (by the wall clock the job runner compares with, not the services' clock) and flushes the unit of work. The
   * NOTIFY is transactional, so job runners wake exactly when the row becomes visible.
   */
  async queueDelivery(
    em: EntityManager,
    input: { event: WebhookEvent; url: string; mode: WebhookDelivery['mode'] },
  ): Promise<WebhookDelivery> {
    const delivery = em.create(WebhookDelivery, { ...input, nextAttemptAt: new Date() });
    await em.flush();
    await this.notifyDispatchers(em, [delivery]);
    return delivery;
  }

  /** Events of the given sessions (oldest first), each with its deliveries and their attempts. */
  async eventsWithDeliveries(
    em: EntityManager,
    where: { sessionIds: readonly string[]; integrationId?: string },
  ): Promise<EventWithDeliveries[]> {
    const filter: FilterQuery<WebhookEvent> = { session: { $in: [...where.sessionIds] } };
    if (where.integrationId !== undefined) filter.integration = where.integrationId;
    const events = await em.find(WebhookEvent, filter, { orderBy: { createdAt: 'asc' } });
    // Deliveries and their attempts in two more queries (select-in), whatever the number of events.
    const deliveries = events.length
      ? await em.find(
          WebhookDelivery,
          { event: { $in: events.map((event) => event.id) } },
          { populate: ['attempts'], orderBy: { createdAt: 'asc' } },
        )
      : [];
    const byEvent = new Map<string, WebhookDelivery[]>(events.map((event) => [event.id, []]));
    for (const delivery of deliveries) byEvent.get(delivery.event.id)?.push(delivery);
    return events.map((event) => ({ event, deliveries: byEvent.get(event.id)! }));
  }

  async findEvent(em: EntityManager, eventId: string, scope: FilterQuery<WebhookEvent>): Promise<WebhookEvent | null> {
    return em.findOne(WebhookEvent, { $and: [{ id: eventId }, scope] });
  }

  async deliveriesOfEvent(em: EntityManager, eventId: string): Promise<WebhookDelivery[]> {
    return em.find(WebhookDelivery, { event: eventId });
  }

  /** Failed deliveries of an integration's events created in [from, to). */
  async failedDeliveries(em: EntityManager, integrationId: string, range: { from: Date; to: Date }): Promise<WebhookDelivery[]> {
    return em.find(WebhookDelivery, {
      status: 'failed',
      event: { integration: integrationId, createdAt: { $gte: range.from, $lt: range.to } },
    });
  }

  /** Makes deliveries due now and wakes the job runners (the NOTIFY is sent when the transaction commits). */
  async requeue(em: EntityManager, deliveries: WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      delivery.status = 'pending';
      delivery.nextAttemptAt = new Date();
      delivery.lastError = null;
    }
    await em.flush();
    await this.notifyDispatchers(em, deliveries);
  }

  /** Deliveries not yet settled, counted by status (the outbox backlog metric). */
  async countUnfinishedByStatus(em: EntityManager): Promise<{ status: string; n: string }[]> {
    return em
      .getConnection()
      .execute<{ status: string; n: string }[]>(
        `select status, count(*) as n from webhook_delivery where status in ('pending', 'delivering', 'retrying') group by status`,
      );
  }

  /** What the deliveries of these ids send (in any order). */
  async deliveriesOf(em: EntityManager, ids: readonly string[]): Promise<OutgoingDelivery[]> {
    if (ids.length === 0) return [];
    return em.getConnection().execute<OutgoingDelivery[]>(
      `select d.id, d.url, d.mode, d.event_id, e.body, e.integration_id, e.created_at
         from webhook_delivery d join webhook_event e on e.id = d.event_id
        where d.id in (${placeholders(ids)})`,
      [...ids],
    );
  }

  /** Records one attempt and its outcome on the delivery, in the transaction that ends the delivery's claim. */
  async recordAttempt(em: EntityManager, record: DeliveryAttemptRecord): Promise<void> {
    await em.execute(
      `insert into webhook_attempt (id, delivery_id, attempt_number, started_at, duration_ms, status_code, response_excerpt, error)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
      [record.deliveryId, record.attempt, record.startedAt, record.durationMs, record.statusCode, record.excerpt, record.error],
    );
    await em.execute(
      `update webhook_delivery set last_error = ?, delivered_at = case when ? then now() else delivered_at end where id = ?`,
      [record.lastError, record.succeeded, record.deliveryId],
    );
  }

  private async notifyDispatchers(em: EntityManager, deliveries: WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) await em.execute(`select pg_notify('${OUTBOX_CHANNEL}', ?)`, [delivery.id]);
  }
}

/** Stateless: one instance serves every unit of work. */
