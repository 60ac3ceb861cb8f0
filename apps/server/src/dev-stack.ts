import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CLI_ACTOR } from './modules/audit/index.js';
import { type DevInbox, startDevInbox } from './dev-inbox.js';
import { configOrExit, exitOnStartFailure, type RunningServer, startServer, stopOnSignals } from './server.js';
import type { Config } from './config.js';
import { runInOwnProcessGroup } from './process-group.js';
import { describeTakenPorts, startPorts } from '../scripts/preflight.mjs';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `npm start`: PaySplit and the reference merchant together, on one (embedded) database, the
 * merchant provisioned on first start. The merchant runs as its own process, as a real merchant
 * would, and talks to PaySplit only over HTTP.
 */
const MERCHANT_MAIN = fileURLToPath(new URL('../../merchant-demo/dist/main.js', import.meta.url));
const demoPort = z.coerce
  .number()
  .int()
  .min(1)
  .max(65_535)
  .default(3001)
  .parse(process.env.MERCHANT_DEMO_PORT || undefined);

const inboxPort = z.coerce
  .number()
  .int()
  .min(1)
  .max(65_535)
  .optional()
  .parse(process.env.MAILDEV_WEB_PORT || undefined);
/** The reference merchant settles its refunds on these events (completion is always sent). */
const DEMO_EVENT_SUBSCRIPTIONS = ['SERVICE_REFUND_SUCCEEDED', 'SERVICE_REFUND_FAILED'];

const savedDemo = z.object({ integrationId: z.uuid(), apiKeyId: z.uuid().optional() });

