import { z } from 'zod';
import { envelope, minorUnits } from './outgoing-call-parts.js';

/**
 * The events of an open group's end (docs/plans/open-groups.md §5): it tipped, and it filled. Sent
 * for open sessions only, each once per session, when subscribed (any integration may subscribe).
 */

const placeCount = z.number().int().min(1);

export const groupTippedEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_GROUP_TIPPED'),
    placesSold: placeCount.describe('Places held (manual) or paid (automatic) when the group tipped'),
    pricePerPlaceMinor: minorUnits.describe('What one place is quoted at now; for split_total it only falls as more people join'),
    minPlaces: placeCount,
    maxPlaces: placeCount,
  })
  .meta({
    id: 'GroupTippedEvent',
    description:
      'An open group reached its minimum: it goes ahead. It ends when it is full or at its deadline, charged at the final price per place (sent only when subscribed).',
  });

export const groupFullEventSchema = z
  .object({
    ...envelope,
    type: z.literal('SERVICE_GROUP_FULL'),
    placesSold: placeCount.describe('Every place: the maximum'),
    finalPricePerPlaceMinor: minorUnits.describe(
      'What one place ends at (split_total: the lower of the two when the total does not divide evenly; the parts sum exactly to the total)',
    ),
  })
  .meta({
    id: 'GroupFullEvent',
    description:
      'Every place of an open group is held: it ends now. Manual: one capture per hold at its final amount follows; automatic: the session completes (sent only when subscribed).',
  });
