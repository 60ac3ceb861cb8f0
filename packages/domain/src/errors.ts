/**
 * The one error type of PaySplit and the one table that maps its codes to HTTP statuses.
 * Code below the transport throws `AppError`; only the transport turns it into a response.
 */

export const ErrorCode = {
  ValidationError: 'VALIDATION_ERROR',
  InvalidAmount: 'INVALID_AMOUNT',
  InvalidCurrency: 'INVALID_CURRENCY',
  RedirectUrlNotAllowed: 'REDIRECT_URL_NOT_ALLOWED',
  MissingApiKey: 'MISSING_API_KEY',
  InvalidApiKey: 'INVALID_API_KEY',
  IntegrationDisabled: 'INTEGRATION_DISABLED',
  IntegrationMismatch: 'INTEGRATION_MISMATCH',
  PayoutOnboardingRequired: 'PAYOUT_ONBOARDING_REQUIRED',
  BrowserRequestForbidden: 'BROWSER_REQUEST_FORBIDDEN',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  SessionNotFound: 'SESSION_NOT_FOUND',
  PaymentNotFound: 'PAYMENT_NOT_FOUND',
  SessionNotPayable: 'SESSION_NOT_PAYABLE',
  InvalidState: 'INVALID_STATE',
  AmountMismatch: 'AMOUNT_MISMATCH',
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  IdempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimitExceeded: 'RATE_LIMIT_EXCEEDED',
  InternalError: 'INTERNAL_ERROR',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  PartnerCallFailed: 'PARTNER_CALL_FAILED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status per code (decisions §4). `Record<ErrorCode, …>` makes a new code without a status a type error. */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze({
  VALIDATION_ERROR: 400,
  INVALID_AMOUNT: 400,
  INVALID_CURRENCY: 400,
  REDIRECT_URL_NOT_ALLOWED: 400,
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  UNAUTHENTICATED: 401,
  INTEGRATION_DISABLED: 403,
  INTEGRATION_MISMATCH: 403,
  PAYOUT_ONBOARDING_REQUIRED: 403,
  BROWSER_REQUEST_FORBIDDEN: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  SESSION_NOT_PAYABLE: 409,
  INVALID_STATE: 409,
  AMOUNT_MISMATCH: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // The merchant's create-payment endpoint failed or answered badly; the payer may try again.
  PARTNER_CALL_FAILED: 502,
});

/** One problem with one input field; `path` is dotted/indexed from the request body root, e.g. `participants[2].amountMinor`. */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: readonly ErrorDetail[];
  /** For RATE_LIMIT_EXCEEDED and SERVICE_UNAVAILABLE: whole seconds before trying again is worthwhile. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, details?: readonly ErrorDetail[], options?: { retryAfterSeconds?: number }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    // Copied and frozen so a caller mutating its array cannot change an error already thrown.
    if (details !== undefined) {
      this.details = Object.freeze(details.map((d) => Object.freeze({ path: d.path, message: d.message })));
    }
  }
}

const ERROR_CODE_VALUES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_VALUES.has(value);
}

/** One line for a list of problems: the first in full, then how many more (the details carry them all). */
export function describeDetails(details: readonly ErrorDetail[]): string {
  const first = details[0];
  if (!first) return 'The request is not valid';
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return `${first.path}: ${first.message}${more}`;
}
