import { ErrorCode, SESSION_STATUSES } from '@paysplit/domain';
import { z } from 'zod';
import { CancelSessionOperation, GetSessionOperation } from '../graphql/operations.js';
import { openGroupSchema, toRestOpenGroup } from './open-group-parts.js';
import { refundSchema, toRestRefund } from './refunds.js';
import type { RestRoute } from './rest-route.js';

const statusEnum = z.enum(SESSION_STATUSES);

/** What an open group's participants carry (absent in a closed session). */
const openGroupParticipantFields = {
  places: z.number().int().optional().describe('Open groups only: the places they claimed'),
  joinedAt: z.iso.datetime().optional().describe('Open groups only'),
  reservedUntil: z.iso
    .datetime()
    .nullable()
    .optional()
    .describe('Open groups only: until when a pending claim keeps its places (lapsed: when it ran out; paid or left: null)'),
  finalAmountMinor: z.string().nullable().optional().describe('Open groups only: what they are finally charged, once it ended tipped'),
};

export const sessionDetailsSchema = z
  .object({
    success: z.literal(true),
    sessionId: z.uuid(),
    status: statusEnum.describe('capturing: manual only (every share is held, the captures are running)'),
    mode: z.enum(['test', 'live']),
    captureMethod: z.literal('manual').optional().describe('Manual only (absent for automatic sessions)'),
    currency: z.string(),
    amountMinor: z.string(),
    paidMinor: z.string(),
    remainingMinor: z.string(),
    refundedMinor: z.string().describe('Refunded so far (succeeded refunds); the status stays what it was'),
    orderReference: z.string().nullable(),
    description: z.string().nullable().describe('What is bought, as sent at creation'),
    metadata: z.record(z.string(), z.unknown()),
    version: z.number().int().describe('Increments on every change of the session'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    testClockAt: z.iso
      .datetime()
      .optional()
      .describe(
        "Test mode, once the session's clock was advanced (POST …/test-clock/advance): its clock, frozen there until advanced again. Absent: real time (always in live mode)",
      ),
    participants: z.array(
      z.object({
        participantId: z.uuid(),
        displayName: z.string(),
        email: z.string().nullable(),
        isHost: z.boolean(),
        amountMinor: z.string(),
        status: z
          .enum(['pending', 'paid', 'left', 'lapsed'])
          .describe('Open groups: pending is a claim being paid for, left a payer who left, lapsed a claim that ran out of time'),
        ...openGroupParticipantFields,
      }),
    ),
    openGroup: openGroupSchema.optional().describe('Open groups only: the terms and where the group stands'),
    payments: z.array(
      z.object({
        paymentId: z.uuid(),
        participantId: z.uuid(),
        amountMinor: z.string(),
        status: z
          .enum(['creating', 'redirected', 'authorized', 'failed', 'abandoned', 'captured', 'capture_failed', 'released'])
          .describe('Manual only: authorized means held, then captured, capture_failed or released'),
        processorReference: z.string().nullable(),
        refundRequired: z.boolean().describe('Authorized money the session cannot use: void or refund it'),
        refundedMinor: z.string().describe('Refunded so far (succeeded refunds of this payment)'),
        refundableMinor: z.string().describe('Still refundable: the amount minus every refund not failed; 0 unless authorized'),
        holdExpiresAt: z.iso.datetime().nullable().optional().describe('Manual only: when the hold lapses'),
        capturedAt: z.iso.datetime().nullable().optional().describe('Manual only: when the capture succeeded'),
        releasedAt: z.iso.datetime().nullable().optional().describe('Manual only: when the hold was released'),
      }),
    ),
    refunds: z.array(refundSchema).describe('Every refund of the session, oldest first'),
    refundsOwed: z
      .array(z.object({ paymentId: z.uuid(), participantId: z.uuid(), amountMinor: z.string(), processorReference: z.string().nullable() }))
      .describe('Payments to void or refund now; record action "refund" for each once done'),
    duplicatePayments: z
      .array(
        z.object({
          paymentId: z.uuid(),
          participantId: z.uuid().describe('Who paid it'),
          amountMinor: z.string(),
          processorReference: z.string().nullable(),
          duplicateOf: z.uuid().describe('The payment that counts for the shares it was for'),
          outcome: z
            .enum(['releasing', 'released', 'refunding', 'refunded', 'failed'])
            .describe(
              'refunding: its refund is asked for and not yet done (without a partnerRefundUrl it is in refundsOwed); refunded: all of it went back; failed: its refund failed; releasing / released: manual capture only',
            ),
          refundId: z.uuid().nullable().describe('Its latest refund'),
          cancelId: z.uuid().nullable().describe('The cancel sent for its checkout'),
        }),
      )
      .optional()
      .describe(
        'Only for an integration with a partnerCancelUrl: payments authorized for shares another payment had already paid. Their refunds are then left out of refunds and refundedMinor',
      ),
  })
  .meta({ id: 'SessionDetails' });

interface SessionDetailsData {
  id: string;
  status: string;
  mode: string;
  captureMethod: string;
  participants: { id: string; status: string; places: unknown; joinedAt: unknown; reservedUntil: unknown; finalAmountMinor: unknown }[];
  payments: { id: string; holdExpiresAt?: unknown; capturedAt?: unknown; releasedAt?: unknown }[];
  refundsOwed: { id: string }[];
  refunds: { status: string; source: string }[];
  duplicatePayments: { outcome: string }[] | null;
  testClockAt: unknown;
  openGroup: (Record<string, unknown> & { pricing: string }) | null;
  [field: string]: unknown;
}

/**
 * GraphQL's shape to the REST one: ids named as the spec names them, enums lowercase. What only a
 * manual-capture session has is left out of every other, and duplicates (null for an integration
 * without a partnerCancelUrl) are then not in the reply at all: those replies stay what they were
 * (test/automatic-wire.test.ts).
 */
function toDetails(session: SessionDetailsData): unknown {
  const {
    id,
    status,
    mode,
    captureMethod,
    participants,
    payments,
    refundsOwed,
    refunds,
    duplicatePayments,
    testClockAt,
    openGroup,
    ...rest
  } = session;
  const manual = captureMethod === 'MANUAL';
  return {
    success: true,
    sessionId: id,
    status: status.toLowerCase(),
    mode: mode.toLowerCase(),
    ...(manual ? { captureMethod: 'manual' } : {}),
    ...rest,
    // Only a session whose test clock was advanced has one: every other reply stays what it was.
    ...(testClockAt == null ? {} : { testClockAt }),
    // An open group's participants carry their places; a closed session's stay what they were.
    participants: participants.map(
      ({ id: participantId, status: participantStatus, places, joinedAt, reservedUntil, finalAmountMinor, ...participant }) => ({
        participantId,
        ...participant,
        status: participantStatus.toLowerCase(),
        ...(openGroup === null ? {} : { places, joinedAt, reservedUntil, finalAmountMinor }),
      }),
    ),
    payments: payments.map(({ id: paymentId, holdExpiresAt, capturedAt, releasedAt, ...payment }) => ({
      paymentId,
      ...payment,
      ...(manual ? { holdExpiresAt, capturedAt, releasedAt } : {}),
    })),
    refundsOwed: refundsOwed.map(({ id: paymentId, ...payment }) => ({ paymentId, ...payment })),
    refunds: refunds.map(toRestRefund),
    ...(duplicatePayments === null
      ? {}
      : { duplicatePayments: duplicatePayments.map((duplicate) => ({ ...duplicate, outcome: duplicate.outcome.toLowerCase() })) }),
    ...(openGroup === null ? {} : { openGroup: toRestOpenGroup(openGroup) }),
  };
}

const MERCHANT_ERRORS = [
  ErrorCode.MissingApiKey,
  ErrorCode.InvalidApiKey,
  ErrorCode.BrowserRequestForbidden,
  ErrorCode.SessionNotFound,
  ErrorCode.RateLimitExceeded,
  ErrorCode.InternalError,
  ErrorCode.ServiceUnavailable,
];

export const getSessionRoute: RestRoute<undefined, { session: SessionDetailsData }> = {
  method: 'get',
  paths: ['/api/v1/payments/sessions/:sessionId'],
  operationId: 'getSession',
  summary: 'Read a session with its participants and payments',
  auth: 'apiKey',
  operation: GetSessionOperation,
  variables: (_body, req) => ({ id: req.params.sessionId }),
  respond: ({ session }) => toDetails(session),
  responses: { success: sessionDetailsSchema, errorCodes: MERCHANT_ERRORS },
};

export const cancelSessionRoute: RestRoute<undefined, { cancelSession: SessionDetailsData }> = {
  method: 'post',
  paths: ['/api/v1/payments/sessions/:sessionId/cancel'],
  operationId: 'cancelSession',
  summary: 'Cancel a session (idempotent)',
  description:
    'A completed or expired session cannot be cancelled (409 INVALID_STATE). Paid shares of a cancelled session are listed with their payments for refund.',
  auth: 'apiKey',
  operation: CancelSessionOperation,
  variables: (_body, req) => ({ id: req.params.sessionId }),
  respond: ({ cancelSession }) => toDetails(cancelSession),
  responses: { success: sessionDetailsSchema, errorCodes: [...MERCHANT_ERRORS, ErrorCode.InvalidState] },
};
