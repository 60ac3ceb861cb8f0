import {
  ErrorCode,
  MAX_DESCRIPTION_LENGTH,
  MAX_LOCALE_LENGTH,
  MAX_ORDER_REFERENCE_LENGTH,
  SESSION_STATUSES,
  SPLIT_MODES,
  SUPPORTED_LOCALES,
} from '@paysplit/domain';
import { z } from 'zod';
import { CreateSessionOperation } from '../graphql/operations.js';
import { findInexactNumbers } from './json-body.js';
import { openGroupRequestSchema, openGroupSchema, toRestOpenGroup } from './open-group-parts.js';
import type { RestRoute } from './rest-route.js';

const minorUnits = z
  .union([z.string(), z.number().int().nonnegative()], { error: 'must be a string of digits, e.g. "12050"' })
  .describe('Integer minor units as a string of digits ("12050" is 120.50 NZD); a non-negative integer number is accepted too');

const participant = z.strictObject({
  displayName: z.string().describe('Name shown to the group; the first participant is the host'),
  email: z.string().nullish(),
  amountMinor: minorUnits.nullish().describe('Share in minor units (splitMode exact)'),
  basisPoints: z.number().int().nullish().describe('Share in basis points, summing to 10000 (splitMode percent)'),
  shares: z.number().int().nullish().describe('Integer weight (splitMode shares)'),
});

export const createSessionBodySchema = z
  .strictObject({
    integrationId: z.string().describe('UUID of your integration'),
    amount: z
      .number({ error: (issue) => (issue.input === undefined ? undefined : 'amount must be a JSON number in major units, e.g. 120.50') })
      .nullish()
      .describe('Total in MAJOR units (120.50 = NZ$120.50); must be > 0. Send this or amountMinor.'),
    amountMinor: minorUnits
      .nullish()
      .describe('Total in minor units as a string of digits ("12050"). Send this or amount; both must agree.'),
    currency: z.string().nullish().describe('ISO 4217 code; default NZD'),
    unconfigured: z.boolean().nullish().describe('Default true: the host configures participants and split on the first visit'),
    successUrl: z.string().nullish().describe('Confirmation page after completion; must match the redirect allowlist'),
    successReturnUrl: z.string().nullish().describe('Alias of successUrl; when both are sent they must be equal'),
    cancelUrl: z.string().nullish().describe('Where a payer who cancels is sent; must match the redirect allowlist'),
    metadata: z
      .record(z.string(), z.unknown())
      .nullish()
      .describe('Free-form JSON object: at most 50 keys, keys <= 40 chars, string values <= 500 chars, 8 KiB in all')
      .superRefine((value, ctx) => {
        for (const path of findInexactNumbers(value ?? {}, 'metadata')) {
          ctx.addIssue({ code: 'custom', message: `${path} has more digits than a JSON number carries exactly; send it as a string` });
        }
      }),
    merchantOrderRef: z
      .string()
      .max(MAX_ORDER_REFERENCE_LENGTH)
      .nullish()
      .describe('Your order or booking reference, echoed as orderReference in the completion webhook'),
    description: z
      .string()
      .nullish()
      .describe(
        `What is bought, e.g. "Dinner for 4": shown to the host and every payer beside your display name. Plain text on one line, trimmed, at most ${MAX_DESCRIPTION_LENGTH} characters; blank is the same as not sent. Returned by the session read API, never by the public status poll.`,
      ),
    locale: z
      .string()
      .nullish()
      .describe(
        `The language of the pay pages and emails, as a BCP 47 tag of at most ${MAX_LOCALE_LENGTH} characters (de, pt-BR, ar-EG), ` +
          `unless a payer picks another on the page. PaySplit writes ${SUPPORTED_LOCALES.join(', ')}; a region formats money and ` +
          "dates (de-AT). Without it, or in a language PaySplit does not write, each payer's browser decides.",
      ),
    participants: z.array(participant).max(100).nullish().describe('With unconfigured: false — the participants, host first'),
    splitMode: z.enum(SPLIT_MODES).nullish().describe('With unconfigured: false — equal, exact, percent or shares'),
    expiresInSeconds: z.number().int().nullish().describe('Seconds until the session expires: 1800 to 2592000, default 259200 (72 h)'),
    openGroup: openGroupRequestSchema.nullish(),
  })
  .meta({ id: 'CreateSessionRequest' });

