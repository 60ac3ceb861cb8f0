import { formatMoney } from '../../money';

/**
 * The administration area is written in English; its dates, times, numbers and money are in the
 * operator's own format: their browser's first language (en-NZ "14/03/2030", de "14.03.2030").
 */
export const OPERATOR_LOCALE: string | undefined =
  typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);

const dateTime = new Intl.DateTimeFormat(OPERATOR_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(OPERATOR_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

/** Minor units in the operator's format (the pay pages' one money format, in their locale). */
export function formatOperatorMoney(minor: bigint | string, currencyCode: string): string {
  return formatMoney(minor, currencyCode, OPERATOR_LOCALE);
}

/** "12 Mar 2030, 14:05" in the viewer's locale and time zone; "—" when absent. */
export function formatDateTime(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withSeconds ? dateTimeSeconds : dateTime).format(date);
}

/** "42 s", "3 min 20 s", "5 h 4 min", "2 days 3 h": for medians and durations, rounded down. */
export function formatSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** 0.9731 -> "97.3%". */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toLocaleString(OPERATOR_LOCALE, { maximumFractionDigits: 1 })}%`;
}

/** UPPER_SNAKE enum values as words: PARTIALLY_PAID -> "Partially paid". */
export function humanize(value: string): string {
  const words = value.replace(/[_.]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
