import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES, requireCurrency } from './currencies.js';
import { MAX_AMOUNT_MINOR, formatMinorAsMajor, parseMajorAmount, parseMinorAmount, resolveTotalAmount } from './money.js';

const NZD = requireCurrency('NZD');
const JPY = requireCurrency('JPY');
const KWD = requireCurrency('KWD');

/** Matches the AppError a call should throw: code, and a message containing each fragment. */
function invalidAmount(...fragments: string[]) {
  return expect.objectContaining({
    name: 'AppError',
    code: 'INVALID_AMOUNT',
    message: expect.stringMatching(new RegExp(fragments.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*'))),
  });
}

describe('parseMajorAmount', () => {
  it.each([
    [120.5, NZD, 12050n],
    ['120.50', NZD, 12050n],
    ['7', NZD, 700n],
    [7, NZD, 700n],
    [0.01, NZD, 1n],
    ['0.01', NZD, 1n],
    [500, JPY, 500n],
    ['500', JPY, 500n],
    [1.234, KWD, 1234n],
    ['0.001', KWD, 1n],
  ] as const)('reads %s %s as %s minor units', (value, currency, expected) => {
    expect(parseMajorAmount(value, currency)).toBe(expected);
  });

  it('converts from decimal text, not by multiplying floats (4.35 * 100 is 434.99999999999994)', () => {
    expect(4.35 * 100).not.toBe(435);
    expect(parseMajorAmount(4.35, NZD)).toBe(435n);
    expect(parseMajorAmount(1.1, NZD)).toBe(110n);
    expect(parseMajorAmount(1.005, KWD)).toBe(1005n);
  });

  it('accepts fraction digits beyond the currency exponent when they are zeros ("1.500" NZD is 150)', () => {
    expect(parseMajorAmount('1.500', NZD)).toBe(150n);
    expect(parseMajorAmount('500.000', JPY)).toBe(500n);
    expect(parseMajorAmount('1.0000000000000000000000', NZD)).toBe(100n);
  });

  it('refuses 0.001 NZD: more decimals than the currency has', () => {
    expect(() => parseMajorAmount(0.001, NZD)).toThrow(invalidAmount('amount', '3 decimal places', 'NZD allows at most 2'));
    expect(() => parseMajorAmount('0.001', NZD)).toThrow(invalidAmount('amount', 'NZD allows at most 2 decimal places'));
    expect(() => parseMajorAmount('1.501', NZD)).toThrow(invalidAmount('amount'));
  });

  it('refuses 1.5 JPY: the yen has no minor unit', () => {
    expect(() => parseMajorAmount(1.5, JPY)).toThrow(invalidAmount('amount', '1 decimal place', 'JPY has no minor unit'));
  });

  it('refuses a float sum that is not the decimal it looks like (0.1 + 0.2)', () => {
    expect(() => parseMajorAmount(0.1 + 0.2, NZD)).toThrow(invalidAmount('amount', '17 decimal places'));
  });

  it('reads numbers whose text is in exponent form', () => {
    expect(String(1e-7)).toBe('1e-7');
    expect(() => parseMajorAmount(1e-7, NZD)).toThrow(invalidAmount('7 decimal places'));
    expect(() => parseMajorAmount(1e21, NZD)).toThrow(invalidAmount('amount must be at most 999999999.99 NZD'));
    expect(() => parseMajorAmount(1.5e300, NZD)).toThrow(invalidAmount('at most'));
    expect(() => parseMajorAmount(5e-324, NZD)).toThrow(invalidAmount('324 decimal places'));
    expect(parseMajorAmount(1e3, NZD)).toBe(100_000n);
  });

  it('refuses zero', () => {
    for (const zero of [0, -0, '0', '0.00', '0.000']) {
      expect(() => parseMajorAmount(zero, NZD), String(zero)).toThrow(invalidAmount('amount must be greater than 0'));
    }
  });

  it('refuses negative amounts, as numbers and as text', () => {
    for (const negative of [-1, -0.5, '-5', '-0.001', '-0']) {
      expect(() => parseMajorAmount(negative, NZD), String(negative)).toThrow(invalidAmount('amount must be greater than 0'));
    }
  });

  it('refuses NaN and infinities', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => parseMajorAmount(value, NZD)).toThrow(invalidAmount('amount must be a finite number'));
    }
  });

  it('refuses amounts above 99 999 999 999 minor units', () => {
    expect(parseMajorAmount('999999999.99', NZD)).toBe(MAX_AMOUNT_MINOR);
    expect(parseMajorAmount(99_999_999_999, JPY)).toBe(MAX_AMOUNT_MINOR);
    expect(parseMajorAmount('99999999.999', KWD)).toBe(MAX_AMOUNT_MINOR);
    expect(() => parseMajorAmount('1000000000', NZD)).toThrow(invalidAmount('amount must be at most 999999999.99 NZD'));
    expect(() => parseMajorAmount(100_000_000_000, JPY)).toThrow(invalidAmount('amount must be at most 99999999999 JPY'));
    expect(() => parseMajorAmount('9'.repeat(100_000), NZD)).toThrow(invalidAmount('at most'));
  });

  it('refuses text that is not a plain decimal', () => {
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+5',
      '1e3',
      '1E3',
      '.5',
      '5.',
      '01.5',
      '00',
      '1,50',
      '1.2.3',
      '0x10',
      'Infinity',
      'NaN',
      '١٢',
      '12abc',
    ]) {
      expect(() => parseMajorAmount(text, NZD), JSON.stringify(text)).toThrow(invalidAmount('amount must be a plain decimal number'));
    }
  });

  it('refuses values that are neither number nor string', () => {
    for (const value of [true, null, {}, 5n]) {
      expect(() => parseMajorAmount(value as unknown as number, NZD)).toThrow(invalidAmount('amount must be a number'));
    }
  });

  it('names another field when asked, in message and details', () => {
    expect(() => parseMajorAmount('0', NZD, 'participants[1].amount')).toThrow(
      expect.objectContaining({
        message: 'participants[1].amount must be greater than 0 (got 0)',
        details: [expect.objectContaining({ path: 'participants[1].amount' })],
      }),
    );
  });

  it('round-trips every valid amount through its formatted text, in every currency', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_AMOUNT_MINOR }), fc.constantFrom(...SUPPORTED_CURRENCIES), (minor, currency) => {
        expect(parseMajorAmount(formatMinorAsMajor(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it('round-trips every valid amount sent as a JSON number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_AMOUNT_MINOR }), fc.constantFrom(NZD, JPY, KWD), (minor, currency) => {
        const asNumber = JSON.parse(formatMinorAsMajor(minor, currency)) as number;
        expect(parseMajorAmount(asNumber, currency)).toBe(minor);
      }),
    );
  });
});

