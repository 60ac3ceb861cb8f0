import { ApiKey } from './api-key.entity.js';
import { Integration } from './integration.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); only its repositories write them (docs/architecture.md, "Modules"). */
export const INTEGRATION_ENTITIES = [Integration, ApiKey];
