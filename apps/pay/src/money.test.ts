import { describe, expect, it } from 'vitest';
import { formatMoney, minorFromApi } from './money';

describe('formatMoney', () => {
  it('formats minor units as the currency, in the given locale', () => {
    expect(formatMoney(15000n, 'NZD', 'en-NZ')).toBe('$150.00');
    expect(formatMoney('15000', 'NZD', 'en-US')).toBe('NZ$150.00');
    expect(formatMoney(5n, 'NZD', 'en-NZ')).toBe('$0.05');
  });

  it('uses the domain exponent, not a float: zero-decimal and three-decimal currencies', () => {
    expect(formatMoney(500n, 'JPY', 'en-US')).toBe('¥500');
    expect(formatMoney(1234n, 'KWD', 'en-US')).toMatch(/^KWD\s1\.234$/); // a no-break space
  });

  it('shows the largest allowed total digit for digit', () => {
    expect(formatMoney(99_999_999_999n, 'NZD', 'en-NZ')).toBe('$999,999,999.99');
    expect(formatMoney(33_334n, 'NZD', 'en-NZ')).toBe('$333.34');
  });

  it('still shows an amount for a code the domain does not know', () => {
    expect(formatMoney(1050n, 'XTS', 'en-US')).toMatch(/10\.50/);
  });
});

describe('minorFromApi', () => {
  it('reads digit strings, zero included, and refuses anything else', () => {
    expect(minorFromApi('0')).toBe(0n);
    expect(minorFromApi('12050')).toBe(12050n);
    expect(() => minorFromApi('1.5')).toThrow();
    expect(() => minorFromApi('-1')).toThrow();
  });
});
