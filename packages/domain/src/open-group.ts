import { allocateByWeights } from './allocation.js';
import { AppError, ErrorCode, type ErrorDetail } from './errors.js';

/**
 * An open group (docs/plans/open-groups.md): a session whose payers are not known up front. Anyone
 * with its join link claims places; the group "tips" once `minPlaces` are held or paid, and ends
 * full at `maxPlaces` or at its deadline. Two pricings:
 * - `per_place`: each place costs `pricePerPlaceMinor`; the group's total grows with it.
 * - `split_total`: `totalMinor` is shared by every place sold; the price per place falls as more
 *   join, and what each payer is finally charged is their places' part of the total.
 *
 * Every function here is pure and exact (bigint minor units); the server keeps the counts under the
 * session's row lock and asks these for every decision.
 */
export const OPEN_GROUP_PRICINGS = ['per_place', 'split_total'] as const;
export type OpenGroupPricing = (typeof OPEN_GROUP_PRICINGS)[number];

/** The most places one open group may have (and so the most payers). */
export const MAX_OPEN_GROUP_PLACES = 500;

export interface OpenGroupTerms {
  readonly pricing: OpenGroupPricing;
  readonly minPlaces: number;
  readonly maxPlaces: number;
  /** The most places one payer may take at once; null: up to the places left. */
  readonly maxPlacesPerPayer: number | null;
  /** `per_place` only. */
  readonly pricePerPlaceMinor: bigint | null;
  /** `split_total` only. */
  readonly totalMinor: bigint | null;
}

/** Where a group stands, as counted under its session's lock. */
export interface PlaceCounts {
  /** Places whose payment is held (manual) or paid (automatic) and counts. */
  readonly heldPlaces: number;
  /** Places claimed by payers who are paying now (their reservation has not lapsed). */
  readonly reservedPlaces: number;
}

export function isOpenGroupPricing(value: unknown): value is OpenGroupPricing {
  return typeof value === 'string' && (OPEN_GROUP_PRICINGS as readonly string[]).includes(value);
}

function isPlaceCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_OPEN_GROUP_PLACES;
}

/**
 * The problems with a merchant's terms, each with its path under `openGroup` (empty when they
 * hold): whole place counts within bounds, min ≤ max, a per-payer cap within max, and the one
 * amount its pricing needs (a `split_total` must leave every place at least one minor unit).
 */
export function openGroupTermsProblems(terms: OpenGroupTerms, path = 'openGroup'): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const bounds = `a whole number from 1 to ${MAX_OPEN_GROUP_PLACES}`;
  if (!isPlaceCount(terms.minPlaces)) problems.push({ path: `${path}.minPlaces`, message: `must be ${bounds}` });
  if (!isPlaceCount(terms.maxPlaces)) problems.push({ path: `${path}.maxPlaces`, message: `must be ${bounds}` });
  else if (isPlaceCount(terms.minPlaces) && terms.maxPlaces < terms.minPlaces) {
    problems.push({ path: `${path}.maxPlaces`, message: 'must be at least minPlaces' });
  }
  if (terms.maxPlacesPerPayer !== null) {
    if (!isPlaceCount(terms.maxPlacesPerPayer)) problems.push({ path: `${path}.maxPlacesPerPayer`, message: `must be ${bounds}` });
    else if (isPlaceCount(terms.maxPlaces) && terms.maxPlacesPerPayer > terms.maxPlaces) {
      problems.push({ path: `${path}.maxPlacesPerPayer`, message: 'may not be more than maxPlaces' });
    }
  }
  if (terms.pricing === 'per_place') {
    if (terms.pricePerPlaceMinor === null || terms.pricePerPlaceMinor <= 0n) {
      problems.push({ path: `${path}.pricePerPlaceMinor`, message: 'is required for per_place pricing, and must be more than 0' });
    }
  } else if (terms.totalMinor === null || terms.totalMinor <= 0n) {
    problems.push({
      path: 'amountMinor',
      message: 'is required for split_total pricing (the total the group shares), and must be more than 0',
    });
  } else if (isPlaceCount(terms.maxPlaces) && terms.totalMinor < BigInt(terms.maxPlaces)) {
    problems.push({ path: 'amountMinor', message: `must be at least ${terms.maxPlaces} minor units, so that every place costs something` });
  }
  return problems;
}

function ceilDiv(amount: bigint, divisor: bigint): bigint {
  return (amount + divisor - 1n) / divisor;
}

function pricedTotal(terms: OpenGroupTerms): bigint {
  const total = terms.pricing === 'per_place' ? terms.pricePerPlaceMinor : terms.totalMinor;
  if (total === null) throw new AppError(ErrorCode.InternalError, `An open group priced ${terms.pricing} has no amount`);
  return total;
}

