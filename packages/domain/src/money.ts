import type { Currency } from './currencies.js';
import { AppError, ErrorCode } from './errors.js';
import { formatMinorUnits } from './minor-units.js';

/** Largest total a session may have, in minor units (decisions §1). */
export const MAX_AMOUNT_MINOR = 99_999_999_999n;

// Any value with more significant digits than the maximum is above it; checking the length
// first keeps a megabyte of digits (or 1e308) from ever becoming a BigInt.
const MAX_MINOR_DIGITS = MAX_AMOUNT_MINOR.toString().length;

const NUMBER_TEXT = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;
// JSON number grammar without exponent; a leading '-' is recognised only to say "must be > 0".
const MAJOR_TEXT = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?$/;
const MINOR_TEXT = /^(0|[1-9]\d*)$/;

function invalidAmount(field: string, message: string): AppError {
  return new AppError(ErrorCode.InvalidAmount, message, [{ path: field, message }]);
}

/** The sent value for an error message, cut short so a huge input is not echoed back. */
function shown(value: string): string {
  return value.length > 32 ? `${value.slice(0, 32)}…` : value;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Coefficient digits and decimal scale (value = digits × 10^-scale) of decimal text, exactly. */
interface Decimal {
  negative: boolean;
  digits: string;
  scale: number;
}

function toMinor(decimal: Decimal, text: string, currency: Currency, field: string): bigint {
  let { digits, scale } = decimal;
  // Trailing zeros carry no value: "1.500" NZD is 150, not "too many decimals".
  while (scale > 0 && digits.length > 1 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  digits = digits.replace(/^0+(?=\d)/, '');
  if (decimal.negative || digits === '0') {
    throw invalidAmount(field, `${field} must be greater than 0 (got ${shown(text)})`);
  }
  if (scale > currency.exponent) {
    const allowed =
      currency.exponent === 0
        ? `${currency.code} has no minor unit: send a whole number`
        : `${currency.code} allows at most ${plural(currency.exponent, 'decimal place')}`;
    throw invalidAmount(field, `${field} ${shown(text)} has ${plural(scale, 'decimal place')} but ${allowed}`);
  }
  const zerosToAppend = currency.exponent - scale;
  if (digits.length + zerosToAppend > MAX_MINOR_DIGITS) throw aboveMaximum(field, currency);
  const minor = BigInt(digits + '0'.repeat(zerosToAppend));
  if (minor > MAX_AMOUNT_MINOR) throw aboveMaximum(field, currency);
  return minor;
}

function aboveMaximum(field: string, currency: Currency): AppError {
  return invalidAmount(field, `${field} must be at most ${formatMinorAsMajor(MAX_AMOUNT_MINOR, currency)} ${currency.code}`);
}

/**
 * Converts a major-units amount (`120.5` NZD) to minor units (12050n) from its decimal text, never
 * by float arithmetic. A number is read through `String(n)`, its shortest round-trip text, which
 * is exactly the decimal the sender's JSON most plausibly held (`0.1` stays 0.1, not 0.1000…0055).
 * Extra fraction digits are accepted only when they are zeros ("1.500" NZD = 150n).
 * `field` names the input in error messages and details.
 */
export function parseMajorAmount(value: number | string, currency: Currency, field = 'amount'): bigint {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidAmount(field, `${field} must be a finite number`);
    const text = String(value);
    const match = NUMBER_TEXT.exec(text);
    // Every finite number's String() matches; the guard keeps the type checker and a future engine honest.
    if (match === null) throw invalidAmount(field, `${field} must be a decimal number such as 120.50`);
    const [, minus, whole = '', fraction = '', exponent = '0'] = match;
    return toMinor({ negative: minus === '-', digits: whole + fraction, scale: fraction.length - Number(exponent) }, text, currency, field);
  }
  if (typeof value === 'string') {
    const match = MAJOR_TEXT.exec(value);
    if (match === null) {
      throw invalidAmount(
        field,
        `${field} must be a plain decimal number such as 120.50 (no sign, spaces, exponent or leading zeros; got '${shown(value)}')`,
      );
    }
    const [, minus, whole = '', fraction = ''] = match;
    return toMinor({ negative: minus === '-', digits: whole + fraction, scale: fraction.length }, value, currency, field);
  }
  throw invalidAmount(field, `${field} must be a number such as 120.50`);
}

/**
 * Reads a minor-units amount: a string of ASCII digits without leading zeros ("12050"), or a
 * non-negative safe-integer number. Anything looser (signs, spaces, "1e3", "012") is refused
 * rather than guessed at, because a misread amount is money taken wrongly.
 */
export function parseMinorAmount(value: string | number, field = 'amountMinor'): bigint {
  let minor: bigint;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidAmount(field, `${field} must be a finite number`);
    if (value < 0) throw invalidAmount(field, `${field} must be greater than 0 (got ${value})`);
    if (!Number.isSafeInteger(value)) {
      throw invalidAmount(
        field,
        Number.isInteger(value)
          ? `${field} is too large for a JSON number: send it as a string of digits`
          : `${field} must be a whole number of minor units (got ${value})`,
      );
    }
    minor = BigInt(value);
  } else if (typeof value === 'string') {
    if (!MINOR_TEXT.test(value)) {
      throw invalidAmount(
        field,
        `${field} must be a string of digits such as "12050" (no sign, spaces, decimals, exponent or leading zeros; got '${shown(value)}')`,
      );
    }
    if (value.length > MAX_MINOR_DIGITS) throw invalidAmount(field, `${field} must be at most ${MAX_AMOUNT_MINOR}`);
    minor = BigInt(value);
  } else {
    throw invalidAmount(field, `${field} must be a string of digits such as "12050"`);
  }
  if (minor === 0n) throw invalidAmount(field, `${field} must be greater than 0`);
  if (minor > MAX_AMOUNT_MINOR) throw invalidAmount(field, `${field} must be at most ${MAX_AMOUNT_MINOR}`);
  return minor;
}

export interface TotalAmountInput {
  amount?: number | string | null;
  amountMinor?: string | number | null;
}

/**
 * The session total from either request shape. `null` counts as not sent (GraphQL sends nulls).
 * When both are sent neither is authoritative: they must agree, or the request is refused.
 */
export function resolveTotalAmount(input: TotalAmountInput, currency: Currency): bigint {
  const { amount, amountMinor } = input;
  const fromAmount = amount === undefined || amount === null ? undefined : parseMajorAmount(amount, currency);
  const fromMinor = amountMinor === undefined || amountMinor === null ? undefined : parseMinorAmount(amountMinor);
  if (fromAmount !== undefined && fromMinor !== undefined && fromAmount !== fromMinor) {
    const message =
      `amount (${formatMinorAsMajor(fromAmount, currency)} ${currency.code}) and amountMinor ` +
      `(${fromMinor}, i.e. ${formatMinorAsMajor(fromMinor, currency)} ${currency.code}) differ: ` +
      'send one of them, or both with the same value';
    throw new AppError(ErrorCode.InvalidAmount, message, [
      { path: 'amount', message },
      { path: 'amountMinor', message },
    ]);
  }
  const total = fromAmount ?? fromMinor;
  if (total === undefined) throw invalidAmount('amount', 'amount or amountMinor is required');
  return total;
}

/** Plain decimal text of a minor amount in major units: 12050n NZD -> "120.50", 500n JPY -> "500", -105n -> "-1.05". */
export function formatMinorAsMajor(minor: bigint, currency: Currency): string {
  return formatMinorUnits(minor, currency.exponent);
}
