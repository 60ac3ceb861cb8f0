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
  // Payers' addresses are personal data (issue 19): never logged, whatever carries them.
  'email',
  'recipient',
  '*.email',
  '*.recipient',
];

/**
 * Names we give things, kept where a token's pattern would match them: a migration's class name
 * (`Migration` + 14 digits + `_` + snake case). A random token has that shape with odds below
 * 2^-100, so no token passes as one.
 */
const OWN_NAME = /^Migration\d{14}_[a-z0-9_]+$/;

/**
 * Patterns scrubbed from free text (messages, URLs, error messages that repeat input) as a second
 * line of defence: each of our secret formats (security/tokens.ts, accounts).
 */
const SECRET_PATTERNS: ReadonlyArray<readonly [RegExp, string | ((match: string) => string)]> = [
  [/ps_(live|test)_[0-9A-Za-z]+/g, '[REDACTED]'],
  [/whsec_[0-9A-Za-z+/=]+/g, '[REDACTED]'],
  [/pso_[0-9A-Za-z_-]+/g, '[REDACTED]'],
  [/([?&](?:host|participant)?[Tt]oken=)[^&\s"]+/g, '$1[REDACTED]'],
  // The email unsubscribe link's token.
  [/([?&]t=)[^&\s"]+/g, '$1[REDACTED]'],
  // Email addresses (personal data, issue 19), wherever they appear in text.
  // (Anchored at the start of a run, so a long run without an @ is scanned once, not once per character.)
  [/(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[EMAIL]'],
  // Host, participant and sign-in tokens: 32 random bytes in base64url, exactly 43 characters.
  // Our own names of a fixed shape may have that length too (a migration's, logged at start).
  [/(?<![0-9A-Za-z_-])[0-9A-Za-z_-]{43}(?![0-9A-Za-z_-])/g, (match) => (OWN_NAME.test(match) ? match : '[REDACTED]')],
];

export function scrubSecrets(text: string): string {
  return SECRET_PATTERNS.reduce(
    (result, [pattern, replacement]) =>
      typeof replacement === 'string' ? result.replace(pattern, replacement) : result.replace(pattern, replacement),
    text,
  );
}

/** Field names whose values are secrets wherever they appear in a logged object (ids and hashes are not). */
const SECRET_NAME = /token|key|password|secret/i;
const NOT_SECRET_NAME = /(Id|Ids|Hash|Count)$/;

/**
 * A copy of a log object with every secret removed: values of secret-named fields at any depth,
 * and secret-looking text anywhere (error messages and stacks included). Errors become plain
 * objects here, shaped as pino's error serializer would shape them.
 */
export function redactSecrets(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[Too deep]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  const source = value instanceof Error ? pino.stdSerializers.err(value) : value;
  if (Array.isArray(source)) return source.map((item) => redactSecrets(item, depth + 1, seen));
  // Dates, buffers and the like keep their own JSON form.
  if (!(value instanceof Error) && Object.getPrototypeOf(source) !== Object.prototype && Object.getPrototypeOf(source) !== null)
    return source;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source as Record<string, unknown>)) {
    // Whatever a secret-named field holds (a token in an array is still the token) is dropped whole.
    copy[key] = SECRET_NAME.test(key) && !NOT_SECRET_NAME.test(key) && item != null ? '[REDACTED]' : redactSecrets(item, depth + 1, seen);
  }
  return copy;
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
      formatters: {
        level: (label) => ({ level: label }),
        // Before serializers: so an error's message and stack are scrubbed too.
        log: (object) => redactSecrets(object) as Record<string, unknown>,
      },
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
