import { ErrorCode, SESSION_STATUSES } from '@paysplit/domain';
import { z } from 'zod';
import { RecordPaymentOperation } from '../graphql/operations.js';
import type { RestRoute } from './rest-route.js';

export const recordPaymentBodySchema = z
  .strictObject({
    paymentId: z.string().describe('The paymentId PaySplit sent in the partner create-payment call'),
    action: z.enum(['authorize', 'fail', 'refund']).describe('authorize: the processor authorized (or took) the share; fail: it did not'),
    processorReference: z.string().max(255).nullish().describe("Your processor's reference (checkout or charge id), echoed in the webhook"),
    failureReason: z
      .string()
      .max(200)
      .nullish()
      .describe("With fail: why the processor did not take the money (e.g. 'Card declined'); shown to the session's administrators"),
    amountMinor: z
      .union([z.string(), z.number().int().nonnegative()], { error: 'must be a string of digits' })
      .nullish()
      .describe('When sent, must equal the payment amount, else 409 AMOUNT_MISMATCH and nothing changes'),
    holdExpiresAt: z
      .string()
      .nullish()
      .describe(
        "Manual only, with authorize: when the hold lapses (ISO 8601, e.g. your processor's capture_before); default the integration's holdLifetimeSeconds from now. Any other session refuses it as an unknown field",
      ),
  })
  .meta({ id: 'RecordPaymentRequest' });

export type RecordPaymentBody = z.infer<typeof recordPaymentBodySchema>;

export const recordPaymentResponseSchema = z
  .object({
    success: z.literal(true),
    paymentId: z.uuid(),
    sessionId: z.uuid(),
    participantId: z.uuid(),
    paymentStatus: z
      .enum(['authorized', 'failed', 'captured', 'released'])
      .describe(
        'Manual only: authorized means held, and PaySplit asks for the capture later; captured: a refund recorded of captured money; released: the hold cannot count and is given back',
      ),
    refundedAt: z.iso.datetime().nullable().optional(),
    sessionStatus: z.enum(SESSION_STATUSES),
    paidMinor: z.string(),
    remainingMinor: z.string(),
    refundRequired: z
      .boolean()
      .describe('True when this money cannot count toward the session (share already paid, session ended): void or refund it'),
    serviceHostResumeUrl: z.url().describe('Redirect the host here (302) after a successful checkout'),
    serviceParticipantReturnUrl: z.url().describe('Redirect a participant here (302) after a successful checkout'),
    holdExpiresAt: z.iso.datetime().optional().describe('Manual only (absent otherwise): when the hold lapses'),
  })
  .meta({ id: 'RecordPaymentResponse' });

type RecordedReply = Omit<z.infer<typeof recordPaymentResponseSchema>, 'holdExpiresAt'> & { holdExpiresAt?: string | null };

export const recordPaymentRoute: RestRoute<RecordPaymentBody, { recordPayment: RecordedReply }> = {
  method: 'post',
  paths: ['/api/v1/payments/record'],
  operationId: 'recordPayment',
  summary: 'Record the outcome of a payment',
  description: 'Called by your payment-success bridge. Idempotent per (paymentId, action): a repeat returns the first reply.',
  auth: 'apiKey',
  body: recordPaymentBodySchema,
  bodyErrorCode: (path) => (path[0] === 'amountMinor' ? ErrorCode.InvalidAmount : ErrorCode.ValidationError),
  operation: RecordPaymentOperation,
  variables: (body) => ({
    input: { ...body, action: body.action.toUpperCase(), amountMinor: body.amountMinor == null ? null : String(body.amountMinor) },
  }),
  // Only a manual session's hold has an expiry: every other reply stays exactly as it was.
  respond: ({ recordPayment: { holdExpiresAt, ...reply } }) => (holdExpiresAt == null ? reply : { ...reply, holdExpiresAt }),
  responses: {
    success: recordPaymentResponseSchema,
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.InvalidAmount,
      ErrorCode.MissingApiKey,
      ErrorCode.InvalidApiKey,
      ErrorCode.BrowserRequestForbidden,
      ErrorCode.PaymentNotFound,
      ErrorCode.AmountMismatch,
      ErrorCode.InvalidState,
      ErrorCode.PayloadTooLarge,
      ErrorCode.UnsupportedMediaType,
      ErrorCode.RateLimitExceeded,
      ErrorCode.InternalError,
      ErrorCode.ServiceUnavailable,
    ],
  },
};
