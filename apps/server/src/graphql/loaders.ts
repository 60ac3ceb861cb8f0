import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Integration } from '../modules/integrations/integration.entity.js';
import { Payment } from '../modules/payments/payment.entity.js';
import { type EventWithDeliveries, webhookRepository } from '../modules/webhooks/webhook.repository.js';

/**
 * Per-request batch loaders: a page of sessions asking for payments or events costs one query
 * per kind, not one per session. Authorization happened when the sessions were loaded.
 */
export interface RequestLoaders {
  paymentsOfSession: DataLoader<string, Payment[]>;
  eventsOfSession: DataLoader<string, EventWithDeliveries[]>;
  /** Integration names by id (a page of sessions shows each session's integration by name). */
  integrationName: DataLoader<string, string | null>;
}

function groupBy<T>(keys: readonly string[], items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const item of items) groups.get(keyOf(item))?.push(item);
  return keys.map((key) => groups.get(key) ?? []);
}

/** `emFor` names the unit of work when a batch runs (the dashboard pool's, once the request proved to be an admin one). */
export function createLoaders(emFor: () => EntityManager): RequestLoaders {
  return {
    paymentsOfSession: new DataLoader(async (sessionIds) => {
      const em = emFor();
      const payments = await em.find(Payment, { session: { $in: [...sessionIds] } }, { orderBy: { createdAt: 'asc' } });
      return groupBy(sessionIds, payments, (payment) => payment.session.id);
    }),
    integrationName: new DataLoader(async (integrationIds) => {
      const rows = await emFor().find(Integration, { id: { $in: [...integrationIds] } }, { fields: ['id', 'name'] });
      const names = new Map(rows.map((row) => [row.id, row.name]));
      return integrationIds.map((id) => names.get(id) ?? null);
    }),
    eventsOfSession: new DataLoader(async (sessionIds) => {
      const events = await webhookRepository.eventsWithDeliveries(emFor(), { sessionIds });
      return groupBy(sessionIds, events, (entry) => entry.event.session!.id);
    }),
  };
}
