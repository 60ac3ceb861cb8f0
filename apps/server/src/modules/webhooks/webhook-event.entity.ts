import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Integration } from '../integrations/index.js';
import type { Session } from '../sessions/index.js';
import { type TEST_EVENT_TYPE, type WebhookEventType } from '@paysplit/domain';

/** An event, written in the same transaction as the change it reports (the outbox). */
@Entity({ tableName: 'webhook_event' })
// A session completes once: the database refuses a second completion event whatever races above it.
@Unique({
  name: 'webhook_event_one_completion',
  expression: `create unique index "webhook_event_one_completion" on "webhook_event" ("session_id") where type = 'SERVICE_SESSION_COMPLETED'`,
})
// An open group's events are written once each: per participant for a join, per session for the others.
@Unique({
  name: 'webhook_event_one_group_event',
  expression: `create unique index "webhook_event_one_group_event" on "webhook_event" ("session_id", "type", coalesce(body::jsonb #>> '{participant,participantId}', '')) where type in ('SERVICE_GROUP_JOINED', 'SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL')`,
})
export class WebhookEvent {
  [OptionalProps]?: 'id' | 'createdAt';

  /** The eventId merchants see; the same on every delivery attempt. */
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: 'Integration', deleteRule: 'cascade' })
  @Index()
  integration!: Integration;

  /** Null only for test events. */
  @ManyToOne({ entity: 'Session', deleteRule: 'cascade', nullable: true })
  @Index()
  session!: Session | null;

  @Property({ type: 'text' })
  type!: WebhookEventType | typeof TEST_EVENT_TYPE;

  @Property({ type: 'integer' })
  sessionVersion!: number;

  /** The exact bytes that are signed and sent, fixed once so every attempt is identical. */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'timestamptz' })
  @Index()
  createdAt: Date = new Date();
}
