import { PaySplitError } from '@paysplit/sdk';

export interface PaySplitFailure {
  /** What we answer the browser: 502 when PaySplit failed or was unreachable, 500 when our call was wrong. */
  httpStatus: number;
  code: string;
  requestId?: string;
  message: string;
}

/** Turns a failed SDK call into what an error page may show: code and requestId, never the request itself. */
export function describePaySplitFailure(error: unknown): PaySplitFailure {
  if (error instanceof PaySplitError) {
    const status = typeof error.status === 'number' ? error.status : 0;
    const upstream = status === 0 || status >= 500 || status === 429;
    return {
      httpStatus: upstream ? 502 : 500,
      code: error.code,
      requestId: error.requestId ?? undefined,
      message: upstream
        ? 'PaySplit is not available right now. Please try again in a moment.'
        : 'We could not set up the payment with PaySplit.',
    };
  }
  return {
    httpStatus: 502,
    code: 'PAYSPLIT_UNREACHABLE',
    message: 'PaySplit is not available right now. Please try again in a moment.',
  };
}
