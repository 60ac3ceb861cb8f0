import { z } from 'zod';

/** Settings of the merchant demo, parsed once from the environment at boot. */
export interface MerchantConfig {
  readonly port: number;
  /** Where browsers (and the processor client) reach this app; never ends with a slash. */
  readonly publicUrl: string;
  readonly databaseUrl: string;
  readonly logLevel: LogLevel;
  readonly paysplit: {
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly integrationId: string;
    readonly partnerSigningSecret: string;
    readonly webhookSigningSecret: string;
  };
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).transform((url) => url.replace(/\/+$/, ''));
const required = z.string({ error: 'is required' }).trim().min(1, 'is required');

const envSchema = z.object({
  MERCHANT_DEMO_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  MERCHANT_PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: required.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  PAYSPLIT_BASE_URL: httpUrl.default('http://localhost:3000'),
  PAYSPLIT_API_KEY: required.startsWith('ps_', "must start with 'ps_' (ps_test_… or ps_live_…)"),
  PAYSPLIT_INTEGRATION_ID: required,
  PAYSPLIT_PARTNER_SIGNING_SECRET: required,
  PAYSPLIT_WEBHOOK_SIGNING_SECRET: required,
  LOG_LEVEL: z.enum(logLevels).default('info'),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment into a frozen config. Errors name the variables only, never their
 * values: several of them are secrets.
 */
export function parseConfig(env: Record<string, string | undefined> = process.env): MerchantConfig {
  // Empty strings count as unset, so `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid merchant demo configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    port: e.MERCHANT_DEMO_PORT,
    publicUrl: e.MERCHANT_PUBLIC_URL ?? `http://localhost:${e.MERCHANT_DEMO_PORT}`,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    paysplit: Object.freeze({
      baseUrl: e.PAYSPLIT_BASE_URL,
      apiKey: e.PAYSPLIT_API_KEY,
      integrationId: e.PAYSPLIT_INTEGRATION_ID,
      partnerSigningSecret: e.PAYSPLIT_PARTNER_SIGNING_SECRET,
      webhookSigningSecret: e.PAYSPLIT_WEBHOOK_SIGNING_SECRET,
    }),
  });
}
