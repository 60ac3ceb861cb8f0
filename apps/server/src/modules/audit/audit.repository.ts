import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEntry } from './audit-entry.entity.js';

export interface NewAuditEntry {
  actorAccountId: string | null;
  actor: string;
  integrationId: string | null;
  action: string;
  summary: string;
  details: Record<string, unknown>;
}

/** The one write path of audit_entry: staged in the caller's unit of work, written by its flush. */
export class AuditRepository {
  insertEntry(em: EntityManager, entry: NewAuditEntry): AuditEntry {
    return em.create(AuditEntry, entry);
  }
}
