import { allocateByWeights, allocateSplit, AppError, type Currency, type SplitPart, TOTAL_BASIS_POINTS } from '@paysplit/domain';
import type { SplitMode } from '../gql/graphql';
import { formatAmountInput, formatBasisPoints, parseAmountInput, parsePercentInput, parseSharesInput } from './share-inputs';
import type { DraftRow } from './split-draft';

/** What a change of mode needs besides the rows: the total, the paid (locked) shares, the currency. */
export interface ModeSwitchContext {
  totalMinor: bigint;
  locked: ReadonlyMap<string, bigint>;
  currency: Currency;
  /** How the reader writes numbers (the inputs are read and written that way); English by default. */
  locale?: string;
}

/** Each open row's value in one mode: minor units (exact, equal), basis points (percent), or a number of shares. */
type Values = readonly (bigint | null)[];

/** The largest whole number of shares offered in place of amounts; above it, people type their own. */
const MAX_CONVERTED_SHARES = 100n;

/**
 * The rows' inputs for a new mode, holding the split the host sees now: amounts become
 * percentages or shares and back, so switching never empties what was there. A value is
 * converted only where it can be (the row's own input reads, and shares only when small whole
 * numbers give the same amounts); every other input keeps what it held. When the new mode's inputs
 * already describe this very split (typed earlier, or converted on the way here), they stay as
 * typed: amounts → percent → amounts gives back the amounts, not a cent off.
 */
export function switchModeInputs(rows: readonly DraftRow[], from: SplitMode, to: SplitMode, context: ModeSwitchContext): DraftRow[] {
  const open = rows.filter((row) => !isLocked(row, context.locked));
  const paid = rows.reduce((sum, row) => sum + (isLocked(row, context.locked) ? (context.locked.get(row.participantId!) ?? 0n) : 0n), 0n);
  const base = context.totalMinor - paid;
  if (from === to || to === 'EQUAL' || open.length === 0 || base <= 0n) return [...rows];

  const locale = context.locale ?? 'en';
  const shown = readInputs(open, from, base, context.currency, locale);
  const kept = readInputs(open, to, base, context.currency, locale);
  if (kept.every((value) => value !== null) && sameValues(inMode(toAmounts(kept, to, base), from, base), shown)) return [...rows];

  const converted = inMode(amountsShown(open, from, shown, base, context.currency, locale), to, base);
  const byKey = new Map(open.map((row, i) => [row.key, converted[i] ?? null]));
  return rows.map((row) => {
    const value = byKey.get(row.key);
    return value == null ? row : { ...row, [INPUT_FIELD[to]]: formatValue(value, to, context.currency, locale) };
  });
}

const INPUT_FIELD = { EXACT: 'amount', PERCENT: 'percent', SHARES: 'shares', EQUAL: 'amount' } as const satisfies Record<
  SplitMode,
  keyof DraftRow
>;

function isLocked(row: DraftRow, locked: ReadonlyMap<string, bigint>): boolean {
  return row.participantId !== null && locked.has(row.participantId);
}

/**
 * The split on screen as amounts. Percentages and shares round, so amounts typed earlier that
 * still give exactly these values are the truer source (amounts → percent → shares keeps 200.00,
 * not the 200.02 that 41.67 % comes to).
 */
function amountsShown(open: readonly DraftRow[], from: SplitMode, shown: Values, base: bigint, currency: Currency, locale: string): Values {
  const amounts = toAmounts(shown, from, base);
  if (from === 'EQUAL' || from === 'EXACT') return amounts;
  const typed = readInputs(open, 'EXACT', base, currency, locale);
  const agrees = typed.every((amount) => amount !== null) && sameValues(inMode(typed, from, base), shown);
  return agrees ? typed : amounts;
}

