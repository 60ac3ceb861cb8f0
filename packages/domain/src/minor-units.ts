/**
 * Plain decimal text of an amount in minor units, in major units, without rounding or floats:
 * (12050n, 2) -> "120.50", (500n, 0) -> "500", (-5n, 3) -> "-0.005".
 *
 * This file imports nothing: the merchant SDK, published on its own, carries it as it is among
 * its generated sources (packages/tooling/sdk-sources.mjs), so an amount reads the same there.
 */
export function formatMinorUnits(minor: bigint, exponent: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString();
  const sign = negative ? '-' : '';
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  const point = padded.length - exponent;
  return `${sign}${padded.slice(0, point)}.${padded.slice(point)}`;
}
