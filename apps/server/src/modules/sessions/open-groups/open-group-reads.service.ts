import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid, sessionNow } from '@paysplit/domain';
import { secretMatchesHash } from '../../../security/tokens.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import { toOpenGroupView } from './open-group.mapper.js';
import { openGroupOf } from './open-group-state.js';
import { OpenGroupInvitation } from './open-group.types.js';

const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What anyone holding an open group's join link may read. */
export class OpenGroupReadService {
  private readonly now: () => Date;

  constructor(private readonly options: { sessions: SessionRepository; now?: () => Date }) {
    this.now = options.now ?? (() => new Date());
  }

  /** The open group behind a join link, with its participants and merchant; SESSION_NOT_FOUND for anything else. */
  async findByJoinCode(em: EntityManager, sessionId: string, code: string): Promise<Session> {
    const session = isUuid(sessionId) && CODE_PATTERN.test(code) ? await this.options.sessions.findForViewer(em, sessionId) : null;
    if (!session || !joinCodeMatches(session, code)) throw notFound(sessionId);
    return session;
  }

  async invitation(em: EntityManager, sessionId: string, code: string): Promise<OpenGroupInvitation> {
    return this.toInvitation(await this.findByJoinCode(em, sessionId, code));
  }

  /** The join page's view of a loaded open group (also what its live pushes carry). */
  toInvitation(session: Session): OpenGroupInvitation {
    const group = openGroupOf(session);
    if (!group) throw notFound(session.id);
    const integration = session.integration;
    const now = sessionNow(session, this.now());
    return Object.assign(new OpenGroupInvitation(), {
      sessionId: session.id,
      status: session.status,
      merchantName: integration.displayName ?? integration.name,
      merchantLogoUrl: integration.logoUrl ?? null,
      accentColor: integration.accentColor ?? null,
      merchantTimeZone: integration.timeZone,
      description: session.description ?? null,
      locale: session.locale ?? null,
      currency: session.currency,
      captureMethod: session.captureMethod,
      amountMinor: session.amountMinor,
      expiresAt: session.expiresAt,
      openGroup: toOpenGroupView(group, session.amountMinor, session.participants.getItems(), now, { joinUrl: null, viewerPlaces: null }),
    });
  }
}

/** The code presented against the stored hash, in constant time; a closed session has none. */
export function joinCodeMatches(session: Pick<Session, 'joinCodeHash'>, code: string): boolean {
  return session.joinCodeHash !== null && CODE_PATTERN.test(code) && secretMatchesHash(code, session.joinCodeHash);
}

function notFound(sessionId: string): AppError {
  return new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
}
