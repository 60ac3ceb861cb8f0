import type { Currency } from './currencies.js';
import { AppError, ErrorCode, type ErrorDetail } from './errors.js';
import { formatMinorAsMajor } from './money.js';

export const SplitMode = {
  Equal: 'equal',
  Exact: 'exact',
  Percent: 'percent',
  Shares: 'shares',
} as const;

export type SplitMode = (typeof SplitMode)[keyof typeof SplitMode];

export const SPLIT_MODES: readonly SplitMode[] = Object.freeze(Object.values(SplitMode));

export function isSplitMode(value: unknown): value is SplitMode {
  return typeof value === 'string' && (SPLIT_MODES as readonly string[]).includes(value);
}

export const MAX_PARTICIPANTS = 100;

/** Whole percent is 10 000 basis points. */
export const TOTAL_BASIS_POINTS = 10_000;

/**
 * One participant's input to a split, in display order (host first). Only the field of the
 * chosen mode is read. `lockedAmountMinor` marks a share that is already paid: it is kept as is.
 */
export interface SplitPart {
  amountMinor?: bigint;
  basisPoints?: number;
  shares?: number;
  lockedAmountMinor?: bigint;
}

/** Why a split does not work out, in the details of its error (`ErrorDetail.reason`). */
export const SplitProblem = {
  /** A participant has no value for the mode (no amount, percentage or number of shares). */
  NeedsValue: 'needs-value',
  /** An exact amount of 0 or less. */
  NotAboveZero: 'not-above-zero',
  /** A percentage or a number of shares that is not a whole number in range. */
  BadWeight: 'bad-weight',
  /** A participant's share comes out as 0. */
  OwesNothing: 'owes-nothing',
  /** Exact amounts do not add up to what is to be paid. */
  AmountsOff: 'amounts-off',
  /** Percentages do not add up to 100. */
  PercentOff: 'percent-off',
  /** Every participant has 0 shares. */
  NoShares: 'no-shares',
  /** Too many participants, or none. */
  ParticipantCount: 'participant-count',
  /** Paid shares that cannot stand as they are (above the total, not above 0, or leaving money unassigned). */
  PaidShares: 'paid-shares',
} as const;

/** The input field each mode reads, for error paths. */
const MODE_FIELD: Readonly<Record<SplitMode, string | undefined>> = {
  equal: undefined,
  exact: 'amountMinor',
  percent: 'basisPoints',
  shares: 'shares',
};

function participantPath(index: number, field?: string): string {
  return field === undefined ? `participants[${index}]` : `participants[${index}].${field}`;
}

function splitError(summary: string, details: readonly ErrorDetail[]): AppError {
  return new AppError(ErrorCode.ValidationError, summary, details);
}

/**
 * Splits `totalMinor` into one amount per part, in order, summing exactly to the total.
 * Locked (paid) parts keep their amounts; the mode divides what remains among the others.
 * Every share must come out above 0: a payer who owes nothing is a mistake in the split.
 * `currency` only formats amounts in messages; without it they are shown in minor units.
 */
