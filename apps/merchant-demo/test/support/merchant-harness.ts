import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { PaySplitClient } from '@paysplit/sdk';
import pg from 'pg';
import { createMerchantApp } from '../../src/app.js';
import { parseConfig, type MerchantConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { ProcessorClient } from '../../src/merchant/processor-client.js';
import { ensureSchema } from '../../src/store.js';
import { createTestDatabase } from './database.js';

export interface MerchantHarness {
  baseUrl: string;
  config: MerchantConfig;
  pool: pg.Pool;
  /** Every log line the app wrote (at debug level), to check that no secret leaks. */
  logLines: string[];
  close(): Promise<void>;
}

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The app on 127.0.0.1 with a real ephemeral port and its own database. The server listens
 * first, so the public URL (which the processor's checkout URLs use) holds the real port.
 */
export async function startMerchant(
  options: {
    paysplitBaseUrl?: string;
    apiKey?: string;
    paysplit?: PaySplitClient;
    /** The test processor's clock (default: the system's). */
    now?: () => Date;
    /** Another app on this database (a restart): it is left for its first owner to drop. */
    databaseUrl?: string;
    /** How the shop reaches its processor (default: over HTTP at its own URL). */
    processor?: ProcessorClient;
  } = {},
): Promise<MerchantHarness> {
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => undefined } : await createTestDatabase();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const config = parseConfig({
    MERCHANT_DEMO_PORT: String(port),
    MERCHANT_PUBLIC_URL: baseUrl,
    DATABASE_URL: database.url,
    // Port 9 (discard) refuses connections: tests that need PaySplit pass the fake's URL.
    PAYSPLIT_BASE_URL: options.paysplitBaseUrl ?? 'http://127.0.0.1:9',
    PAYSPLIT_API_KEY: options.apiKey ?? `ps_test_${randomBytes(12).toString('hex')}`,
    PAYSPLIT_INTEGRATION_ID: '00000000-0000-4000-8000-000000000001',
    PAYSPLIT_PARTNER_SIGNING_SECRET: newSigningSecret(),
    PAYSPLIT_WEBHOOK_SIGNING_SECRET: newSigningSecret(),
    LOG_LEVEL: 'debug',
  });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  // As main.ts does: a connection that fails while idle (here: the test database dropped while the
  // pool is still closing one) is reported, not thrown at the process.
  pool.on('error', (error) => logLines.push(`idle database connection failed: ${error.message}\n`));
  await ensureSchema(pool);
  server.on(
    'request',
    createMerchantApp({
      config,
      pool,
      logger: createLogger('debug', sink),
      paysplit: options.paysplit,
      ...(options.processor ? { processor: options.processor } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
  );

  return {
    baseUrl,
    config,
    pool,
    logLines,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
      await database.drop();
    },
  };
}

/** Submits an HTML form the way a browser does, without following the redirect. */
export function postForm(url: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
