import { WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); only its repositories write them (docs/architecture.md, "Modules"). */
export const WEBHOOK_ENTITIES = [WebhookEvent, WebhookDelivery, WebhookAttempt];
