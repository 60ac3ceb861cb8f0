const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

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
  return `${(Math.round(rate * 1000) / 10).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
}

/** UPPER_SNAKE enum values as words: PARTIALLY_PAID -> "Partially paid". */
export function humanize(value: string): string {
  const words = value.replace(/[_.]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
