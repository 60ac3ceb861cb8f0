import { AppError, ErrorCode, maxPricePerPlace, quotePricePerPlace } from '@paysplit/domain';
import type { MerchantPrincipal } from '../../integrations/index.js';
import type { PlannedOpenGroup } from './open-group-plan.js';

/** An open group as its creation reply states it: plain values (money as digits), stored as they are for an idempotent replay. */
export interface CreatedOpenGroup {
  pricing: string;
  minPlaces: number;
  maxPlaces: number;
  maxPlacesPerPayer: number | null;
  pricePerPlaceMinor: string;
  maxPricePerPlaceMinor: string;
  finalPricePerPlaceMinor: null;
  placesSold: number;
  placesReserved: number;
  placesLeft: number;
  tippedAt: null;
  fullAt: null;
  organiserName: string | null;
  joinUrl: string;
}

/** The group with nothing sold yet, priced by the domain. */
export function createdOpenGroup(group: PlannedOpenGroup, joinUrl: string): CreatedOpenGroup {
  const { terms } = group;
  return {
    pricing: terms.pricing,
    minPlaces: terms.minPlaces,
    maxPlaces: terms.maxPlaces,
    maxPlacesPerPayer: terms.maxPlacesPerPayer,
    pricePerPlaceMinor: quotePricePerPlace(terms, 0, 1).toString(),
    maxPricePerPlaceMinor: maxPricePerPlace(terms).toString(),
    finalPricePerPlaceMinor: null,
    placesSold: 0,
    placesReserved: 0,
    placesLeft: terms.maxPlaces,
    tippedAt: null,
    fullAt: null,
    organiserName: group.organiserName,
    joinUrl,
  };
}

/**
 * An open group gives money back on its own (a lapsed claim's checkout, a payer leaving, a group
 * that does not tip), so its integration must be able to: a partnerCancelUrl always, and a
 * partnerRefundUrl when payments are charged at once. Manual capture already needs its cancel and
 * capture calls.
 */
export function assertCanGiveMoneyBack(integration: MerchantPrincipal['integration']): void {
  const missing = [
    ...(integration.hasPartnerCancelUrl ? [] : ['partnerCancelUrl']),
    ...(integration.captureMethod === 'automatic' && !integration.hasPartnerRefundUrl ? ['partnerRefundUrl'] : []),
  ];
  if (missing.length === 0) return;
  const message = `An open group needs the integration's ${missing.join(' and ')}: it gives money back by itself (lapsed claims, payers leaving, a group that does not go ahead)`;
  throw new AppError(ErrorCode.ValidationError, message, [
    { path: 'openGroup', message: `needs the integration's ${missing.join(' and ')}` },
  ]);
}
