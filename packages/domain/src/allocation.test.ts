import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PARTICIPANTS, SPLIT_MODES, SplitMode, allocateByWeights, allocateSplit, type SplitPart } from './allocation.js';
import { requireCurrency } from './currencies.js';
import { AppError } from './errors.js';
import { MAX_AMOUNT_MINOR } from './money.js';

const NZD = requireCurrency('NZD');

function validationError(message: string | RegExp, details?: readonly { path: string; message?: unknown }[]) {
  return expect.objectContaining({
    name: 'AppError',
    code: 'VALIDATION_ERROR',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
    ...(details === undefined ? {} : { details: details.map((d) => expect.objectContaining(d)) }),
  });
}

const equalParts = (n: number): SplitPart[] => Array.from({ length: n }, () => ({}));

describe('SplitMode', () => {
  it('lists the four modes', () => {
    expect(SPLIT_MODES).toEqual(['equal', 'exact', 'percent', 'shares']);
    expect(SplitMode.Percent).toBe('percent');
  });
});

describe('allocateSplit: equal', () => {
  it('divides evenly when it can', () => {
    expect(allocateSplit(48000n, 'equal', equalParts(4))).toEqual([12000n, 12000n, 12000n, 12000n]);
  });

  it('gives the leftover minor units one each to the first participants in display order (host first)', () => {
    expect(allocateSplit(100n, 'equal', equalParts(3))).toEqual([34n, 33n, 33n]);
    expect(allocateSplit(11n, 'equal', equalParts(4))).toEqual([3n, 3n, 3n, 2n]);
  });

  it('gives a single participant the whole total', () => {
    expect(allocateSplit(12050n, 'equal', equalParts(1))).toEqual([12050n]);
  });

  it('refuses a total too small for everyone to owe something, naming who would owe nothing', () => {
    expect(() => allocateSplit(2n, 'equal', equalParts(3), NZD)).toThrow(
      validationError('Participant 3 would owe 0.00: every participant must pay something, so remove them or give them a share', [
        { path: 'participants[2]' },
      ]),
    );
    expect(() => allocateSplit(1n, 'equal', equalParts(3))).toThrow(
      validationError('2 participants would owe 0 minor units: every participant must pay something', [
        { path: 'participants[1]' },
        { path: 'participants[2]' },
      ]),
    );
  });

  it('ignores the fields other modes read', () => {
    expect(allocateSplit(10n, 'equal', [{ amountMinor: 9n, basisPoints: 9000, shares: 9 }, {}])).toEqual([5n, 5n]);
  });
});

describe('allocateSplit: exact', () => {
  it('uses the amounts as given when they add up to the total', () => {
    expect(allocateSplit(48000n, 'exact', [{ amountMinor: 30000n }, { amountMinor: 18000n }])).toEqual([30000n, 18000n]);
  });

  it('refuses amounts that do not add up to the total, in money the host understands', () => {
    expect(() => allocateSplit(48000n, 'exact', [{ amountMinor: 30000n }, { amountMinor: 17000n }], NZD)).toThrow(
      validationError('Amounts add up to 470.00 but the total is 480.00', [{ path: 'participants' }]),
    );
  });

  it('shows minor units when no currency is given', () => {
    expect(() => allocateSplit(48000n, 'exact', [{ amountMinor: 30000n }, { amountMinor: 17000n }])).toThrow(
      validationError('Amounts add up to 47000 minor units but the total is 48000 minor units'),
    );
  });

  it('refuses a participant without an amount', () => {
    expect(() => allocateSplit(100n, 'exact', [{ amountMinor: 100n }, {}])).toThrow(
      validationError('Participant 2 needs an amount for an exact split', [{ path: 'participants[1].amountMinor' }]),
    );
  });

  it('refuses a participant with an amount of 0 or less', () => {
    expect(() => allocateSplit(100n, 'exact', [{ amountMinor: 100n }, { amountMinor: 0n }])).toThrow(
      validationError("Participant 2's amount must be greater than 0", [{ path: 'participants[1].amountMinor' }]),
    );
    expect(() => allocateSplit(100n, 'exact', [{ amountMinor: 110n }, { amountMinor: -10n }])).toThrow(
      validationError("Participant 2's amount must be greater than 0", [{ path: 'participants[1].amountMinor' }]),
    );
  });

  it('lists every participant with a missing or bad amount', () => {
    expect(() => allocateSplit(100n, 'exact', [{}, { amountMinor: 0n }, { amountMinor: 100n }])).toThrow(
      validationError('Some amounts are missing or not above 0', [
        { path: 'participants[0].amountMinor' },
        { path: 'participants[1].amountMinor' },
      ]),
    );
  });
});

