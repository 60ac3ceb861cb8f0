import { EmailAttempt, EmailMessage } from './email-message.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); only its repositories write them (docs/architecture.md, "Modules"). */
export const EMAIL_ENTITIES = [EmailMessage, EmailAttempt];
