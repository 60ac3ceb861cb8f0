// The audit module's front door: what other modules may use (docs/architecture.md, "Modules").
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

export { type AuditActor, AuditService, CLI_ACTOR } from './audit.service.js';
export type { AuditEntry } from './audit-entry.entity.js';

/** The audit log's service over its one repository. */
export function createAuditService(): AuditService {
  return new AuditService(new AuditRepository());
}
