import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { EventType } from '../webhooks/webhook-event.entity.js';

/** A merchant's integration: where PaySplit calls them, and how they are allowed to use it. */
@Entity({ tableName: 'integration' })
export class Integration {
  [OptionalProps]?: 'id' | 'enabled' | 'payoutOnboarded' | 'redirectAllowlist' | 'eventSubscriptions' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  partnerCreatePaymentUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  webhookUrl?: string | null;

  /** Origins (or one-label wildcards) that success/cancel redirects may point at. */
  @Property({ type: 'json' })
  redirectAllowlist: string[] = [];

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  /** Event types sent to the webhook URL; completion only unless the merchant asks for more. */
  @Property({ type: 'json' })
  eventSubscriptions: EventType[] = ['SERVICE_SESSION_COMPLETED'];

  /** Live mode requires completed payout onboarding. */
  @Property({ type: 'boolean' })
  payoutOnboarded: boolean = false;

  /** Sealed with the SecretBox; never stored or logged in plaintext. */
  @Property({ type: 'text', lazy: true })
  partnerSigningSecretSealed!: string;

  @Property({ type: 'text', lazy: true })
  webhookSigningSecretSealed!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
