import { randomUUID } from 'node:crypto';
import { Collection, Entity, Enum, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { Participant } from '../sessions/index.js';
import type { Session } from '../sessions/index.js';

/**
 * What an email is about: asking to pay (invitation, reminder), money that moved (receipt, a share
 * the host covered, refund), how the session ended (completion note, cancellation, expiry), and
 * the host's way back (host-welcome, host-sign-in); under manual capture, a declined charge
 * (capture-declined to its payer, capture-declined-host to the host); an open group's news (it
 * tipped, or it did not reach its minimum by the deadline) to each payer and the organiser.
 */
export const EMAIL_KINDS = [
  'invitation',
  'reminder',
  'receipt',
  'completion',
  'share-covered',
  'refund',
  'cancellation',
  'expiry',
  'host-welcome',
  'host-sign-in',
  'capture-declined',
  'capture-declined-host',
  'group-tipped',
  'group-not-reached',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * One email in the mail outbox, written in the transaction of the change that causes it. The
 * unique (session, participant, kind, reason) makes a second write for one reason a no-op:
 * 'reminder:1440', 'remind:<hour>', 'payment:<id>', 'invitation:<n>', 'completion', 'refund:<id>',
 * 'ended', 'host-welcome:<n>', 'sign-in:<id>', an open group's 'tipped'. An open group's organiser is
 * no participant: their messages have none, so each reason still goes to them once.
 */
@Entity({ tableName: 'email_message' })
@Index({
  name: 'email_message_one_per_reason',
  expression: `create unique index "email_message_one_per_reason" on "email_message" ("session_id", coalesce("participant_id", '00000000-0000-0000-0000-000000000000'::uuid), "kind", "reason")`,
})
// The sender looks for due messages only among those not settled.
@Index({
  name: 'email_message_due_index',
  expression: `create index "email_message_due_index" on "email_message" ("next_attempt_at") where status in ('queued', 'sending')`,
})
export class EmailMessage {
  [OptionalProps]?: 'id' | 'status' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'updatedAt' | 'attemptRows';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: 'Session', deleteRule: 'cascade' })
  session!: Rel<Session>;

  @ManyToOne({ entity: 'Participant', nullable: true, deleteRule: 'cascade' })
  @Index()
  participant?: Rel<Participant> | null;

  @Enum({ items: [...EMAIL_KINDS] })
  kind!: EmailKind;

  @Property({ type: 'text' })
  reason!: string;

  /** The address it goes (went) to; null once erased (EMAIL_RETENTION_DAYS after the session ended). */
  @Property({ type: 'text', nullable: true })
  recipient?: string | null;

  @Enum({ items: [...EMAIL_STATUSES] })
  status: EmailStatus = 'queued';

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  /** While `sending`: the claim lapses then, so a crashed instance's message is picked up again. */
  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil?: Date | null;

  /** While claimed: the job instance holding the claim; when it dies the claim is taken over at once. */
  @Property({ type: 'uuid', nullable: true })
  claimedBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  /** Its session's test clock when it was written (test clocks; null: real time), shown in the message's headers. */
  @Property({ type: 'timestamptz', nullable: true })
  sessionClockAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @OneToMany(() => EmailAttempt, (attempt) => attempt.message, { orderBy: { attempt: 'asc' } })
  attemptRows = new Collection<EmailAttempt>(this);

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** One SMTP try of a message: its outcome and the server's reply, never an address. */
@Entity({ tableName: 'email_attempt' })
export class EmailAttempt {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => EmailMessage, { deleteRule: 'cascade' })
  @Index()
  message!: Rel<EmailMessage>;

  @Property({ type: 'integer' })
  attempt!: number;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'integer' })
  durationMs!: number;

  /** 'sent', 'retry' or 'failed'. */
  @Property({ type: 'text' })
  outcome!: string;

  @Property({ type: 'text', nullable: true })
  excerpt?: string | null;
}
