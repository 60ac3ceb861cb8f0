import { randomUUID } from 'node:crypto';
import { BigIntType, Check, Collection, Entity, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CaptureMethod, OpenGroupPricing, SessionStatus, SplitMode } from '@paysplit/domain';
import type { KeyMode } from '../../security/tokens.js';
import type { Integration } from '../integrations/index.js';
import { Participant } from './participant.entity.js';

@Entity({ tableName: 'session' })
// Only sessions that can still expire are scanned by the expiry job.
@Index({
  name: 'session_expiry_due_index',
  expression: `create index "session_expiry_due_index" on "session" ("expires_at") where status in ('unconfigured', 'open', 'partially_paid')`,
})
// The sessions explorer pages newest first by keyset (created_at, id): every session, or an
// integration's (this one also serves the integration foreign key's lookups).
@Index({ name: 'session_created_index', properties: ['createdAt', 'id'] })
@Index({ name: 'session_integration_created_index', properties: ['integration', 'createdAt', 'id'] })
// Its status filter: each status one range newest first, whatever the other statuses hold.
@Index({ name: 'session_status_created_index', properties: ['status', 'createdAt', 'id'] })
// Its amount filter compares within one currency.
@Index({ name: 'session_currency_amount_index', properties: ['currency', 'amountMinor'] })
// The email erasure sweep looks for ended sessions whose addresses are not erased yet.
@Index({
  name: 'session_emails_to_erase_index',
  expression: `create index "session_emails_to_erase_index" on "session" ("updated_at") where emails_erased_at is null and status in ('completed', 'expired', 'cancelled')`,
})
// Test clocks: sessions with one are swept by their own time (test-clock/).
@Index({
  name: 'session_test_clock_due_index',
  expression: `create index "session_test_clock_due_index" on "session" ("expires_at") where test_clock_at is not null and status in ('unconfigured', 'open', 'partially_paid')`,
})
@Check({ name: 'session_test_clock_check', expression: "test_clock_at is null or mode = 'test'" })
@Check({ name: 'session_amounts_check', expression: 'amount_minor > 0 and paid_minor >= 0 and paid_minor <= amount_minor' })
@Check({ name: 'session_refunded_check', expression: 'refunded_minor >= 0' })
// An open group has whole terms and a join code; a closed session has none of them.
@Check({
  name: 'session_open_group_check',
  expression:
    "open_group_pricing is null or ((open_group_pricing = 'per_place' or open_group_pricing = 'split_total') and open_group_min_places >= 1 and open_group_max_places >= open_group_min_places and join_code_hash is not null and (open_group_pricing = 'split_total' or price_per_place_minor > 0))",
})
@Check({
  name: 'session_duplicate_refunded_check',
  expression: 'duplicate_refunded_minor >= 0 and duplicate_refunded_minor <= refunded_minor',
})
export class Session {
  [OptionalProps]?:
    | 'id'
    | 'paidMinor'
    | 'refundedMinor'
    | 'duplicateRefundedMinor'
    | 'metadata'
    | 'version'
    | 'emailsErasedAt'
    | 'createdAt'
    | 'updatedAt'
    | 'participants'
    | 'captureMethod'
    | 'testClockAt'
    | 'openGroupPricing'
    | 'openGroupMinPlaces'
    | 'openGroupMaxPlaces'
    | 'openGroupMaxPlacesPerPayer'
    | 'pricePerPlaceMinor'
    | 'joinCodeHash'
    | 'organiserName'
    | 'organiserEmail'
    | 'tippedAt'
    | 'fullAt'
    | 'finalPricePerPlaceMinor';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: 'Integration', deleteRule: 'cascade' })
  integration!: Integration;

  @Property({ type: 'text' })
  mode!: KeyMode;

  @Property({ type: 'text' })
  status!: SessionStatus;

  /** The integration's captureMethod when the session was created: it never changes afterwards. */
  @Property({ type: 'text', default: 'automatic' })
  captureMethod: CaptureMethod = 'automatic';

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: new BigIntType('bigint') })
  amountMinor!: bigint;

  @Property({ type: new BigIntType('bigint') })
  paidMinor: bigint = 0n;

  /** Sum of the succeeded refunds of its payments (issue 15); the status stays what it was. */
  @Property({ type: new BigIntType('bigint'), default: 0 })
  refundedMinor: bigint = 0n;

  /** The part of refundedMinor that gave back duplicate payments (refund purpose `duplicate`), not booking money. */
  @Property({ type: new BigIntType('bigint'), default: 0 })
  duplicateRefundedMinor: bigint = 0n;

  @Property({ type: 'text', nullable: true })
  splitMode?: SplitMode | null;

  @Property({ type: 'text', unique: true })
  hostTokenHash!: string;

  @Property({ type: 'text', nullable: true })
  @Index()
  orderReference?: string | null;

  /** What is bought ("Dinner for 4"): shown to every payer, returned to the merchant, never in the public poll. */
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'json' })
  metadata: Record<string, unknown> = {};

  /** The merchant's language for the session (BCP 47), or null: each reader's browser decides. */
  @Property({ type: 'text', nullable: true })
  locale?: string | null;

  @Property({ type: 'text', nullable: true })
  successUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  cancelUrl?: string | null;

  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;

  /** Increments on every change; events carry it so receivers can discard stale ones. */
  @Property({ type: 'integer', version: false })
  version: number = 1;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;

  /**
   * Test mode only: the session's frozen time once its test clock was advanced (docs/decisions.md,
   * "Test clocks"); null runs on real time. Every time check of the session reads `sessionNow`.
   */
  @Property({ type: 'timestamptz', nullable: true })
  testClockAt: Date | null = null;

  /** When the erasure sweep removed the payers' email addresses (EMAIL_RETENTION_DAYS after the end). */
  @Property({ type: 'timestamptz', nullable: true })
  emailsErasedAt?: Date | null;

  /**
   * Open groups (docs/plans/open-groups.md): set at creation, null for a closed session. A
   * `split_total` group shares `amountMinor`; a `per_place` one prices each place at
   * `pricePerPlaceMinor` and its amountMinor grows with the places sold.
   */
  @Property({ type: 'text', nullable: true })
  openGroupPricing: OpenGroupPricing | null = null;

  @Property({ type: 'integer', nullable: true })
  openGroupMinPlaces: number | null = null;

  @Property({ type: 'integer', nullable: true })
  openGroupMaxPlaces: number | null = null;

  @Property({ type: 'integer', nullable: true })
  openGroupMaxPlacesPerPayer: number | null = null;

  @Property({ type: new BigIntType('bigint'), nullable: true })
  pricePerPlaceMinor: bigint | null = null;

  /** SHA-256 of the join link's code (derived from the session id, like invite tokens): the code itself is never stored. */
  @Property({ type: 'text', nullable: true, unique: true })
  joinCodeHash: string | null = null;

  /** Shown on the join page ("Organised by …"); not a payer. */
  @Property({ type: 'text', nullable: true })
  organiserName: string | null = null;

  /** Where the organiser's emails go (the group tipped, how it ended, the sign-in link). */
  @Property({ type: 'text', nullable: true })
  organiserEmail: string | null = null;

  /** When `minPlaces` places were first held: the group goes ahead. */
  @Property({ type: 'timestamptz', nullable: true })
  tippedAt: Date | null = null;

  /** When every place was held: the end began. */
  @Property({ type: 'timestamptz', nullable: true })
  fullAt: Date | null = null;

  /** What one place ended at, once the group ended tipped. */
  @Property({ type: new BigIntType('bigint'), nullable: true })
  finalPricePerPlaceMinor: bigint | null = null;

  @OneToMany(() => Participant, (participant) => participant.session, { orderBy: { position: 'asc' } })
  participants = new Collection<Participant>(this);

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
