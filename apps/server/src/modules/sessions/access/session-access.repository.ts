import type { EntityManager } from '@mikro-orm/postgresql';
import { Participant } from '../participant.entity.js';
import { Session } from '../session.entity.js';

/** The reads that turn a pay-app token into a viewer: only ids and token hashes. */
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
}
