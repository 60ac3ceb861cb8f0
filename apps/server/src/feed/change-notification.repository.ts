import type { EntityManager } from '@mikro-orm/postgresql';

/** Channel carrying the id of a session that changed; every instance listens. */
export const SESSION_CHANGED_CHANNEL = 'paysplit_session_changed';

/** The NOTIFY a change sends: inside the caller's transaction, so it is heard only if that commits. */
export class ChangeNotificationRepository {
  async notifySessionChanged(em: EntityManager, sessionId: string): Promise<void> {
    await em.execute(`select pg_notify('${SESSION_CHANGED_CHANNEL}', ?)`, [sessionId]);
  }
}
