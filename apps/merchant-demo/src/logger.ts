import { pino, type DestinationStream, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';
import type { LogLevel } from './config.js';

export type { Logger };

/**
 * Redaction is a safety net: code never passes credentials to the logger on purpose, but a
 * stray object (an SDK reply, request headers) must not leak the API key, a hostToken, a
 * signature or a card number.
 */
const redactPaths = [
  'apiKey',
  '*.apiKey',
  'hostToken',
  '*.hostToken',
  'host_token',
  '*.host_token',
  'sessionUrl',
  '*.sessionUrl',
  'cardNumber',
  '*.cardNumber',
  'secret',
  '*.secret',
  'headers["x-service-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["webhook-signature"]',
  '*.headers["x-service-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["webhook-signature"]',
];

/**
 * Logs JSON lines to stdout, or to `destination` (tests capture the lines to check for leaks). At a
 * terminal outside production the lines are readable instead, one per entry, with the same level
 * labels as PaySplit's (never pino's numbers).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    name: 'merchant-demo',
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (destination) return pino(options, destination);
  if (process.env.NODE_ENV !== 'production' && process.stdout.isTTY) return pino(options, readableLines());
  return pino(options);
}

function readableLines(): DestinationStream {
  return PinoPretty({
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,name',
    messageFormat: (log, messageKey) => `[merchant] ${String(log[messageKey] ?? '')}`,
  });
}
