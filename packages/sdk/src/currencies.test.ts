import { SUPPORTED_CURRENCIES, formatMinorAsMajor as domainFormatMinorAsMajor } from '@paysplit/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ISO_4217_EXPONENTS, formatMinor, formatMinorAsMajor, isSupportedCurrency, minorUnitExponent } from './currencies.js';

describe('ISO 4217 minor units in the SDK', () => {
  it('holds exactly the domain table (it is generated from it)', () => {
    expect(ISO_4217_EXPONENTS).toEqual(Object.fromEntries(SUPPORTED_CURRENCIES.map(({ code, exponent }) => [code, exponent])));
  });

  it('formats any amount of any currency exactly as the domain does, from a bigint or its digits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SUPPORTED_CURRENCIES), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (currency, minor) => {
        const major = domainFormatMinorAsMajor(minor, currency);
        expect(formatMinorAsMajor(minor, currency.code)).toBe(major);
        expect(formatMinorAsMajor(minor.toString(), currency.code)).toBe(major);
      }),
    );
  });

  it.each(SUPPORTED_CURRENCIES.map((currency) => [currency.code, currency] as const))(
    'formats 12050 minor units of %s as the domain does',
    (code, currency) => {
      const major = domainFormatMinorAsMajor(12050n, currency);
      expect(formatMinorAsMajor('12050', code)).toBe(major);
      expect(formatMinorAsMajor(12050n, code)).toBe(major);
      // The display form carries the same number, whatever symbol and grouping Intl adds.
      const shown = formatMinor('12050', code);
      expect(shown.replace(/[^0-9.]/g, '').replace(/^\.+|\.+$/g, '')).toBe(major);
      expect(minorUnitExponent(code)).toBe(currency.exponent);
    },
  );

  it('shows the currencies where CLDR and ISO 4217 disagree with ISO digits', () => {
    expect(formatMinor('12050', 'HUF')).toBe('HUF\u00a0120.50');
    expect(formatMinor('12050', 'IQD')).toBe('IQD\u00a012.050');
    expect(formatMinor('12050', 'COP')).toBe('COP\u00a0120.50');
    expect(formatMinor('12050', 'JPY')).toBe('¥12,050');
    expect(formatMinor('12050', 'NZD', 'en-NZ')).toBe('$120.50');
  });

  it('keeps exact digits beyond a double and negative amounts', () => {
    expect(formatMinorAsMajor('900719925474099312', 'NZD')).toBe('9007199254740993.12');
    expect(formatMinorAsMajor('-5', 'KWD')).toBe('-0.005');
  });

  it('refuses unknown codes, lowercase codes and amounts that are not digits', () => {
    expect(isSupportedCurrency('NZD')).toBe(true);
    expect(isSupportedCurrency('nzd')).toBe(false);
    expect(isSupportedCurrency('constructor')).toBe(false);
    expect(() => minorUnitExponent('HRK')).toThrow(RangeError);
    expect(() => formatMinor('12.50', 'NZD')).toThrow(TypeError);
    expect(() => formatMinorAsMajor('1e3', 'NZD')).toThrow(TypeError);
  });
});
