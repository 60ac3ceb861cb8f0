import { z } from 'zod';

/** The pieces every call PaySplit makes to a merchant is built from (rest/outgoing-calls.ts lists the calls). */

export const uuid = z.uuid();
export const minorUnits = z
  .string()
  .regex(/^[0-9]+$/)
  .describe('Integer minor units as a string of digits ("12050" is 120.50 NZD)');
export const mode = z.enum(['test', 'live']).describe('The mode of the API key that created the session');
export const metadata = z.record(z.string(), z.unknown()).describe('The metadata sent at session creation ({} when none)');

export const paymentSummary = z.object({
  paymentId: uuid,
  participantId: uuid.describe('The payer'),
  amountMinor: minorUnits,
  processorReference: z.string().nullable().describe('What the merchant sent when recording the payment'),
  coversParticipantIds: z
    .array(uuid)
    .optional()
    .describe('Present when the host covered other shares with this payment: the participants it paid for'),
});

export const envelope = {
  eventId: uuid.describe('Unique per event and the same on every retry (also the webhook-id header): deduplicate on it'),
  createdAt: z.iso.datetime(),
  mode,
  testClock: z
    .literal(true)
    .optional()
    .describe("Test mode, a session whose clock was advanced: createdAt and the event's other times are on the session's test clock"),
  sessionId: uuid,
  sessionVersion: z.number().int().describe('Grows with every change of the session: ignore an event older than one already handled'),
  orderReference: z.string().nullable().describe('The merchantOrderRef sent at session creation'),
  amountMinor: minorUnits.describe('The session total in minor units'),
  currency: z.string().length(3),
  metadata,
};

export const duplicate = z.boolean().optional().describe('Only with a partnerCancelUrl: true for a duplicate (shares already paid)');
export const duplicateOf = uuid.nullable().optional().describe('With duplicate true: the payment that counts for those shares');
