import { AuditEntry } from './audit-entry.entity.js';

/** The table this module owns, for the ORM's explicit entity list (db/entities.ts); only its repository writes it (docs/architecture.md, "Modules"). */
export const AUDIT_ENTITIES = [AuditEntry];
