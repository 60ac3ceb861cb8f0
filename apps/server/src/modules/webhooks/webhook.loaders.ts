import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { groupBy } from '../../graphql/loader-helpers.js';
import type { EventWithDeliveries, WebhookRepository } from './webhook.repository.js';

export interface WebhookLoaders {
  eventsOfSession: DataLoader<string, EventWithDeliveries[]>;
}

/** Per request: a page of sessions asking for their events costs one query. */
export function createWebhookLoaders(emFor: () => EntityManager, webhooks: WebhookRepository): WebhookLoaders {
  return {
    eventsOfSession: new DataLoader(async (sessionIds) => {
      const events = await webhooks.eventsWithDeliveries(emFor(), { sessionIds });
      return groupBy(sessionIds, events, (entry) => entry.event.session!.id);
    }),
  };
}
