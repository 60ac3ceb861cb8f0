import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Services } from './graphql/context.js';
import type { Logger } from './logger.js';
import { CLI_ACTOR } from './modules/audit/index.js';
import type { Integration, IntegrationSettings } from './modules/integrations/index.js';

/**
 * The events the reference merchant acts on (completion is always sent): refunds settle the
 * bookings' refunds; the expired and cancelled events end unpaid bookings; the group events move
 * its group trip (who joined, tipped, full). It reads none of the events of held money: a booking
 * follows the session, not each hold.
 */
export const DEMO_EVENT_SUBSCRIPTIONS = [
  'SERVICE_REFUND_SUCCEEDED',
  'SERVICE_REFUND_FAILED',
  'SERVICE_SESSION_EXPIRED',
  'SERVICE_SESSION_CANCELLED',
  'SERVICE_GROUP_JOINED',
  'SERVICE_GROUP_TIPPED',
  'SERVICE_GROUP_FULL',
] as const;

const savedDemo = z.object({ integrationId: z.uuid(), apiKeyId: z.uuid().optional() });

export interface DemoMerchantDeps {
  services: Pick<Services, 'integrationSettings' | 'apiKeys' | 'signingSecrets'>;
  em: EntityManager;
  /** Where `merchant-demo.json` remembers the integration (PAYSPLIT_DATA_DIR). */
  dataDir: string;
  logger: Logger;
}

export interface DemoMerchantCredentials {
  integrationId: string;
  apiKey: string;
  partnerSecret: string;
  webhookSecret: string;
}

/** The partner URLs of the reference merchant at `merchantUrl`. */
function demoUrls(merchantUrl: string) {
  return {
    partnerCreatePaymentUrl: `${merchantUrl}/paysplit/create-payment`,
    partnerRefundUrl: `${merchantUrl}/paysplit/refund`,
    partnerCancelUrl: `${merchantUrl}/paysplit/cancel`,
    partnerCaptureUrl: `${merchantUrl}/paysplit/capture`,
    webhookUrl: `${merchantUrl}/webhooks/paysplit`,
  };
}

/**
 * `npm start`'s reference merchant: its integration is created once and remembered in the data
 * directory (its id only). A newcomer sees the better way first: each share is held, and charged
 * when everyone has paid (`captureMethod: manual`). Each start issues a fresh API key and revokes
 * the previous one, so no key is ever written to disk; the signing secrets are read back from the
 * database.
 */
export async function provisionDemoMerchant(deps: DemoMerchantDeps, merchantUrl: string): Promise<DemoMerchantCredentials> {
  const { services, em } = deps;
  const { integrationSettings, apiKeys, signingSecrets } = services;
  const file = path.join(path.resolve(deps.dataDir), 'merchant-demo.json');
  const saved = await readFile(file, 'utf8')
    .then((text) => savedDemo.parse(JSON.parse(text)))
    .catch(() => undefined);
  const urls = demoUrls(merchantUrl);
  let integration = saved ? await integrationSettings.findIntegration(em, saved.integrationId) : null;
  if (!integration) {
    integration = (
      await integrationSettings.createIntegration(em, {
        name: 'Reference merchant (demo)',
        // What payers see on the pay pages: the restaurant, not the integration's internal name.
        displayName: 'Harbour Table',
        accentColor: '#0F6B5C',
        ...urls,
        captureMethod: 'manual',
        redirectAllowlist: [new URL(merchantUrl).origin],
        eventSubscriptions: [...DEMO_EVENT_SUBSCRIPTIONS],
        keyMode: 'test',
      })
    ).integration;
    deps.logger.info({ integrationId: integration.id }, 'provisioned the reference merchant');
  } else {
    const upgrade = upgradeOf(integration, urls);
    if (Object.keys(upgrade).length > 0) await integrationSettings.updateSettings(em, integration, upgrade, CLI_ACTOR);
  }
  if (saved?.apiKeyId) await apiKeys.retireStartKey(em, saved.apiKeyId);
  const { apiKey, record } = await apiKeys.createApiKey(em, integration.id, 'test', 'reference merchant (npm start)');
  await writeFile(file, `${JSON.stringify({ integrationId: integration.id, apiKeyId: record.id })}\n`, { mode: 0o600 });
  const secrets = await signingSecrets.currentSecrets(em, integration.id);
  return { integrationId: integration.id, apiKey, partnerSecret: secrets.partner[0]!, webhookSecret: secrets.webhook[0]! };
}

/**
 * What an integration provisioned by an older version lacks: the restaurant's name for payers,
 * refunds through PaySplit, cancels of checkouts that will not be used, holds charged when everyone
 * has paid (a capture URL never set means it predates them; one that is set but `automatic` was
 * chosen in the admin area and stays), and the events the shop ends bookings on.
 */
function upgradeOf(integration: Integration, urls: ReturnType<typeof demoUrls>): IntegrationSettings {
  const upgrade: IntegrationSettings = {};
  if (!integration.displayName) Object.assign(upgrade, { displayName: 'Harbour Table', accentColor: '#0F6B5C' });
  if (!integration.partnerRefundUrl) upgrade.partnerRefundUrl = urls.partnerRefundUrl;
  if (!integration.partnerCancelUrl) upgrade.partnerCancelUrl = urls.partnerCancelUrl;
  if (!integration.partnerCaptureUrl) Object.assign(upgrade, { partnerCaptureUrl: urls.partnerCaptureUrl, captureMethod: 'manual' });
  const missing = DEMO_EVENT_SUBSCRIPTIONS.filter((type) => !integration.eventSubscriptions.includes(type));
  if (missing.length > 0) upgrade.eventSubscriptions = [...integration.eventSubscriptions, ...missing];
  return upgrade;
}