describe('allocateSplit: percent', () => {
  it('allocates basis points by largest remainder', () => {
    // 33.33 / 33.33 / 33.34 of 1.00: the 0.34 remainder is largest, so the third gets the leftover cent.
    expect(allocateSplit(100n, 'percent', [{ basisPoints: 3333 }, { basisPoints: 3333 }, { basisPoints: 3334 }])).toEqual([33n, 33n, 34n]);
    expect(allocateSplit(48000n, 'percent', [{ basisPoints: 2500 }, { basisPoints: 7500 }])).toEqual([12000n, 36000n]);
  });

  it('breaks ties in display order, earlier first', () => {
    expect(allocateSplit(101n, 'percent', [{ basisPoints: 5000 }, { basisPoints: 5000 }])).toEqual([51n, 50n]);
    expect(allocateSplit(100n, 'percent', [{ basisPoints: 3334 }, { basisPoints: 3333 }, { basisPoints: 3333 }])).toEqual([34n, 33n, 33n]);
  });

  it('refuses percentages that do not add up to 100 %', () => {
    expect(() => allocateSplit(100n, 'percent', [{ basisPoints: 5000 }, { basisPoints: 4950 }])).toThrow(
      validationError('Percentages add up to 99.5 % but must add up to 100 %', [{ path: 'participants' }]),
    );
    expect(() => allocateSplit(100n, 'percent', [{ basisPoints: 10000 }, { basisPoints: 1 }])).toThrow(
      validationError('Percentages add up to 100.01 % but must add up to 100 %'),
    );
  });

  it('refuses basis points that are missing, fractional or outside 0..10000', () => {
    for (const [basisPoints, path] of [
      [undefined, 'participants[1].basisPoints'],
      [-1, 'participants[1].basisPoints'],
      [10001, 'participants[1].basisPoints'],
      [12.5, 'participants[1].basisPoints'],
      [Number.NaN, 'participants[1].basisPoints'],
    ] as const) {
      expect(() => allocateSplit(100n, 'percent', [{ basisPoints: 10000 }, { basisPoints }]), String(basisPoints)).toThrow(
        validationError(/^Participant 2/, [{ path }]),
      );
    }
  });

  it('refuses a participant at 0 %: they would owe nothing', () => {
    expect(() => allocateSplit(100n, 'percent', [{ basisPoints: 10000 }, { basisPoints: 0 }], NZD)).toThrow(
      validationError('Participant 2 would owe 0.00: every participant must pay something, so remove them or give them a share', [
        { path: 'participants[1].basisPoints' },
      ]),
    );
  });
});

describe('allocateSplit: shares', () => {
  it('allocates integer weights by largest remainder', () => {
    expect(allocateSplit(100n, 'shares', [{ shares: 1 }, { shares: 2 }])).toEqual([33n, 67n]);
    expect(allocateSplit(90n, 'shares', [{ shares: 1 }, { shares: 1 }, { shares: 1 }])).toEqual([30n, 30n, 30n]);
  });

  it('breaks ties in display order, earlier first', () => {
    expect(allocateSplit(100n, 'shares', [{ shares: 1 }, { shares: 1 }, { shares: 1 }])).toEqual([34n, 33n, 33n]);
  });

  it('refuses shares that are missing, negative or fractional', () => {
    for (const shares of [undefined, -1, 1.5, Number.POSITIVE_INFINITY]) {
      expect(() => allocateSplit(100n, 'shares', [{ shares: 1 }, { shares }]), String(shares)).toThrow(
        validationError(/^Participant 2/, [{ path: 'participants[1].shares' }]),
      );
    }
  });

  it('refuses shares that are all 0', () => {
    expect(() => allocateSplit(100n, 'shares', [{ shares: 0 }, { shares: 0 }])).toThrow(
      validationError('At least one participant needs more than 0 shares', [{ path: 'participants' }]),
    );
  });

  it('refuses a participant with 0 shares: they would owe nothing', () => {
    expect(() => allocateSplit(100n, 'shares', [{ shares: 0 }, { shares: 3 }])).toThrow(
      validationError(/^Participant 1 would owe/, [{ path: 'participants[0].shares' }]),
    );
  });
});

