import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, canonicalLocale, describeDetails, ErrorCode, validateLocale } from '@paysplit/domain';
import { hashesMatch, hashSecret, secretMatchesHash } from '../../../security/tokens.js';
import type { Session } from '../session.entity.js';
import type { SessionAccessRepository } from './session-access.repository.js';

/** Who is looking at a session in the pay app. */
export type Viewer =
  { role: 'host'; sessionId: string; participantId: string | null } | { role: 'participant'; sessionId: string; participantId: string };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Derived invite tokens kept in memory (about 200 bytes each). */
const DERIVED_TOKENS_KEPT = 10_000;

const DAY_MS = 86_400_000;

/** The keys a session's access is derived under (each from SECRETS_KEY, each for one use). */
export interface SessionAccessKeys {
  /** Participants' invite tokens. */
  invite: Buffer;
  /** The host's cookie after a sign-in link (the host token itself is never known to the server). */
  hostDevice: Buffer;
  /** The codes of the host's sign-in links. */
  signIn: Buffer;
  /** The codes of open groups' join links. */
  join: Buffer;
}

/**
 * Participant invite tokens are derived (HMAC of the participant id under a key derived from
 * SECRETS_KEY), so the host can show invite links again at any time while the database keeps
 * only their SHA-256.
 */
export class SessionAccess {
  /**
   * Derived tokens of recently shown participants: the host's page shows every invite link on every
   * read and push, one HMAC each. Bounded (the oldest entry goes first); it holds nothing the
   * process could not derive again from the key it already holds.
   */
  private readonly derived = new Map<string, string>();

  constructor(
    private readonly keys: SessionAccessKeys,
    private readonly tokens: SessionAccessRepository,
    /** Days a session's personal data is kept after it ends (EMAIL_RETENTION_DAYS): access lasts as long. */
    private readonly keepDays: number,
  ) {}

  participantToken(participantId: string): string {
    return this.derive(this.keys.invite, participantId, participantId);
  }

  /**
   * The host's cookie on a device that signed in with an emailed link: a token of the invite
   * tokens' shape, derived from the session id, so nothing more is stored and the pay page's read
   * stays one statement. It is only ever set as an HttpOnly cookie, never shown or emailed.
   */
  hostDeviceToken(sessionId: string): string {
    return this.derive(this.keys.hostDevice, sessionId.toLowerCase(), `host:${sessionId.toLowerCase()}`);
  }

  hostDeviceTokenHash(sessionId: string): string {
    return hashSecret(this.hostDeviceToken(sessionId));
  }

  /** The code of one sign-in link (the id of its host_sign_in row): the database keeps its hash only. */
  signInCode(signInId: string): string {
    return createHmac('sha256', this.keys.signIn).update(signInId.toLowerCase()).digest('base64url');
  }

  /**
   * The code of an open group's join link, derived from the session id like invite tokens: the
   * link can be shown again to its merchant and organiser while the database keeps only its hash.
   * It grants nothing but joining; a payer's own access is their invite token.
   */
  joinCode(sessionId: string): string {
    return this.derive(this.keys.join, sessionId.toLowerCase(), `join:${sessionId.toLowerCase()}`);
  }

  joinCodeHash(sessionId: string): string {
    return hashSecret(this.joinCode(sessionId));
  }

  /**
   * Until when a session's cookie is kept: as long as its personal data is (decisions, "Access
   * lasts as long as the data"), so people read the ended session, refunds and all. A session ends
   * at its deadline at the latest, and its data is erased `keepDays` after it ended.
   */
  accessUntil(expiresAt: Date): Date {
    return new Date(expiresAt.getTime() + this.keepDays * DAY_MS);
  }

  private derive(key: Buffer, subject: string, cacheKey: string): string {
    let token = this.derived.get(cacheKey);
    if (token === undefined) {
      token = createHmac('sha256', key).update(subject).digest('base64url');
      if (this.derived.size >= DERIVED_TOKENS_KEPT) this.derived.delete(this.derived.keys().next().value as string);
      this.derived.set(cacheKey, token);
    }
    return token;
  }

