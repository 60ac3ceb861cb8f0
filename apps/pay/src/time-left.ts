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
