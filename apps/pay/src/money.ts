import { type Currency, findCurrency, formatMoney as formatMoneyOf } from '@paysplit/domain';

const MINOR_DIGITS = /^\d+$/;

/** Reads a MinorUnits string from the API ("0" included, unlike a payer-entered amount). */
export function minorFromApi(value: string): bigint {
  if (!MINOR_DIGITS.test(value)) throw new Error(`Not a minor-units amount: ${value.slice(0, 32)}`);
  return BigInt(value);
}

/** The domain's currency, or a 2-decimal stand-in so an unexpected code still displays. */
export function currencyOf(code: string): Currency {
  return findCurrency(code) ?? { code, exponent: 2 };
}

/**
 * "NZ$150.00" (or "$150.00" in en-NZ) from minor units: the domain's formatting, the same one the
 * emails use, so a payer reads one amount one way everywhere.
 */
export function formatMoney(minor: bigint | string, currencyCode: string, locale?: string): string {
  return formatMoneyOf(typeof minor === 'bigint' ? minor : minorFromApi(minor), currencyCode, locale);
}
