import { randomUUID } from 'node:crypto';
import {
  BigIntType,
  Check,
  Entity,
  Index,
  ManyToOne,
  type ObjectQuery,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import type { CaptureMethod } from '@paysplit/domain';
import { Participant } from '../participant.entity.js';
import { Session } from '../session.entity.js';

/**
 * `creating`: claimed, partner call in flight; `redirected`: the payer has a checkout address;
 * `authorized` / `failed`: recorded by the merchant; `abandoned`: replaced by a newer attempt.
 * Manual capture only: `authorized` means held; `captured` (charged), `capture_failed` (the
 * capture was declined) and `released` (the hold was given back).
 */
export type PaymentStatus = 'creating' | 'redirected' | 'authorized' | 'failed' | 'abandoned' | 'captured' | 'capture_failed' | 'released';
export const LIVE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['creating', 'redirected'];

/**
 * The payments whose money the merchant has taken (MONEY_TAKEN): an automatic payment once
 * authorized, a manual one only once captured (a hold is not money taken: it is released, never
 * refunded). For automatic payments this is exactly the `authorized` of before manual capture.
 */
export const MONEY_TAKEN: { $or: ObjectQuery<Payment>[] } = {
  $or: [{ status: 'captured' }, { status: 'authorized', captureMethod: 'automatic' }],
};

export function moneyTaken(payment: Pick<Payment, 'status' | 'captureMethod'>): boolean {
  return payment.status === 'captured' || (payment.status === 'authorized' && payment.captureMethod === 'automatic');
}

export type PayerRole = 'host' | 'participant';
export type RecordAction = 'authorize' | 'fail' | 'refund';

/** One attempt of one participant to pay their share through the merchant's processor. */
@Entity({ tableName: 'payment' })
@Check({ name: 'payment_amount_check', expression: 'amount_minor > 0' })
// Refunds never pass what was paid (issue 15): non-failed refunds reserve, succeeded ones are refunded.
@Check({
  name: 'payment_refunds_check',
  expression: 'refunded_minor >= 0 and refunded_minor <= refund_reserved_minor and refund_reserved_minor <= amount_minor',
})
// One live attempt per participant, enforced by the database whatever races above it.
@Unique({
  name: 'payment_one_live_attempt',
  expression: `create unique index "payment_one_live_attempt" on "payment" ("participant_id") where status in ('creating', 'redirected')`,
})
// The hold-expiry sweep reads only the holds that count now.
@Index({
  name: 'payment_hold_lapse_index',
  expression: `create index "payment_hold_lapse_index" on "payment" ("hold_expires_at") where status = 'authorized' and capture_method = 'manual' and refund_required = false`,
})
// Reconciliation exports page through payments in creation order (sessions/exports).
@Index({ name: 'payment_created_index', properties: ['createdAt', 'id'] })
export class Payment {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'refundRequired'
    | 'createdAt'
    | 'updatedAt'
    | 'recordReplies'
    | 'coversParticipantIds'
    | 'refundReservedMinor'
    | 'refundedMinor'
    | 'duplicateOf'
    | 'captureMethod';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Session, { deleteRule: 'cascade' })
  @Index()
  session!: Session;

  /** Null once the host removed this participant; a later authorization is then refunded. */
  @ManyToOne(() => Participant, { deleteRule: 'set null', nullable: true })
  @Index()
  participant?: Participant | null;

  /** The participant's id, kept apart from `participant` so it survives the participant's removal. */
  @Property({ type: 'uuid' })
  payerId!: string;

  @Property({ type: 'text' })
  payerRole!: PayerRole;

  @Property({ type: new BigIntType('bigint') })
  amountMinor!: bigint;

  @Property({ type: 'text' })
  status: PaymentStatus = 'creating';

  /** Its session's captureMethod: `manual` payments are held when authorized and captured later. */
  @Property({ type: 'text', default: 'automatic' })
  captureMethod: CaptureMethod = 'automatic';

  /** Manual capture: when the processor gives the hold back by itself (what the merchant sent, or the integration's hold lifetime). */
  @Property({ type: 'timestamptz', nullable: true })
  holdExpiresAt?: Date | null;

  /** Manual capture: when the merchant's capture succeeded. */
  @Property({ type: 'timestamptz', nullable: true })
  capturedAt?: Date | null;

  /** Manual capture: when the hold was released (a cancel that succeeded). */
  @Property({ type: 'timestamptz', nullable: true })
  releasedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  redirectUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null;

  @Property({ type: 'text', nullable: true })
  processorReference?: string | null;

  /** Money was authorized that the session cannot use (share already paid, amount changed, session ended). */
  @Property({ type: 'boolean' })
  refundRequired: boolean = false;

  /**
   * Authorized for shares another payment had already paid: the payment that counts for them. Such
   * a payment is refunded like any money a session cannot use, and shown as a duplicate.
   */
  @ManyToOne(() => Payment, { fieldName: 'duplicate_of', deleteRule: 'set null', nullable: true })
  duplicateOf?: Payment | null;

  /** When the merchant reported the refund (or void) of this payment done. */
  @Property({ type: 'timestamptz', nullable: true })
  refundedAt?: Date | null;

  /** Sum of this payment's refunds that have not failed (pending and succeeded): what is no longer refundable. */
  @Property({ type: new BigIntType('bigint'), default: 0 })
  refundReservedMinor: bigint = 0n;

  /** Sum of this payment's succeeded refunds. */
  @Property({ type: new BigIntType('bigint'), default: 0 })
  refundedMinor: bigint = 0n;

  /** The host covering the rest: the unpaid participants this one payment pays for. */
  @Property({ type: 'json', nullable: true })
  coversParticipantIds?: string[] | null;

  /** The first reply to each record action, replayed verbatim for idempotency. */
  @Property({ type: 'json' })
  recordReplies: Partial<Record<RecordAction, Record<string, unknown>>> = {};

  @Property({ type: 'timestamptz', nullable: true })
  authorizedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
