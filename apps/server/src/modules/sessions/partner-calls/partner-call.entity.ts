import { randomUUID } from 'node:crypto';
import { BigIntType, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Payment } from '../payments/payment.entity.js';
import { Session } from '../session.entity.js';

/** `pending`: asked for, not yet done; `succeeded`: the merchant did it; `failed`: it did not, or never answered. */
export type PartnerCallStatus = 'pending' | 'succeeded' | 'failed';
/** The partner call as a job: `due` waits for (another) attempt, `calling` is claimed, `done` answered or given up. */
export type PartnerCallJobStatus = 'due' | 'calling' | 'done';

/** The columns of a call row that have defaults (for `[OptionalProps]`). */
export type PartnerCallDefaults =
  'id' | 'status' | 'callStatus' | 'attemptCount' | 'nextAttemptAt' | 'createdAt' | 'updatedAt' | 'failureReason';

/**
 * What every signed call PaySplit makes to the merchant about one payment keeps (a refund, a
 * cancel, a capture): the payment and its money, the outcome, and the job columns the runner
 * claims by. Each call's table adds its own fields; its row is the job, so the id is the webhook-id
 * of every attempt and a merchant that hears it twice acts once.
 */
export abstract class PartnerCallColumns {
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
  status: PartnerCallStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null = null;

  @Property({ type: 'text' })
  callStatus: PartnerCallJobStatus = 'due';

  @Property({ type: 'integer' })
  attemptCount: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  /** While `calling`: the lease ends here, so a hung or crashed instance's call is taken over. */
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

/** One attempt of a partner call, kept for the administration area: each call's attempt table adds its call. */
export abstract class PartnerCallAttemptColumns {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

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
