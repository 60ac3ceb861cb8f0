import { maxPricePerPlace, placesLeft, quotePricePerPlace } from '@paysplit/domain';
import { type Claim, countPlaces, type OpenGroupFields, termsOf } from './open-group-state.js';
import { OpenGroupView } from './open-group-view.types.js';

/** What only some readers see: the link (merchant, organiser) and the viewer's own places (pay views). */
export interface OpenGroupViewExtras {
  joinUrl: string | null;
  viewerPlaces: number | null;
}

/** An open group's figures at `now` (the session's clock), each priced by the domain. */
export function toOpenGroupView(
  group: OpenGroupFields,
  amountMinor: bigint,
  claims: readonly Claim[],
  now: Date,
  extras: OpenGroupViewExtras,
): OpenGroupView {
  const terms = termsOf(group, amountMinor);
  const counts = countPlaces(claims, now);
  return Object.assign(new OpenGroupView(), {
    pricing: group.pricing,
    minPlaces: group.minPlaces,
    maxPlaces: group.maxPlaces,
    maxPlacesPerPayer: group.maxPlacesPerPayer,
    pricePerPlaceMinor: quotePricePerPlace(terms, counts.heldPlaces, 1),
    maxPricePerPlaceMinor: maxPricePerPlace(terms),
    finalPricePerPlaceMinor: group.finalPricePerPlaceMinor,
    placesSold: counts.heldPlaces,
    placesReserved: counts.reservedPlaces,
    placesLeft: placesLeft(terms, counts),
    tippedAt: group.tippedAt,
    fullAt: group.fullAt,
    organiserName: group.organiserName,
    joinUrl: extras.joinUrl,
    viewerPlaces: extras.viewerPlaces,
  });
}
