// The start line and startup failures go to the terminal for whoever launched the process (and for
// tests that wait for the line); everything else goes through the redacting logger.
/* eslint-disable no-console */
import { createServer } from 'node:http';
import pg from 'pg';
import { createMerchantApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { createLogger } from './logger.js';
import { ensureSchema } from './store.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  pool.on('error', (error) => logger.error({ err: error }, 'idle database connection failed'));
  await ensureSchema(pool);

  const app = createMerchantApp({ config, pool, logger });
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  console.log(`Merchant demo: booking page at ${config.publicUrl}/`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Idle keep-alive connections would hold close() open; in-flight requests may finish.
    const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
    server.close(() => {
      clearTimeout(force);
      pool.end().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('Merchant demo failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
