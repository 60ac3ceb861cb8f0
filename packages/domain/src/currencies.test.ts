import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, findCurrency, requireCurrency } from './currencies.js';

describe('currency table', () => {
  it.each([
    ...'NZD AUD USD EUR GBP CAD CHF SGD HKD SEK NOK DKK CNY INR MXN BRL ZAR PLN CZK THB MYR PHP IDR AED SAR ILS TWD'
      .split(' ')
      .map((code) => [code, 2] as const),
    ...'JPY KRW VND CLP ISK UGX XAF XOF'.split(' ').map((code) => [code, 0] as const),
    ...'KWD BHD OMR JOD TND LYD IQD'.split(' ').map((code) => [code, 3] as const),
  ])('gives %s %i minor-unit digits', (code, exponent) => {
    expect(findCurrency(code)).toEqual({ code, exponent });
  });

  it('holds only three-letter uppercase codes with an exponent of 0, 2 or 3, sorted and unique', () => {
    const codes = SUPPORTED_CURRENCIES.map((c) => c.code);
    expect(codes).toEqual([...new Set(codes)].sort());
    for (const currency of SUPPORTED_CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(currency.exponent);
    }
  });

  it('leaves out withdrawn currencies and fund codes', () => {
    for (const code of ['HRK', 'BGN', 'SLL', 'ZWL', 'CUC', 'ANG', 'CLF', 'UYW', 'XAU', 'XXX', 'XTS']) {
      expect(findCurrency(code), code).toBeUndefined();
    }
  });

  it('defaults to NZD', () => {
    expect(DEFAULT_CURRENCY).toBe('NZD');
    expect(findCurrency(DEFAULT_CURRENCY)).toEqual({ code: 'NZD', exponent: 2 });
  });
});

describe('findCurrency', () => {
  it('refuses lowercase and padded codes: ISO codes are uppercase, matched exactly', () => {
    for (const code of ['nzd', 'Nzd', ' NZD', 'NZD ', 'NZ', 'NZDX', '']) {
      expect(findCurrency(code), code).toBeUndefined();
    }
  });

  it('never matches inherited object properties', () => {
    for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(findCurrency(code)).toBeUndefined();
    }
  });
});

describe('requireCurrency', () => {
  it('returns a known currency', () => {
    expect(requireCurrency('JPY')).toEqual({ code: 'JPY', exponent: 0 });
  });

  it('refuses an unknown code with INVALID_CURRENCY and a message naming it', () => {
    expect(() => requireCurrency('XYZ')).toThrow(
      expect.objectContaining({
        name: 'AppError',
        code: 'INVALID_CURRENCY',
        message: "Unknown currency 'XYZ': use an ISO 4217 code such as NZD",
        details: [expect.objectContaining({ path: 'currency' })],
      }),
    );
  });

  it('tells a sender of a lowercase code that codes are uppercase', () => {
    expect(() => requireCurrency('nzd')).toThrow(
      expect.objectContaining({
        code: 'INVALID_CURRENCY',
        message: "Unknown currency 'nzd': use an ISO 4217 code such as NZD (codes are uppercase: NZD)",
      }),
    );
  });

  it('does not echo a huge code back in full', () => {
    const huge = 'A'.repeat(10_000);
    expect(() => requireCurrency(huge)).toThrow(expect.objectContaining({ message: expect.stringMatching(/^Unknown currency 'A{16}'/) }));
  });
});