  participantTokenHash(participantId: string): string {
    return hashSecret(this.participantToken(participantId));
  }

  /** The viewer a token grants on a session, or an UNAUTHENTICATED error naming no detail. */
  async resolve(em: EntityManager, sessionId: string, token: string | undefined): Promise<Viewer> {
    // Hashed once: the lookup and both comparisons take the same hash.
    const presentedHash = hashSecret(wellFormedToken(token));
    const session = await this.tokens.findSessionHostTokenHash(em, sessionId);
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    if (hashesMatch(presentedHash, session.hostTokenHash) || hashesMatch(presentedHash, this.hostDeviceTokenHash(sessionId))) {
      return { role: 'host', sessionId, participantId: await this.tokens.findHostParticipantId(em, sessionId) };
    }
    const participant = await this.tokens.findParticipantByTokenHash(em, sessionId, presentedHash);
    return viewerOfTokenHolder(
      sessionId,
      presentedHash,
      participant?.tokenHash ? { id: participant.id, tokenHash: participant.tokenHash } : null,
    );
  }

  /**
   * Remembers the language the viewer reads their pay page in, so their emails are written in it.
   * False when there is nobody to remember it for yet (a host before their split is saved).
   */
  async rememberLocale(em: EntityManager, viewer: Viewer, tag: string): Promise<boolean> {
    const locale = canonicalLocale(tag);
    if (locale === undefined) {
      const details = validateLocale(tag);
      throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
    }
    if (viewer.participantId === null) return false;
    await this.tokens.rememberLocale(em, viewer.participantId, locale);
    return true;
  }

  /**
   * The same decision as `resolve`, on a session already read with its participants (a live push:
   * one read serves every subscriber, so nothing is queried here).
   */
  resolveOnLoaded(session: Session, token: string | undefined): Viewer {
    const denied = new AppError(ErrorCode.Unauthenticated, 'This link is not valid for this session');
    if (!token || !TOKEN_PATTERN.test(token)) throw denied;
    const participants = session.participants.getItems();
    if (secretMatchesHash(token, session.hostTokenHash) || secretMatchesHash(token, this.hostDeviceTokenHash(session.id))) {
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

function denied(): AppError {
  return new AppError(ErrorCode.Unauthenticated, 'This link is not valid for this session');
}

/** The token itself, or UNAUTHENTICATED when it cannot be one (checked before any read). */
export function wellFormedToken(token: string | undefined): string {
  if (!token || !TOKEN_PATTERN.test(token)) throw denied();
  return token;
}

/**
 * The viewer decided on hashes a caller already read in one statement (the pay page's read), from
 * the presented token's hash the caller made for that read: the host when it matches the session's
 * host hash (or the host's signed-in device's), else the participant whose stored hash it matches,
 * else UNAUTHENTICATED. Every comparison takes time independent of where hashes differ.
 */
export function viewerOfHashes(
  sessionId: string,
  presentedHash: string,
  hashes: {
    hostTokenHash: string;
    hostDeviceTokenHash: string;
    hostParticipantId: string | null;
    tokenHolder: { id: string; tokenHash: string } | null;
  },
): Viewer {
  const host = hashesMatch(presentedHash, hashes.hostTokenHash);
  const hostDevice = hashesMatch(presentedHash, hashes.hostDeviceTokenHash);
  if (host || hostDevice) return { role: 'host', sessionId, participantId: hashes.hostParticipantId };
  return viewerOfTokenHolder(sessionId, presentedHash, hashes.tokenHolder);
}

function viewerOfTokenHolder(sessionId: string, presentedHash: string, holder: { id: string; tokenHash: string } | null): Viewer {
  if (holder && hashesMatch(presentedHash, holder.tokenHash)) return { role: 'participant', sessionId, participantId: holder.id };
  throw denied();
}