/** What each open row's input in `mode` reads as; equal needs no input and is the equal split. */
function readInputs(open: readonly DraftRow[], mode: SplitMode, base: bigint, currency: Currency, locale: string): Values {
  if (mode === 'EQUAL')
    return allocateByWeights(
      base,
      open.map(() => 1n),
    );
  return open.map((row) => {
    const text = row[INPUT_FIELD[mode]];
    if (text.trim() === '') return null;
    const parsed =
      mode === 'EXACT'
        ? parseAmountInput(text, currency, locale)
        : mode === 'PERCENT'
          ? parsePercentInput(text, locale)
          : parseSharesInput(text, locale);
    return parsed.ok ? BigInt(parsed.value) : null;
  });
}

/** Values of `mode` as amounts: where the mode's allocation works out, exactly as the server will share them. */
function toAmounts(values: Values, mode: SplitMode, base: bigint): Values {
  if (mode === 'EQUAL' || mode === 'EXACT') return values;
  const complete = values.every((value) => value !== null);
  if (mode === 'SHARES') {
    const shares = complete
      ? allocated(
          base,
          'shares',
          values.map((value) => ({ shares: Number(value) })),
        )
      : null;
    return shares ?? values.map(() => null);
  }
  const points = values as readonly bigint[];
  const adds = complete && points.reduce((sum, bp) => sum + bp, 0n) === BigInt(TOTAL_BASIS_POINTS);
  const split = adds
    ? allocated(
        base,
        'percent',
        points.map((bp) => ({ basisPoints: Number(bp) })),
      )
    : null;
  if (split) return split;
  // Percentages that do not add up yet: each one's part of the total, to the nearest minor unit.
  return values.map((bp) => (bp === null ? null : roundedShare(base, bp, BigInt(TOTAL_BASIS_POINTS))));
}

/** Amounts as the values of `mode`, or null where that mode cannot say them. */
function inMode(amounts: Values, mode: SplitMode, base: bigint): Values {
  const complete = amounts.every((amount) => amount !== null);
  switch (mode) {
    case 'EQUAL':
    case 'EXACT':
      return amounts;
    case 'PERCENT': {
      const known = amounts as readonly bigint[];
      // A split that adds up gives percentages that add up to 100, the rounding spread by largest remainder.
      if (complete && known.reduce((sum, amount) => sum + amount, 0n) === base) {
        return allocateByWeights(BigInt(TOTAL_BASIS_POINTS), known);
      }
      return amounts.map((amount) =>
        amount === null ? null : minBig(roundedShare(BigInt(TOTAL_BASIS_POINTS), amount, base), BigInt(TOTAL_BASIS_POINTS)),
      );
    }
    case 'SHARES':
      return complete ? smallWholeShares(amounts as readonly bigint[], base) : amounts.map(() => null);
  }
}

/** Shares that give exactly these amounts: the amounts over their common divisor, or one each for an equal split. */
function smallWholeShares(amounts: readonly bigint[], base: bigint): Values {
  if (amounts.some((amount) => amount <= 0n)) return amounts.map(() => null);
  const divisor = amounts.reduce((g, amount) => gcd(g, amount), 0n);
  const weights = amounts.map((amount) => amount / divisor);
  if (weights.every((weight) => weight <= MAX_CONVERTED_SHARES)) return weights;
  const equal = allocateByWeights(
    base,
    amounts.map(() => 1n),
  );
  return sameValues(equal, amounts) ? amounts.map(() => 1n) : amounts.map(() => null);
}

/** The domain's split, or null where it refuses one (a share that would come out as 0, say). */
function allocated(base: bigint, mode: 'percent' | 'shares', parts: readonly SplitPart[]): bigint[] | null {
  try {
    return allocateSplit(base, mode, parts);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function formatValue(value: bigint, mode: SplitMode, currency: Currency, locale: string): string {
  if (mode === 'PERCENT') return formatBasisPoints(Number(value), locale);
  if (mode === 'SHARES') return value.toString();
  return formatAmountInput(value, currency, locale);
}

/** whole × part / of, rounded half up (all values are 0 or more). */
function roundedShare(whole: bigint, part: bigint, of: bigint): bigint {
  return (whole * part * 2n + of) / (of * 2n);
}

function sameValues(a: Values, b: Values): boolean {
  return a.length === b.length && a.every((value, i) => value !== null && value === b[i]);
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