describe('allocateSplit: paid (locked) shares', () => {
  it('keeps paid shares and splits the rest among the unpaid participants', () => {
    expect(allocateSplit(100n, 'equal', [{}, { lockedAmountMinor: 40n }, {}])).toEqual([30n, 40n, 30n]);
    expect(allocateSplit(101n, 'equal', [{ lockedAmountMinor: 40n }, {}, {}])).toEqual([40n, 31n, 30n]);
    expect(allocateSplit(100n, 'percent', [{ lockedAmountMinor: 50n }, { basisPoints: 2000 }, { basisPoints: 8000 }])).toEqual([
      50n,
      10n,
      40n,
    ]);
    expect(allocateSplit(100n, 'shares', [{ shares: 1 }, { lockedAmountMinor: 10n, shares: 100 }])).toEqual([90n, 10n]);
  });

  it('checks exact amounts against what remains unpaid, not the whole total', () => {
    expect(allocateSplit(100n, 'exact', [{ lockedAmountMinor: 40n, amountMinor: 50n }, { amountMinor: 60n }])).toEqual([40n, 60n]);
    expect(() => allocateSplit(10000n, 'exact', [{ lockedAmountMinor: 4000n }, { amountMinor: 5000n }], NZD)).toThrow(
      validationError('Amounts of the unpaid participants add up to 50.00 but 60.00 remains to be paid'),
    );
  });

  it('returns the paid shares as they are when every participant has paid the whole total', () => {
    expect(allocateSplit(100n, 'equal', [{ lockedAmountMinor: 70n }, { lockedAmountMinor: 30n }])).toEqual([70n, 30n]);
  });

  it('refuses paid shares that add up to more than the total', () => {
    expect(() => allocateSplit(100n, 'equal', [{ lockedAmountMinor: 70n }, { lockedAmountMinor: 31n }, {}], NZD)).toThrow(
      validationError('Paid shares add up to 1.01, more than the total of 1.00'),
    );
  });

  it('refuses a split where everyone has paid but part of the total is left', () => {
    expect(() => allocateSplit(100n, 'equal', [{ lockedAmountMinor: 70n }, { lockedAmountMinor: 20n }], NZD)).toThrow(
      validationError('Every participant has paid, yet 0.10 of the 1.00 total is not assigned to anyone'),
    );
  });

  it('refuses an unpaid participant when the paid shares already cover the total', () => {
    expect(() => allocateSplit(100n, 'equal', [{ lockedAmountMinor: 100n }, {}])).toThrow(
      validationError(/^Participant 2 would owe 0/, [{ path: 'participants[1]' }]),
    );
  });

  it('refuses a paid share of 0 or less', () => {
    expect(() => allocateSplit(100n, 'equal', [{ lockedAmountMinor: 0n }, {}])).toThrow(
      validationError('A paid share is not valid', [{ path: 'participants[0].lockedAmountMinor' }]),
    );
  });
});

describe('allocateSplit: bounds', () => {
  it('needs at least one participant', () => {
    expect(() => allocateSplit(100n, 'equal', [])).toThrow(
      validationError('At least one participant is required', [{ path: 'participants' }]),
    );
  });

  it(`accepts ${MAX_PARTICIPANTS} participants and refuses more`, () => {
    expect(allocateSplit(10_000n, 'equal', equalParts(MAX_PARTICIPANTS))).toHaveLength(MAX_PARTICIPANTS);
    expect(() => allocateSplit(10_000n, 'equal', equalParts(MAX_PARTICIPANTS + 1))).toThrow(
      validationError('At most 100 participants are allowed (got 101)'),
    );
  });

  it('refuses a total of 0 or less', () => {
    expect(() => allocateSplit(0n, 'equal', equalParts(1))).toThrow(validationError('The total must be greater than 0'));
    expect(() => allocateSplit(-5n, 'equal', equalParts(1))).toThrow(validationError('The total must be greater than 0'));
  });

  it('refuses an unknown split mode', () => {
    expect(() => allocateSplit(100n, 'thirds' as SplitMode, equalParts(3))).toThrow(
      validationError('splitMode must be one of equal, exact, percent, shares', [{ path: 'splitMode' }]),
    );
  });
});