export function allocateSplit(totalMinor: bigint, mode: SplitMode, parts: readonly SplitPart[], currency?: Currency): bigint[] {
  const money = (minor: bigint): string => (currency === undefined ? `${minor} minor units` : formatMinorAsMajor(minor, currency));

  if (typeof totalMinor !== 'bigint' || totalMinor <= 0n) {
    throw splitError('The total must be greater than 0', [{ path: 'amountMinor', message: 'The total must be greater than 0' }]);
  }
  if (!isSplitMode(mode)) {
    const message = `splitMode must be one of ${SPLIT_MODES.join(', ')}`;
    throw splitError(message, [{ path: 'splitMode', message }]);
  }
  if (parts.length === 0 || parts.length > MAX_PARTICIPANTS) {
    const message =
      parts.length === 0
        ? 'At least one participant is required'
        : `At most ${MAX_PARTICIPANTS} participants are allowed (got ${parts.length})`;
    throw splitError(message, [{ path: 'participants', message, reason: SplitProblem.ParticipantCount }]);
  }

  const result: bigint[] = parts.map(() => 0n);
  const unlocked: number[] = [];
  let lockedSum = 0n;
  const lockErrors: ErrorDetail[] = [];
  parts.forEach((part, i) => {
    const locked = part.lockedAmountMinor;
    if (locked === undefined) {
      unlocked.push(i);
    } else if (typeof locked !== 'bigint' || locked <= 0n) {
      lockErrors.push({
        path: participantPath(i, 'lockedAmountMinor'),
        message: `Participant ${i + 1}'s paid share must be greater than 0`,
        reason: SplitProblem.PaidShares,
      });
    } else {
      result[i] = locked;
      lockedSum += locked;
    }
  });
  if (lockErrors.length > 0) throw splitError('A paid share is not valid', lockErrors);
  if (lockedSum > totalMinor) {
    const message = `Paid shares add up to ${money(lockedSum)}, more than the total of ${money(totalMinor)}`;
    throw splitError(message, [{ path: 'participants', message, reason: SplitProblem.PaidShares }]);
  }

  const remainder = totalMinor - lockedSum;
  if (unlocked.length === 0) {
    if (remainder === 0n) return result;
    const message = `Every participant has paid, yet ${money(remainder)} of the ${money(totalMinor)} total is not assigned to anyone`;
    throw splitError(message, [{ path: 'participants', message, reason: SplitProblem.PaidShares }]);
  }

  const amounts = allocateRemainder(remainder, mode, parts, unlocked, money);
  unlocked.forEach((partIndex, k) => {
    result[partIndex] = amounts[k] ?? 0n;
  });

  // Checked last and for every mode: equal split of a tiny total, a 0 % or 0-weight participant,
  // or paid shares already covering the total all end here with the participant named.
  const field = MODE_FIELD[mode];
  const owingNothing: ErrorDetail[] = unlocked
    .filter((i) => (result[i] ?? 0n) <= 0n)
    .map((i) => ({
      path: participantPath(i, field),
      message: `Participant ${i + 1} would owe ${money(0n)}: every participant must pay something, so remove them or give them a share`,
      reason: SplitProblem.OwesNothing,
    }));
  if (owingNothing.length > 0) {
    const general = `${owingNothing.length} participants would owe ${money(0n)}: every participant must pay something`;
    throw splitError(summarize(owingNothing, general), owingNothing);
  }
  return result;
}

/** Amounts for the unlocked parts (same order as `unlocked`), summing exactly to `remainder`. */
function allocateRemainder(
  remainder: bigint,
  mode: SplitMode,
  parts: readonly SplitPart[],
  unlocked: readonly number[],
  money: (minor: bigint) => string,
): bigint[] {
  switch (mode) {
    case 'equal':
      return allocateByWeights(
        remainder,
        unlocked.map(() => 1n),
      );
    case 'exact':
      return exactAmounts(remainder, parts, unlocked, money);
    case 'percent':
      return allocateByWeights(remainder, readIntegerWeights(parts, unlocked, 'basisPoints'));
    case 'shares':
      return allocateByWeights(remainder, readIntegerWeights(parts, unlocked, 'shares'));
  }
}

function exactAmounts(
  remainder: bigint,
  parts: readonly SplitPart[],
  unlocked: readonly number[],
  money: (minor: bigint) => string,
): bigint[] {
  const details: ErrorDetail[] = [];
  const amounts = unlocked.map((i) => {
    const amount = parts[i]?.amountMinor;
    const path = participantPath(i, 'amountMinor');
    if (typeof amount !== 'bigint') {
      details.push({ path, message: `Participant ${i + 1} needs an amount for an exact split`, reason: SplitProblem.NeedsValue });
      return 0n;
    }
    if (amount <= 0n)
      details.push({ path, message: `Participant ${i + 1}'s amount must be greater than 0`, reason: SplitProblem.NotAboveZero });
    return amount;
  });
  if (details.length > 0) throw splitError(summarize(details, 'Some amounts are missing or not above 0'), details);

  const sum = amounts.reduce((a, b) => a + b, 0n);
  if (sum !== remainder) {
    // With paid shares, the unpaid ones must cover what is left, not the whole total.
    const message =
      parts.length === unlocked.length
        ? `Amounts add up to ${money(sum)} but the total is ${money(remainder)}`
        : `Amounts of the unpaid participants add up to ${money(sum)} but ${money(remainder)} remains to be paid`;
    throw splitError(message, [{ path: 'participants', message, reason: SplitProblem.AmountsOff }]);
  }
  return amounts;
}

