import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { durationBetween, retrySchedule, retryScheduleOrNone } from './config-durations.js';

const port = z.coerce.number().int().min(0).max(65_535);

/** Environment variables PaySplit reads, each parsed once at start. */
const environmentSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  // The direct PostgreSQL connection when DATABASE_URL is a transaction-mode pooler (PgBouncer):
  // what a pooler cannot carry (LISTEN, per-connection settings, migrations) connects here.
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  // Off where the pooler cannot keep a named prepared statement on the client's behalf (PgBouncer
  // before 1.21, or without max_prepared_statements): the hot paths then send the same text unnamed.
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SECRETS_KEY: z
    .string()
    .refine((value) => decodeSecretsKey(value) !== undefined, 'must be 32 bytes as 64 hex characters or base64')
    .optional(),
  PAYSPLIT_DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // The administration area's reads run on a pool of their own, so they cannot take the connections
  // merchant calls and payments need; each statement there is cut off after the timeout.
  DASHBOARD_POOL_MAX: z.coerce.number().int().min(1).max(50).default(3),
  DASHBOARD_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // Query cost (graphql/query-limits.ts) each admin-area account or operator token may spend per
  // RATE_LIMIT_WINDOW_SECONDS window.
  ADMIN_QUERY_COST_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(50_000),
  WEBHOOK_RETRY_SCHEDULE: retrySchedule('5s,5m,30m,2h,5h,10h,10h'),
  EMAIL_RETRY_SCHEDULE: retrySchedule('1m,5m,30m,2h,6h'),
  // The partner refund call's own schedule; its default is the outbox's, which it used to borrow.
  REFUND_RETRY_SCHEDULE: retrySchedule('5s,5m,30m,2h,5h,10h,10h'),
  // The calls about one payment (partner.payment.cancel); unset, they follow WEBHOOK_RETRY_SCHEDULE.
  PAYMENT_CALL_RETRY_SCHEDULE: retryScheduleOrNone(),
  // The SMTP relay emails go through (smtp:// or smtps://, credentials in the URL). Unset: emails
  // stay queued (development's `npm start` runs a local inbox and sets it).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).max(200).default('PaySplit <no-reply@paysplit.invalid>'),
  // Days after a session ends until its payers' email addresses are erased.
  EMAIL_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // How often reminders are looked for (and the erasure sweep runs).
  EMAIL_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  PAY_APP_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Express "trust proxy": false, true, a hop count, or subnets like "loopback, 10.0.0.0/8".
  TRUST_PROXY: z.string().default('false'),
  // The window of the per-minute limits; only tests and unusual deployments change it.
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Off only for load tests, benchmarks and fuzzing, which must measure the service, not the limiter.
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  // captureMethod manual: how long before a hold lapses it stops counting; a deadline must leave it too.
  HOLD_MARGIN: durationBetween('1h', { min: '1m', max: '24h' }),
  // Open groups: how long a claim keeps its places while its payer pays.
  OPEN_GROUP_RESERVATION_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  // How long a claimed delivery stays with one instance; must exceed the timeout.
  WEBHOOK_CLAIM_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  PARTNER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // /metrics on a listener of its own, off the public port (docs/operations.md).
  METRICS_PORT: port.optional(),
  // Or /metrics on the public port behind `Authorization: Bearer <METRICS_TOKEN>`.
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  // Test-mode calls to merchants (partner calls, webhooks) may reach private addresses: allowed by
  // default except in production (docs/operations.md).
  PRIVATE_TEST_URLS: z.enum(['allow', 'refuse']).optional(),
  // Schema introspection: on by default except in production.
  GRAPHQL_INTROSPECTION: z.enum(['on', 'off']).optional(),
  // Browsers may only run the pay app's and admin area's own documents: on by default in production.
  GRAPHQL_TRUSTED_DOCUMENTS_ONLY: z.enum(['on', 'off']).optional(),
  // Live updates (graphql-ws, docs/operations.md): open subscriptions one session and one address
  // may hold, the bytes a socket may leave unread before it is closed, the ping interval (a
  // socket that has not answered a ping by the next one is cut off), how long a new socket has to
  // send connection_init, and how many such sockets one address may have waiting at once.
  LIVE_SUBSCRIPTIONS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(50),
  LIVE_SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  LIVE_SEND_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(256 * 1024),
  LIVE_PING_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(12_000),
  LIVE_INIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  LIVE_INIT_PENDING_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(16),
  // Reconciliation exports (docs/exports.md): rows read per statement (pages this small die young:
  // docs/benchmarks.md), and how long a client may read nothing before its export is ended.
  EXPORT_PAGE_ROWS: z.coerce.number().int().min(1).max(10_000).default(250),
  EXPORT_STALL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // After a signing-secret rotation, how long the previous secret keeps signing beside the new one.
  SIGNING_SECRET_GRACE_HOURS: z.coerce.number().min(0).max(720).default(24),
  // The merchant API's request log (docs/operations.md): on unless switched off, days each request is
  // kept, and the memory rows waiting to be written may take before further requests go unrecorded.
  REQUEST_LOG: z.enum(['on', 'off']).default('on'),
  REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  REQUEST_LOG_BUFFER_MB: z.coerce.number().int().min(1).max(1024).default(16),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  /** Direct connection (no transaction pooler) for LISTEN, session settings and migrations; undefined means databaseUrl. */
  readonly databaseDirectUrl: string | undefined;
  /** Hot-path statements are named (prepared once per connection) rather than sent unnamed. */
  readonly preparedStatements: boolean;
  /** Base of every address PaySplit hands out (sessionUrl); no trailing slash. */
  readonly publicBaseUrl: string;
  /** 32-byte key for secrets at rest; undefined means "use the generated development key". */
  readonly secretsKey: Buffer | undefined;
  readonly dataDir: string;
  readonly logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  readonly environment: z.infer<typeof environmentSchema>['NODE_ENV'];
  readonly databasePoolMax: number;
  /** Connections of the administration area's own pool (its reads: explorer, stats, deliveries, audit log). */
  readonly dashboardPoolMax: number;
  /** statement_timeout of every connection of that pool. */
  readonly dashboardStatementTimeoutMs: number;
  /** Query-cost points an admin-area account or operator token may spend per rate-limit window. */
  readonly adminQueryCostPerWindow: number;
  /** Delays before retry 1, 2, … of a webhook delivery (decisions §6); the first attempt is immediate. */
  readonly webhookRetryScheduleMs: readonly number[];
  readonly webhookTimeoutMs: number;
  readonly webhookClaimMs: number;
  readonly signingSecretGraceMs: number;
  /** SMTP relay of the email-send job kind; undefined keeps emails queued (nothing is sent). */
  readonly smtpUrl: string | undefined;
  /** From header of every email. */
  readonly emailFrom: string;
  readonly emailRetentionDays: number;
  /** Delays before retry 1, 2, … of an email; after the last one it is `failed`. */
  readonly emailRetryScheduleMs: readonly number[];
  /** Delay before partner refund call retry n (REFUND_RETRY_SCHEDULE); after the last the refund fails. */
  readonly refundRetryScheduleMs: readonly number[];
  /** Delay before retry n of a call about one payment (PAYMENT_CALL_RETRY_SCHEDULE, else the webhooks'); after the last a cancel fails. */
  readonly paymentCallRetryScheduleMs: readonly number[];
  readonly emailSweepMs: number;
  /** The built pay app (apps/pay/dist), served at /pay/:id and /session/:id. */
  readonly payAppDir: string;
  /** Shared rate-limit counters for several instances; unset keeps them in memory. */
  readonly redisUrl: string | undefined;
  readonly trustProxy: boolean | number | string;
  readonly rateLimitWindowSeconds: number;
  readonly rateLimitsEnabled: boolean;
  /** How often the expiry jobs look for sessions past their deadline and holds about to lapse. */
  readonly expirySweepMs: number;
  /** HOLD_MARGIN: a hold this close to lapsing no longer counts, and a manual session's deadline must leave this much of its holds. */
  readonly holdMarginMs: number;
  /** OPEN_GROUP_RESERVATION_SECONDS: how long an open group's claim keeps its places while its payer pays. */
  readonly openGroupReservationSeconds: number;
  readonly partnerTimeoutMs: number;
  /** Serve /metrics on this port only (its own listener); undefined keeps it on the API port. */
  readonly metricsPort: number | undefined;
  /** When set, /metrics on the API port needs this bearer token. */
  readonly metricsToken: string | undefined;
  readonly introspection: boolean;
  /** Test-mode calls to merchants may reach loopback and private addresses. */
  readonly privateTestUrls: boolean;
  /** Browser callers may send only the documents the pay app and admin area were built with. */
  readonly trustedDocumentsOnly: boolean;
  /** Bounds of the live updates' sockets (docs/operations.md, "Live updates"). */
  readonly live: LiveLimits;
  /** The merchant API's request log: REQUEST_LOG, REQUEST_LOG_RETENTION_DAYS, REQUEST_LOG_BUFFER_MB (in bytes). */
  readonly requestLog: { readonly enabled: boolean; readonly retentionDays: number; readonly bufferBytes: number };
  readonly exports: { readonly pageRows: number; readonly stallTimeoutMs: number };
}

