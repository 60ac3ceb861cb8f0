import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Participant } from '../participant.entity.js';
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
  /** A claim in a locked open group, after every participant it had (positions are unique per session). */
  async addClaim(em: EntityManager, session: Session, current: readonly Participant[], claim: NewClaim): Promise<Participant> {
    const id = randomUUID();
    const position = current.reduce((last, participant) => Math.max(last, participant.position), -1) + 1;
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
}
