import { Check, Entity, Index, ManyToOne, OptionalProps, Property } from '@mikro-orm/core';
import { PartnerCallAttemptColumns, PartnerCallColumns, type PartnerCallDefaults } from '../partner-calls/partner-call.entity.js';

export type RefundSource = 'automatic' | 'merchant';
/**
 * What the money was: the booking's (`booking`), a payment for shares already paid (`duplicate`),
 * or what an automatic open group's payer paid above their final part (`price_drop`).
 */
export type RefundPurpose = 'booking' | 'duplicate' | 'price_drop';

/**
 * Money going back to one payer: part or all of one authorized payment, asked of the merchant by
 * the partner refund call. `pending`: asked for, money not yet back; `succeeded`: the merchant's
 * processor refunded it; `failed`: it did not.
 */
@Entity({ tableName: 'refund' })
@Check({ name: 'refund_amount_check', expression: 'amount_minor > 0' })
@Index({
  name: 'refund_call_due_index',
  expression: `create index "refund_call_due_index" on "refund" ("next_attempt_at") where call_status in ('due', 'calling')`,
})
// Reconciliation exports page through refunds in creation order.
@Index({ name: 'refund_created_index', properties: ['createdAt', 'id'] })
export class Refund extends PartnerCallColumns {
  [OptionalProps]?: PartnerCallDefaults | 'reason' | 'purpose' | 'processorRefundReference';

  @Property({ type: 'text' })
  source!: RefundSource;

  /** Set when the refund is made: a duplicate payment's refunds are `duplicate`, an open group's price drops `price_drop`. */
  @Property({ type: 'text', default: 'booking' })
  purpose: RefundPurpose = 'booking';

  @Property({ type: 'text', nullable: true })
  reason?: string | null = null;

  @Property({ type: 'text', nullable: true })
  processorRefundReference?: string | null = null;
}

/** One partner refund call attempt, kept for the administration area. */
@Entity({ tableName: 'refund_call_attempt' })
export class RefundCallAttempt extends PartnerCallAttemptColumns {
  [OptionalProps]?: 'id';

  @ManyToOne(() => Refund, { deleteRule: 'cascade', fieldName: 'refund_id' })
  @Index()
  call!: Refund;
}
