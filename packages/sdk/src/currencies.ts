/**
 * ISO 4217 minor units, from the same table PaySplit's server uses, and the domain's own
 * formatting (both generated from packages/domain into `generated/`), so an amount formats here
 * exactly as PaySplit reads it. Do not take minor-unit digits from Intl: CLDR gives HUF, IDR,
 * COP, PKR, IQD and others fewer decimals than ISO 4217, which would show 12050 minor units of
 * HUF as 12,050 instead of 120.50.
 */
import { ISO_4217_EXPONENTS } from './generated/currencies.js';
import { formatMinorUnits } from './generated/minor-units.js';

export { ISO_4217_EXPONENTS };

/** A currency code PaySplit accepts. */
export type CurrencyCode = keyof typeof ISO_4217_EXPONENTS;

const MINOR_DIGITS = /^-?[0-9]+$/;

/** True for the uppercase ISO 4217 codes PaySplit accepts (`isSupportedCurrency('nzd')` is false). */
export function isSupportedCurrency(code: string): code is CurrencyCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ISO_4217_EXPONENTS, code);
}

/** Minor-unit digits of a currency: NZD 2, JPY 0, KWD 3. Throws `RangeError` for a code PaySplit does not accept. */
export function minorUnitExponent(currency: string): number {
  if (!isSupportedCurrency(currency))
    throw new RangeError(`Unknown currency '${String(currency).slice(0, 16)}': use an uppercase ISO 4217 code`);
  return ISO_4217_EXPONENTS[currency];
}

function toBigInt(amountMinor: string | bigint): bigint {
  if (typeof amountMinor === 'bigint') return amountMinor;
  if (typeof amountMinor !== 'string' || !MINOR_DIGITS.test(amountMinor)) {
    throw new TypeError('amountMinor must be a string of digits such as "12050" (or a bigint)');
  }
  return BigInt(amountMinor);
}

/**
 * Plain decimal text of a minor-units amount in major units, without rounding or floats:
 * ("12050", "NZD") -> "120.50", ("12050", "JPY") -> "12050", ("12050", "KWD") -> "12.050".
 */
export function formatMinorAsMajor(amountMinor: string | bigint, currency: string): string {
  const exponent = minorUnitExponent(currency);
  return formatMinorUnits(toBigInt(amountMinor), exponent);
}

/**
 * A minor-units amount for display, in a locale's currency format with ISO 4217's digits:
 * ("12050", "NZD") -> "NZ$120.50", ("12050", "HUF") -> "HUF 120.50", ("12050", "en-NZ") etc.
 * The amount reaches Intl as exact decimal text, never as a float.
 */
export function formatMinor(amountMinor: string | bigint, currency: string, locale: string | readonly string[] = 'en'): string {
  const exponent = minorUnitExponent(currency);
  const formatter = new Intl.NumberFormat(locale as string | string[], {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  return formatter.format(formatMinorAsMajor(amountMinor, currency) as Intl.StringNumericLiteral);
}
