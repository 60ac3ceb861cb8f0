/// <reference lib="dom" />
/**
 * The checkout form's progressive enhancement: groups the card number in fours, adds the slash
 * of the expiry and keeps digits only, as the person types. The form works without it (the
 * server parses and validates everything); this only makes typing easier.
 *
 * The browser gets these functions' own source (see `checkoutFormScript`), served as a static
 * file so the page's Content-Security-Policy needs no inline script. The server uses the same
 * formatters to show a kept value back the way the script would have shown it. Every function
 * here must therefore stand alone: no imports, nothing from this module's scope but each other.
 */

/** Digits grouped the way they are printed on the card: 4-6-5 for American Express, else fours. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter((part) => part !== '').join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * MM/YY as typed: "1" stays (it may become 10, 11 or 12), "4" becomes "04/", "12" becomes "12/"
 * while typing forwards (deleting back from "12/3" keeps "12/", and from "12/" leaves "12"), "1/"
 * becomes "01/", and an autofilled "12/2030" becomes "12/30".
 */
export function formatExpiry(value: string, typingForwards: boolean): string {
  const fullYear = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(value);
  if (fullYear) return `${fullYear[1]!.padStart(2, '0')}/${fullYear[2]!.slice(2)}`;
  let digits = value.replace(/\D/g, '');
  if (/^\d\s*[/.\- ]/.test(value.trim()) || /^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && (typingForwards || value.includes('/'))) return `${digits}/`;
  return digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

/**
 * Where the caret belongs after reformatting: after the same number of digits as before, or at
 * the end when it was at the end (so a slash or space added after the last digit is passed).
 */
export function caretAfterFormat(before: string, caret: number, after: string): number {
  if (caret >= before.length) return after.length;
  const digitsBeforeCaret = before.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBeforeCaret === 0) return 0;
  let seen = 0;
  for (let index = 0; index < after.length; index += 1) {
    if (/\d/.test(after[index]!)) seen += 1;
    if (seen === digitsBeforeCaret) return index + 1;
  }
  return after.length;
}

export function enhanceCheckoutForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-checkout]');
  if (!form) return;

  function live(
    input: HTMLInputElement | null,
    format: (value: string, typingForwards: boolean) => string,
    separatorsBetweenDigits: boolean,
  ): void {
    if (!input) return;
    let previous = input.value;
    input.addEventListener('input', (event) => {
      const inputType = (event as InputEvent).inputType ?? '';
      const deleting = inputType.startsWith('delete');
      let value = input.value;
      let caret = input.selectionStart ?? value.length;
      // Backspace over a space between groups removes the digit before it (the space would come back).
      if (
        separatorsBetweenDigits &&
        deleting &&
        value.replace(/\D/g, '') === previous.replace(/\D/g, '') &&
        value.length < previous.length
      ) {
        if (inputType === 'deleteContentBackward') {
          const digitIndex = value.slice(0, caret).search(/\d(?=\D*$)/);
          if (digitIndex >= 0) {
            value = value.slice(0, digitIndex) + value.slice(digitIndex + 1);
            caret = digitIndex;
          }
        }
      }
      const formatted = format(value, !deleting);
      if (formatted !== input.value) {
        const position = caretAfterFormat(value, caret, formatted);
        input.value = formatted;
        if (document.activeElement === input) input.setSelectionRange(position, position);
      }
      previous = input.value;
    });
  }

  live(form.querySelector<HTMLInputElement>('#cardNumber'), formatCardNumber, true);
  live(form.querySelector<HTMLInputElement>('#expiry'), formatExpiry, false);
  live(form.querySelector<HTMLInputElement>('#cvc'), formatCvc, false);

  // One charge per click: the button says what is happening and cannot be pressed twice.
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = button?.textContent ?? '';
  form.addEventListener('submit', () => {
    if (!button) return;
    // Disabled after this event, so the browser still submits the form.
    setTimeout(() => {
      button.disabled = true;
      button.textContent = 'Paying…';
    });
  });
  // Back from the next page (the page comes from the back/forward cache): usable again.
  window.addEventListener('pageshow', () => {
    if (!button) return;
    button.disabled = false;
    button.textContent = label;
  });
}

/** The script as served to browsers: the functions above, run once the document is parsed. */
export const checkoutFormScript = `'use strict';
(() => {
${[formatCardNumber, formatExpiry, formatCvc, caretAfterFormat, enhanceCheckoutForm].map((fn) => fn.toString()).join('\n')}
enhanceCheckoutForm();
})();
`;
