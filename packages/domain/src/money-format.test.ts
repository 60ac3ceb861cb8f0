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

  it('still shows an amount for a code Intl does not know', () => {
    expect(formatMoney(1050n, 'ZZZ', 'en')).toMatch(/10\.50/);
  });
});
