import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeBankAccount } from '../src/modules/integrations/bank-account.js';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));
const separator = fc.constantFrom('-', ' ', '');
const VALID_IBANS = ['DE89370400440532013000', 'GB82WEST12345698765432', 'NL91ABNA0417164300', 'FR1420041010050500013M02606'];

describe('normalizeBankAccount', () => {
  it('writes any New Zealand account number as BB-bbbb-AAAAAAA-SSS, whatever separates its parts', () => {
    fc.assert(
      fc.property(digits(2), digits(4), digits(7), fc.oneof(digits(2), digits(3)), separator, (bank, branch, account, suffix, sep) => {
        const normalized = normalizeBankAccount(`${bank}${sep}${branch}${sep}${account}${sep}${suffix}`);
        expect(normalized).toBe(`${bank}-${branch}-${account}-${suffix.padStart(3, '0')}`);
        expect(normalizeBankAccount(normalized)).toBe(normalized);
      }),
    );
  });

  it('accepts a valid IBAN as printed (groups of four, any case) in its electronic form', () => {
    for (const iban of VALID_IBANS) {
      const printed = iban
        .replace(/(.{4})/g, '$1 ')
        .trim()
        .toLowerCase();
      expect(normalizeBankAccount(printed)).toBe(iban);
      expect(normalizeBankAccount(iban)).toBe(iban);
    }
  });

  it('refuses an IBAN with any one digit changed (the checksum catches it)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID_IBANS), fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const positions = [...iban].flatMap((char, index) => (/\d/.test(char) ? [index] : []));
        const index = positions[at % positions.length]!;
        const changed = iban.slice(0, index) + String((Number(iban[index]) + shift) % 10) + iban.slice(index + 1);
        expect(normalizeBankAccount(changed)).toBeUndefined();
      }),
    );
  });

  it('refuses anything else', () => {
    for (const value of [undefined, null, 42, '', '12-3140-012345-00', '12-3140-0123456-0000', 'not an account']) {
      expect(normalizeBankAccount(value)).toBeUndefined();
    }
  });
});
