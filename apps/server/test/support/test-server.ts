import 'reflect-metadata';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createApp, type PaySplitApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import type { JobRunner } from '../../src/jobs/job-runner.js';
import { createLogger } from '../../src/logger.js';
import type { CreateIntegrationInput } from '../../src/modules/integrations/integration-settings.service.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { createTestDatabase } from './test-database.js';

export interface TestServer {
  baseUrl: string;
  /** The job runner with every kind registered (webhooks, partner refund calls, …), started unless `jobs: false`. */
  jobs: JobRunner;
  /** The configuration the server was built with. */
  config: Config;
  /** Runs the session-expiry kind now, whatever its schedule; resolves with the sessions it expired. */
  expiry: { runOnce(): Promise<string[]> };
  /** Runs the hold-expiry kind now (captureMethod manual); resolves with the payments whose holds it released. */
  holdExpiry: { runOnce(): Promise<string[]> };
  databaseUrl: string;
  /** What encrypts the database's secrets (a second instance on the database needs the same). */
  secretBox: SecretBox;
  orm: MikroORM;
  paysplit: PaySplitApp;
  /** Every log line the server wrote, as text (to prove what never gets logged). */
  logLines(): string[];
  provision(
    input?: Partial<CreateIntegrationInput>,
  ): Promise<{ integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string }>;
  /** Runs SQL against the test database directly (for assertions on what is stored). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Boots the real app on an ephemeral port against its own fresh, migrated database (a copy of the run's template). */
export interface TestServerOptions {
  logLevel?: string;
  /** WEBHOOK_RETRY_SCHEDULE for this server, e.g. '100ms,200ms' (short, so tests see retries). */
  webhookRetrySchedule?: string;
  /** REFUND_RETRY_SCHEDULE for this server (the partner refund calls' delays). */
  refundRetrySchedule?: string;
  webhookTimeoutMs?: number;
  partnerTimeoutMs?: number;
  /** Start the job runner (default true); false leaves every job queued and runs no SQL in the background. */
  jobs?: boolean;
  /** The clock services read (tests move it instead of sleeping). */
  now?: () => Date;
  /** Extra environment for loadConfig (e.g. RATE_LIMIT_WINDOW_SECONDS). */
  environment?: Record<string, string>;
  /** Runs a second instance on another test server's database, with its secrets (that server drops the database). */
  sameDatabaseAs?: TestServer;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const other = options.sameDatabaseAs;
  const database = other ? { url: other.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const logStream = new PassThrough();
  const lines: string[] = [];
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const logger = createLogger({ level: options.logLevel ?? 'info', destination: logStream });
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 20, logger });
  // The database is a copy of the run's migrated template (test-database.ts), so the migrator the
  // server runs on every start has nothing to apply; a template missing one would surface here.
  const applied = await migrate(orm);
  if (applied.length > 0) throw new Error(`The test database's template lacked migrations: ${applied.join(', ')}`);
  const secretBox = other?.secretBox ?? new SecretBox(randomBytes(32));
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: baseUrl,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    WEBHOOK_RETRY_SCHEDULE: options.webhookRetrySchedule ?? '5s,5m,30m,2h,5h,10h,10h',
    ...(options.refundRetrySchedule ? { REFUND_RETRY_SCHEDULE: options.refundRetrySchedule } : {}),
    WEBHOOK_TIMEOUT_MS: String(options.webhookTimeoutMs ?? 15_000),
    PARTNER_TIMEOUT_MS: String(options.partnerTimeoutMs ?? 10_000),
    // Sessions expire and holds lapse when a test says so (expiry.runOnce, holdExpiry.runOnce), not on the runner's own schedule.
    EXPIRY_SWEEP_MS: '3600000',
    ...options.environment,
  });
  const paysplit = await createApp({ config, orm, databaseUrl: database.url, logger, secretBox, now: options.now });
  server.on('request', paysplit.app);
  const closeSockets = paysplit.attachSockets(server);
  const { jobs } = paysplit;

  if (options.jobs ?? true) await jobs.start();
  return {
    baseUrl,
    jobs,
    config,
    // Tests run expiry sweeps when they choose, as many at once as they like.
    expiry: { runOnce: () => jobs.runNow('session-expiry') as Promise<string[]> },
    holdExpiry: { runOnce: () => jobs.runNow('hold-expiry') as Promise<string[]> },
    databaseUrl: database.url,
    secretBox,
    orm,
    paysplit,
    logLines: () => [...lines],
    async provision(input = {}) {
      const created = await paysplit.services.integrationSettings.createIntegration(orm.em.fork(), {
        name: 'Test merchant',
        redirectAllowlist: ['https://shop.example.com'],
        ...input,
      });
      return {
        integrationId: created.integration.id,
        apiKey: created.apiKey,
        partnerSecret: created.partnerCreatePaymentSigningSecret,
        webhookSecret: created.webhookSigningSecret,
      };
    },
    query: (sql, params = []) => orm.em.getConnection().execute(sql, params as never[]),
    async close() {
      await jobs.stop();
      await closeSockets();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await paysplit.stop();
      await orm.close(true);
      await database.drop();
    },
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** POSTs JSON (or raw text) the way a merchant server would. */
export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * Creates a configured session through the merchant API (equal split among `participants`, the
 * first of them the host) and returns its id and host token.
 */
export async function createConfiguredSession(
  baseUrl: string,
  integration: { integrationId: string; apiKey: string },
  options: { amountMinor?: string; participants?: readonly string[] } = {},
): Promise<{ sessionId: string; hostToken: string }> {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: options.amountMinor ?? '3000',
      unconfigured: false,
      splitMode: 'equal',
      participants: (options.participants ?? ['Host', 'Guest']).map((displayName) => ({ displayName })),
    },
    { 'x-service-api-key': integration.apiKey },
  );
  if (created.status !== 200) throw new Error(`session creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}
