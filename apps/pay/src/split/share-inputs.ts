import { AppError, type Currency, formatMinorAsMajor, parseMajorAmount, TOTAL_BASIS_POINTS } from '@paysplit/domain';

// What people type for a share (an amount, a percentage, a number of shares), read exactly.

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const GROUPED_AMOUNT = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

/** Major-units text to minor units with the domain's exact parser; "1,250.50" and "050" are forgiven. */
export function parseAmountInput(text: string, currency: Currency): Parsed<bigint> {
  let value = text.trim();
  if (GROUPED_AMOUNT.test(value)) value = value.replace(/,/g, '');
  if (!PLAIN_AMOUNT.test(value)) {
    return { ok: false, message: `Enter an amount such as ${currency.exponent === 0 ? '150' : formatMinorAsMajor(15_000n, currency)}` };
  }
  value = value.replace(/^0+(?=\d)/, '');
  try {
    return { ok: true, value: parseMajorAmount(value, currency, 'The amount') };
  } catch (error) {
    return { ok: false, message: error instanceof AppError ? error.message : 'Enter a valid amount' };
  }
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "33.33" (or "33.33 %") to 3333 basis points by reading the digits, never through a float. */
export function parsePercentInput(text: string): Parsed<number> {
  const value = text.trim().replace(/\s*%$/, '');
  const match = PERCENT.exec(value);
  if (!match) {
    return {
      ok: false,
      message: /^\d+\.\d{3,}$/.test(value) ? 'Use at most 2 decimal places' : 'Enter a percentage such as 25 or 33.33',
    };
  }
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bp > TOTAL_BASIS_POINTS) return { ok: false, message: 'Enter a percentage of at most 100' };
  return { ok: true, value: bp };
}

const SHARES = /^\d{1,6}$/;

export function parseSharesInput(text: string): Parsed<number> {
  const value = text.trim();
  if (!SHARES.test(value)) return { ok: false, message: 'Enter a whole number of shares such as 1 or 2' };
  return { ok: true, value: Number(value) };
}

/** 3333 basis points as people write them: "33.33"; 5000 as "50". */
export function formatBasisPoints(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = bp % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
