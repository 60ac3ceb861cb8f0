// The webhooks module's front door: what other modules may use (docs/architecture.md, "Modules").
export { createWebhookServices, type WebhookServices } from './webhook-services.js';
export type { WebhookLoaders } from './webhook.loaders.js';
export type { WebhookService } from './webhook.service.js';
export type { WebhookDelivery } from './webhook-delivery.entity.js';
export type { EventWithDeliveries } from './webhook.repository.js';
export { WebhookDeliveryView, WebhookEventView } from './webhook.types.js';
export { SessionEventsResolver, WebhookResolver } from './webhook.resolver.js';
export { toDeliveryView, toEventView } from './webhook.mapper.js';
export { assertRange } from './webhook.service.js';