export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

export const createSessionResponseSchema = z
  .object({
    success: z.literal(true),
    sessionId: z.uuid(),
    hostToken: z.string().describe('Lets the host open the session. Store it server-side; never log it'),
    participantIds: z.array(z.uuid()).describe('Empty for an unconfigured session'),
    mode: z.enum(['test', 'live']),
    message: z.string(),
    sessionUrl: z
      .url()
      .describe(
        'Send the host here (302 from your server). It is also the way back to the split: keep it server-side and give your ' +
          'confirmation page a "Return to your split" link to a route of yours that answers 302 to it. It opens the split for ' +
          'as long as the session is kept (EMAIL_RETENTION_DAYS after it ended), ended sessions included. Never put it, or the ' +
          'hostToken in it, in a page, an email or analytics',
      ),
    status: z.enum(SESSION_STATUSES),
    expiresAt: z.iso.datetime(),
    amountMinor: z
      .string()
      .regex(/^[1-9][0-9]*$/)
      .describe("The session's total; for a per_place open group the price times minPlaces, growing with the places sold"),
    currency: z.string().length(3),
    joinUrl: z
      .url()
      .optional()
      .describe('Open groups only: the link to share ({baseUrl}/pay/{sessionId}/join?code=…). Its code only lets people join'),
    openGroup: openGroupSchema.optional().describe('Open groups only: the terms and where the group stands'),
  })
  .meta({ id: 'CreateSessionResponse' });

export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

interface CreateSessionData {
  createSession: Omit<CreateSessionResponse, 'mode' | 'status' | 'joinUrl' | 'openGroup'> & {
    mode: string;
    status: string;
    joinUrl: string | null;
    openGroup: (Record<string, unknown> & { pricing: string }) | null;
  };
}

const AMOUNT_FIELDS = new Set<PropertyKey>(['amount', 'amountMinor']);

export const createSessionRoute: RestRoute<CreateSessionBody, CreateSessionData> = {
  method: 'post',
  paths: ['/api/v1/payments/sessions', '/api/payments/sessions'],
  operationId: 'createSession',
  summary: 'Create a payment session',
  description: 'Server-to-server only. `/api/payments/sessions` is the legacy alias with the same behaviour.',
  auth: 'apiKey',
  body: createSessionBodySchema,
  bodyErrorCode: (path) =>
    AMOUNT_FIELDS.has(path[0] ?? '') || path.at(-1) === 'amountMinor' ? ErrorCode.InvalidAmount : ErrorCode.ValidationError,
  operation: CreateSessionOperation,
  headers: [
    { name: 'Idempotency-Key', description: 'Optional, <= 255 characters. The same key and body within 24 h returns the first response.' },
  ],
  // JSON uses lowercase enum values, GraphQL their capitalised names (decisions §2).
  variables: (body, req) => ({
    input: {
      ...body,
      splitMode: body.splitMode?.toUpperCase() ?? null,
      ...(body.openGroup == null ? {} : { openGroup: { ...body.openGroup, pricing: body.openGroup.pricing.toUpperCase() } }),
    },
    idempotencyKey: req.get('idempotency-key') ?? null,
  }),
  // A closed session's reply has no open-group fields at all: it stays what it was.
  respond: ({ createSession: { joinUrl, openGroup, ...created } }) => ({
    ...created,
    mode: created.mode.toLowerCase(),
    status: created.status.toLowerCase(),
    ...(openGroup === null ? {} : { joinUrl, openGroup: toRestOpenGroup(openGroup) }),
  }),
  responses: {
    success: createSessionResponseSchema,
    errorCodes: [
      ErrorCode.ValidationError,
      ErrorCode.InvalidAmount,
      ErrorCode.InvalidCurrency,
      ErrorCode.RedirectUrlNotAllowed,
      ErrorCode.MissingApiKey,
      ErrorCode.InvalidApiKey,
      ErrorCode.IntegrationDisabled,
      ErrorCode.IntegrationMismatch,
      ErrorCode.PayoutOnboardingRequired,
      ErrorCode.BrowserRequestForbidden,
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
