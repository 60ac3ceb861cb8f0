import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import { hashSecret, secretMatchesHash } from '../../security/tokens.js';
import type { Session } from '../sessions/session.entity.js';
import type { SessionAccessRepository } from './session-access.repository.js';

/** Who is looking at a session in the pay app. */
export type Viewer =
  { role: 'host'; sessionId: string; participantId: string | null } | { role: 'participant'; sessionId: string; participantId: string };

/** The cookie that carries a session's token after the pay app exchanged it (decisions §5). */
export function accessCookieName(sessionId: string): string {
  // A UUID is the same in any case; so is its cookie.
  return `ps_${sessionId.replace(/-/g, '').toLowerCase()}`;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Participant invite tokens are derived (HMAC of the participant id under a key derived from
 * SECRETS_KEY), so the host can show invite links again at any time while the database keeps
 * only their SHA-256.
 */
export class SessionAccess {
  constructor(
    private readonly inviteKey: Buffer,
    private readonly tokens: SessionAccessRepository,
  ) {}

  participantToken(participantId: string): string {
    return createHmac('sha256', this.inviteKey).update(participantId).digest('base64url');
  }

  participantTokenHash(participantId: string): string {
    return hashSecret(this.participantToken(participantId));
  }

  /** The viewer a token grants on a session, or an UNAUTHENTICATED error naming no detail. */
  async resolve(em: EntityManager, sessionId: string, token: string | undefined): Promise<Viewer> {
    const denied = new AppError(ErrorCode.Unauthenticated, 'This link is not valid for this session');
    if (!token || !TOKEN_PATTERN.test(token)) throw denied;
    const session = await this.tokens.findSessionHostTokenHash(em, sessionId);
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    if (secretMatchesHash(token, session.hostTokenHash)) {
      return { role: 'host', sessionId, participantId: await this.tokens.findHostParticipantId(em, sessionId) };
    }
    const participant = await this.tokens.findParticipantByTokenHash(em, sessionId, hashSecret(token));
    if (participant?.tokenHash && secretMatchesHash(token, participant.tokenHash)) {
      return { role: 'participant', sessionId, participantId: participant.id };
    }
    throw denied;
  }

  /**
   * The same decision as `resolve`, on a session already read with its participants (a live push:
   * one read serves every subscriber, so nothing is queried here).
   */
  resolveOnLoaded(session: Session, token: string | undefined): Viewer {
    const denied = new AppError(ErrorCode.Unauthenticated, 'This link is not valid for this session');
    if (!token || !TOKEN_PATTERN.test(token)) throw denied;
    const participants = session.participants.getItems();
    if (secretMatchesHash(token, session.hostTokenHash)) {
      return { role: 'host', sessionId: session.id, participantId: participants.find((participant) => participant.isHost)?.id ?? null };
    }
    const tokenHash = hashSecret(token);
    const participant = participants.find((candidate) => candidate.tokenHash === tokenHash);
    if (participant?.tokenHash && secretMatchesHash(token, participant.tokenHash)) {
      return { role: 'participant', sessionId: session.id, participantId: participant.id };
    }
    throw denied;
  }
}
