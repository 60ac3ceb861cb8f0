import { pino, type Logger } from 'pino';
import { readableLogStream } from './readable-log.js';

/**
 * Paths whose values never reach a log line: keys, tokens, secrets, cookies and card data.
 * Covers request headers, should a log object ever carry them, and our own log objects.
 */
export const REDACTED_PATHS = [
  'req.headers["x-service-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'apiKey',
  'hostToken',
  'participantToken',
  'token',
  'secret',
  'password',
  'cardNumber',
  '*.apiKey',
  '*.hostToken',
  '*.participantToken',
  '*.token',
  '*.secret',
  '*.password',
  '*.cardNumber',
  '*.partnerCreatePaymentSigningSecret',
  '*.webhookSigningSecret',
  'partnerCreatePaymentSigningSecret',
  'webhookSigningSecret',
];

/** Patterns scrubbed from free text (messages, URLs) as a second line of defence. */
const SECRET_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/ps_(live|test)_[0-9A-Za-z]+/g, '[REDACTED]'],
  [/whsec_[0-9A-Za-z+/=]+/g, '[REDACTED]'],
  [/([?&](?:host|participant)?[Tt]oken=)[^&\s"]+/g, '$1[REDACTED]'],
];

export function scrubSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

export interface LoggerOptions {
  level: string;
  /** Where lines go; defaults to stdout. Tests pass a stream to read what was logged. */
  destination?: NodeJS.WritableStream;
  /** One readable line per entry instead of JSON (development at a terminal; see readable-log.ts). */
  readable?: boolean;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        // Messages are free text; scrub anything that looks like a key, secret or token.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubSecrets(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    options.readable ? readableLogStream(options.destination) : (options.destination ?? process.stdout),
  );
}

export type { Logger };
