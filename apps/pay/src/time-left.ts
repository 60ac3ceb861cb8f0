const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Expires in 2 days 3 h", "Expires in 5 h 12 min", "Expires in 12 min"; minutes are rounded down. */
export function formatTimeLeft(expiresAt: Date | string, now: Date | number): string {
  const left = new Date(expiresAt).getTime() - (typeof now === 'number' ? now : now.getTime());
  if (!(left > 0)) return 'Expired';
  if (left < MINUTE) return 'Expires in less than a minute';
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `Expires in ${plural(days, 'day', 'days')}${hours > 0 ? ` ${hours} h` : ''}`;
  if (hours > 0) return `Expires in ${hours} h${minutes > 0 ? ` ${minutes} min` : ''}`;
  return `Expires in ${minutes} min`;
}

/** Where and how the reader reads dates: their browser's, unless a test names them. */
export interface ClockOptions {
  locale?: string;
  timeZone?: string;
}

/**
 * The deadline on the reader's own clock, with its zone named so nobody has to guess whose
 * evening it is: "Sat, 28 Nov, 7:30 pm NZDT" (en-NZ). The year only when it is not this year's.
 */
export function formatDeadline(expiresAt: Date | string, now: Date | number, { locale, timeZone }: ClockOptions = {}): string {
  const at = new Date(expiresAt);
  const yearOf = (date: Date | number) => new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone }).format(date);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(yearOf(at) === yearOf(now) ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(at);
}
