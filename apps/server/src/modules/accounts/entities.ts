import { Account, AdminLogin, OperatorToken } from './account.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); only its repositories write them (docs/architecture.md, "Modules"). */
export const ACCOUNT_ENTITIES = [Account, AdminLogin, OperatorToken];
