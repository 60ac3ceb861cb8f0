/**
 * The one error type of PaySplit and the one table that says how each of its codes is reported.
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
  TooManySubscriptions: 'TOO_MANY_SUBSCRIPTIONS',
  InternalError: 'INTERNAL_ERROR',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  PartnerCallFailed: 'PARTNER_CALL_FAILED',
  RefundNotFound: 'REFUND_NOT_FOUND',
  RefundExceedsRefundable: 'REFUND_EXCEEDS_REFUNDABLE',
  NothingToRefund: 'NOTHING_TO_REFUND',
  RefundsNotConfigured: 'REFUNDS_NOT_CONFIGURED',
  TestModeOnly: 'TEST_MODE_ONLY',
  GroupFull: 'GROUP_FULL',
  GroupTipped: 'GROUP_TIPPED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** How the transports report one code; the same on REST, GraphQL and live updates. */
export interface ErrorClass {
  /** HTTP status (decisions §4). */
  readonly status: number;
  /** A fault of ours: logged at `error` with its cause. Every other code is the caller's (or its partner's) doing, logged at `debug`. */
  readonly serverFault: boolean;
  /** Retry-After for this code when the error carries no wait of its own. */
  readonly retryAfterSeconds?: number;
}

const notOurFault = (status: number): ErrorClass => ({ status, serverFault: false });

/** The one error table. `Record<ErrorCode, …>` makes a new code without a row a type error. */
export const ERROR_CLASSES: Readonly<Record<ErrorCode, ErrorClass>> = Object.freeze({
  VALIDATION_ERROR: notOurFault(400),
  INVALID_AMOUNT: notOurFault(400),
  INVALID_CURRENCY: notOurFault(400),
  REDIRECT_URL_NOT_ALLOWED: notOurFault(400),
  MISSING_API_KEY: notOurFault(401),
  INVALID_API_KEY: notOurFault(401),
  UNAUTHENTICATED: notOurFault(401),
  INTEGRATION_DISABLED: notOurFault(403),
  INTEGRATION_MISMATCH: notOurFault(403),
  PAYOUT_ONBOARDING_REQUIRED: notOurFault(403),
  BROWSER_REQUEST_FORBIDDEN: notOurFault(403),
  FORBIDDEN: notOurFault(403),
  NOT_FOUND: notOurFault(404),
  SESSION_NOT_FOUND: notOurFault(404),
  PAYMENT_NOT_FOUND: notOurFault(404),
  SESSION_NOT_PAYABLE: notOurFault(409),
  INVALID_STATE: notOurFault(409),
  AMOUNT_MISMATCH: notOurFault(409),
  IDEMPOTENCY_KEY_REUSED: notOurFault(409),
  IDEMPOTENCY_IN_PROGRESS: notOurFault(409),
  PAYLOAD_TOO_LARGE: notOurFault(413),
  UNSUPPORTED_MEDIA_TYPE: notOurFault(415),
  RATE_LIMIT_EXCEEDED: notOurFault(429),
  // Live updates: a session's or an address's bound of open subscriptions (docs/operations.md).
  TOO_MANY_SUBSCRIPTIONS: { status: 429, serverFault: false, retryAfterSeconds: 30 },
  INTERNAL_ERROR: { status: 500, serverFault: true },
  SERVICE_UNAVAILABLE: { status: 503, serverFault: true, retryAfterSeconds: 5 },
  // The merchant's create-payment endpoint failed or answered badly; the payer may try again.
  PARTNER_CALL_FAILED: notOurFault(502),
  // Refunds (issue 15): an unknown refund, more than is still refundable, nothing captured or left,
  // and an integration without a partnerRefundUrl (nothing to call).
  REFUND_NOT_FOUND: notOurFault(404),
  REFUND_EXCEEDS_REFUNDABLE: notOurFault(409),
  NOTHING_TO_REFUND: notOurFault(409),
  REFUNDS_NOT_CONFIGURED: notOurFault(409),
  // A test-mode tool asked of live mode: a test clock of a live session or with a live key (live mode
  // runs on real time only), or a listen connection with a live key (only test-mode traffic is ever
  // forwarded to a developer's machine).
  TEST_MODE_ONLY: notOurFault(403),
  // Open groups: a claim for more places than are left (told before anything is reserved or
  // charged), and a payer leaving a group that tipped (everyone else now counts on them).
  GROUP_FULL: notOurFault(409),
  GROUP_TIPPED: notOurFault(409),
});

/** HTTP status per code, from ERROR_CLASSES. */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze(
  Object.fromEntries(Object.entries(ERROR_CLASSES).map(([code, { status }]) => [code, status])) as Record<ErrorCode, number>,
);

/** A fault of ours rather than the caller's (ERROR_CLASSES). */
export function isServerFault(code: ErrorCode): boolean {
  return ERROR_CLASSES[code].serverFault;
}

/** One problem with one input field; `path` is dotted/indexed from the request body root, e.g. `participants[2].amountMinor`. */
export interface ErrorDetail {
  path: string;
  message: string;
  /**
   * What kind of problem it is, for a client that words it in its reader's language (the pay
   * app's split editor); the API sends path and message only.
   */
  reason?: string;
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
      this.details = Object.freeze(
        details.map((d) => Object.freeze({ path: d.path, message: d.message, ...(d.reason === undefined ? {} : { reason: d.reason }) })),
      );
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