describe('parseMinorAmount', () => {
  it('reads a string of digits or a safe integer', () => {
    expect(parseMinorAmount('12050')).toBe(12050n);
    expect(parseMinorAmount(12050)).toBe(12050n);
    expect(parseMinorAmount('99999999999')).toBe(MAX_AMOUNT_MINOR);
  });

  it('refuses leading zeros, signs, spaces, exponents, decimals and empty text', () => {
    for (const text of ['012', '00', '-5', '+5', ' 5', '5 ', '1e3', '12.50', '12.', '', '1_000', '0x1F', '５']) {
      expect(() => parseMinorAmount(text), JSON.stringify(text)).toThrow(invalidAmount('amountMinor must be a string of digits'));
    }
  });

  it('refuses zero, as text and as a number', () => {
    expect(() => parseMinorAmount('0')).toThrow(invalidAmount('amountMinor must be greater than 0'));
    expect(() => parseMinorAmount(0)).toThrow(invalidAmount('amountMinor must be greater than 0'));
    expect(() => parseMinorAmount(-0)).toThrow(invalidAmount('amountMinor must be greater than 0'));
  });

  it('refuses negative, fractional, unsafe and non-finite numbers', () => {
    expect(() => parseMinorAmount(-5)).toThrow(invalidAmount('amountMinor must be greater than 0'));
    expect(() => parseMinorAmount(12.5)).toThrow(invalidAmount('amountMinor must be a whole number'));
    expect(() => parseMinorAmount(2 ** 53)).toThrow(invalidAmount('send it as a string of digits'));
    expect(() => parseMinorAmount(Number.NaN)).toThrow(invalidAmount('amountMinor must be a finite number'));
    expect(() => parseMinorAmount(Number.POSITIVE_INFINITY)).toThrow(invalidAmount('finite'));
  });

  it('refuses amounts above 99 999 999 999', () => {
    expect(() => parseMinorAmount('100000000000')).toThrow(invalidAmount('amountMinor must be at most 99999999999'));
    expect(() => parseMinorAmount(100_000_000_000)).toThrow(invalidAmount('amountMinor must be at most 99999999999'));
    expect(() => parseMinorAmount('9'.repeat(100_000))).toThrow(invalidAmount('at most'));
  });

  it('refuses values that are neither string nor number', () => {
    expect(() => parseMinorAmount(12n as unknown as string)).toThrow(invalidAmount('amountMinor'));
  });

  it('round-trips every valid amount as digits and as a number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_AMOUNT_MINOR }), (minor) => {
        expect(parseMinorAmount(minor.toString())).toBe(minor);
        expect(parseMinorAmount(Number(minor))).toBe(minor);
      }),
    );
  });
});

