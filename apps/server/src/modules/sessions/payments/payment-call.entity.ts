import { Check, Entity, Index, ManyToOne, OptionalProps, Property, Unique } from '@mikro-orm/core';
import type { CancelReason, CaptureReason } from '@paysplit/domain';
import { PartnerCallAttemptColumns, PartnerCallColumns, type PartnerCallDefaults } from '../partner-calls/partner-call.entity.js';

/** The kinds of call PaySplit makes to the merchant about one payment: cancel (or release a hold), and capture a hold. */
export type PaymentCallKind = 'cancel' | 'capture';
export type PaymentCallReason = CancelReason | CaptureReason;

/** One call to the merchant about one payment (cancel or capture), its row the job that makes it, like `refund`. */
@Entity({ tableName: 'payment_call' })
@Check({ name: 'payment_call_amount_check', expression: 'amount_minor > 0' })
@Index({
  name: 'payment_call_due_index',
  expression: `create index "payment_call_due_index" on "payment_call" ("next_attempt_at") where call_status in ('due', 'calling')`,
})
// At most one call of each kind per payment that has not failed, whatever races above it.
@Unique({
  name: 'payment_call_one_active',
  expression: `create unique index "payment_call_one_active" on "payment_call" ("payment_id", "kind") where status <> 'failed'`,
})
// Reconciliation exports page through one kind's calls in creation order (captures, releases).
@Index({ name: 'payment_call_kind_created_index', properties: ['kind', 'createdAt', 'id'] })
export class PaymentCall extends PartnerCallColumns {
  [OptionalProps]?: PartnerCallDefaults | 'processorCallReference';

  @Property({ type: 'text' })
  kind!: PaymentCallKind;

  @Property({ type: 'text' })
  reason!: PaymentCallReason;

  /** What the merchant answered or settled with: its processor's reference for what it did. */
  @Property({ type: 'text', nullable: true })
  processorCallReference?: string | null = null;
}

/** One attempt of a payment call, kept for the administration area. */
@Entity({ tableName: 'payment_call_attempt' })
export class PaymentCallAttempt extends PartnerCallAttemptColumns {
  [OptionalProps]?: 'id';

  @ManyToOne(() => PaymentCall, { deleteRule: 'cascade' })
  @Index()
  call!: PaymentCall;
}
