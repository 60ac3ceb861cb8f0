import { type Currency, findCurrency, formatMinorAsMajor } from '@paysplit/domain';

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

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string | undefined, currency: Currency): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency.code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      // The domain's exponent, not CLDR's: what is shown is exactly what is charged.
      minimumFractionDigits: currency.exponent,
      maximumFractionDigits: currency.exponent,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "NZ$150.00" (or "$150.00" in en-NZ) from minor units. The exact decimal text from the domain is
 * handed to Intl as a string: engines with Intl.NumberFormat v3 format it digit for digit; older
 * ones read it as a double, which is still exact for every amount PaySplit allows (≤ 11 digits).
 */
export function formatMoney(minor: bigint | string, currencyCode: string, locale?: string): string {
  const currency = currencyOf(currencyCode);
  const amount = typeof minor === 'bigint' ? minor : minorFromApi(minor);
  const major = formatMinorAsMajor(amount, currency) as Intl.StringNumericLiteral;
  try {
    return formatterFor(locale, currency)
      .formatToParts(major)
      .map((part) => part.value)
      .join('');
  } catch {
    // An ISO code this browser's Intl does not know: plain digits and the code.
    return `${formatMinorAsMajor(amount, currency)} ${currency.code}`;
  }
}
