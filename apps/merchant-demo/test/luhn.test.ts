import { describe, expect, it } from 'vitest';
import { isLuhnValid, isPlausibleCardNumber, normalizeCardNumber } from '../src/processor/luhn.js';
import {
  CAPTURE_DECLINING_TEST_CARD,
  chargeOutcomeFor,
  DEFAULT_HOLD_LIFETIME_MS,
  holdOutcomeFor,
  SHORT_HOLD_TEST_CARD,
} from '../src/processor/test-cards.js';

describe('Luhn check', () => {
  it.each(['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005', '79927398713', '0'])('accepts %s', (digits) => {
    expect(isLuhnValid(digits)).toBe(true);
  });

  it.each(['4242424242424241', '4000000000000001', '79927398710', '1234567812345678'])('rejects %s', (digits) => {
    expect(isLuhnValid(digits)).toBe(false);
  });

  it('rejects anything that is not only digits', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('42424242424242a2')).toBe(false);
  });

  it('catches every single-digit typo of a valid number', () => {
    const valid = '4242424242424242';
    for (let position = 0; position < valid.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const typo = valid.slice(0, position) + String(digit) + valid.slice(position + 1);
        if (typo !== valid) expect(isLuhnValid(typo)).toBe(false);
      }
    }
  });

  it('strips the spaces and dashes people type between groups', () => {
    expect(normalizeCardNumber(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
  });

  it('wants 12 to 19 digits for a card number', () => {
    expect(isPlausibleCardNumber('79927398713')).toBe(false);
    expect(isPlausibleCardNumber('4242424242424242')).toBe(true);
    expect(isPlausibleCardNumber('42424242424242424242')).toBe(false);
  });

  it('declines only the declining test card', () => {
    expect(chargeOutcomeFor('4000000000000002')).toBe('declined');
    expect(chargeOutcomeFor('4242424242424242')).toBe('succeeded');
    expect(chargeOutcomeFor('5555555555554444')).toBe('succeeded');
  });

  it('holds any other valid card for 7 days on an authorize-only checkout; the hold cards are valid numbers', () => {
    expect(holdOutcomeFor('4242424242424242')).toEqual({
      status: 'authorized',
      holdLifetimeMs: DEFAULT_HOLD_LIFETIME_MS,
      captureDeclines: false,
    });
    expect(holdOutcomeFor('4000000000000002')).toEqual({ status: 'declined' });
    expect(holdOutcomeFor(SHORT_HOLD_TEST_CARD)).toEqual({ status: 'authorized', holdLifetimeMs: 60_000, captureDeclines: false });
    expect(holdOutcomeFor(CAPTURE_DECLINING_TEST_CARD)).toMatchObject({ status: 'authorized', captureDeclines: true });
    // Charged at once, authorizing and capturing are one step: the card whose captures fail is declined.
    expect(chargeOutcomeFor(CAPTURE_DECLINING_TEST_CARD)).toBe('declined');
    expect(chargeOutcomeFor(SHORT_HOLD_TEST_CARD)).toBe('succeeded');
    expect([SHORT_HOLD_TEST_CARD, CAPTURE_DECLINING_TEST_CARD].every(isPlausibleCardNumber)).toBe(true);
  });
});
