import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import { type SessionAccess, type Viewer, viewerOfHashes, wellFormedToken } from './access/session-access.js';
import { hashSecret } from '../../security/tokens.js';
import type { MerchantPrincipal } from '../integrations/index.js';
import type { FeedCache } from '../../feed/feed-cache.js';
import type { PaySessionRecord, PaySessionRecordRepository } from './pay-session-record.repository.js';
import type { Session } from './session.entity.js';
import type { SessionRecord, SessionRecordRepository } from './session-record.repository.js';
import type { SessionProgress, SessionRepository } from './session.repository.js';

export interface SessionReadOptions {
  sessions: SessionRepository;
  records: SessionRecordRepository;
  payRecords: PaySessionRecordRepository;
  /** Public progress by session; the server keeps it true with the change feed. */
  statusCache?: FeedCache<SessionProgress>;
  /** The host's signed-in devices are recognised by a token derived from the session id. */
  access: Pick<SessionAccess, 'hostDeviceTokenHash'>;
}

/** A session as its merchant, its people and the public status poll see it. */
export class SessionReadService {
  constructor(private readonly options: SessionReadOptions) {}

  async findForMerchant(em: EntityManager, principal: MerchantPrincipal, sessionId: string): Promise<Session> {
    const session = isUuid(sessionId) ? await this.options.sessions.findForMerchant(em, sessionId, principal.integrationId) : null;
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return session;
  }

  /** The same read as plain values: the merchant's GraphQL `session` query, a hot path (one statement, no entities). */
  async findRecordForMerchant(em: EntityManager, principal: MerchantPrincipal, sessionId: string): Promise<SessionRecord> {
    const session = isUuid(sessionId) ? await this.options.records.findForMerchant(em, sessionId, principal.integrationId) : undefined;
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return session;
  }

  /** The session as a payer or host sees it in the pay app. */
  async findForViewer(em: EntityManager, viewer: Viewer): Promise<Session> {
    const session = await this.options.sessions.findForViewer(em, viewer.sessionId);
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${viewer.sessionId} not found`);
    return session;
  }

  /**
   * The pay page's read (every pay page and reconnect): the session and the viewer its token
   * grants, from one statement of plain rows. Errors as SessionAccess.resolve: UNAUTHENTICATED for a
   * malformed or foreign token, SESSION_NOT_FOUND for an unknown session.
   */
  async findForPayToken(
    em: EntityManager,
    sessionId: string,
    token: string | undefined,
  ): Promise<{ viewer: Viewer; session: PaySessionRecord }> {
    const presentedHash = hashSecret(wellFormedToken(token));
    const session = await this.options.payRecords.findForToken(em, sessionId, presentedHash);
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    const hostParticipantId = session.participants.find((participant) => participant.isHost)?.id ?? null;
    const viewer = viewerOfHashes(sessionId, presentedHash, {
      hostTokenHash: session.hostTokenHash,
      hostDeviceTokenHash: this.options.access.hostDeviceTokenHash(sessionId),
      hostParticipantId,
      tokenHolder: session.tokenHolder,
    });
    return { viewer, session };
  }

  /** The session a live push carries, with what every viewer's projection needs (participants, their token hashes, the merchant). */
  async findForLiveUpdate(em: EntityManager, sessionId: string): Promise<Session | undefined> {
    return (await this.options.sessions.findForViewer(em, sessionId)) ?? undefined;
  }

  /** The public status of decisions §7: no names, no emails, no tokens. */
  async findStatus(em: EntityManager, sessionId: string): Promise<SessionProgress> {
    if (!isUuid(sessionId)) {
      throw new AppError(ErrorCode.ValidationError, 'sessionId must be a UUID', [{ path: 'sessionId', message: 'must be a UUID' }]);
    }
    // The hottest read (pay pages poll it): from the cache while the session is unchanged.
    const load = (): Promise<SessionProgress | undefined> => this.options.sessions.findProgress(em, sessionId);
    const cache = this.options.statusCache;
    const progress = cache
      ? await cache.get(sessionId.toLowerCase(), async () => {
          const loaded = await load();
          return loaded && { value: loaded, group: loaded.sessionId };
        })
      : await load();
    if (!progress) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return progress;
  }
}
