import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MASK, maskEmailAddress } from './email-mask.js';

describe('maskEmailAddress', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmailAddress('alice@example.com')).toBe('a•••@example.com');
    expect(maskEmailAddress('benjamin.whetu-alexander@guests.example.nz')).toBe('b•••@guests.example.nz');
    expect(maskEmailAddress('  ōtaki@example.com ')).toBe('ō•••@example.com');
  });

  it('shows nothing of a value that is not an address', () => {
    expect(maskEmailAddress('no-at-sign')).toBe(EMAIL_MASK);
    expect(maskEmailAddress('@example.com')).toBe(EMAIL_MASK);
    expect(maskEmailAddress('')).toBe(EMAIL_MASK);
  });

  it('never reveals more than the first character of the local part, and masking twice changes nothing', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        const masked = maskEmailAddress(address);
        const at = address.lastIndexOf('@');
        expect(masked).toBe(`${address[0]}${EMAIL_MASK}${address.slice(at)}`);
        expect(maskEmailAddress(masked)).toBe(masked);
      }),
    );
  });
});
