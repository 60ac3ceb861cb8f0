import { type Currency, parseMajorAmount, TOTAL_BASIS_POINTS } from '@paysplit/domain';

// What people type for a share (an amount, a percentage, a number of shares), read exactly, the
// way the reader's language writes numbers ("1.250,50" in German, "1,250.50" in English).

/** Why a typed value does not read; split-messages.ts words each one. */
export type InputProblem =
  | 'amount-format'
  | 'amount-zero'
  | 'amount-decimals'
  | 'amount-too-large'
  | 'percent-format'
  | 'percent-decimals'
  | 'percent-over'
  | 'shares-format';

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: InputProblem };

const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

interface Separators {
  decimal: string;
  group: string;
}

const separatorsByLocale = new Map<string, Separators>();

/** The locale's decimal and grouping marks ("," and "." in de; "." and "," in en). */
function separatorsOf(locale: string): Separators {
  let separators = separatorsByLocale.get(locale);
  if (!separators) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    separators = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    separatorsByLocale.set(locale, separators);
  }
  return separators;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Typed text as a plain decimal ("1250.5"), or the text unchanged when it does not read: digits in
 * any script the reader types (Arabic-Indic ones too), the locale's grouping marks where they
 * group thousands, and its decimal mark. A "." where the locale's decimal mark is "," still reads
 * as a decimal point when it does not group thousands ("150.50" in German), as people often type it.
 */
export function normalizeNumberInput(text: string, locale: string): string {
  const { decimal, group } = separatorsOf(locale);
  let value = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
  // Arabic decimal and grouping marks were read as "." and "," above.
  const dec = decimal === '\u066b' ? '.' : decimal;
  const grp = group === '\u066c' ? ',' : group;
  if (/^[\s\u00a0\u202f]$/.test(grp)) {
    // Spaces (plain, no-break, narrow no-break) group thousands in French and others: never a decimal mark.
    value = value.replace(/(\d)[\s\u00a0\u202f](?=\d{3}(?:\D|$))/g, '$1');
  } else if (new RegExp(`^\\d{1,3}(?:${escape(grp)}\\d{3})+(?:${escape(dec)}\\d+)?$`).test(value)) {
    value = value.split(grp).join('');
  }
  if (dec !== '.' && !value.includes('.')) value = value.replace(dec, '.');
  return value;
}

/** Major-units text to minor units with the domain's exact parser; "1,250.50" and "050" are forgiven. */
export function parseAmountInput(text: string, currency: Currency, locale = 'en'): Parsed<bigint> {
  let value = normalizeNumberInput(text, locale);
  if (!PLAIN_NUMBER.test(value)) return { ok: false, problem: 'amount-format' };
  value = value.replace(/^0+(?=\d)/, '');
  const [whole = '', fraction = ''] = value.split('.');
  if (/^0*$/.test(whole + fraction)) return { ok: false, problem: 'amount-zero' };
  if (fraction.replace(/0+$/, '').length > currency.exponent) return { ok: false, problem: 'amount-decimals' };
  try {
    return { ok: true, value: parseMajorAmount(value, currency, 'The amount') };
  } catch {
    // Zero and extra decimals are said above: what is left is an amount above the maximum.
    return { ok: false, problem: 'amount-too-large' };
  }
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "33.33" (or "33.33 %", or "33,33" in German) to 3333 basis points by reading the digits, never through a float. */
export function parsePercentInput(text: string, locale = 'en'): Parsed<number> {
  const value = normalizeNumberInput(text.trim().replace(/\s*[%٪]$/, ''), locale);
  const match = PERCENT.exec(value);
  if (!match) return { ok: false, problem: /^\d+\.\d{3,}$/.test(value) ? 'percent-decimals' : 'percent-format' };
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bp > TOTAL_BASIS_POINTS) return { ok: false, problem: 'percent-over' };
  return { ok: true, value: bp };
}

const SHARES = /^\d{1,6}$/;

export function parseSharesInput(text: string, locale = 'en'): Parsed<number> {
  const value = normalizeNumberInput(text, locale);
  if (!SHARES.test(value)) return { ok: false, problem: 'shares-format' };
  return { ok: true, value: Number(value) };
}

/** A plain decimal ("33.3") written with the locale's decimal mark ("33,3" in German), for an input. */
export function localizeDecimal(plain: string, locale: string): string {
  const { decimal } = separatorsOf(locale);
  return decimal === '.' ? plain : plain.replace('.', decimal);
}

/** 3333 basis points as people write them: "33.33"; 5000 as "50" ("33,33" in German). */
export function formatBasisPoints(bp: number, locale = 'en'): string {
  const whole = Math.floor(bp / 100);
  const fraction = bp % 100;
  return localizeDecimal(fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`, locale);
}

/** Minor units as an amount input holds them: "150.00", "150,00" in German, "150" in yen. */
export function formatAmountInput(minor: bigint, currency: Currency, locale = 'en'): string {
  const digits = minor.toString().padStart(currency.exponent + 1, '0');
  const plain = currency.exponent === 0 ? digits : `${digits.slice(0, -currency.exponent)}.${digits.slice(-currency.exponent)}`;
  return localizeDecimal(plain, locale);
}
