import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../src/db/embedded-database.js';
import { DEMO_EVENT_SUBSCRIPTIONS } from '../../src/dev-merchant.js';
import { type MerchantProcess, startMerchantProcess } from './merchant-process.js';
import type { TestServer } from './test-server.js';

const MERCHANT_MAIN = fileURLToPath(new URL('../../../merchant-demo/dist/main.js', import.meta.url));

/** The merchant's process and its integration at PaySplit (its API key too, for calls a test makes on its behalf). */
export type ReferenceMerchant = MerchantProcess & { integrationId: string; apiKey: string };

/**
 * The reference merchant (apps/merchant-demo) as its own process, provisioned on the test
 * server like `npm start` does (every partner URL and the events the shop acts on; automatic
 * unless the test asks for manual): PaySplit and merchant talk only over real HTTP. Its integration
 * belongs to the account given (so that merchant user sees it in the admin area), else to nobody.
 */
export async function startReferenceMerchant(
  server: TestServer,
  options: {
    ownerAccountId?: string;
    /** `manual`: each share is held at the test processor and captured when everyone has paid, as `npm start` provisions it. */
    captureMethod?: 'automatic' | 'manual';
    /** Events to send besides those the shop acts on (it ignores them), for a test to read. */
    alsoSubscribe?: readonly string[];
  } = {},
): Promise<ReferenceMerchant> {
  if (!existsSync(MERCHANT_MAIN)) throw new Error('Build first (npm run build): this test runs apps/merchant-demo/dist/main.js');
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const integration = await server.provision({
    name: 'Reference merchant',
    displayName: 'Harbour Table',
    accentColor: '#0F6B5C',
    partnerCreatePaymentUrl: `${baseUrl}/paysplit/create-payment`,
    partnerRefundUrl: `${baseUrl}/paysplit/refund`,
    partnerCancelUrl: `${baseUrl}/paysplit/cancel`,
    partnerCaptureUrl: `${baseUrl}/paysplit/capture`,
    captureMethod: options.captureMethod ?? 'automatic',
    webhookUrl: `${baseUrl}/webhooks/paysplit`,
    eventSubscriptions: [...DEMO_EVENT_SUBSCRIPTIONS, ...(options.alsoSubscribe ?? [])],
    redirectAllowlist: [baseUrl],
    ...(options.ownerAccountId ? { ownerAccountId: options.ownerAccountId } : {}),
  });
  const merchant = await startMerchantProcess({
    name: 'the reference merchant',
    command: process.execPath,
    args: [MERCHANT_MAIN],
    env: {
      MERCHANT_DEMO_PORT: String(port),
      MERCHANT_PUBLIC_URL: baseUrl,
      DATABASE_URL: server.databaseUrl,
      PAYSPLIT_BASE_URL: server.baseUrl,
      PAYSPLIT_INTEGRATION_ID: integration.integrationId,
      PAYSPLIT_API_KEY: integration.apiKey,
      PAYSPLIT_PARTNER_SIGNING_SECRET: integration.partnerSecret,
      PAYSPLIT_WEBHOOK_SIGNING_SECRET: integration.webhookSecret,
      LOG_LEVEL: 'info',
    },
    baseUrl,
    startTimeoutMs: 30_000,
  });
  return { ...merchant, integrationId: integration.integrationId, apiKey: integration.apiKey };
}
