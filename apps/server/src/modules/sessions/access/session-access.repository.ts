import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Participant } from '../participant.entity.js';
import { Session } from '../session.entity.js';
import { HostSignIn } from './host-sign-in.entity.js';

/** The reads that turn a pay-app token into a viewer (only ids and token hashes), and the host's sign-in links. */
export class SessionAccessRepository {
  findSessionHostTokenHash(em: EntityManager, sessionId: string): Promise<Pick<Session, 'id' | 'hostTokenHash'> | null> {
    return em.findOne(Session, { id: sessionId }, { fields: ['id', 'hostTokenHash'] });
  }

  async findHostParticipantId(em: EntityManager, sessionId: string): Promise<string | null> {
    return (await em.findOne(Participant, { session: sessionId, isHost: true }, { fields: ['id'] }))?.id ?? null;
  }

  findParticipantByTokenHash(
    em: EntityManager,
    sessionId: string,
    tokenHash: string,
  ): Promise<Pick<Participant, 'id' | 'tokenHash'> | null> {
    return em.findOne(Participant, { session: sessionId, tokenHash }, { fields: ['id', 'tokenHash'] });
  }

  /** The host of a session (null before the split is configured). */
  findHost(em: EntityManager, sessionId: string): Promise<Participant | null> {
    return em.findOne(Participant, { session: sessionId, isHost: true });
  }

  /** When this session's sign-in links were asked for since `since`, newest first. */
  async signInsSince(em: EntityManager, sessionId: string, since: Date): Promise<Date[]> {
    const rows = await em.find(
      HostSignIn,
      { session: sessionId, createdAt: { $gte: since } },
      { fields: ['createdAt'], orderBy: { createdAt: 'desc' } },
    );
    return rows.map((row) => row.createdAt);
  }

  addSignIn(em: EntityManager, fields: { id: string; session: Session; codeHash: string; expiresAt: Date; createdAt: Date }): HostSignIn {
    return em.create(HostSignIn, fields);
  }

  /** The sign-in link of this code, locked until the caller's transaction ends (one use, even at once on two devices). */
  lockSignInByCodeHash(em: EntityManager, codeHash: string): Promise<HostSignIn | null> {
    return em.findOne(HostSignIn, { codeHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  findSignInByCodeHash(em: EntityManager, codeHash: string): Promise<HostSignIn | null> {
    return em.findOne(HostSignIn, { codeHash });
  }

  /** The language a participant last read their pay page in (their emails are written in it); no write when it is the same. */
  async rememberLocale(em: EntityManager, participantId: string, locale: string): Promise<void> {
    await em.nativeUpdate(Participant, { id: participantId, $or: [{ locale: null }, { locale: { $ne: locale } }] }, { locale });
  }

  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }
}
