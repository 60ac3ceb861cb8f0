import { type AppError, ERROR_CLASSES, ErrorCode, type ErrorDetail } from '@paysplit/domain';
import type { Response } from 'express';
import { z } from 'zod';
import { scrubSecrets } from '../logger.js';

export const errorResponseSchema = z
  .object({
    success: z.literal(false),
    code: z.string().describe('Machine-readable error code, e.g. INVALID_AMOUNT'),
    message: z.string().describe('What went wrong, for a developer'),
    requestId: z.string().describe('Also sent as the X-Request-Id header; quote it to support'),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Field-level problems (validation errors)'),
  })
  .meta({ id: 'Error' });

export type ErrorResponseBody = z.infer<typeof errorResponseSchema>;

/** Messages may quote what the client sent; a value shaped like one of our secrets never goes back (logger.ts). */
export function errorBody(requestId: string, code: string, message: string, details?: readonly ErrorDetail[]): ErrorResponseBody {
  return {
    success: false,
    code,
    message: scrubSecrets(message),
    requestId,
    ...(details?.length
      ? { details: details.map((detail) => ({ path: scrubSecrets(detail.path), message: scrubSecrets(detail.message) })) }
      : {}),
  };
}

/** The one way an error leaves the REST layer: status and Retry-After from the error table, the spec's body (returned, for the request log). */
export function sendError(res: Response, requestId: string, error: AppError): ErrorResponseBody {
  // A code missing from the table (never, by its type) still answers as our fault, not a TypeError.
  const { status, retryAfterSeconds } = ERROR_CLASSES[error.code] ?? ERROR_CLASSES[ErrorCode.InternalError];
  const wait = error.retryAfterSeconds ?? retryAfterSeconds;
  if (wait !== undefined) res.setHeader('Retry-After', String(Math.ceil(wait)));
  const body = errorBody(requestId, error.code, error.message, error.details);
  res.status(status).json(body);
  return body;
}