async function main(): Promise<void> {
  if (runInOwnProcessGroup()) return;
  if (!existsSync(MERCHANT_MAIN)) throw new Error('The reference merchant is not built: run `npm run build` first (npm start does)');
  let config: Config = configOrExit();
  // Checked before anything starts (npm start checked before building too; this covers direct runs).
  const taken = await describeTakenPorts(startPorts(process.env));
  if (taken) {
    process.stderr.write(taken);
    process.exit(1);
  }
  // No relay configured in development: catch every email in a local inbox instead.
  let inbox: DevInbox | undefined;
  if (config.environment === 'development' && !config.smtpUrl) {
    inbox = await startDevInbox({ dataDir: config.dataDir, webPort: inboxPort });
    // Handed to the server through its parsed Config, as SMTP_URL would be: the environment stays as given.
    config = Object.freeze({ ...config, smtpUrl: inbox.smtpUrl });
  }
  const running = await startServer(config);
  const merchantUrl = (process.env.MERCHANT_PUBLIC_URL || `http://localhost:${demoPort}`).replace(/\/+$/, '');
  const credentials = await provisionDemoMerchant(running, merchantUrl);
  const merchant = spawn(process.execPath, [MERCHANT_MAIN], {
    env: {
      ...process.env,
      MERCHANT_DEMO_PORT: String(demoPort),
      MERCHANT_PUBLIC_URL: merchantUrl,
      DATABASE_URL: running.database.url,
      PAYSPLIT_BASE_URL: running.config.publicBaseUrl,
      PAYSPLIT_INTEGRATION_ID: credentials.integrationId,
      PAYSPLIT_API_KEY: credentials.apiKey,
      PAYSPLIT_PARTNER_SIGNING_SECRET: credentials.partnerSecret,
      PAYSPLIT_WEBHOOK_SIGNING_SECRET: credentials.webhookSecret,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  merchant.on('exit', (code) => {
    if (code !== 0 && code !== null) running.logger.error({ code }, 'the reference merchant exited');
  });
  stopOnSignals(running.logger, async () => {
    await stopChild(merchant);
    await running.stop();
    await inbox?.stop();
  });
  await waitUntilAnswering(`${merchantUrl}/healthz`, () => merchant.exitCode !== null);
  running.logger.info({ paysplit: running.config.publicBaseUrl, merchant: `${merchantUrl}/` }, 'ready');
  process.stdout.write(startBanner(running, merchantUrl, inbox));
}

/** One block that says where to go and how to stop and reset, printed once everything answers. */
function startBanner(running: RunningServer, merchantUrl: string, inbox: DevInbox | undefined): string {
  const base = running.config.publicBaseUrl;
  const colour = process.stdout.isTTY;
  const bold = (text: string) => (colour ? `\u001b[1m${text}\u001b[22m` : text);
  const dim = (text: string) => (colour ? `\u001b[2m${text}\u001b[22m` : text);
  const rule = dim('─'.repeat(78));
  const reset = running.config.databaseUrl
    ? `stop, then empty the database of DATABASE_URL (npm run reset only clears ${running.config.dataDir}/)`
    : `stop, then ${bold('npm run reset')} (deletes ${running.config.dataDir}/: the embedded database and dev keys)`;
  return [
    '',
    rule,
    `  ${bold('PaySplit is running.')}`,
    '',
    `  Open the shop      ${bold(`${merchantUrl}/`)}   book "Dinner for 4" and split the bill`,
    `                     ${dim('test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined')}`,
    `  PaySplit           ${base}/`,
    `  API reference      ${base}/docs`,
    `  Admin area         ${base}/admin`,
    `    first operator:  npm run --silent paysplit -- operator create --email you@example.com --json`,
    inbox
      ? `  Emails (inbox)     ${bold(inbox.webUrl)}   ${dim(`every email sent, caught locally (SMTP_URL=${inbox.smtpUrl})`)}`
      : `  Emails             ${dim('sent through the relay of SMTP_URL')}`,
    '',
    `  Stop               Ctrl+C`,
    `  Reset all data     ${reset}`,
    rule,
    '',
  ].join('\n');
}

async function waitUntilAnswering(url: string, gaveUp: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !gaveUp()) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The demo merchant's integration is created once and remembered in the data directory (its id
 * only). Each start issues a fresh API key and revokes the previous one, so no key is ever
 * written to disk; the signing secrets are read back from the database.
 */
async function provisionDemoMerchant(running: RunningServer, merchantUrl: string) {
  const { integrationSettings, apiKeys, signingSecrets } = running.paysplit.services;
  const em = running.database.orm.em.fork() as EntityManager;
  const file = path.join(path.resolve(running.config.dataDir), 'merchant-demo.json');
  const saved = await readFile(file, 'utf8')
    .then((text) => savedDemo.parse(JSON.parse(text)))
    .catch(() => undefined);
  let integration = saved ? await integrationSettings.findIntegration(em, saved.integrationId) : null;
  if (!integration) {
    integration = (
      await integrationSettings.createIntegration(em, {
        name: 'Reference merchant (demo)',
        // What payers see on the pay pages: the restaurant, not the integration's internal name.
        displayName: 'Harbour Table',
        accentColor: '#0F6B5C',
        partnerCreatePaymentUrl: `${merchantUrl}/paysplit/create-payment`,
        partnerRefundUrl: `${merchantUrl}/paysplit/refund`,
        partnerCancelUrl: `${merchantUrl}/paysplit/cancel`,
        webhookUrl: `${merchantUrl}/webhooks/paysplit`,
        redirectAllowlist: [new URL(merchantUrl).origin],
        eventSubscriptions: DEMO_EVENT_SUBSCRIPTIONS,
        keyMode: 'test',
      })
    ).integration;
    running.logger.info({ integrationId: integration.id }, 'provisioned the reference merchant');
  } else {
    // Provisioned by an older version: payers should see the restaurant's name, its refunds go through
    // PaySplit, and checkouts that will not be used are expired.
    const brand = integration.displayName ? {} : { displayName: 'Harbour Table', accentColor: '#0F6B5C' };
    const cancels = integration.partnerCancelUrl ? {} : { partnerCancelUrl: `${merchantUrl}/paysplit/cancel` };
    const refunds = integration.partnerRefundUrl
      ? {}
      : {
          partnerRefundUrl: `${merchantUrl}/paysplit/refund`,
          eventSubscriptions: [...new Set([...integration.eventSubscriptions, ...DEMO_EVENT_SUBSCRIPTIONS])],
        };
    if (Object.keys(brand).length + Object.keys(refunds).length + Object.keys(cancels).length > 0) {
      await integrationSettings.updateSettings(em, integration, { ...brand, ...refunds, ...cancels }, CLI_ACTOR);
    }
  }
  if (saved?.apiKeyId) await apiKeys.retireStartKey(em, saved.apiKeyId);
  const { apiKey, record } = await apiKeys.createApiKey(em, integration.id, 'test', 'reference merchant (npm start)');
  await writeFile(file, `${JSON.stringify({ integrationId: integration.id, apiKeyId: record.id })}\n`, { mode: 0o600 });
  const secrets = await signingSecrets.currentSecrets(em, integration.id);
  return { integrationId: integration.id, apiKey, partnerSecret: secrets.partner[0]!, webhookSecret: secrets.webhook[0]! };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

main().catch(exitOnStartFailure);
