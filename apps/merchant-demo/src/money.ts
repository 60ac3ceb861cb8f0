/**
 * Formats integer minor units for display only. The amount never becomes a float: the digits
 * are split into a decimal string, which Intl.NumberFormat accepts exactly.
 */
export function formatMinor(amountMinor: string | bigint, currency: string): string {
  const formatter = new Intl.NumberFormat('en', { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const minor = BigInt(amountMinor);
  const negative = minor < 0n;
  const absolute = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = absolute.slice(0, absolute.length - digits);
  const fraction = absolute.slice(absolute.length - digits);
  const decimal = `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
  return formatter.format(decimal as Intl.StringNumericLiteral);
}
