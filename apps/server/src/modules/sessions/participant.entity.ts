import { randomUUID } from 'node:crypto';
import { BigIntType, Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { Session } from './session.entity.js';

/**
 * `left` and `lapsed` are an open group's only: a payer who gave their places up, and a claim whose
 * reservation ran out before its payment counted (docs/plans/open-groups.md §4).
 */
export type ParticipantStatus = 'pending' | 'paid' | 'left' | 'lapsed';

/** One payer of a session, in display order (the host is position 0). */
@Entity({ tableName: 'participant' })
@Unique({ properties: ['session', 'position'] })
@Check({ name: 'participant_amount_check', expression: 'amount_minor > 0' })
@Check({ name: 'participant_places_check', expression: 'places is null or places > 0' })
// The lapse sweep's claims to look at: only pending ones with a reservation (open groups).
@Index({
  name: 'participant_reservation_lapse_index',
  expression: `create index "participant_reservation_lapse_index" on "participant" ("reserved_until") where status = 'pending' and reserved_until is not null`,
})
export class Participant {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'email'
    | 'locale'
    | 'emailUnsubscribedAt'
    | 'tokenHash'
    | 'places'
    | 'reservedUntil'
    | 'finalAmountMinor'
    | 'createdAt'
    | 'updatedAt';

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

  /** Open groups: the places this payer claimed (null in a closed session). */
  @Property({ type: 'integer', nullable: true })
  places: number | null = null;

  /** Open groups: until when a pending claim holds its places while they pay (OPEN_GROUP_RESERVATION_SECONDS). */
  @Property({ type: 'timestamptz', nullable: true })
  reservedUntil: Date | null = null;

  /** Open groups: what this payer is finally charged, once the group ended tipped. */
  @Property({ type: new BigIntType('bigint'), nullable: true })
  finalAmountMinor: bigint | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
