import { randomUUID } from 'node:crypto';
import { BigIntType, Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { CancelReason } from '@paysplit/domain';
import { Session } from '../session.entity.js';
import { Payment } from './payment.entity.js';

/** The kinds of call PaySplit makes to the merchant about one payment (capture comes with manual capture). */
export type PaymentCallKind = 'cancel';

/** `pending`: asked for, not yet done; `succeeded`: the merchant did it; `failed`: it did not, or never answered. */
export type PaymentCallStatus = 'pending' | 'succeeded' | 'failed';
/** The partner call as a job: `due` waits for (another) attempt, `calling` is claimed, `done` answered or given up. */
export type PaymentCallJobStatus = 'due' | 'calling' | 'done';

/**
 * One call to the merchant about one payment, its row the job that makes it (like `refund`): the
 * id is the webhook-id of every attempt, so a merchant that hears it twice acts once.
 */
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
export class PaymentCall {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'callStatus'
    | 'attemptCount'
    | 'nextAttemptAt'
    | 'createdAt'
    | 'updatedAt'
    | 'processorCallReference'
    | 'failureReason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Session, { deleteRule: 'cascade' })
  @Index()
  session!: Session;

  @ManyToOne(() => Payment, { deleteRule: 'cascade' })
  @Index()
  payment!: Payment;

  /** The participant who was paying (the payment's payerId; kept when the participant is removed). */
  @Property({ type: 'uuid' })
  payerId!: string;

  @Property({ type: 'text' })
  kind!: PaymentCallKind;

  @Property({ type: 'text' })
  reason!: CancelReason;

  @Property({ type: new BigIntType('bigint') })
  amountMinor!: bigint;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  status: PaymentCallStatus = 'pending';

  /** What the merchant answered or settled with: its processor's reference for what it did. */
  @Property({ type: 'text', nullable: true })
  processorCallReference?: string | null = null;

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null = null;

  @Property({ type: 'text' })
  callStatus: PaymentCallJobStatus = 'due';

  @Property({ type: 'integer' })
  attemptCount: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  /** While `calling`: the lease ends here, so a hung call is taken over. */
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

/** One attempt of a payment call, kept for the administration area. */
@Entity({ tableName: 'payment_call_attempt' })
export class PaymentCallAttempt {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => PaymentCall, { deleteRule: 'cascade' })
  @Index()
  call!: PaymentCall;

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
