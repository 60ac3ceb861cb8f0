import { CANCEL_REASONS, CAPTURE_REASONS, ErrorCode } from '@paysplit/domain';
import type { DocumentNode } from 'graphql';
import { z } from 'zod';
import { SettleCancellationOperation, SettleCaptureOperation } from '../graphql/operations.js';
import type { RestRoute } from './rest-route.js';

const digits = z.string().regex(/^[1-9][0-9]*$|^0$/);

/** What a cancellation and a capture both are: one call to the merchant about one payment, and its outcome. */
const paymentCallFields = {
  paymentId: z.uuid(),
  participantId: z.uuid().describe('The payer'),
  amountMinor: digits,
  currency: z.string().length(3),
  status: z.enum(['pending', 'succeeded', 'failed']),
  processorReference: z.string().nullable().describe("What you answered or settled with (your processor's reference)"),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
  attempts: z.number().int().describe('Calls made so far'),
};

// Not named (no meta id): each is nested in its named reply, which the document generator inlines.
export const cancellationSchema = z.object({
  cancelId: z.uuid().describe('Also the webhook-id of every partner.payment.cancel call for it'),
  ...paymentCallFields,
  reason: z.enum(CANCEL_REASONS),
});

export const captureSchema = z.object({
  captureId: z.uuid().describe('Also the webhook-id of every partner.payment.capture call for it'),
  ...paymentCallFields,
  reason: z.enum(CAPTURE_REASONS),
});

interface PaymentCallData {
  reason: string;
  status: string;
  [field: string]: unknown;
}

const SETTLE_ERRORS = [
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
];

/** A settle route of one kind of payment call: the same body, reply and errors, under the kind's own names. */
function settleRoute<Mutation extends string>(kind: {
  /** `Cancellation`, `Capture`: the schema names and the REST path's plural. */
  name: 'Cancellation' | 'Capture';
  idParam: 'cancelId' | 'captureId';
  call: string;
  mutation: Mutation;
  operation: DocumentNode;
  schema: typeof cancellationSchema | typeof captureSchema;
  description: string;
}): RestRoute<SettleCallBody, Record<Mutation, PaymentCallData>> {
  const body = z
    .strictObject({
      status: z.enum(['succeeded', 'failed']).describe(`What your processor did with the ${kind.call} you answered 'pending' to`),
      processorReference: z.string().max(255).nullish().describe("Your processor's reference for it"),
      failureReason: z.string().max(200).nullish().describe('With failed: why (shown to administrators)'),
    })
    .meta({ id: `Settle${kind.name}Request` });
  return {
    method: 'post',
    paths: [`/api/v1/payments/${kind.name === 'Capture' ? 'captures' : 'cancellations'}/:${kind.idParam}/settle`],
    operationId: kind.mutation,
    summary: `Settle a pending ${kind.name.toLowerCase()}`,
    description: kind.description,
    auth: 'apiKey',
    body,
    operation: kind.operation,
    variables: (sent, req) => ({
      [kind.idParam]: req.params[kind.idParam],
      input: {
        status: sent.status.toUpperCase(),
        processorReference: sent.processorReference ?? null,
        failureReason: sent.failureReason ?? null,
      },
    }),
    respond: (data) => {
      const settled = data[kind.mutation];
      return { success: true, ...settled, reason: settled.reason.toLowerCase(), status: settled.status.toLowerCase() };
    },
    responses: {
      success: kind.schema.extend({ success: z.literal(true) }).meta({ id: `Settle${kind.name}Response` }),
      errorCodes: SETTLE_ERRORS,
    },
  };
}

export interface SettleCallBody {
  status: 'succeeded' | 'failed';
  processorReference?: string | null;
  failureReason?: string | null;
}

export const settleCancellationRoute = settleRoute({
  name: 'Cancellation',
  idParam: 'cancelId',
  call: 'cancel',
  mutation: 'settleCancellation',
  operation: SettleCancellationOperation,
  schema: cancellationSchema,
  description:
    "For a partner.payment.cancel call your endpoint answered 'pending' to. Idempotent per (cancelId, status); settling one already settled differently is 409 INVALID_STATE.",
});

export const settleCaptureRoute = settleRoute({
  name: 'Capture',
  idParam: 'captureId',
  call: 'capture',
  mutation: 'settleCapture',
  operation: SettleCaptureOperation,
  schema: captureSchema,
  description:
    "Manual capture only. For a partner.payment.capture call your endpoint answered 'pending' to, or never answered (such a capture stays pending until settled here). Idempotent per (captureId, status); settling one already settled differently is 409 INVALID_STATE. failed reopens the payer's share.",
});
