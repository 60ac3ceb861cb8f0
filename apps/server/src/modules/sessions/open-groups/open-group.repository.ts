import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Participant } from '../participant.entity.js';
import type { PlaceCounts } from '@paysplit/domain';
import type { Session } from '../session.entity.js';

/** A claim as a join writes it: a pending participant holding places until `reservedUntil`. */
export interface NewClaim {
  displayName: string;
  email: string;
  locale: string | null;
  places: number;
  amountMinor: bigint;
  reservedUntil: Date;
  at: Date;
  tokenHash(participantId: string): string;
}

/** The writes and reads of an open group's claims (participant rows), under its session's lock. */
export class OpenGroupRepository {
  /**
   * Where a locked open group stands at `now` (its clock), counted by the database in one statement:
   * places held (paid claims), places reserved (pending claims whose reservation has not run out),
   * and the last position taken. A join reads only this, not every claim: under a rush of joins
   * each one holds the session's lock for as short a time as it can. The session's row lock is
   * what serialises every change of its claims, so these rows need no lock of their own.
   */
  async placeCounts(em: EntityManager, sessionId: string, now: Date): Promise<PlaceCounts & { lastPosition: number }> {
    const [row] = await em.execute<{ held: string | number; reserved: string | number; last: number }[]>(
      `select coalesce(sum(places) filter (where status = 'paid'), 0) as held,
              coalesce(sum(places) filter (where status = 'pending' and reserved_until > ?), 0) as reserved,
              coalesce(max(position), -1) as last
         from participant where session_id = ?`,
      [now, sessionId],
    );
    return { heldPlaces: Number(row?.held ?? 0), reservedPlaces: Number(row?.reserved ?? 0), lastPosition: Number(row?.last ?? -1) };
  }

  /** A claim in a locked open group, after the last position taken (positions are unique per session). */
  async addClaim(em: EntityManager, session: Session, lastPosition: number, claim: NewClaim): Promise<Participant> {
    const id = randomUUID();
    const position = lastPosition + 1;
    const participant = em.create(Participant, {
      id,
      session,
      position,
      displayName: claim.displayName,
      email: claim.email,
      locale: claim.locale,
      isHost: false,
      amountMinor: claim.amountMinor,
      status: 'pending',
      places: claim.places,
      reservedUntil: claim.reservedUntil,
      tokenHash: claim.tokenHash(id),
      createdAt: claim.at,
      updatedAt: claim.at,
    });
    await em.flush();
    return participant;
  }

  /**
   * The lapse sweep: claims up to `limit` open groups taking payments with a pending claim whose
   * reservation passed, each by its own clock (real time `now`, or its test clock); SKIP LOCKED on
   * the session row, so sweeps running at once share them and each is handled once.
   */
  async claimSessionsWithLapsedClaims(em: EntityManager, now: Date, limit: number): Promise<string[]> {
    const taking = `s.status in ('open', 'partially_paid') and s.open_group_pricing is not null`;
    const byRealTime = await em.execute<{ id: string }[]>(
      `select s.id from session s
        where ${taking} and s.test_clock_at is null
          and s.id in (select p.session_id from participant p where p.status = 'pending' and p.reserved_until <= ?)
        order by s.id limit ? for update of s skip locked`,
      [now, limit],
    );
    const byTestClock = await em.execute<{ id: string }[]>(
      `select s.id from session s
        where ${taking} and s.test_clock_at is not null
          and exists (select 1 from participant p where p.session_id = s.id and p.status = 'pending' and p.reserved_until <= s.test_clock_at)
        order by s.id limit ? for update of s skip locked`,
      [Math.max(0, limit - byRealTime.length)],
    );
    return [...byRealTime, ...byTestClock].map((row) => row.id);
  }

  /** A locked session's pending claims whose reservation passed by `at`, locked, oldest first. */
  lockLapsedClaims(em: EntityManager, sessionId: string, at: Date): Promise<Participant[]> {
    return em.find(
      Participant,
      { session: sessionId, status: 'pending', reservedUntil: { $lte: at } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { reservedUntil: 'asc' } },
    );
  }

  /** When the first pending claim's reservation of a session runs out (null: none is pending). */
  async earliestReservationEnd(em: EntityManager, sessionId: string): Promise<Date | null> {
    const [row] = await em.execute<{ at: Date | string | null }[]>(
      `select min(reserved_until) as at from participant where session_id = ? and status = 'pending'`,
      [sessionId],
    );
    return row?.at ? new Date(row.at) : null;
  }
}
