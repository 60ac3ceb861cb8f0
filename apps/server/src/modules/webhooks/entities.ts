import { WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';

/** The tables this module owns, for the ORM's explicit entity list (db/entities.ts); its repositories alone write them. */
export const WEBHOOK_ENTITIES = [WebhookEvent, WebhookDelivery, WebhookAttempt];
