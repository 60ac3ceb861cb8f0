import { Account, AdminLogin, OperatorToken } from './account.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); its repositories alone query them. */
export const ACCOUNT_ENTITIES = [Account, AdminLogin, OperatorToken];
