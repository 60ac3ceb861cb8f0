import { describe, expect, it } from 'vitest';
import {
  choosablePlaces,
  groupPhase,
  type OpenGroupFigures,
  percentToGoAhead,
  placesToGoAhead,
  quoteFor,
  takesPlaces,
} from './group-figures';

/** A split_total group of NZ$600.00 for 4 to 10 places, nobody in yet. */
function group(overrides: Partial<OpenGroupFigures> = {}): OpenGroupFigures {
  return {
    pricing: 'SPLIT_TOTAL',
    minPlaces: 4,
    maxPlaces: 10,
    maxPlacesPerPayer: 3,
    pricePerPlaceMinor: '15000',
    maxPricePerPlaceMinor: '15000',
    finalPricePerPlaceMinor: null,
    placesSold: 0,
    placesReserved: 0,
    placesLeft: 10,
    tippedAt: null,
    fullAt: null,
    ...overrides,
  };
}

describe('groupPhase', () => {
  it('gathers until the minimum is held, then goes ahead while places are left', () => {
    expect(groupPhase('OPEN', group())).toBe('gathering');
    expect(groupPhase('PARTIALLY_PAID', group({ placesSold: 3, placesLeft: 7 }))).toBe('gathering');
    expect(groupPhase('PARTIALLY_PAID', group({ placesSold: 4, placesLeft: 6 }))).toBe('tipped');
    expect(groupPhase('PARTIALLY_PAID', group({ placesSold: 2, placesLeft: 8, tippedAt: '2030-01-01T00:00:00Z' }))).toBe('tipped');
  });

  it('is taken when every place left is being paid for, and ending once full', () => {
    expect(groupPhase('PARTIALLY_PAID', group({ placesSold: 7, placesReserved: 3, placesLeft: 0 }))).toBe('taken');
    expect(groupPhase('PARTIALLY_PAID', group({ placesSold: 10, placesLeft: 0 }))).toBe('ending');
    expect(groupPhase('PARTIALLY_PAID', group({ placesSold: 9, placesLeft: 1, fullAt: '2030-01-01T00:00:00Z' }))).toBe('ending');
    expect(groupPhase('CAPTURING', group({ placesSold: 6 }))).toBe('ending');
  });

  it('names each ending', () => {
    expect(groupPhase('COMPLETED', group({ placesSold: 6 }))).toBe('went-ahead');
    expect(groupPhase('EXPIRED', group({ placesSold: 3 }))).toBe('did-not-go-ahead');
    expect(groupPhase('CANCELLED', group())).toBe('cancelled');
  });

  it('offers the join form only while it takes places', () => {
    expect(
      ['gathering', 'tipped', 'taken', 'ending', 'went-ahead', 'did-not-go-ahead', 'cancelled'].filter((p) => takesPlaces(p as never)),
    ).toEqual(['gathering', 'tipped']);
  });
});

describe('what a joiner may choose and pay', () => {
  it('caps places by the per-payer limit and by the places left', () => {
    expect(choosablePlaces(group())).toBe(3);
    expect(choosablePlaces(group({ placesLeft: 2 }))).toBe(2);
    expect(choosablePlaces(group({ maxPlacesPerPayer: null, placesLeft: 7 }))).toBe(7);
    expect(choosablePlaces(group({ placesLeft: 0 }))).toBe(0);
  });

  it('prices split_total places as the server does: more places before tipping, less per place', () => {
    expect(quoteFor(group(), 1, '60000')).toBe(15000n);
    // Two places are not yet four: the minimum still shares the total.
    expect(quoteFor(group(), 2, '60000')).toBe(15000n);
    expect(quoteFor(group({ maxPlacesPerPayer: 6 }), 5, '60000')).toBe(12000n);
    // Tipped at 4 held: a fifth and sixth place share it six ways.
    expect(quoteFor(group({ placesSold: 4, placesLeft: 6, pricePerPlaceMinor: '12000' }), 2, '60000')).toBe(10000n);
    // An uneven total rounds each place up: nobody is held at less than their final part.
    expect(quoteFor(group({ placesSold: 4, placesLeft: 6, pricePerPlaceMinor: '2000' }), 2, '10001')).toBe(1667n);
  });

  it('shows one place’s quote without the total, and a per-place price as it is', () => {
    expect(quoteFor(group({ maxPlacesPerPayer: 6 }), 5, null)).toBe(15000n);
    expect(quoteFor(group({ pricing: 'PER_PLACE', pricePerPlaceMinor: '4500' }), 3, null)).toBe(4500n);
  });

  it('counts what is still needed to go ahead', () => {
    expect(placesToGoAhead(group({ placesSold: 3 }))).toBe(1);
    expect(placesToGoAhead(group({ placesSold: 6 }))).toBe(0);
    expect(percentToGoAhead(group({ placesSold: 3 }))).toBe(75);
    expect(percentToGoAhead(group({ placesSold: 9 }))).toBe(100);
  });
});
