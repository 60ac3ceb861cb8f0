import { ErrorCode, MAX_REFUND_REASON_LENGTH } from '@paysplit/domain';
import { z } from 'zod';
import { RefundSessionOperation, SettleRefundOperation } from '../graphql/operations.js';
import type { RestRoute } from './rest-route.js';

const digits = z.string().regex(/^[1-9][0-9]*$|^0$/);

// Not named (no meta id): it is nested in other named schemas, which the document generator inlines.
export const refundSchema = z.object({
  refundId: z.uuid().describe('Also the webhook-id of every partner refund call for it'),
  paymentId: z.uuid(),
  participantId: z.uuid(),
  amountMinor: digits,
  currency: z.string().length(3),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
  source: z.enum(['automatic', 'merchant']).describe('automatic: money the session could not use; merchant: asked for over the API'),
  processorRefundReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
  attempts: z.number().int().describe('Partner refund calls made so far'),
});

interface RefundData {
  status: string;
  source: string;
  [field: string]: unknown;
}

/** GraphQL's enum names to the wire's lowercase values. */
export function toRestRefund(refund: RefundData): unknown {
  return { ...refund, status: refund.status.toLowerCase(), source: refund.source.toLowerCase() };
}

const minorUnits = z
  .union([z.string(), z.number().int()], { error: 'must be a string of digits, e.g. "9600"' })
  .describe('Integer minor units as a string of digits, greater than 0');

export const refundSessionBodySchema = z
  .strictObject({
    amountMinor: minorUnits.nullish().describe('How much to refund; absent: everything still refundable'),
    reason: z
      .string()
      .nullish()
      .describe(`Why (one line, at most ${MAX_REFUND_REASON_LENGTH} characters); sent to your refund endpoint and in the events`),
    allocations: z
      .array(z.strictObject({ paymentId: z.string().describe('A captured payment of the session'), amountMinor: minorUnits }))
      .max(200)
      .nullish()
      .describe(
        'Per-payment amounts, each at most what is still refundable on it; with amountMinor they must add up to it. Without them the amount is spread in proportion to what each payment paid (largest remainder).',
      ),
  })
  .meta({ id: 'RefundSessionRequest' });

export type RefundSessionBody = z.infer<typeof refundSessionBodySchema>;

export const refundSessionResponseSchema = z
  .object({
    success: z.literal(true),
    sessionId: z.uuid(),
    currency: z.string().length(3),
    capturedMinor: digits.describe('Authorized money of the session'),
    refundedMinor: digits.describe('Refunded so far (succeeded)'),
    refundableMinor: digits.describe('Still refundable: captured minus every refund not failed'),
    pendingRefundMinor: digits.describe('Asked for, not yet settled'),
    refunds: z.array(refundSchema).describe('The refunds this request created, one per payment touched'),
  })
  .meta({ id: 'RefundSessionResponse' });

interface RefundSessionData {
  refundSession: { refunds: RefundData[]; [field: string]: unknown };
}

export const refundSessionRoute: RestRoute<RefundSessionBody, RefundSessionData> = {
  method: 'post',
  paths: ['/api/v1/payments/sessions/:sessionId/refunds'],
  operationId: 'refundSession',
  summary: 'Refund captured money of a session',
  description:
    'Works on any session status (the status stays). One refund per payment touched, each asked of your partnerRefundUrl with the signed partner.refund.create call. Needs a partnerRefundUrl (409 REFUNDS_NOT_CONFIGURED).',
  auth: 'apiKey',
  body: refundSessionBodySchema,
  operation: RefundSessionOperation,
  headers: [
    {
      name: 'Idempotency-Key',
      description: 'Optional, <= 255 characters. The same key and body within 24 h returns the first response (one set of refunds).',
    },
  ],
  variables: (body, req) => ({
    sessionId: req.params.sessionId,
    input: {
      amountMinor: body.amountMinor ?? null,
      reason: body.reason ?? null,
      allocations: body.allocations ?? null,
    },
    idempotencyKey: req.get('idempotency-key') ?? null,
  }),
  respond: ({ refundSession }) => ({ ...refundSession, refunds: refundSession.refunds.map(toRestRefund) }),
  responses: {
    success: refundSessionResponseSchema,
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.MissingApiKey,
      ErrorCode.InvalidApiKey,
      ErrorCode.BrowserRequestForbidden,
      ErrorCode.SessionNotFound,
      ErrorCode.RefundExceedsRefundable,
      ErrorCode.NothingToRefund,
      ErrorCode.RefundsNotConfigured,
      ErrorCode.IdempotencyKeyReused,
      ErrorCode.IdempotencyInProgress,
      ErrorCode.PayloadTooLarge,
      ErrorCode.UnsupportedMediaType,
      ErrorCode.RateLimitExceeded,
      ErrorCode.InternalError,
      ErrorCode.ServiceUnavailable,
    ],
  },
};

export const settleRefundBodySchema = z
  .strictObject({
    status: z.enum(['succeeded', 'failed']).describe("What your processor did with the refund you answered 'pending' to"),
    processorRefundReference: z.string().max(255).nullish().describe("Your processor's refund id"),
    failureReason: z.string().max(200).nullish().describe('With failed: why (shown to administrators, in the event)'),
  })
  .meta({ id: 'SettleRefundRequest' });

export type SettleRefundBody = z.infer<typeof settleRefundBodySchema>;

export const settleRefundRoute: RestRoute<SettleRefundBody, { settleRefund: RefundData }> = {
  method: 'post',
  paths: ['/api/v1/payments/refunds/:refundId/settle'],
  operationId: 'settleRefund',
  summary: 'Settle a pending refund',
  description:
    "For a refund your endpoint answered 'pending' to. Idempotent per (refundId, status); settling a refund already settled differently is 409 INVALID_STATE.",
  auth: 'apiKey',
  body: settleRefundBodySchema,
  operation: SettleRefundOperation,
  variables: (body, req) => ({
    refundId: req.params.refundId,
    input: {
      status: body.status.toUpperCase(),
      processorRefundReference: body.processorRefundReference ?? null,
      failureReason: body.failureReason ?? null,
    },
  }),
  respond: ({ settleRefund }) => ({ success: true, ...(toRestRefund(settleRefund) as object) }),
  responses: {
    success: refundSchema.extend({ success: z.literal(true) }).meta({ id: 'SettleRefundResponse' }),
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.MissingApiKey,
      ErrorCode.InvalidApiKey,
      ErrorCode.BrowserRequestForbidden,
      ErrorCode.RefundNotFound,
      ErrorCode.InvalidState,
      ErrorCode.PayloadTooLarge,
      ErrorCode.UnsupportedMediaType,
      ErrorCode.RateLimitExceeded,
      ErrorCode.InternalError,
      ErrorCode.ServiceUnavailable,
    ],
  },
};
