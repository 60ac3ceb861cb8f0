import { randomUUID } from 'node:crypto';
import { BigIntType, Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { Session } from './session.entity.js';

export type ParticipantStatus = 'pending' | 'paid';

/** One payer of a session, in display order (the host is position 0). */
@Entity({ tableName: 'participant' })
@Unique({ properties: ['session', 'position'] })
@Check({ name: 'participant_amount_check', expression: 'amount_minor > 0' })
export class Participant {
  [OptionalProps]?: 'id' | 'status' | 'email' | 'locale' | 'emailUnsubscribedAt' | 'tokenHash' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  // Rel: no eager reference to Session in the emitted metadata, so the entity cycle loads in any import order.
  @ManyToOne(() => Session, { deleteRule: 'cascade' })
  session!: Rel<Session>;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  displayName!: string;

  @Property({ type: 'text', nullable: true })
  email?: string | null;

  /** The language they last read their pay page in (BCP 47): their emails are written in it. */
  @Property({ type: 'text', nullable: true })
  locale?: string | null;

  /** Set by the one-click unsubscribe: no further reminders for this session. */
  @Property({ type: 'timestamptz', nullable: true })
  emailUnsubscribedAt?: Date | null;

  @Property({ type: 'boolean' })
  isHost!: boolean;

  @Property({ type: new BigIntType('bigint') })
  amountMinor!: bigint;

  @Property({ type: 'text' })
  status: ParticipantStatus = 'pending';

  /** Set when the host paid this share as part of covering the rest. */
  @Property({ type: 'uuid', nullable: true })
  coveredByPaymentId?: string | null;

  /** SHA-256 of the participant's invite token; the token itself is never stored. */
  @Property({ type: 'text', nullable: true, unique: true })
  tokenHash?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