describe('allocateByWeights', () => {
  it('refuses weights without a positive sum', () => {
    expect(() => allocateByWeights(10n, [0n, 0n])).toThrow(AppError);
    expect(() => allocateByWeights(10n, [])).toThrow(AppError);
    expect(() => allocateByWeights(10n, [2n, -1n])).toThrow(AppError);
  });

  it('gives a 0 weight nothing', () => {
    expect(allocateByWeights(7n, [0n, 1n, 1n])).toEqual([0n, 4n, 3n]);
  });
});

// ---------------------------------------------------------------------------------------------
// properties

interface SplitCase {
  total: bigint;
  mode: SplitMode;
  parts: SplitPart[];
}

/** Which display positions are paid, with their amounts; at least one unpaid position. */
const lockedLayout = fc
  .array(fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.bigInt({ min: 1n, max: 1_000_000n }), weight: 1 }), {
    minLength: 1,
    maxLength: MAX_PARTICIPANTS,
  })
  .filter((locks) => locks.some((l) => l === undefined));

function withLocks(locks: readonly (bigint | undefined)[], unlockedParts: readonly SplitPart[]): SplitPart[] {
  let k = 0;
  return locks.map((locked) => (locked === undefined ? (unlockedParts[k++] ?? {}) : { lockedAmountMinor: locked }));
}

const sumOf = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);
const lockedSumOf = (locks: readonly (bigint | undefined)[]): bigint => sumOf(locks.map((l) => l ?? 0n));

/** Splits that must succeed: every unpaid share comes out at least 1 by construction. */
const validSplit: fc.Arbitrary<SplitCase> = lockedLayout.chain((locks) => {
  const unlocked = locks.filter((l) => l === undefined).length;
  const lockedSum = lockedSumOf(locks);
  const room = MAX_AMOUNT_MINOR - lockedSum;

  const equal = fc
    .bigInt({ min: BigInt(unlocked), max: room })
    .map((remainder): SplitCase => ({ total: lockedSum + remainder, mode: 'equal', parts: withLocks(locks, []) }));
  const exact = fc
    .array(fc.bigInt({ min: 1n, max: 100_000_000n }), { minLength: unlocked, maxLength: unlocked })
    .map((amounts): SplitCase => ({
      total: lockedSum + sumOf(amounts),
      mode: 'exact',
      parts: withLocks(
        locks,
        amounts.map((amountMinor) => ({ amountMinor })),
      ),
    }));
  // Basis points of at least 1 each, summing to 10000: gaps between distinct cut points.
  const percent = fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: unlocked - 1, maxLength: unlocked - 1 }),
      fc.bigInt({ min: 10_000n, max: room }),
    )
    .map(([cuts, remainder]): SplitCase => {
      const points = [0, ...cuts.sort((a, b) => a - b), 10_000];
      const basisPoints = points.slice(1).map((p, i) => p - (points[i] ?? 0));
      return {
        total: lockedSum + remainder,
        mode: 'percent',
        parts: withLocks(
          locks,
          basisPoints.map((bp) => ({ basisPoints: bp })),
        ),
      };
    });
  const shares = fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: unlocked, maxLength: unlocked }).chain((weights) =>
    fc.bigInt({ min: BigInt(weights.reduce((a, b) => a + b, 0)), max: room }).map((remainder): SplitCase => ({
      total: lockedSum + remainder,
      mode: 'shares',
      parts: withLocks(
        locks,
        weights.map((w) => ({ shares: w })),
      ),
    })),
  );
  return fc.oneof(equal, exact, percent, shares);
});

