import { randomUUID } from 'node:crypto';
import { BigIntType, Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Payment } from '../payments/payment.entity.js';
import { Session } from '../session.entity.js';

/** `pending`: asked for, money not yet back; `succeeded`: the merchant's processor refunded it; `failed`: it did not. */
export type RefundStatus = 'pending' | 'succeeded' | 'failed';
export type RefundSource = 'automatic' | 'merchant';
/** What the money was: the booking's (`booking`), or a payment for shares already paid (`duplicate`). */
export type RefundPurpose = 'booking' | 'duplicate';
/** The partner call: `due` waits for (another) attempt, `calling` is leased by a caller, `done` answered or given up. */
export type RefundCallStatus = 'due' | 'calling' | 'done';

/** Money going back to one payer: part or all of one authorized payment, asked of the merchant by the partner refund call. */
@Entity({ tableName: 'refund' })
@Check({ name: 'refund_amount_check', expression: 'amount_minor > 0' })
@Index({
  name: 'refund_call_due_index',
  expression: `create index "refund_call_due_index" on "refund" ("next_attempt_at") where call_status in ('due', 'calling')`,
})
export class Refund {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'callStatus'
    | 'attemptCount'
    | 'nextAttemptAt'
    | 'createdAt'
    | 'updatedAt'
    | 'reason'
    | 'purpose'
    | 'processorRefundReference'
    | 'failureReason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Session, { deleteRule: 'cascade' })
  @Index()
  session!: Session;

  @ManyToOne(() => Payment, { deleteRule: 'cascade' })
  @Index()
  payment!: Payment;

  /** The participant who paid (the payment's payerId; kept when the participant is removed). */
  @Property({ type: 'uuid' })
  payerId!: string;

  @Property({ type: new BigIntType('bigint') })
  amountMinor!: bigint;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  status: RefundStatus = 'pending';

  @Property({ type: 'text' })
  source!: RefundSource;

  /** Set from the payment when the refund is made: a duplicate payment's refunds are `duplicate`. */
  @Property({ type: 'text', default: 'booking' })
  purpose: RefundPurpose = 'booking';

  @Property({ type: 'text', nullable: true })
  reason?: string | null = null;

  @Property({ type: 'text', nullable: true })
  processorRefundReference?: string | null = null;

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null = null;

  @Property({ type: 'text' })
  callStatus: RefundCallStatus = 'due';

  @Property({ type: 'integer' })
  attemptCount: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  /** While `calling`: the lease ends here, so a crashed instance's call is taken over. */
  @Property({ type: 'timestamptz', nullable: true })
  claimedUntil?: Date | null;

  /** While claimed: the job instance holding the claim; when it dies the claim is taken over at once. */
  @Property({ type: 'uuid', nullable: true })
  claimedBy?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  settledAt?: Date | null;

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** One partner refund call attempt, kept for the administration area. */
@Entity({ tableName: 'refund_call_attempt' })
export class RefundCallAttempt {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Refund, { deleteRule: 'cascade' })
  @Index()
  refund!: Refund;

  @Property({ type: 'integer' })
  attempt!: number;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'integer', nullable: true })
  httpStatus?: number | null;

  /** succeeded / pending / failed (the merchant's answer) or error (no usable answer). */
  @Property({ type: 'text' })
  outcome!: string;

  /** The first 1 KiB of the reply, or what went wrong. */
  @Property({ type: 'text', nullable: true })
  excerpt?: string | null;
}
