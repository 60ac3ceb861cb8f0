import { describe, expect, it } from 'vitest';
import { caretAfterFormat, formatCardNumber, formatCvc, formatExpiry } from '../src/processor/checkout-form-script.js';
import { readPayForm } from '../src/processor/pay-form.js';

const now = new Date('2026-11-24T00:00:00Z');

describe('reading the checkout form on the server', () => {
  it('accepts a valid card, however it was typed, and keeps its digits only for the charge', () => {
    const result = readPayForm({ cardNumber: ' 4242-4242 4242 4242 ', expiry: '11/26', cvc: '123' }, now);
    expect(result).toEqual({
      ok: true,
      cardDigits: '4242424242424242',
      values: { cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' },
    });
  });

  it('treats expiry and CVC as optional in test mode', () => {
    expect(readPayForm({ cardNumber: '4242424242424242' }, now).ok).toBe(true);
  });

  it('reports every problem against its own field, and keeps every value to show again', () => {
    const result = readPayForm({ cardNumber: '4242 4242 4242 4241', expiry: '10/26', cvc: '12a' }, now);
    expect(result).toEqual({
      ok: false,
      values: { cardNumber: '4242 4242 4242 4241', expiry: '10/26', cvc: '12a' },
      errors: {
        cardNumber: 'This card number is not valid. Check it for a typo.',
        expiry: 'This card has expired. Check the date or use another card.',
        cvc: 'Enter the 3 or 4 digits on the back of the card.',
      },
    });
  });

  it('says what is wrong with a card number', () => {
    const error = (cardNumber: unknown) => {
      const result = readPayForm({ cardNumber }, now);
      return result.ok ? undefined : result.errors.cardNumber;
    };
    expect(error('')).toBe('Enter the card number.');
    expect(error(undefined)).toBe('Enter the card number.');
    expect(error(['4242424242424242'])).toBe('Enter the card number.');
    expect(error('4242 42x2')).toBe('A card number has digits only.');
    expect(error('4242 4242')).toBe('A card number has 12 to 19 digits. Check it.');
    expect(error('4000 0000 0000 0002')).toBeUndefined();
  });

  it('reads MM/YY, MMYY and MM/YYYY, and refuses a month that does not exist', () => {
    const expiryError = (expiry: string) => {
      const result = readPayForm({ cardNumber: '4242424242424242', expiry }, now);
      return result.ok ? undefined : result.errors.expiry;
    };
    for (const fine of ['11/26', '1230', '12/2030', '1/30', '12 / 30']) expect(expiryError(fine), fine).toBeUndefined();
    for (const wrong of ['13/30', '00/30', '12/3', 'soon']) {
      expect(expiryError(wrong), wrong).toBe('Enter the expiry date as MM/YY, for example 12/30.');
    }
  });

  it('does not keep more than a card field can hold', () => {
    const result = readPayForm({ cardNumber: 'x'.repeat(5000) }, now);
    expect(result.values.cardNumber).toHaveLength(40);
  });
});

describe('formatting as the person types', () => {
  it('groups a card number in fours (American Express 4-6-5), digits only, 19 at most', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-4242-4242-4242-4242')).toBe('4242 4242 4242 4242 424');
  });

  it('adds the expiry slash while typing forwards, not while deleting', () => {
    expect(formatExpiry('1', true)).toBe('1');
    expect(formatExpiry('12', true)).toBe('12/');
    expect(formatExpiry('12', false)).toBe('12');
    expect(formatExpiry('12/', false)).toBe('12/');
    expect(formatExpiry('1230', true)).toBe('12/30');
    expect(formatExpiry('12/305', true)).toBe('12/30');
    expect(formatExpiry('4', true)).toBe('04/');
    expect(formatExpiry('1/', true)).toBe('01/');
    expect(formatExpiry('12/2030', true)).toBe('12/30');
  });

  it('keeps the CVC to four digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('keeps the caret after the same digit when a separator is added before it', () => {
    // Typing a 5th digit at the end: the caret passes the new space.
    expect(caretAfterFormat('42424', 5, '4242 4')).toBe(6);
    // Inserting a digit in the middle: the caret stays right after it.
    expect(caretAfterFormat('4242 94242', 6, '4242 9424 2')).toBe(6);
    expect(caretAfterFormat('12', 2, '12/')).toBe(3);
    expect(caretAfterFormat('4242', 0, '4242')).toBe(0);
  });
});
