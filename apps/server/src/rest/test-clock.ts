import { ErrorCode, MAX_TEST_CLOCK_ADVANCE_SECONDS, SESSION_STATUSES, TEST_CLOCK_RUN_KINDS } from '@paysplit/domain';
import { z } from 'zod';
import { AdvanceTestClockOperation } from '../graphql/operations.js';
import type { RestRoute } from './rest-route.js';

const advanceBody = z
  .strictObject({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_TEST_CLOCK_ADVANCE_SECONDS)
      .nullish()
      .describe('How far to advance, in seconds (at most 60 days). Send this or `to`'),
    to: z
      .string()
      .max(64)
      .nullish()
      .describe(
        "An ISO 8601 time with its offset to advance to: not before the session's clock, at most 60 days after it. Send this or `seconds`",
      ),
  })
  .meta({ id: 'AdvanceTestClockRequest' });

export type AdvanceTestClockBody = z.infer<typeof advanceBody>;

const advanceResponse = z
  .object({
    success: z.literal(true),
    sessionId: z.uuid(),
    status: z.enum(SESSION_STATUSES).describe("The session's status afterwards"),
    testClockAt: z.iso.datetime().describe("The session's clock now, frozen there until advanced again"),
    advancedFrom: z.iso.datetime().describe('Its clock before (real time when it had none yet)'),
    ran: z
      .array(
        z.object({
          at: z.iso.datetime().describe("Its moment on the session's clock"),
          kind: z
            .enum(TEST_CLOCK_RUN_KINDS)
            .describe(
              'reminder: a reminder email queued to an unpaid payer; reservation_lapsed: an open group claim whose reservation ran out (its places are free again); hold_lapsed: a hold about to lapse released (manual capture); session_expired: the deadline passed',
            ),
          participantId: z.uuid().nullable().describe('reminder: the payer reminded; reservation_lapsed: whose claim lapsed'),
          paymentId: z.uuid().nullable().describe('hold_lapsed: the payment whose hold was released'),
          offsetMinutes: z.number().int().nullable().describe('reminder: how many minutes before the deadline it was due'),
        }),
      )
      .describe('What fell due and ran, in the order it ran (the consequences follow as in time: emails, events, refunds, releases)'),
  })
  .meta({ id: 'AdvanceTestClockResponse' });

interface AdvanceData {
  advanceTestClock: { status: string; ran: { kind: string; [field: string]: unknown }[]; [field: string]: unknown };
}

export const advanceTestClockRoute: RestRoute<AdvanceTestClockBody, AdvanceData> = {
  method: 'post',
  paths: ['/api/v1/payments/sessions/:sessionId/test-clock/advance'],
  operationId: 'advanceTestClock',
  summary: "Advance a test-mode session's clock",
  description:
    "Test mode only (a live session or a live key: 403 TEST_MODE_ONLY). From its first advance the session's clock is frozen and moves only " +
    'when advanced; everything due by the new time runs in order, once, as it would have in time: reminders, holds about to lapse ' +
    '(manual capture), the deadline with its releases, refunds and events. Events and emails of the session carry its clock. Time only ' +
    'moves forward (400 VALIDATION_ERROR); `to` equal to the clock changes nothing; an ended session cannot move further (409 INVALID_STATE).',
  auth: 'apiKey',
  body: advanceBody,
  operation: AdvanceTestClockOperation,
  variables: (sent, req) => ({ sessionId: req.params.sessionId, input: { seconds: sent.seconds ?? null, to: sent.to ?? null } }),
  respond: ({ advanceTestClock: advance }) => ({
    success: true,
    ...advance,
    status: advance.status.toLowerCase(),
    ran: advance.ran.map((run) => ({ ...run, kind: run.kind.toLowerCase() })),
  }),
  responses: {
    success: advanceResponse,
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.MissingApiKey,
      ErrorCode.InvalidApiKey,
      ErrorCode.BrowserRequestForbidden,
      ErrorCode.TestModeOnly,
      ErrorCode.SessionNotFound,
      ErrorCode.InvalidState,
      ErrorCode.PayloadTooLarge,
      ErrorCode.UnsupportedMediaType,
      ErrorCode.RateLimitExceeded,
      ErrorCode.InternalError,
      ErrorCode.ServiceUnavailable,
    ],
  },
};
