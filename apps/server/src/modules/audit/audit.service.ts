import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEntry } from './audit-entry.entity.js';

/** Who acted: an administration-area principal, or the CLI. */
export interface AuditActor {
  readonly accountId?: string;
  readonly actor: string;
}

export const CLI_ACTOR: AuditActor = { actor: 'cli' };

/**
 * Adds an audit entry to the caller's unit of work, so it commits with the change it records
 * (or not at all). `details` carries ids and field names, never secret values.
 */
export function recordAudit(
  em: EntityManager,
  who: AuditActor,
  entry: { action: string; summary: string; integrationId?: string; details?: Record<string, unknown> },
): AuditEntry {
  return em.create(AuditEntry, {
    actorAccountId: who.accountId ?? null,
    actor: who.actor,
    integrationId: entry.integrationId ?? null,
    action: entry.action,
    summary: entry.summary,
    details: entry.details ?? {},
  });
}
