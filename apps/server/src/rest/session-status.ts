import { ErrorCode, SESSION_STATUSES } from '@paysplit/domain';
import { z } from 'zod';
import { SessionStatusOperation } from '../graphql/operations.js';
import type { RestRoute } from './rest-route.js';

export const sessionStatusResponseSchema = z
  .object({
    success: z.literal(true),
    sessionId: z.uuid(),
    status: z.enum(SESSION_STATUSES),
    currency: z.string(),
    amountMinor: z.string(),
    paidMinor: z.string(),
    remainingMinor: z.string(),
    refundedMinor: z.string().describe('Refunded so far (succeeded refunds); the status stays what it was'),
    participantCount: z.number().int(),
    paidCount: z.number().int(),
    completed: z.boolean(),
    expiresAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'SessionStatusResponse' });

type StatusData = { sessionStatus: Omit<z.infer<typeof sessionStatusResponseSchema>, 'success' | 'status'> & { status: string } };

export const sessionStatusRoute: RestRoute<undefined, StatusData> = {
  method: 'get',
  paths: ['/api/v1/payments/unified', '/api/payments/unified'],
  operationId: 'getSessionStatus',
  summary: 'Poll the payment status of a session',
  description: 'No API key; no personal data. Poll at most once a second per session (back off 5 to 10 s on 429).',
  auth: 'none',
  query: [{ name: 'sessionId', description: 'The session to report on', required: true }],
  responseHeaders: { 'Cache-Control': 'no-store' },
  operation: SessionStatusOperation,
  variables: (_body, req) => ({ sessionId: typeof req.query.sessionId === 'string' ? req.query.sessionId : '' }),
  respond: ({ sessionStatus }) => ({ success: true, ...sessionStatus, status: sessionStatus.status.toLowerCase() }),
  responses: {
    success: sessionStatusResponseSchema,
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.SessionNotFound,
      ErrorCode.RateLimitExceeded,
      ErrorCode.InternalError,
      ErrorCode.ServiceUnavailable,
    ],
  },
};
