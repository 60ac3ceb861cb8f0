import { defineMessages } from 'react-intl';
import type { Translator } from './i18n/translator';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const messages = defineMessages({
  expired: { id: 'deadline.expired', defaultMessage: 'Expired', description: 'The countdown once the deadline has passed' },
  underAMinute: { id: 'deadline.underAMinute', defaultMessage: 'Expires in less than a minute', description: 'The countdown' },
  days: {
    id: 'deadline.days',
    defaultMessage: 'Expires in {days, plural, one {# day} other {# days}}',
    description: 'The countdown, whole days left',
  },
  daysHours: {
    id: 'deadline.daysHours',
    defaultMessage: 'Expires in {days, plural, one {# day} other {# days}} {hours, number} h',
    description: 'The countdown: days and hours left (h: hours, abbreviated)',
  },
  hours: {
    id: 'deadline.hours',
    defaultMessage: 'Expires in {hours, number} h',
    description: 'The countdown: whole hours left (h: hours)',
  },
  hoursMinutes: {
    id: 'deadline.hoursMinutes',
    defaultMessage: 'Expires in {hours, number} h {minutes, number} min',
    description: 'The countdown: hours and minutes left (h: hours, min: minutes)',
  },
  minutes: {
    id: 'deadline.minutes',
    defaultMessage: 'Expires in {minutes, number} min',
    description: 'The countdown: minutes left (min: minutes)',
  },
});

/** "Expires in 2 days 3 h", "Expires in 5 h 12 min", "Expires in 12 min"; minutes are rounded down. */
export function formatTimeLeft(t: Translator, expiresAt: Date | string, now: Date | number): string {
  const left = new Date(expiresAt).getTime() - (typeof now === 'number' ? now : now.getTime());
  if (!(left > 0)) return t(messages.expired);
  if (left < MINUTE) return t(messages.underAMinute);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? t(messages.daysHours, { days, hours }) : t(messages.days, { days });
  if (hours > 0) return minutes > 0 ? t(messages.hoursMinutes, { hours, minutes }) : t(messages.hours, { hours });
  return t(messages.minutes, { minutes });
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
