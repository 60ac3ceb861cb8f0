import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { Integration } from '../integrations/integration.entity.js';
import type { Session } from '../sessions/session.entity.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { type EventType, type TEST_EVENT_TYPE, WebhookEvent } from './webhook-event.entity.js';

/** The channel dispatchers LISTEN on; the payload is a delivery id. */
export const OUTBOX_CHANNEL = 'paysplit_outbox';

export interface EventWithDeliveries {
  event: WebhookEvent;
  deliveries: WebhookDelivery[];
}

/** A delivery the dispatcher holds a lease on, with what it sends. */
export interface ClaimedDelivery {
  id: string;
  url: string;
  /** The delivery's own mode column: only 'test' relaxes the outbound rules (fail closed). */
  mode: string;
  attempt_count: number;
  event_id: string;
  body: string;
  integration_id: string;
  created_at: Date;
}

export interface AttemptOutcome {
  delivery: ClaimedDelivery;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
  status: 'succeeded' | 'failed' | 'retrying';
  lastError: string | null;
  nextDelayMs: number;
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
      type: EventType | typeof TEST_EVENT_TYPE;
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
   * Queues a delivery due now (by the dispatcher's wall clock) and flushes the unit of work. The
   * NOTIFY is transactional, so dispatchers wake exactly when the row becomes visible.
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

  /** Makes deliveries due now and wakes the dispatchers (the NOTIFY is sent when the transaction commits). */
  async requeue(em: EntityManager, deliveries: WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      delivery.status = 'pending';
      delivery.nextAttemptAt = new Date();
      delivery.lastError = null;
    }
    await em.flush();
    await this.notifyDispatchers(em, deliveries);
  }

  /**
   * Leases up to `limit` due deliveries (and those whose lease ran out) with FOR UPDATE SKIP
   * LOCKED, so several instances never send one attempt twice.
   */
  async claimDue(em: EntityManager, limit: number, claimMs: number): Promise<ClaimedDelivery[]> {
    return em.getConnection().execute<ClaimedDelivery[]>(
      `update webhook_delivery d
          set status = 'delivering', claimed_until = now() + (? * interval '1 millisecond'), attempt_count = d.attempt_count + 1, updated_at = now()
         from webhook_event e
        where e.id = d.event_id
          and d.id in (
            select id from webhook_delivery
             where (status in ('pending', 'retrying') and next_attempt_at <= now())
                or (status = 'delivering' and claimed_until < now())
             order by next_attempt_at
             limit ?
             for update skip locked)
      returning d.id, d.url, d.mode, d.attempt_count, d.event_id, e.body, e.integration_id, e.created_at`,
      [claimMs, limit],
    );
  }

  /** Milliseconds until the next waiting delivery is due (negative when overdue), or null when none waits. */
  async msUntilNextDue(em: EntityManager): Promise<number | null> {
    const [next] = await em
      .getConnection()
      .execute<{ due_in_ms: string | null }[]>(
        `select extract(epoch from (min(next_attempt_at) - now())) * 1000 as due_in_ms from webhook_delivery where status in ('pending', 'retrying')`,
      );
    return next?.due_in_ms == null ? null : Number(next.due_in_ms);
  }

  /** Deliveries not yet settled, counted by status (the outbox backlog metric). */
  async countUnfinishedByStatus(em: EntityManager): Promise<{ status: string; n: string }[]> {
    return em
      .getConnection()
      .execute<{ status: string; n: string }[]>(
        `select status, count(*) as n from webhook_delivery where status in ('pending', 'delivering', 'retrying') group by status`,
      );
  }

  /** Records an attempt and releases the lease with its outcome, in one transaction. */
  async recordAttempt(em: EntityManager, outcome: AttemptOutcome): Promise<void> {
    const { delivery } = outcome;
    const connection = em.getConnection();
    await connection.transactional(async (trx) => {
      await connection.execute(
        `insert into webhook_attempt (id, delivery_id, attempt_number, started_at, duration_ms, status_code, response_excerpt, error)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
        [delivery.id, delivery.attempt_count, outcome.startedAt, outcome.durationMs, outcome.statusCode, outcome.excerpt, outcome.error],
        'run',
        trx,
      );
      await connection.execute(
        `update webhook_delivery
            set status = ?, claimed_until = null, last_error = ?, delivered_at = case when ? then now() else delivered_at end,
                next_attempt_at = now() + (? * interval '1 millisecond'), updated_at = now()
          where id = ? and status = 'delivering'`,
        [outcome.status, outcome.lastError, outcome.status === 'succeeded', outcome.nextDelayMs, delivery.id],
        'run',
        trx,
      );
    });
  }

  private async notifyDispatchers(em: EntityManager, deliveries: WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) await em.execute(`select pg_notify('${OUTBOX_CHANNEL}', ?)`, [delivery.id]);
  }
}

/** Stateless: one instance serves every unit of work. */
export const webhookRepository = new WebhookRepository();
