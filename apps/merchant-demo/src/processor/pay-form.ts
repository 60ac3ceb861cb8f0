import { formatCardNumber, formatCvc } from './checkout-form-script.js';
import { isPlausibleCardNumber, normalizeCardNumber } from './luhn.js';

export type PayField = 'cardNumber' | 'expiry' | 'cvc';

/** What the person typed, tidied for showing back in the same form after an error. */
export interface PayFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type PayFormErrors = Partial<Record<PayField, string>>;

export type PayFormResult =
  { ok: true; values: PayFormValues; cardDigits: string } | { ok: false; values: PayFormValues; errors: PayFormErrors };

/** Longer than any card number, expiry or CVC typed with spaces; beyond that it is not a card. */
const MAX_FIELD_LENGTH = 40;

function field(body: unknown, name: PayField): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim().slice(0, MAX_FIELD_LENGTH) : '';
}

/** The month an expiry date means, or a message for its field. */
function checkExpiry(expiry: string, now: Date): string | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return 'Enter the expiry date as MM/YY, for example 12/30.';
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < currentMonth) return 'This card has expired. Check the date or use another card.';
  return undefined;
}

/**
 * Reads the checkout form: every field is checked, and every problem is reported against its
 * own field at once. Expiry and CVC are optional on the test processor (like test mode
 * elsewhere: "any future date, any digits"); when given they must look right.
 *
 * The values come back as typed (the card number grouped) so the form can show them again: a
 * typo is corrected, not typed again. They go into that response only, never a log or a URL.
 */
export function readPayForm(body: unknown, now: Date): PayFormResult {
  const typed = { cardNumber: field(body, 'cardNumber'), expiry: field(body, 'expiry'), cvc: field(body, 'cvc') };
  const cardDigits = normalizeCardNumber(typed.cardNumber);
  const values: PayFormValues = {
    // Only a number made of digits is tidied; anything else is shown back exactly as typed.
    cardNumber: /^\d*$/.test(cardDigits) ? formatCardNumber(cardDigits) : typed.cardNumber,
    expiry: typed.expiry,
    cvc: /^\d*$/.test(typed.cvc) ? formatCvc(typed.cvc) : typed.cvc,
  };
  const errors: PayFormErrors = {};
  if (cardDigits === '') errors.cardNumber = 'Enter the card number.';
  else if (!/^\d+$/.test(cardDigits)) errors.cardNumber = 'A card number has digits only.';
  else if (cardDigits.length < 12 || cardDigits.length > 19) errors.cardNumber = 'A card number has 12 to 19 digits. Check it.';
  else if (!isPlausibleCardNumber(cardDigits)) errors.cardNumber = 'This card number is not valid. Check it for a typo.';
  if (typed.expiry !== '') {
    const problem = checkExpiry(typed.expiry, now);
    if (problem) errors.expiry = problem;
  }
  if (typed.cvc !== '' && !/^\d{3,4}$/.test(typed.cvc)) errors.cvc = 'Enter the 3 or 4 digits on the back of the card.';
  return Object.keys(errors).length > 0 ? { ok: false, values, errors } : { ok: true, values, cardDigits };
}
