import { RequestLogEntry } from './request-log-entry.entity.js';

/** The table this module owns, for the ORM's explicit entity list (db/entities.ts); only its repository writes it (docs/architecture.md, "Modules"). */
export const REQUEST_LOG_ENTITIES = [RequestLogEntry];
