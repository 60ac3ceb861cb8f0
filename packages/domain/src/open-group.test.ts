import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  MAX_OPEN_GROUP_PLACES,
  checkClaim,
  finalAmounts,
  finalPricePerPlace,
  groupAmountMinor,
  isFull,
  isTipped,
  maxPricePerPlace,
  openGroupTermsProblems,
  placesLeft,
  quotePricePerPlace,
  type OpenGroupTerms,
} from './open-group.js';

const splitTotal = (totalMinor: bigint, minPlaces: number, maxPlaces: number, maxPlacesPerPayer: number | null = null): OpenGroupTerms => ({
  pricing: 'split_total',
  minPlaces,
  maxPlaces,
  maxPlacesPerPayer,
  pricePerPlaceMinor: null,
  totalMinor,
});

const perPlace = (pricePerPlaceMinor: bigint, minPlaces: number, maxPlaces: number): OpenGroupTerms => ({
  pricing: 'per_place',
  minPlaces,
  maxPlaces,
  maxPlacesPerPayer: null,
  pricePerPlaceMinor,
  totalMinor: null,
});

describe('open group terms', () => {
  it('accepts a group trip of 4 to 10 places', () => {
    expect(openGroupTermsProblems(splitTotal(480000n, 4, 10))).toEqual([]);
    expect(openGroupTermsProblems(perPlace(12000n, 4, 10))).toEqual([]);
  });

  it('names each problem by its path', () => {
    const paths = (terms: OpenGroupTerms) => openGroupTermsProblems(terms).map((p) => p.path);
    expect(paths(splitTotal(1000n, 0, 10))).toEqual(['openGroup.minPlaces']);
    expect(paths(splitTotal(1000n, 5, 4))).toEqual(['openGroup.maxPlaces']);
    expect(paths(splitTotal(1000n, 1, MAX_OPEN_GROUP_PLACES + 1))).toEqual(['openGroup.maxPlaces']);
    expect(paths(splitTotal(1000n, 2, 4, 5))).toEqual(['openGroup.maxPlacesPerPayer']);
    expect(paths(splitTotal(3n, 2, 4))).toEqual(['amountMinor']);
    expect(paths(splitTotal(0n, 2, 4))).toEqual(['amountMinor']);
    expect(paths({ ...perPlace(100n, 1, 2), pricePerPlaceMinor: null })).toEqual(['openGroup.pricePerPlaceMinor']);
    expect(paths(splitTotal(1000n, 1.5, 4))).toEqual(['openGroup.minPlaces']);
  });
});

describe('claiming places', () => {
  const trip = splitTotal(480000n, 4, 10, 3);

  it('refuses more than one payer may take, or more than is left', () => {
    expect(() => checkClaim(trip, { heldPlaces: 0, reservedPlaces: 0 }, 4)).toThrow(/at most 3 places/);
    expect(() => checkClaim(trip, { heldPlaces: 0, reservedPlaces: 0 }, 0)).toThrow(/at least one place/);
    expect(() => checkClaim(trip, { heldPlaces: 8, reservedPlaces: 1 }, 2)).toThrow(
      expect.objectContaining({ code: 'GROUP_FULL', message: 'Only 1 place is left' }),
    );
    expect(() => checkClaim(trip, { heldPlaces: 9, reservedPlaces: 1 }, 1)).toThrow(
      expect.objectContaining({ code: 'GROUP_FULL', message: 'The group is full: no places are left' }),
    );
    expect(() => checkClaim(trip, { heldPlaces: 8, reservedPlaces: 0 }, 2)).not.toThrow();
  });

  it('prices a split total at the minimum until the group tips, then lower as it grows', () => {
    expect(maxPricePerPlace(trip)).toBe(120000n);
    expect(quotePricePerPlace(trip, 0, 1)).toBe(120000n);
    expect(quotePricePerPlace(trip, 3, 1)).toBe(120000n);
    expect(quotePricePerPlace(trip, 4, 1)).toBe(96000n);
    expect(quotePricePerPlace(trip, 5, 1)).toBe(80000n);
    expect(quotePricePerPlace(splitTotal(100n, 2, 10), 0, 3)).toBe(34n);
    expect(quotePricePerPlace(perPlace(12000n, 4, 10), 7, 2)).toBe(12000n);
  });

  it('ends a split total at exactly the total, the odd unit to the earlier payer', () => {
    const group = splitTotal(100n, 2, 10);
    expect(finalAmounts(group, [1, 1, 1])).toEqual([34n, 33n, 33n]);
    expect(finalAmounts(group, [2, 1])).toEqual([67n, 33n]);
    expect(finalPricePerPlace(group, 3)).toBe(33n);
    expect(groupAmountMinor(group, 3)).toBe(100n);
    expect(finalAmounts(perPlace(12000n, 2, 10), [2, 1])).toEqual([24000n, 12000n]);
    expect(groupAmountMinor(perPlace(12000n, 4, 10), 2)).toBe(48000n);
    expect(groupAmountMinor(perPlace(12000n, 4, 10), 6)).toBe(72000n);
    expect(() => finalAmounts(group, [1])).toThrow(AppError);
  });
});

