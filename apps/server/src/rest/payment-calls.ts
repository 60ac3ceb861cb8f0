import { CANCEL_REASONS, ErrorCode } from '@paysplit/domain';
import { z } from 'zod';
import { SettleCancellationOperation } from '../graphql/operations.js';
import type { RestRoute } from './rest-route.js';

const digits = z.string().regex(/^[1-9][0-9]*$|^0$/);

// Not named (no meta id): it is nested in the named reply, which the document generator inlines.
export const cancellationSchema = z.object({
  cancelId: z.uuid().describe('Also the webhook-id of every partner.payment.cancel call for it'),
  paymentId: z.uuid(),
  participantId: z.uuid().describe('The payer whose checkout it was'),
  amountMinor: digits,
  currency: z.string().length(3),
  reason: z.enum(CANCEL_REASONS),
  status: z.enum(['pending', 'succeeded', 'failed']),
  processorReference: z.string().nullable().describe("What you answered or settled with (your processor's reference)"),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
  attempts: z.number().int().describe('Calls made so far'),
});

interface CancellationData {
  reason: string;
  status: string;
  [field: string]: unknown;
}

export const settleCancellationBodySchema = z
  .strictObject({
    status: z.enum(['succeeded', 'failed']).describe("What your processor did with the cancel you answered 'pending' to"),
    processorReference: z.string().max(255).nullish().describe("Your processor's reference for it"),
    failureReason: z.string().max(200).nullish().describe('With failed: why (shown to administrators)'),
  })
  .meta({ id: 'SettleCancellationRequest' });

export type SettleCancellationBody = z.infer<typeof settleCancellationBodySchema>;

export const settleCancellationRoute: RestRoute<SettleCancellationBody, { settleCancellation: CancellationData }> = {
  method: 'post',
  paths: ['/api/v1/payments/cancellations/:cancelId/settle'],
  operationId: 'settleCancellation',
  summary: 'Settle a pending cancellation',
  description:
    "For a partner.payment.cancel call your endpoint answered 'pending' to. Idempotent per (cancelId, status); settling one already settled differently is 409 INVALID_STATE.",
  auth: 'apiKey',
  body: settleCancellationBodySchema,
  operation: SettleCancellationOperation,
  variables: (body, req) => ({
    cancelId: req.params.cancelId,
    input: {
      status: body.status.toUpperCase(),
      processorReference: body.processorReference ?? null,
      failureReason: body.failureReason ?? null,
    },
  }),
  respond: ({ settleCancellation }) => ({
    success: true,
    ...settleCancellation,
    reason: settleCancellation.reason.toLowerCase(),
    status: settleCancellation.status.toLowerCase(),
  }),
  responses: {
    success: cancellationSchema.extend({ success: z.literal(true) }).meta({ id: 'SettleCancellationResponse' }),
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.MissingApiKey,
      ErrorCode.InvalidApiKey,
      ErrorCode.BrowserRequestForbidden,
      ErrorCode.NotFound,
      ErrorCode.InvalidState,
      ErrorCode.PayloadTooLarge,
      ErrorCode.UnsupportedMediaType,
      ErrorCode.RateLimitExceeded,
      ErrorCode.InternalError,
      ErrorCode.ServiceUnavailable,
    ],
  },
};
