/** The Luhn (mod 10) check every card number carries; catches typos before a "charge". */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  // Double every second digit counting from the right (the check digit itself is not doubled).
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card numbers are 12 to 19 digits; people type them with spaces or dashes between groups. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isPlausibleCardNumber(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && isLuhnValid(digits);
}
