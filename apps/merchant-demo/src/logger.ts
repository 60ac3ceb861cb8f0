import { pino, type DestinationStream, type Logger } from 'pino';
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

/** Logs JSON lines to stdout, or to `destination` (tests capture the lines to check for leaks). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { name: 'merchant-demo', level, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
