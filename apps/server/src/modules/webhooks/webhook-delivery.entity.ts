import { randomUUID } from 'node:crypto';
import { Collection, Entity, Enum, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { KeyMode } from '../../security/tokens.js';
import { WebhookEvent } from './webhook-event.entity.js';

export type DeliveryStatus = 'pending' | 'delivering' | 'retrying' | 'succeeded' | 'failed';

/** Getting one event to one URL: a small state machine driven by the webhook-delivery job kind. */
@Entity({ tableName: 'webhook_delivery' })
@Index({ name: 'webhook_delivery_due_index', properties: ['status', 'nextAttemptAt'] })
export class WebhookDelivery {
  [OptionalProps]?: 'id' | 'status' | 'attemptCount' | 'createdAt' | 'updatedAt' | 'attempts' | 'nextAttemptAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WebhookEvent, { deleteRule: 'cascade' })
  @Index()
  event!: WebhookEvent;

  @Property({ type: 'text' })
  url!: string;

  /** Which outbound rules apply; only `test` allows http and private addresses (fail closed). */
  @Enum({ items: ['test', 'live'] })
  mode!: KeyMode;

  @Property({ type: 'text' })
  status: DeliveryStatus = 'pending';

  @Property({ type: 'integer' })
  attemptCount: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  /** While `delivering`: the claim lapses at this time, so a crashed instance's work is picked up. */
  @Property({ type: 'timestamptz', nullable: true })
  claimedUntil?: Date | null;

  /** While claimed: the job instance holding the claim; when it dies the claim is taken over at once. */
  @Property({ type: 'uuid', nullable: true })
  claimedBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @OneToMany(() => WebhookAttempt, (attempt) => attempt.delivery, { orderBy: { attemptNumber: 'asc' } })
  attempts = new Collection<WebhookAttempt>(this);

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** One HTTP attempt of a delivery, kept for the merchant and operators to inspect. */
@Entity({ tableName: 'webhook_attempt' })
export class WebhookAttempt {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WebhookDelivery, { deleteRule: 'cascade' })
  @Index()
  delivery!: WebhookDelivery;

  @Property({ type: 'integer' })
  attemptNumber!: number;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'integer', nullable: true })
  statusCode?: number | null;

  /** The first 1 KiB of the reply body. */
  @Property({ type: 'text', nullable: true })
  responseExcerpt?: string | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;
}
