import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionEventBus } from '../sessions/index.js';
import { subscribeWebhookEvents } from './session-events.js';
import { type WebhookDeliveryJobOptions, webhookDeliveryJob } from './webhook-delivery.job.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhookService } from './webhook.service.js';
import { createWebhookLoaders } from './webhook.loaders.js';

export interface WebhookServices {
  webhooks: WebhookService;
}

/**
 * The webhooks module, made once per app: the merchant's events are its reactions to the sessions
 * module's events; the delivery job kind and the per-request loaders read through its one repository.
 */
export function createWebhookServices(deps: { events: SessionEventBus }) {
  const repository = new WebhookRepository();
  subscribeWebhookEvents(deps.events, repository);
  return {
    services: { webhooks: new WebhookService(repository) } satisfies WebhookServices,
    deliveryJob: (options: Omit<WebhookDeliveryJobOptions, 'repository'>) => webhookDeliveryJob({ ...options, repository }),
    loaders: (emFor: () => EntityManager) => createWebhookLoaders(emFor, repository),
  };
}
