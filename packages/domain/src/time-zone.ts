import { type ErrorDetail } from './errors.js';

/**
 * The time zone an integration's emails give times in (an IANA name such as "Pacific/Auckland").
 * Payers read a deadline in the merchant's local time, with the zone named, not in UTC.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

const MAX_TIME_ZONE_LENGTH = 64;
// IANA names only ("Area/Location", "UTC", "EST5EDT"): no offsets such as "+05:00", which newer
// engines accept as a zone but which do not follow daylight saving.
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_-]*(?:\/[A-Za-z0-9_+-]+)*$/;

let known: Map<string, string> | undefined;

/** The engine's IANA zones by lower-case name (Intl.supportedValuesOf), "UTC" included. */
function knownZones(): Map<string, string> {
  if (!known) {
    known = new Map([DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone')].map((zone) => [zone.toLowerCase(), zone]));
  }
  return known;
}

/**
 * The zone in its usual spelling ("pacific/auckland" -> "Pacific/Auckland"), or undefined when it
 * is not an IANA time zone. A listed zone is taken as listed; a name the engine knows but does not
 * list (an alias such as "Asia/Kolkata" on older ICU data) is accepted as the merchant wrote it.
 */
export function normalizeTimeZone(value: string): string | undefined {
  const name = value.trim();
  if (name.length === 0 || name.length > MAX_TIME_ZONE_LENGTH || !IANA_SHAPE.test(name)) return undefined;
  const listed = knownZones().get(name.toLowerCase());
  if (listed) return listed;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/** Problems with a time zone setting (empty when valid). */
export function validateTimeZone(value: string, path = 'timeZone'): ErrorDetail[] {
  return normalizeTimeZone(value) === undefined ? [{ path, message: 'must be an IANA time zone such as Pacific/Auckland or UTC' }] : [];
}

/** Every zone the engine lists, for pickers ("UTC" first). */
export function listTimeZones(): string[] {
  return [...new Set(knownZones().values())];
}

/**
 * "Tue 1 Dec 2026, 11:55 New Zealand Daylight Time": a moment as a person in `timeZone` reads it,
 * the zone always named (UTC as "UTC"). An unknown zone falls back to UTC rather than failing.
 * In another language (`locale`, a BCP 47 tag) the reader's own order, words and digits are used
 * ("Dienstag, 1. Dezember 2026 um 11:55 Neuseeland-Sommerzeit"); English keeps the form above.
 */
export function formatMomentIn(moment: Date, timeZone: string, locale?: string): string {
  const zone = normalizeTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  if (locale !== undefined && !/^en(?:-|$)/i.test(locale)) {
    try {
      return new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
        timeZoneName: 'long',
      }).format(moment);
    } catch {
      // A tag this engine cannot format in: the English form below.
    }
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
    timeZoneName: 'long',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((entry) => entry.type === type)?.value ?? '';
  const zoneName = zone === DEFAULT_TIME_ZONE ? 'UTC' : part('timeZoneName');
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${zoneName}`;
}
