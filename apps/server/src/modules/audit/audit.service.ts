import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditEntry } from './audit-entry.entity.js';
import type { AuditRepository } from './audit.repository.js';

/** Who acted: an administration-area principal, or the CLI. */
export interface AuditActor {
  readonly accountId?: string;
  readonly actor: string;
}

export const CLI_ACTOR: AuditActor = { actor: 'cli' };

/** The audit log: who changed what, recorded with the change itself. */
export class AuditService {
  constructor(private readonly entries: AuditRepository) {}

  /**
   * Adds an audit entry to the caller's unit of work, so it commits with the change it records
   * (or not at all). `details` carries ids and field names, never secret values.
   */
  record(
    em: EntityManager,
    who: AuditActor,
    entry: { action: string; summary: string; integrationId?: string; details?: Record<string, unknown> },
  ): AuditEntry {
    return this.entries.insertEntry(em, {
      actorAccountId: who.accountId ?? null,
      actor: who.actor,
      integrationId: entry.integrationId ?? null,
      action: entry.action,
      summary: entry.summary,
      details: entry.details ?? {},
    });
  }
}
