import { MAX_OPEN_GROUP_PLACES, OPEN_GROUP_PRICINGS } from '@paysplit/domain';
import { z } from 'zod';

/** The pieces of the REST wire an open group adds (docs/plans/open-groups.md §2, §3); a closed session's replies have none. */

const digits = z.string().regex(/^[0-9]+$/);

export const openGroupRequestSchema = z
  .strictObject({
    minPlaces: z.number().int().describe(`Places that must be held for the group to go ahead: 1 to ${MAX_OPEN_GROUP_PLACES}`),
    maxPlaces: z
      .number()
      .int()
      .describe(`The most places, at least minPlaces and at most ${MAX_OPEN_GROUP_PLACES}: the group ends when every one is held`),
    maxPlacesPerPayer: z.number().int().nullish().describe('The most places one payer may take; absent: up to the places left'),
    pricing: z
      .enum(OPEN_GROUP_PRICINGS)
      .describe('per_place: each place costs pricePerPlaceMinor (send no amount). split_total: the amount is shared by every place sold'),
    pricePerPlaceMinor: z
      .union([z.string(), z.number().int().nonnegative()], { error: 'must be a string of digits, e.g. "4500"' })
      .nullish()
      .describe('per_place only, required there: the price of one place in minor units, as a string of digits'),
    organiserName: z.string().nullish().describe('Shown on the join page ("Organised by …"): one line, at most 80 characters'),
    organiserEmail: z.string().nullish().describe("Where the organiser's emails go: the group tipped, how it ended, the sign-in link"),
  })
  .describe(
    'An open group: payers are not known up front; anyone with the joinUrl claims places and pays for them. Not with participants, ' +
      'splitMode or unconfigured. Needs the integration to have a partnerCancelUrl, and a partnerRefundUrl under automatic capture.',
  );

export const openGroupSchema = z
  .object({
    pricing: z.enum(OPEN_GROUP_PRICINGS),
    minPlaces: z.number().int(),
    maxPlaces: z.number().int(),
    maxPlacesPerPayer: z.number().int().nullable(),
    pricePerPlaceMinor: digits.describe('What one place is held (or charged) at for someone joining now; split_total only falls'),
    maxPricePerPlaceMinor: digits.describe('The most one place can cost: the price, or the amount shared by minPlaces'),
    finalPricePerPlaceMinor: digits.nullable().describe('What one place ended at, once the group ended tipped'),
    placesSold: z.number().int().describe('Places held (manual) or paid (automatic)'),
    placesReserved: z.number().int().describe('Places claimed by payers who are paying now'),
    placesLeft: z.number().int(),
    tippedAt: z.iso.datetime().nullable().describe('When minPlaces were first held: the group goes ahead'),
    fullAt: z.iso.datetime().nullable().describe('When every place was held'),
    organiserName: z.string().nullable(),
    joinUrl: z.url().describe('The link to share: its own code, never the hostToken'),
  })
  .describe('An open group: its terms and where it stands, counted now');

/** GraphQL's open group as REST writes it: the pricing in lowercase, without the pay views' own field. */
export function toRestOpenGroup(group: Record<string, unknown> & { pricing: string }): Record<string, unknown> {
  const { viewerPlaces: _viewerPlaces, ...rest } = group;
  return { ...rest, pricing: group.pricing.toLowerCase() };
}