/** Places anyone can still claim: the maximum less what is held and what is being paid for. */
export function placesLeft(terms: OpenGroupTerms, counts: PlaceCounts): number {
  return Math.max(0, terms.maxPlaces - counts.heldPlaces - counts.reservedPlaces);
}

/** Tipped: enough places are held for the group to go ahead. A group never un-tips (nobody may leave after). */
export function isTipped(terms: OpenGroupTerms, heldPlaces: number): boolean {
  return heldPlaces >= terms.minPlaces;
}

export function isFull(terms: OpenGroupTerms, heldPlaces: number): boolean {
  return heldPlaces >= terms.maxPlaces;
}

/** The most one place can cost: the fixed price, or the total shared by the minimum. */
export function maxPricePerPlace(terms: OpenGroupTerms): bigint {
  if (terms.pricing === 'per_place') return pricedTotal(terms);
  return ceilDiv(pricedTotal(terms), BigInt(terms.minPlaces));
}

/**
 * The price per place a payer claiming `places` now is held (or charged) at. For `split_total` it
 * is the total over the places that are sure to be sold when they end: before the group tips any
 * held payer may still leave, so only the minimum (or the payer's own places, if more) is sure;
 * once it tipped, nobody leaves and every held place stays. The group ends with at least that many
 * places, so each payer's final part is never more than they were held at: no price rises after
 * anyone is held. Reservations never lower the price: they may lapse.
 */
export function quotePricePerPlace(terms: OpenGroupTerms, heldPlaces: number, places: number): bigint {
  if (terms.pricing === 'per_place') return pricedTotal(terms);
  const sure = isTipped(terms, heldPlaces) ? heldPlaces + places : places;
  return ceilDiv(pricedTotal(terms), BigInt(Math.max(terms.minPlaces, sure)));
}

/**
 * Refuses a claim that cannot be met, before anything is reserved or charged: a bad count, more
 * than one payer may take, or more than is left (GROUP_FULL, the loser of a race for the last place).
 */
export function checkClaim(terms: OpenGroupTerms, counts: PlaceCounts, places: number): void {
  if (!Number.isSafeInteger(places) || places < 1) {
    throw new AppError(ErrorCode.ValidationError, 'Choose at least one place', [
      { path: 'places', message: 'must be a whole number of at least 1' },
    ]);
  }
  const cap = terms.maxPlacesPerPayer ?? terms.maxPlaces;
  if (places > cap) {
    throw new AppError(ErrorCode.ValidationError, `One payer may take at most ${cap} places`, [
      { path: 'places', message: `must be at most ${cap}` },
    ]);
  }
  const left = placesLeft(terms, counts);
  if (places > left) {
    throw new AppError(
      ErrorCode.GroupFull,
      left === 0 ? 'The group is full: no places are left' : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left`,
    );
  }
}

/**
 * What the group's total is when it ends with `soldPlaces` sold: the fixed total, or the price
 * times the places (at least the minimum, which is what the session asks for before it tips).
 */
export function groupAmountMinor(terms: OpenGroupTerms, soldPlaces: number): bigint {
  if (terms.pricing === 'split_total') return pricedTotal(terms);
  return pricedTotal(terms) * BigInt(Math.max(terms.minPlaces, soldPlaces));
}

/**
 * What each payer is finally charged, given each one's places in joining order: the price times
 * their places, or the total split over every place sold (largest remainder, so the parts sum to
 * exactly the total; a leftover unit goes to the earlier payer). Only for a group that tipped.
 */
export function finalAmounts(terms: OpenGroupTerms, placesByPayer: readonly number[]): bigint[] {
  const sold = placesByPayer.reduce((a, b) => a + b, 0);
  if (!isTipped(terms, sold)) {
    throw new AppError(
      ErrorCode.InvalidState,
      `An open group ends with a price only once it tipped (${sold} of ${terms.minPlaces} places)`,
    );
  }
  if (terms.pricing === 'per_place') return placesByPayer.map((p) => pricedTotal(terms) * BigInt(p));
  return allocateByWeights(pricedTotal(terms), placesByPayer.map(BigInt));
}

/** The price one place ends at (`split_total`: the lower of the two when the total does not divide evenly). */
export function finalPricePerPlace(terms: OpenGroupTerms, soldPlaces: number): bigint {
  if (terms.pricing === 'per_place') return pricedTotal(terms);
  return pricedTotal(terms) / BigInt(Math.max(terms.minPlaces, soldPlaces));
}