/** One step of a group's life: someone claims places, and then pays, lets it lapse, or leaves. */
type Step =
  { kind: 'claim'; places: number } | { kind: 'pay'; pick: number } | { kind: 'lapse'; pick: number } | { kind: 'leave'; pick: number };

interface Payer {
  places: number;
  quote: bigint;
  state: 'reserved' | 'held' | 'lapsed' | 'left';
}

const terms: fc.Arbitrary<OpenGroupTerms> = fc
  .record({
    pricing: fc.constantFrom('per_place' as const, 'split_total' as const),
    minPlaces: fc.integer({ min: 1, max: 12 }),
    extra: fc.integer({ min: 0, max: 12 }),
    cap: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    amount: fc.bigInt({ min: 1n, max: 10_000_000n }),
  })
  .map(({ pricing, minPlaces, extra, cap, amount }) => {
    const maxPlaces = minPlaces + extra;
    return pricing === 'per_place'
      ? { ...perPlace(amount, minPlaces, maxPlaces), maxPlacesPerPayer: cap === null ? null : Math.min(cap, maxPlaces) }
      : splitTotal(amount + BigInt(maxPlaces), minPlaces, maxPlaces, cap === null ? null : Math.min(cap, maxPlaces));
  });

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('claim' as const), places: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('lapse' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('leave' as const), pick: fc.nat() }),
  ),
  { maxLength: 60 },
);

describe('any sequence of joins and leaves', () => {
  it('never sells more than the maximum, never raises a price after anyone is held, and ends exact', () => {
    fc.assert(
      fc.property(terms, steps, (group, history) => {
        const payers: Payer[] = [];
        const lastQuote = new Map<number, bigint>();
        let tipped = false;
        const count = (state: Payer['state']) => payers.filter((p) => p.state === state).reduce((n, p) => n + p.places, 0);
        const pick = (state: Payer['state'], index: number) => {
          const found = payers.filter((p) => p.state === state);
          return found.length === 0 ? undefined : found[index % found.length];
        };
        for (const step of history) {
          if (isFull(group, count('held'))) break;
          const counts = { heldPlaces: count('held'), reservedPlaces: count('reserved') };
          if (step.kind === 'claim') {
            let claimed = true;
            try {
              checkClaim(group, counts, step.places);
            } catch (error) {
              claimed = false;
              expect((error as AppError).code).toMatch(/^(GROUP_FULL|VALIDATION_ERROR)$/);
            }
            const quote = quotePricePerPlace(group, counts.heldPlaces, step.places);
            // The price quoted for the same number of places never goes up once anyone is held.
            const before = lastQuote.get(step.places);
            if (before !== undefined && counts.heldPlaces > 0) expect(quote).toBeLessThanOrEqual(before);
            if (counts.heldPlaces > 0) lastQuote.set(step.places, quote);
            expect(quote).toBeLessThanOrEqual(maxPricePerPlace(group));
            if (claimed) payers.push({ places: step.places, quote, state: 'reserved' });
          } else if (step.kind === 'pay') {
            const payer = pick('reserved', step.pick);
            if (payer) payer.state = 'held';
          } else if (step.kind === 'lapse') {
            const payer = pick('reserved', step.pick);
            if (payer) payer.state = 'lapsed';
          } else if (!tipped) {
            const payer = pick('held', step.pick);
            if (payer) payer.state = 'left';
          }
          tipped = tipped || isTipped(group, count('held'));
          expect(count('held') + count('reserved')).toBeLessThanOrEqual(group.maxPlaces);
          expect(placesLeft(group, { heldPlaces: count('held'), reservedPlaces: count('reserved') })).toBe(
            group.maxPlaces - count('held') - count('reserved'),
          );
        }
        const held = payers.filter((p) => p.state === 'held');
        const sold = count('held');
        if (!isTipped(group, sold)) return;
        const finals = finalAmounts(
          group,
          held.map((p) => p.places),
        );
        const sum = finals.reduce((a, b) => a + b, 0n);
        expect(sum).toBe(group.pricing === 'split_total' ? group.totalMinor : (group.pricePerPlaceMinor ?? 0n) * BigInt(sold));
        expect(sum).toBe(groupAmountMinor(group, sold));
        held.forEach((payer, i) => {
          // Captured at the final price: never more than the payer was held at.
          expect(finals[i]).toBeLessThanOrEqual(payer.quote * BigInt(payer.places));
          expect(finals[i]).toBeGreaterThan(0n);
        });
      }),
      { numRuns: 500 },
    );
  });
});