/** Anything at all, mostly invalid: allocation either refuses it or keeps every invariant. */
const anySplit: fc.Arbitrary<SplitCase> = fc.record({
  total: fc.bigInt({ min: -5n, max: MAX_AMOUNT_MINOR }),
  mode: fc.constantFrom(...SPLIT_MODES),
  parts: fc.array(
    fc.record(
      {
        amountMinor: fc.bigInt({ min: -5n, max: 10_000n }),
        basisPoints: fc.integer({ min: -1, max: 10_001 }),
        shares: fc.integer({ min: -1, max: 20 }),
        lockedAmountMinor: fc.bigInt({ min: -1n, max: 10_000n }),
      },
      { requiredKeys: [] },
    ),
    { maxLength: MAX_PARTICIPANTS + 2 },
  ),
});

function expectInvariants({ total, parts }: SplitCase, result: readonly bigint[]): void {
  expect(result).toHaveLength(parts.length);
  expect(sumOf(result)).toBe(total);
  result.forEach((share, i) => {
    expect(share > 0n).toBe(true);
    const locked = parts[i]?.lockedAmountMinor;
    if (locked !== undefined) expect(share).toBe(locked);
  });
}

describe('allocateSplit properties', () => {
  it('sums exactly to the total, owes everyone more than 0 and keeps paid shares, for every valid split', () => {
    fc.assert(
      fc.property(validSplit, (split) => {
        expectInvariants(split, allocateSplit(split.total, split.mode, split.parts));
      }),
    );
  });

  it('either refuses a split with VALIDATION_ERROR or keeps every invariant, for any input', () => {
    fc.assert(
      fc.property(anySplit, (split) => {
        let result: bigint[];
        try {
          result = allocateSplit(split.total, split.mode, split.parts);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION_ERROR');
          expect((error as AppError).details?.length).toBeGreaterThan(0);
          return;
        }
        expectInvariants(split, result);
      }),
    );
  });

  it('is deterministic: the same input gives the same output', () => {
    fc.assert(
      fc.property(validSplit, ({ total, mode, parts }) => {
        const copy = parts.map((p) => ({ ...p }));
        expect(allocateSplit(total, mode, copy)).toEqual(allocateSplit(total, mode, parts));
      }),
    );
  });

  it('splits equally to within 1 minor unit, larger shares first in display order', () => {
    fc.assert(
      fc.property(
        validSplit.filter((s) => s.mode === 'equal'),
        ({ total, mode, parts }) => {
          const result = allocateSplit(total, mode, parts);
          const unpaid = result.filter((_, i) => parts[i]?.lockedAmountMinor === undefined);
          const first = unpaid[0] as bigint;
          const last = unpaid[unpaid.length - 1] as bigint;
          expect(first - last <= 1n).toBe(true);
          unpaid.slice(1).forEach((share, i) => expect(share <= (unpaid[i] as bigint)).toBe(true));
        },
      ),
    );
  });

  it('gives each percent or shares participant their exact proportion, rounded up or down by less than 1 unit', () => {
    fc.assert(
      fc.property(
        validSplit.filter((s) => s.mode === 'percent' || s.mode === 'shares'),
        ({ total, mode, parts }) => {
          const result = allocateSplit(total, mode, parts);
          const unpaid = parts.flatMap((p, i) => (p.lockedAmountMinor === undefined ? [i] : []));
          const weight = (i: number): bigint => BigInt((mode === 'percent' ? parts[i]?.basisPoints : parts[i]?.shares) ?? 0);
          const totalWeight = sumOf(unpaid.map(weight));
          const remainder = sumOf(unpaid.map((i) => result[i] ?? 0n));
          for (const i of unpaid) {
            const error = (result[i] ?? 0n) * totalWeight - remainder * weight(i);
            expect(error > -totalWeight && error < totalWeight).toBe(true);
          }
        },
      ),
    );
  });

  it('gives exact-split participants exactly their amounts', () => {
    fc.assert(
      fc.property(
        validSplit.filter((s) => s.mode === 'exact'),
        ({ total, mode, parts }) => {
          allocateSplit(total, mode, parts).forEach((share, i) => {
            const part = parts[i];
            expect(share).toBe(part?.lockedAmountMinor ?? part?.amountMinor);
          });
        },
      ),
    );
  });
});
