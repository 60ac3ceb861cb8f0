import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailService, EmailStatus } from '../emails/index.js';
import type { Refund } from '../sessions/index.js';
import type { RefundReads } from '../sessions/index.js';
import type { Session } from '../sessions/index.js';
import type { SessionReadService } from '../sessions/index.js';
import type { RequestLoaders } from '../../graphql/loaders.js';

/**
 * What one live push needs, read once per change per instance: the session and the rows its view
 * shows beside it (refunds for payers and host, email statuses for the host's roster). Every
 * subscription then projects it for its own viewer without a query of its own.
 */
export interface LiveSession {
  readonly session: Session;
  readonly refunds: readonly Refund[];
  /** By participant id, for every participant with an email (null: nothing sent yet). */
  readonly emailStatuses: ReadonlyMap<string, EmailStatus | null>;
}

export class LiveSessionReader {
  constructor(
    private readonly options: {
      sessionReads: SessionReadService;
      refunds: RefundReads;
      emails: Pick<EmailService, 'statuses'>;
    },
  ) {}

  /** Undefined when the session is gone. `em` is a unit of work of the read's own. */
  async read(em: EntityManager, sessionId: string): Promise<LiveSession | undefined> {
    const session = await this.options.sessionReads.findForLiveUpdate(em, sessionId);
    if (!session) return undefined;
    const withEmail = session.participants
      .getItems()
      .filter((participant) => participant.email)
      .map((participant) => participant.id);
    const refunds = (await this.options.refunds.findOfSessions(em, [sessionId])).get(sessionId) ?? [];
    const statuses = withEmail.length ? await this.options.emails.statuses(em, withEmail) : new Map<string, EmailStatus>();
    return { session, refunds, emailStatuses: new Map(withEmail.map((id) => [id, statuses.get(id) ?? null])) };
  }
}

/** Hands a push's rows to the subscription's loaders, so the view's field resolvers find them loaded. */
export function primeLoaders(loaders: RequestLoaders, live: LiveSession): void {
  loaders.refundsOfSession.prime(live.session.id, [...live.refunds]);
  for (const [participantId, status] of live.emailStatuses) loaders.emailStatusOfParticipant.prime(participantId, status);
}
