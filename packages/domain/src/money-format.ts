import { type Currency, findCurrency } from './currencies.js';
import { textDirection } from './locale.js';
import { formatMinorAsMajor } from './money.js';

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
 * "NZ$150.00" (or "$150.00" in en-NZ) from minor units: the one money format people read, on the
 * pay pages and in emails. The exact decimal text is handed to Intl as a string: engines with
 * Intl.NumberFormat v3 format it digit for digit; older ones read it as a double, which is still
 * exact for every amount PaySplit allows (at most 11 digits). A code this engine's Intl does not
 * know reads "10.50 XTS". In right-to-left text a Latin currency sign ("NZ$") is kept whole, left
 * to right, so Arabic readers see "NZ$", not "$NZ".
 */
export function formatMoney(minor: bigint, currencyCode: string, locale?: string): string {
  const currency = findCurrency(currencyCode) ?? { code: currencyCode, exponent: 2 };
  const major = formatMinorAsMajor(minor, currency);
  const rightToLeft = locale !== undefined && textDirection(locale) === 'rtl';
  try {
    return formatterFor(locale, currency)
      .formatToParts(major as Intl.StringNumericLiteral)
      .map((part) => (rightToLeft && part.type === 'currency' && /[A-Za-z]/.test(part.value) ? `\u2066${part.value}\u2069` : part.value))
      .join('');
  } catch {
    return `${major} ${currency.code}`;
  }
}
