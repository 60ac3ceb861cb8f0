import { AppError, ErrorCode, type OpenGroupPricing, type OpenGroupTerms, type PlaceCounts } from '@paysplit/domain';
import type { ParticipantStatus } from '../participant.entity.js';

/** An open group's own columns of its session, as the entity and the plain reads carry them. */
export interface OpenGroupFields {
  pricing: OpenGroupPricing;
  minPlaces: number;
  maxPlaces: number;
  maxPlacesPerPayer: number | null;
  /** `per_place` only. */
  pricePerPlaceMinor: bigint | null;
  organiserName: string | null;
  tippedAt: Date | null;
  fullAt: Date | null;
  finalPricePerPlaceMinor: bigint | null;
}

/** What counting places needs of a participant. */
export interface Claim {
  status: ParticipantStatus;
  places: number | null;
  reservedUntil: Date | null;
}

/** The session columns an open group's fields come from (the entity's names). */
interface OpenGroupColumns {
  openGroupPricing: OpenGroupPricing | null;
  openGroupMinPlaces: number | null;
  openGroupMaxPlaces: number | null;
  openGroupMaxPlacesPerPayer: number | null;
  pricePerPlaceMinor: bigint | null;
  organiserName: string | null;
  tippedAt: Date | null;
  fullAt: Date | null;
  finalPricePerPlaceMinor: bigint | null;
}

/** The open group of a loaded session, or null for a closed one. */
export function openGroupOf(session: OpenGroupColumns): OpenGroupFields | null {
  if (session.openGroupPricing === null || session.openGroupMinPlaces === null || session.openGroupMaxPlaces === null) return null;
  return {
    pricing: session.openGroupPricing,
    minPlaces: session.openGroupMinPlaces,
    maxPlaces: session.openGroupMaxPlaces,
    maxPlacesPerPayer: session.openGroupMaxPlacesPerPayer,
    pricePerPlaceMinor: session.pricePerPlaceMinor,
    organiserName: session.organiserName,
    tippedAt: session.tippedAt,
    fullAt: session.fullAt,
    finalPricePerPlaceMinor: session.finalPricePerPlaceMinor,
  };
}

/** The domain's terms: a `split_total` group shares the session's amount, which never changes for it. */
export function termsOf(group: OpenGroupFields, amountMinor: bigint): OpenGroupTerms {
  return {
    pricing: group.pricing,
    minPlaces: group.minPlaces,
    maxPlaces: group.maxPlaces,
    maxPlacesPerPayer: group.maxPlacesPerPayer,
    pricePerPlaceMinor: group.pricing === 'per_place' ? group.pricePerPlaceMinor : null,
    totalMinor: group.pricing === 'split_total' ? amountMinor : null,
  };
}

/**
 * A pending claim holds its places until its reservation passes, whether or not the lapse sweep
 * has marked it yet: counting never trusts the sweep.
 */
export function isLiveReservation(claim: Claim, now: Date): boolean {
  return claim.status === 'pending' && claim.reservedUntil !== null && claim.reservedUntil.getTime() > now.getTime();
}

/** Places held (paid, or held under manual capture) and reserved by claims still being paid, at `now` (the session's clock). */
export function countPlaces(claims: readonly Claim[], now: Date): PlaceCounts {
  let heldPlaces = 0;
  let reservedPlaces = 0;
  for (const claim of claims) {
    if (claim.status === 'paid') heldPlaces += claim.places ?? 0;
    else if (isLiveReservation(claim, now)) reservedPlaces += claim.places ?? 0;
  }
  return { heldPlaces, reservedPlaces };
}

/**
 * A payer pays for their claim (again) only while it holds its places: once it lapsed or they
 * left, the places may be someone else's, and they join again from the link.
 */
export function assertClaimHeld(claim: Claim, now: Date): void {
  if (claim.status === 'paid' || isLiveReservation(claim, now)) return;
  throw new AppError(
    ErrorCode.InvalidState,
    claim.status === 'left'
      ? 'You left this group: join again from its link to claim places'
      : 'Your places were not kept: your reservation ran out. Join again from the link to claim places',
  );
}