describe('resolveTotalAmount', () => {
  it('takes amount alone, in major units', () => {
    expect(resolveTotalAmount({ amount: 120.5 }, NZD)).toBe(12050n);
  });

  it('takes amountMinor alone', () => {
    expect(resolveTotalAmount({ amountMinor: '12050' }, NZD)).toBe(12050n);
  });

  it('treats null as not sent', () => {
    expect(resolveTotalAmount({ amount: null, amountMinor: '500' }, JPY)).toBe(500n);
    expect(resolveTotalAmount({ amount: 5, amountMinor: null }, JPY)).toBe(5n);
  });

  it('accepts both when they denote the same value', () => {
    expect(resolveTotalAmount({ amount: 120.5, amountMinor: '12050' }, NZD)).toBe(12050n);
    expect(resolveTotalAmount({ amount: '120.50', amountMinor: 12050 }, NZD)).toBe(12050n);
  });

  it('refuses both when they differ, saying so and pointing at both fields', () => {
    expect(() => resolveTotalAmount({ amount: 120.5, amountMinor: '12000' }, NZD)).toThrow(
      expect.objectContaining({
        code: 'INVALID_AMOUNT',
        message: 'amount (120.50 NZD) and amountMinor (12000, i.e. 120.00 NZD) differ: send one of them, or both with the same value',
        details: [expect.objectContaining({ path: 'amount' }), expect.objectContaining({ path: 'amountMinor' })],
      }),
    );
  });

  it('refuses a request with neither', () => {
    for (const input of [{}, { amount: null, amountMinor: null }]) {
      expect(() => resolveTotalAmount(input, NZD)).toThrow(invalidAmount('amount or amountMinor is required'));
    }
  });

  it('reports the invalid field when one of the two is invalid', () => {
    expect(() => resolveTotalAmount({ amount: 0.001, amountMinor: '1' }, NZD)).toThrow(invalidAmount('amount 0.001'));
    expect(() => resolveTotalAmount({ amount: 1, amountMinor: '01' }, NZD)).toThrow(invalidAmount('amountMinor'));
  });
});

describe('formatMinorAsMajor', () => {
  it.each([
    [12050n, NZD, '120.50'],
    [5n, NZD, '0.05'],
    [0n, NZD, '0.00'],
    [100n, NZD, '1.00'],
    [-105n, NZD, '-1.05'],
    [-5n, NZD, '-0.05'],
    [500n, JPY, '500'],
    [-500n, JPY, '-500'],
    [1234n, KWD, '1.234'],
    [1n, KWD, '0.001'],
    [MAX_AMOUNT_MINOR, NZD, '999999999.99'],
    [10n ** 30n, NZD, '10000000000000000000000000000.00'],
  ] as const)('formats %s %s as %s', (minor, currency, expected) => {
    expect(formatMinorAsMajor(minor, currency)).toBe(expected);
  });
});
