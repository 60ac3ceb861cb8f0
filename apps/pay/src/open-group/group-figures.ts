import { type OpenGroupTerms, quotePricePerPlace } from '@paysplit/domain';
import { minorFromApi } from '../money';

/**
 * An open group's figures as the pay views read them (docs/plans/open-groups.md §3): the terms,
 * the places held and being paid for, and the prices the server quoted. Everything here is about
 * what to show; the server decides every claim and every price.
 */
export interface OpenGroupFigures {
  pricing: string;
  minPlaces: number;
  maxPlaces: number;
  maxPlacesPerPayer?: number | null;
  /** The price of one place for whoever joins now. */
  pricePerPlaceMinor: string;
  /** The most one place can cost: what a payer is held at before more join. */
  maxPricePerPlaceMinor: string;
  /** Once the group ended tipped: what each place finally costs. */
  finalPricePerPlaceMinor?: string | null;
  placesSold: number;
  placesReserved: number;
  placesLeft: number;
  tippedAt?: string | null;
  fullAt?: string | null;
}

/** A session status as GraphQL names it. */
type Status = 'UNCONFIGURED' | 'OPEN' | 'PARTIALLY_PAID' | 'CAPTURING' | 'COMPLETED' | 'EXPIRED' | 'CANCELLED';

/**
 * Where the group stands, as a person reading the page needs it:
 * - `gathering`: taking places, not enough held yet to go ahead;
 * - `tipped`: enough places held: it goes ahead, and still takes places;
 * - `taken`: every place left is being paid for right now (one may free up if a payer does not finish);
 * - `ending`: full or past its deadline tipped, the cards being charged at the final price;
 * - `went-ahead`: ended tipped, everyone charged at the final price;
 * - `did-not-go-ahead`: the deadline passed without enough places: nobody is charged;
 * - `cancelled`.
 */
export type GroupPhase = 'gathering' | 'tipped' | 'taken' | 'ending' | 'went-ahead' | 'did-not-go-ahead' | 'cancelled';

export function isSplitTotal(group: Pick<OpenGroupFigures, 'pricing'>): boolean {
  return group.pricing.toLowerCase() === 'split_total';
}

export function hasTipped(group: Pick<OpenGroupFigures, 'tippedAt' | 'placesSold' | 'minPlaces'>): boolean {
  return (group.tippedAt ?? null) !== null || group.placesSold >= group.minPlaces;
}

/** Places still to be held before the group goes ahead (0 once it tipped). */
export function placesToGoAhead(group: Pick<OpenGroupFigures, 'placesSold' | 'minPlaces'>): number {
  return Math.max(0, group.minPlaces - group.placesSold);
}

export function groupPhase(status: Status, group: OpenGroupFigures): GroupPhase {
  switch (status) {
    case 'CANCELLED':
      return 'cancelled';
    case 'COMPLETED':
      return 'went-ahead';
    case 'CAPTURING':
      return 'ending';
    case 'EXPIRED':
      // A group that tipped ends by charging; one that expired anyway (a card declined after the
      // deadline) took nothing either, which is what the reader needs to know.
      return 'did-not-go-ahead';
    default:
      if ((group.fullAt ?? null) !== null || group.placesSold >= group.maxPlaces) return 'ending';
      if (group.placesLeft === 0) return 'taken';
      return hasTipped(group) ? 'tipped' : 'gathering';
  }
}

/** Whether the join form is offered: the group takes payments and has a place left. */
export function takesPlaces(phase: GroupPhase): boolean {
  return phase === 'gathering' || phase === 'tipped';
}

/** The most places the reader may choose: the per-payer cap, and never more than are left. */
export function choosablePlaces(group: Pick<OpenGroupFigures, 'maxPlacesPerPayer' | 'maxPlaces' | 'placesLeft'>): number {
  return Math.max(0, Math.min(group.maxPlacesPerPayer ?? group.maxPlaces, group.placesLeft));
}

/**
 * What `places` places cost whoever joins now, per place. `split_total` shares a total: a payer
 * taking more places before the group tips is sure to be part of more of it, so their price per
 * place can be lower than one place's (the domain's `quotePricePerPlace`, which the server
 * charges). Without the total, one place's quote is shown: never less than the server's.
 */
export function quoteFor(group: OpenGroupFigures, places: number, totalMinor: string | null): bigint {
  const onePlace = minorFromApi(group.pricePerPlaceMinor);
  if (!isSplitTotal(group) || totalMinor === null || places < 1) return onePlace;
  const terms: OpenGroupTerms = {
    pricing: 'split_total',
    minPlaces: group.minPlaces,
    maxPlaces: group.maxPlaces,
    maxPlacesPerPayer: group.maxPlacesPerPayer ?? null,
    pricePerPlaceMinor: null,
    totalMinor: minorFromApi(totalMinor),
  };
  const quoted = quotePricePerPlace(terms, group.placesSold, places);
  // The server's own figure for one place wins where the two could ever disagree.
  return places === 1 || quoted > onePlace ? onePlace : quoted;
}

/** Whole percent of the places needed to go ahead that are held (100 once tipped). */
export function percentToGoAhead(group: Pick<OpenGroupFigures, 'placesSold' | 'minPlaces'>): number {
  if (group.minPlaces <= 0) return 100;
  return Math.min(100, Math.floor((group.placesSold * 100) / group.minPlaces));
}
