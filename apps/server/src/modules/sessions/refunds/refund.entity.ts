import { Check, Entity, Index, ManyToOne, OptionalProps, Property } from '@mikro-orm/core';
import { PartnerCallAttemptColumns, PartnerCallColumns, type PartnerCallDefaults } from '../partner-calls/partner-call.entity.js';

export type RefundSource = 'automatic' | 'merchant';

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
export class Refund extends PartnerCallColumns {
  [OptionalProps]?: PartnerCallDefaults | 'reason' | 'processorRefundReference';

  @Property({ type: 'text' })
  source!: RefundSource;

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
