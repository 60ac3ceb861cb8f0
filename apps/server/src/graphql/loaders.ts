import type { EmailLoaders } from '../modules/emails/index.js';
import type { IntegrationLoaders } from '../modules/integrations/index.js';
import type { SessionLoaders } from '../modules/sessions/index.js';
import type { WebhookLoaders } from '../modules/webhooks/index.js';

/**
 * Per-request batch loaders, each module's over its own repositories (createServices puts them
 * together): a page of sessions asking for payments or events costs one query per kind, not one
 * per session. Authorization happened when the sessions were loaded.
 */
export type RequestLoaders = SessionLoaders & IntegrationLoaders & WebhookLoaders & EmailLoaders;