/** The one detail's message as the summary, or a general one when there are several. */
function summarize(details: readonly ErrorDetail[], general: string): string {
  const [first] = details;
  return details.length === 1 && first !== undefined ? first.message : general;
}

/** Validates and reads the integer weights of percent (basis points) or shares mode. */
function readIntegerWeights(parts: readonly SplitPart[], unlocked: readonly number[], field: 'basisPoints' | 'shares'): bigint[] {
  const isPercent = field === 'basisPoints';
  const details: ErrorDetail[] = [];
  const weights = unlocked.map((i) => {
    const value = parts[i]?.[field];
    const path = participantPath(i, field);
    if (value === undefined) {
      details.push({
        path,
        message: `Participant ${i + 1} needs ${isPercent ? 'a percentage (basis points)' : 'a number of shares'}`,
        reason: SplitProblem.NeedsValue,
      });
      return 0n;
    }
    if (!Number.isSafeInteger(value) || value < 0 || (isPercent && value > TOTAL_BASIS_POINTS)) {
      details.push({
        path,
        message: isPercent
          ? `Participant ${i + 1}'s basis points must be a whole number from 0 to ${TOTAL_BASIS_POINTS} (100 % = ${TOTAL_BASIS_POINTS})`
          : `Participant ${i + 1}'s shares must be a whole number of 0 or more`,
        reason: SplitProblem.BadWeight,
      });
      return 0n;
    }
    return BigInt(value);
  });
  if (details.length > 0) {
    throw splitError(summarize(details, `Some ${isPercent ? 'percentages' : 'shares'} are missing or not valid`), details);
  }

  const sum = weights.reduce((a, b) => a + b, 0n);
  if (isPercent && sum !== BigInt(TOTAL_BASIS_POINTS)) {
    const message = `Percentages add up to ${formatBasisPoints(sum)} % but must add up to 100 %`;
    throw splitError(message, [{ path: 'participants', message, reason: SplitProblem.PercentOff }]);
  }
  if (!isPercent && sum === 0n) {
    const message = 'At least one participant needs more than 0 shares';
    throw splitError(message, [{ path: 'participants', message, reason: SplitProblem.NoShares }]);
  }
  return weights;
}

function formatBasisPoints(bp: bigint): string {
  const whole = bp / 100n;
  const fraction = bp % 100n;
  return fraction === 0n ? `${whole}` : `${whole}.${fraction.toString().padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Largest-remainder allocation: each weight gets floor(amount × w / W); the units left over go
 * one each to the largest fractional remainders, ties to the earlier participant. With equal
 * weights this is exactly "leftover units to the first participants in display order".
 * Exact integer arithmetic throughout, so the sum is always `amount`.
 */
export function allocateByWeights(amount: bigint, weights: readonly bigint[]): bigint[] {
  const totalWeight = weights.reduce((a, b) => a + b, 0n);
  if (totalWeight <= 0n || amount < 0n || weights.some((w) => w < 0n)) {
    throw new AppError(ErrorCode.ValidationError, 'Weights must be 0 or more with a positive sum, and the amount 0 or more');
  }
  const floors = weights.map((w) => (amount * w) / totalWeight);
  const fractions = weights.map((w) => (amount * w) % totalWeight);
  let leftover = amount - floors.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => {
      const fa = fractions[a] ?? 0n;
      const fb = fractions[b] ?? 0n;
      return fa === fb ? a - b : fa > fb ? -1 : 1;
    });
  // leftover < number of weights with a non-zero fraction, so one unit each always suffices.
  for (const i of order) {
    if (leftover === 0n) break;
    floors[i] = (floors[i] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return floors;
}
