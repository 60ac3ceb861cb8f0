export interface PaySplitErrorDetail {
  path: string;
  message: string;
}

export interface PaySplitErrorInit {
  code: string;
  /** HTTP status; 0 when no HTTP answer was ever received. */
  status: number;
  message: string;
  requestId?: string | undefined;
  details?: PaySplitErrorDetail[] | undefined;
  cause?: unknown;
}

/**
 * Every failed client call rejects with this. `code` is PaySplit's error code (`INVALID_AMOUNT`,
 * `RATE_LIMIT_EXCEEDED`, …), `NETWORK_ERROR` (status 0) when no HTTP answer came after all
 * retries, `HTTP_<status>` when the answer was not PaySplit's error shape (a proxy's 502 page),
 * or `INVALID_RESPONSE` when a 2xx answer was not JSON.
 */
export class PaySplitError extends Error {
  override readonly name = 'PaySplitError';
  readonly code: string;
  readonly status: number;
  /** Quote it to PaySplit support; it is also in the `X-Request-Id` response header. */
  readonly requestId: string | undefined;
  /** Per-field problems of a `VALIDATION_ERROR`. */
  readonly details: PaySplitErrorDetail[] | undefined;

  constructor(init: PaySplitErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
  }
}
