import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CLASSES, ERROR_HTTP_STATUS, ErrorCode, isErrorCode, isServerFault } from './errors.js';

describe('ErrorCode and ERROR_HTTP_STATUS', () => {
  it('gives every code an HTTP status', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_HTTP_STATUS[code], code).toBeTypeOf('number');
    }
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual(Object.values(ErrorCode).sort());
  });

  it('maps codes to the statuses of decisions §4', () => {
    expect(ERROR_HTTP_STATUS).toEqual({
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
      TOO_MANY_SUBSCRIPTIONS: 429,
      INTERNAL_ERROR: 500,
      SERVICE_UNAVAILABLE: 503,
      PARTNER_CALL_FAILED: 502,
      REFUND_NOT_FOUND: 404,
      REFUND_EXCEEDS_REFUNDABLE: 409,
      NOTHING_TO_REFUND: 409,
      REFUNDS_NOT_CONFIGURED: 409,
      TEST_MODE_ONLY: 403,
      GROUP_FULL: 409,
      GROUP_TIPPED: 409,
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(ERROR_HTTP_STATUS)).toBe(true);
  });

  it("holds faults of ours apart from the caller's, and says how long to wait when the code alone says", () => {
    expect(Object.values(ErrorCode).filter(isServerFault).sort()).toEqual(['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);
    expect(
      Object.entries(ERROR_CLASSES).flatMap(([code, row]) => (row.retryAfterSeconds === undefined ? [] : [[code, row.retryAfterSeconds]])),
    ).toEqual([
      ['TOO_MANY_SUBSCRIPTIONS', 30],
      ['SERVICE_UNAVAILABLE', 5],
    ]);
    expect(Object.isFrozen(ERROR_CLASSES)).toBe(true);
  });
});

describe('AppError', () => {
  it('carries code, message and name, and is an Error', () => {
    const error = new AppError(ErrorCode.SessionNotFound, 'No session with that id');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('SESSION_NOT_FOUND');
    expect(error.message).toBe('No session with that id');
    expect(error.details).toBeUndefined();
    expect(error.stack).toContain('AppError');
  });

  it('keeps a frozen copy of the details, unaffected by later changes to the array passed in', () => {
    const details = [{ path: 'amount', message: 'must be > 0' }];
    const error = new AppError(ErrorCode.ValidationError, 'Invalid request', details);
    details.push({ path: 'currency', message: 'unknown' });
    (details[0] as { message: string }).message = 'changed';
    expect(error.details).toEqual([{ path: 'amount', message: 'must be > 0' }]);
    expect(Object.isFrozen(error.details)).toBe(true);
  });
});

describe('isErrorCode', () => {
  it('accepts every code value', () => {
    for (const code of Object.values(ErrorCode)) expect(isErrorCode(code)).toBe(true);
  });

  it('refuses other values, including the constant names and lowercase codes', () => {
    for (const value of ['ValidationError', 'validation_error', '', 'toString', 'constructor', 400, null, undefined, {}]) {
      expect(isErrorCode(value)).toBe(false);
    }
  });
});
