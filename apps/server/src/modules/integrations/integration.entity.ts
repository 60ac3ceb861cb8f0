import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Account } from '../accounts/index.js';
import { type CaptureMethod, DEFAULT_HOLD_LIFETIME_SECONDS, DEFAULT_TIME_ZONE, type WebhookEventType } from '@paysplit/domain';

/** A merchant's integration: where PaySplit calls them, and how they are allowed to use it. */
@Entity({ tableName: 'integration' })
export class Integration {
  [OptionalProps]?:
    | 'id'
    | 'enabled'
    | 'payoutOnboarded'
    | 'redirectAllowlist'
    | 'eventSubscriptions'
    | 'reminderOffsetsMinutes'
    | 'timeZone'
    | 'captureMethod'
    | 'holdLifetimeSeconds'
    | 'createdAt'
    | 'updatedAt'
    | 'owner';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name!: string;

  /** The brand payers see on the pay pages: shown instead of `name` when set. */
  @Property({ type: 'text', nullable: true })
  displayName?: string | null;

  /** An https image shown beside the display name (the pay page's CSP allows https images only). */
  @Property({ type: 'text', nullable: true })
  logoUrl?: string | null;

  /** `#RRGGBB` behind white text on the pay pages; white on it reaches WCAG AA (4.5:1). */
  @Property({ type: 'text', nullable: true })
  accentColor?: string | null;

  @Property({ type: 'text', nullable: true })
  partnerCreatePaymentUrl?: string | null;

  /** Where PaySplit asks the merchant to refund a payment (partner.refund.create); none: refunds stay owed by hand. */
  @Property({ type: 'text', nullable: true })
  partnerRefundUrl?: string | null;

  /** Where PaySplit tells the merchant a checkout will not be used (partner.payment.cancel); none: nothing is called. */
  @Property({ type: 'text', nullable: true })
  partnerCancelUrl?: string | null;

  /** Where PaySplit asks the merchant to capture a hold (partner.payment.capture); captureMethod manual needs it. */
  @Property({ type: 'text', nullable: true })
  partnerCaptureUrl?: string | null;

  /**
   * `automatic`: each share is charged when paid. `manual`: each share is only held, and every hold
   * is captured once all are held; new sessions copy it, so a change never moves a live session.
   */
  @Property({ type: 'text', default: 'automatic' })
  captureMethod: CaptureMethod = 'automatic';

  /** How long the merchant's processor keeps a hold (manual capture): a session's deadline must end an hour before. */
  @Property({ type: 'integer', default: DEFAULT_HOLD_LIFETIME_SECONDS })
  holdLifetimeSeconds: number = DEFAULT_HOLD_LIFETIME_SECONDS;

  @Property({ type: 'text', nullable: true })
  webhookUrl?: string | null;

  /** Origins (or one-label wildcards) that success/cancel redirects may point at. */
  @Property({ type: 'json' })
  redirectAllowlist: string[] = [];

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  /** Event types sent to the webhook URL; completion only unless the merchant asks for more. */
  @Property({ type: 'json' })
  eventSubscriptions: WebhookEventType[] = ['SERVICE_SESSION_COMPLETED'];

  /** Minutes before a session's deadline at which unpaid payers with an email are reminded (issue 19). */
  @Property({ type: 'json' })
  reminderOffsetsMinutes: number[] = [1440, 120];

  /** The IANA zone the emails give times in (a deadline, a payment's date), the zone always named. */
  @Property({ type: 'text' })
  timeZone: string = DEFAULT_TIME_ZONE;

  /** The merchant account that manages it in the administration area (none: CLI-made, operators only). */
  @ManyToOne({ entity: 'Account', nullable: true, deleteRule: 'set null' })
  @Index()
  owner?: Account | null;

  /** Live mode requires completed payout onboarding. */
  @Property({ type: 'boolean' })
  payoutOnboarded: boolean = false;

  @Property({ type: 'text', nullable: true })
  payoutLegalName?: string | null;

  /** The bank account, sealed like the signing secrets; only its masked form is ever shown. */
  @Property({ type: 'text', nullable: true, lazy: true })
  payoutBankAccountSealed?: string | null;

  @Property({ type: 'text', nullable: true })
  payoutBankAccountLast4?: string | null;

  @Property({ type: 'text', nullable: true })
  payoutContactEmail?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  payoutCompletedAt?: Date | null;

  /** Sealed with the SecretBox; never stored or logged in plaintext. */
  @Property({ type: 'text', lazy: true })
  partnerSigningSecretSealed!: string;

  @Property({ type: 'text', lazy: true })
  webhookSigningSecretSealed!: string;

  /**
   * After a rotation the previous secret keeps signing (beside the new one, Standard Webhooks
   * style) until `...PreviousUntil`, so receivers can switch without dropping a message.
   */
  @Property({ type: 'text', nullable: true, lazy: true })
  partnerSigningSecretPreviousSealed?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  partnerSigningSecretPreviousUntil?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  partnerSigningSecretRotatedAt?: Date | null;

  @Property({ type: 'text', nullable: true, lazy: true })
  webhookSigningSecretPreviousSealed?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  webhookSigningSecretPreviousUntil?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  webhookSigningSecretRotatedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
