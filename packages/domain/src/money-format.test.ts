import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format.js';

describe('formatMoney', () => {
  it('is the pay pages’ and the emails’ one format', () => {
    expect(formatMoney(15000n, 'NZD', 'en')).toBe('NZ$150.00');
    expect(formatMoney(15000n, 'NZD', 'en-NZ')).toBe('$150.00');
    expect(formatMoney(500n, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(1234n, 'KWD', 'en')).toMatch(/^KWD\s1\.234$/);
    expect(formatMoney(99_999_999_999n, 'NZD', 'en')).toBe('NZ$999,999,999.99');
  });

  it('reads in the reader’s language: their separators, digits and sign, with the currency’s own decimals', () => {
    expect(formatMoney(123456n, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456n, 'EUR', 'fr')).toBe('1\u202f234,56\u00a0€');
    expect(formatMoney(1500n, 'JPY', 'ja')).toBe('￥1,500');
    expect(formatMoney(9990n, 'BRL', 'pt-BR')).toBe('R$\u00a099,90');
    // Eastern Arabic digits and decimal mark where the locale uses them; all three of KWD's decimals.
    expect(formatMoney(1500n, 'KWD', 'ar-EG')).toMatch(/^\u200f?١٫٥٠٠\u00a0د\.ك\.\u200f?$/);
  });

  it('keeps a Latin currency sign whole in right-to-left text', () => {
    expect(formatMoney(15000n, 'NZD', 'ar')).toContain('\u2066NZ$\u2069');
    expect(formatMoney(15000n, 'NZD', 'ar-EG')).toMatch(/١٥٠٫٠٠/);
    expect(formatMoney(15000n, 'NZD', 'de')).not.toContain('\u2066');
  });

  it('still shows an amount for a code Intl does not know', () => {
    expect(formatMoney(1050n, 'ZZZ', 'en')).toMatch(/10\.50/);
  });
});
