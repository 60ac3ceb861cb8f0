import { z } from 'zod';
import { envelope, minorUnits, uuid } from './outgoing-call-parts.js';
import type { OutgoingCall } from './outgoing-calls.js';

/** SERVICE_GROUP_JOINED (docs/plans/open-groups.md §6): an open group's payer's claim counts. */
export const groupJoinedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_GROUP_JOINED'),
    participant: z.object({
      participantId: uuid,
      displayName: z.string(),
      places: z.number().int().min(1),
      amountMinor: minorUnits.describe('What they were held (manual) or charged (automatic) for their places'),
    }),
    placesSold: z.number().int().describe('Places held or paid, theirs included'),
    placesLeft: z.number().int().describe('Places anyone can still claim'),
    pricePerPlaceMinor: minorUnits.describe('What one place is quoted at now; for split_total it only falls as more people join'),
  })
  .meta({
    id: 'GroupJoinedEvent',
    description:
      "Open groups: a payer's places are paid (manual: held) and count; once per participant (sent only when subscribed, any integration may).",
  });

export const GROUP_JOINED_CALL: OutgoingCall = {
  name: 'SERVICE_GROUP_JOINED',
  summary: 'Someone joined an open group (to the webhook URL, when subscribed)',
  description:
    "Signed with the integration's webhook signing secret. Answer any 2xx within 15 s; anything else is retried with the same eventId.",
  body: groupJoinedEventSchema,
  replyDescription: 'Received',
};
