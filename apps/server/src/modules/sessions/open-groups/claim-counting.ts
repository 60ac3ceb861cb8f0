import type { EntityManager } from '@mikro-orm/postgresql';
import { groupAmountMinor, type PlaceCounts, placesLeft, quotePricePerPlace, SessionStatus } from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { SessionEventBus } from '../events.js';
import type { Participant } from '../participant.entity.js';
import type { Payment } from '../payments/payment.entity.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import { countPlaces, isLiveReservation, type OpenGroupFields, termsOf } from './open-group-state.js';

/** A claim whose payment can count, with every claim of its group (locked), as counting needs them. */
export interface CountableClaim {
  claim: Participant;
  claims: readonly Participant[];
}

export interface ClaimCountingOptions {
  sessions: SessionRepository;
  announcer: SessionChangeAnnouncer;
  events: SessionEventBus;
  /** What follows a count in its transaction: the group may tip, or fill and end (open-group-end.service.ts). */
  afterCount?: (tx: EntityManager, session: Session, at: Date) => Promise<void>;
}

/**
 * A payment recorded for an open group's claim (docs/plans/open-groups.md §4), under the session's
 * row lock: whether it can count, and counting it.
 */
export class ClaimCounting {
  constructor(private readonly options: ClaimCountingOptions) {}

  /**
   * It counts for a claim still holding its places, or for one that lapsed (the sweep may not have
   * marked it yet) while as many places are still left: it takes them back. It cannot count once
   * the places went to others, the payer left or was paid already, the group stopped taking
   * payments, its checkout was cancelled, or its amount is not the claim's.
   */
  async countable(
    tx: EntityManager,
    session: Session,
    group: OpenGroupFields,
    payment: Payment,
    now: Date,
    checkoutCancelled: boolean,
  ): Promise<CountableClaim | null> {
    const takingPayments = session.status === 'open' || session.status === 'partially_paid';
    if (!payment.participant || payment.coversParticipantIds || checkoutCancelled || !takingPayments) return null;
    if (session.expiresAt.getTime() <= now.getTime()) return null;
    const claims = await this.options.sessions.lockParticipantsOfSession(tx, session.id);
    const claim = claims.find((candidate) => candidate.id === payment.participant!.id);
    if (!claim || claim.places === null || claim.amountMinor !== payment.amountMinor) return null;
    if (isLiveReservation(claim, now)) return { claim, claims };
    if (claim.status !== 'pending' && claim.status !== 'lapsed') return null;
    const others = countPlaces(
      claims.filter((other) => other.id !== claim.id),
      now,
    );
    return claim.places <= placesLeft(termsOf(group, session.amountMinor), others) ? { claim, claims } : null;
  }

  /**
   * Counts it: the claim is paid, the group's places sold grow with it (and a `per_place` group's
   * amount), the session takes the money up to its amount, and the merchant hears
   * SERVICE_GROUP_JOINED; then `afterCount` (the group may tip, or fill and end). Returns the places
   * as they now stand.
   */
  async count(
    tx: EntityManager,
    session: Session,
    group: OpenGroupFields,
    { claim, claims }: CountableClaim,
    payment: Payment,
    now: Date,
  ): Promise<PlaceCounts> {
    claim.status = 'paid';
    claim.reservedUntil = null;
    const counts = countPlaces(claims, now);
    const terms = termsOf(group, session.amountMinor);
    session.amountMinor = groupAmountMinor(terms, counts.heldPlaces);
    // A split_total payer is held at a price that only falls as more join: what is held may pass the total.
    const paid = session.paidMinor + payment.amountMinor;
    session.paidMinor = paid < session.amountMinor ? paid : session.amountMinor;
    session.status = SessionStatus.PartiallyPaid;
    session.version += 1;
    await this.options.sessions.save(tx);
    await this.options.announcer.announce(tx, session.id);
    await this.options.events.publish(tx, 'groupJoined', {
      session,
      participant: claim,
      payment,
      counts,
      placesLeft: placesLeft(terms, counts),
      pricePerPlaceMinor: quotePricePerPlace(terms, counts.heldPlaces, 1),
      at: now,
    });
    await this.options.afterCount?.(tx, session, now);
    return counts;
  }
}
