import { MAX_REMINDER_OFFSET_MINUTES, MAX_REMINDER_OFFSETS, MIN_REMINDER_OFFSET_MINUTES } from '@paysplit/domain';

const UNIT_MINUTES: Readonly<Record<string, number>> = {
  d: 1440,
  day: 1440,
  days: 1440,
  h: 60,
  hr: 60,
  hrs: 60,
  hour: 60,
  hours: 60,
  m: 1,
  min: 1,
  mins: 1,
  minute: 1,
  minutes: 1,
};

/** 1440 -> "24 h", 90 -> "1 h 30 min", 45 -> "45 min", 4320 -> "3 days". */
export function formatOffset(minutes: number): string {
  if (minutes >= 2880 && minutes % 1440 === 0) return `${minutes / 1440} days`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** [1440, 120] -> "24 h and 2 h before the deadline"; [] -> "No reminders". Earliest first. */
export function describeOffsets(offsets: readonly number[]): string {
  if (offsets.length === 0) return 'No reminders';
  const parts = [...offsets].sort((a, b) => b - a).map(formatOffset);
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
  return `${list} before the deadline`;
}

/** What the form shows for editing: "24 h, 2 h". */
export function offsetsText(offsets: readonly number[]): string {
  return [...offsets]
    .sort((a, b) => b - a)
    .map(formatOffset)
    .join(', ');
}

export type OffsetsParse = { ok: true; minutes: number[] } | { ok: false; message: string };

/**
 * Reads "24 h, 2 h", "1h30m, 45 min", "2 days" (commas or "and" between entries; blank = none)
 * and checks it as the server does (packages/domain's rule), so the admin sees the problems before
 * saving: every entry that is wrong, at once, each in a sentence of its own.
 */
export function parseOffsets(text: string): OffsetsParse {
  const entries = text
    .split(/,|\band\b|;/i)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const minutes: number[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const value = parseEntry(entry);
    if (value === null) {
      problems.push(`“${entry.slice(0, 40)}” is not a time: write it like 24 h, 90 min or 1 h 30 min.`);
    } else if (value < MIN_REMINDER_OFFSET_MINUTES || value > MAX_REMINDER_OFFSET_MINUTES) {
      problems.push(`${formatOffset(value)} is out of range: each reminder is 5 min to 30 days before the deadline.`);
    } else if (minutes.includes(value)) {
      problems.push(`${formatOffset(value)} is there twice: give each time once.`);
    } else {
      minutes.push(value);
    }
  }
  if (entries.length > MAX_REMINDER_OFFSETS) problems.push(`${entries.length} times: at most ${MAX_REMINDER_OFFSETS} reminders.`);
  if (problems.length > 0) return { ok: false, message: problems.join(' ') };
  return { ok: true, minutes: minutes.sort((a, b) => b - a) };
}

function parseEntry(entry: string): number | null {
  const pattern = /(\d+(?:\.\d+)?)\s*([a-z]+)/gi;
  let total = 0;
  let consumed = '';
  for (const match of entry.matchAll(pattern)) {
    const unit = UNIT_MINUTES[match[2]!.toLowerCase()];
    if (unit === undefined) return null;
    total += Number(match[1]) * unit;
    consumed += match[0];
  }
  if (consumed === '' || consumed.replace(/\s+/g, '') !== entry.replace(/\s+/g, '')) return null;
  // Whole minutes only, as the server stores them.
  return Number.isInteger(total) ? total : null;
}
