import { AuditEntry } from './audit-entry.entity.js';

/** The table this module owns, for the ORM's explicit entity list (db/entities.ts); its repository alone writes it. */
export const AUDIT_ENTITIES = [AuditEntry];
