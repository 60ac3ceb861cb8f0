import { EmailAttempt, EmailMessage } from './email-message.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); its repositories alone query them. */
export const EMAIL_ENTITIES = [EmailMessage, EmailAttempt];