export interface LiveLimits {
  /** Open subscriptions one session may have on one instance. */
  readonly subscriptionsPerSession: number;
  /** Open subscriptions one client address may hold on one instance. */
  readonly subscriptionsPerAddress: number;
  /** Bytes queued for a socket beyond which it is closed as too slow (4413) rather than sent more. */
  readonly sendBufferBytes: number;
  /** Ping every this many ms; a socket silent until the next ping is terminated. */
  readonly pingIntervalMs: number;
  /** A socket that has not sent connection_init within this many ms is closed (4408). */
  readonly initTimeoutMs: number;
  /** Sockets one client address may have open before their connection_init; one more handshake gets 429. */
  readonly pendingSocketsPerAddress: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(stripEmpty(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const requiredInProduction = (['SECRETS_KEY', 'DATABASE_URL'] as const).filter((name) => !env[name]);
  if (env.NODE_ENV === 'production' && requiredInProduction.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${requiredInProduction.map((name) => `  ${name}: required when NODE_ENV=production`).join('\n')}`,
    );
  }
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
    publicBaseUrl,
    secretsKey: env.SECRETS_KEY ? decodeSecretsKey(env.SECRETS_KEY) : undefined,
    dataDir: env.PAYSPLIT_DATA_DIR,
    logLevel: env.LOG_LEVEL,
    environment: env.NODE_ENV,
    databasePoolMax: env.DATABASE_POOL_MAX,
    dashboardPoolMax: env.DASHBOARD_POOL_MAX,
    dashboardStatementTimeoutMs: env.DASHBOARD_STATEMENT_TIMEOUT_MS,
    adminQueryCostPerWindow: env.ADMIN_QUERY_COST_PER_MINUTE,
    webhookRetryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE,
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
    webhookClaimMs: Math.max(env.WEBHOOK_CLAIM_MS, env.WEBHOOK_TIMEOUT_MS * 2),
    signingSecretGraceMs: Math.round(env.SIGNING_SECRET_GRACE_HOURS * 3_600_000),
    expirySweepMs: env.EXPIRY_SWEEP_MS,
    holdMarginMs: env.HOLD_MARGIN,
    openGroupReservationSeconds: env.OPEN_GROUP_RESERVATION_SECONDS,
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM,
    emailRetentionDays: env.EMAIL_RETENTION_DAYS,
    emailRetryScheduleMs: env.EMAIL_RETRY_SCHEDULE,
    refundRetryScheduleMs: env.REFUND_RETRY_SCHEDULE,
    paymentCallRetryScheduleMs: env.PAYMENT_CALL_RETRY_SCHEDULE ?? env.WEBHOOK_RETRY_SCHEDULE,
    emailSweepMs: env.EMAIL_SWEEP_MS,
    redisUrl: env.REDIS_URL,
    rateLimitWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    rateLimitsEnabled: env.RATE_LIMITS === 'on',
    trustProxy:
      env.TRUST_PROXY === 'true'
        ? true
        : env.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(env.TRUST_PROXY)
            ? Number(env.TRUST_PROXY)
            : env.TRUST_PROXY,
    payAppDir: env.PAY_APP_DIR ?? fileURLToPath(new URL('../../pay/dist', import.meta.url)),
    partnerTimeoutMs: env.PARTNER_TIMEOUT_MS,
    metricsPort: env.METRICS_PORT,
    metricsToken: env.METRICS_TOKEN,
    privateTestUrls: (env.PRIVATE_TEST_URLS ?? (env.NODE_ENV === 'production' ? 'refuse' : 'allow')) === 'allow',
    introspection: (env.GRAPHQL_INTROSPECTION ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    trustedDocumentsOnly: (env.GRAPHQL_TRUSTED_DOCUMENTS_ONLY ?? (env.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
    live: Object.freeze({
      subscriptionsPerSession: env.LIVE_SUBSCRIPTIONS_PER_SESSION,
      subscriptionsPerAddress: env.LIVE_SUBSCRIPTIONS_PER_ADDRESS,
      sendBufferBytes: env.LIVE_SEND_BUFFER_BYTES,
      pingIntervalMs: env.LIVE_PING_INTERVAL_MS,
      initTimeoutMs: env.LIVE_INIT_TIMEOUT_MS,
      pendingSocketsPerAddress: env.LIVE_INIT_PENDING_PER_ADDRESS,
    }),
    requestLog: Object.freeze({
      enabled: env.REQUEST_LOG === 'on',
      retentionDays: env.REQUEST_LOG_RETENTION_DAYS,
      bufferBytes: env.REQUEST_LOG_BUFFER_MB * 1024 * 1024,
    }),
    exports: Object.freeze({ pageRows: env.EXPORT_PAGE_ROWS, stallTimeoutMs: env.EXPORT_STALL_TIMEOUT_MS }),
  });
}

export function decodeSecretsKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

// An empty variable (`PORT=`) means "not set", as in most twelve-factor tools.
function stripEmpty(environment: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}
