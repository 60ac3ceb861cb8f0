import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { provisionDemoMerchant } from './dev-merchant.js';
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
  const credentials = await provisionDemoMerchant(
    {
      services: running.paysplit.services,
      em: running.database.orm.em.fork() as EntityManager,
      dataDir: running.config.dataDir,
      logger: running.logger,
    },
    merchantUrl,
  );
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
    `                     ${dim('each share is held on the card, and charged once everyone has paid')}`,
    `                     ${dim('test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined,')}`,
    `                     ${dim('4000 0000 0000 0101 is held for a minute only (then it lapses),')}`,
    `                     ${dim('4000 0000 0000 0341 is held but its charge is declined')}`,
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

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

main().catch(exitOnStartFailure);
