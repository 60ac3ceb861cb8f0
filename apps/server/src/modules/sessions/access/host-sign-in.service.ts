import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import { randomUUID } from 'node:crypto';
import { hashSecret } from '../../../security/tokens.js';
import type { SessionEventBus } from '../events.js';
import type { SessionRepository } from '../session.repository.js';
import type { SessionAccess } from './session-access.js';
import type { SessionAccessRepository } from './session-access.repository.js';

/** How long an emailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 30;
/** At most this many links per session an hour, and one a minute: the host's inbox is not a target. */
const SIGN_INS_PER_HOUR = 5;
const MINUTE_MS = 60_000;

const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type SignInRequestAnswer =
  /** A link is on its way, or there is nobody to send one to: the page says the same either way. */
  { outcome: 'requested' } | { outcome: 'too-soon'; retryAfterSeconds: number } | { outcome: 'unknown-session' };

export interface HostSignInOptions {
  sessions: Pick<SessionRepository, 'lockSession'>;
  access: SessionAccess;
  tokens: SessionAccessRepository;
  events: SessionEventBus;
  now?: () => Date;
}

/**
 * The host's way back on another device (decisions, "The host's way back"): a sign-in link emailed
 * to the address the host gave, usable once within SIGN_IN_LINK_MINUTES, that sets the host's
 * cookie. The host token itself is never emailed, and the server never knows it (only its hash).
 */
export class HostSignInService {
  private readonly now: () => Date;

  constructor(private readonly options: HostSignInOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Someone asks for a sign-in link to this session's host. It goes to the host's own address, so
   * asking grants nothing; the answer does not say whether the host gave one.
   */
  async requestLink(em: EntityManager, sessionId: string): Promise<SignInRequestAnswer> {
    if (!isUuid(sessionId)) return { outcome: 'unknown-session' };
    const { sessions, tokens, access, events } = this.options;
    return em.transactional(async (tx) => {
      const session = await sessions.lockSession(tx, { id: sessionId });
      if (!session) return { outcome: 'unknown-session' as const };
      const host = await tokens.findHost(tx, session.id);
      if (!host?.email) return { outcome: 'requested' as const };
      const now = this.now();
      const recent = await tokens.signInsSince(tx, session.id, new Date(now.getTime() - 60 * MINUTE_MS));
      const waitMs = Math.max(
        recent[0] ? recent[0].getTime() + MINUTE_MS - now.getTime() : 0,
        recent.length >= SIGN_INS_PER_HOUR ? recent[recent.length - 1]!.getTime() + 60 * MINUTE_MS - now.getTime() : 0,
      );
      if (waitMs > 0) return { outcome: 'too-soon' as const, retryAfterSeconds: Math.ceil(waitMs / 1000) };
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * MINUTE_MS);
      tokens.addSignIn(tx, { id, session, codeHash: hashSecret(access.signInCode(id)), expiresAt, createdAt: now });
      await tokens.save(tx);
      await events.publish(tx, 'hostSignInRequested', { session, host, signInId: id, expiresAt, at: now });
      return { outcome: 'requested' as const };
    });
  }

  /** Whether there is such a session (the page that offers a link says so before anyone asks). */
  async sessionExists(em: EntityManager, sessionId: string): Promise<boolean> {
    return isUuid(sessionId) && (await this.options.tokens.findSessionHostTokenHash(em, sessionId)) !== null;
  }

  /** Whether a code still works for this session (the page's GET: nothing is used up by looking). */
  async isUsable(em: EntityManager, sessionId: string, code: unknown): Promise<boolean> {
    if (!isUuid(sessionId) || typeof code !== 'string' || !CODE_PATTERN.test(code)) return false;
    const signIn = await this.options.tokens.findSignInByCodeHash(em, hashSecret(code));
    return signIn !== null && this.usable(signIn, sessionId);
  }

  /**
   * Uses a sign-in link: once, before it expires, for its own session. Returns the host's cookie
   * value and how long to keep it; UNAUTHENTICATED otherwise, naming no detail.
   */
  async redeem(em: EntityManager, sessionId: string, code: unknown): Promise<{ token: string; expires: Date }> {
    const denied = new AppError(ErrorCode.Unauthenticated, 'This sign-in link has expired or was used already');
    if (!isUuid(sessionId) || typeof code !== 'string' || !CODE_PATTERN.test(code)) throw denied;
    const { sessions, tokens, access } = this.options;
    return em.transactional(async (tx) => {
      // Lock order: the session first, as every change of a session.
      const session = await sessions.lockSession(tx, { id: sessionId });
      const signIn = session ? await tokens.lockSignInByCodeHash(tx, hashSecret(code)) : null;
      if (!session || !signIn || !this.usable(signIn, session.id)) throw denied;
      signIn.usedAt = this.now();
      await tokens.save(tx);
      return { token: access.hostDeviceToken(session.id), expires: access.accessUntil(session.expiresAt) };
    });
  }

  private usable(signIn: { session: { id: string }; usedAt?: Date | null; expiresAt: Date }, sessionId: string): boolean {
    return (
      signIn.session.id.toLowerCase() === sessionId.toLowerCase() && !signIn.usedAt && signIn.expiresAt.getTime() > this.now().getTime()
    );
  }
}
