import { AppError, describeDetails, ErrorCode, type ErrorDetail } from './errors.js';

/**
 * What a merchant can export for reconciliation: one kind of row each. `releases` are the calls
 * PaySplit made to close a checkout or release a hold (the partner cancel calls), `captures` the
 * calls that charged a hold.
 */
export const EXPORT_KINDS = ['sessions', 'payments', 'captures', 'releases', 'refunds'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The longest range one export covers: a year, leap day included. */
export const MAX_EXPORT_RANGE_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;
// An instant with its offset (RFC 3339: `Z` or ±hh:mm), or a calendar date, read as 00:00 UTC.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && (EXPORT_KINDS as readonly string[]).includes(value);
}

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/**
 * An export bound as sent: `2026-11-01T00:00:00Z`, `2026-11-01T13:00:00+13:00` or `2026-11-01`
 * (that day's 00:00 UTC). Undefined for anything else, including dates that do not exist
 * (2026-02-30) and instants without an offset (whose zone would be a guess).
 */
export function parseExportInstant(text: string): Date | undefined {
  const instant = INSTANT.exec(text);
  const date = instant ?? DATE.exec(text);
  if (!date) return undefined;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const midnight = Date.UTC(year, month - 1, day);
  const calendar = new Date(midnight);
  // Date.UTC rolls 2026-02-30 over into March; such a date is refused, not moved.
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  if (!instant) return calendar;
  const [hours, minutes, seconds] = [Number(instant[4]), Number(instant[5]), Number(instant[6])];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const offset = instant[8]!.toUpperCase();
  const offsetMinutes =
    offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  if (Math.abs(offsetMinutes) > 18 * 60) return undefined;
  // Milliseconds are what the timestamps carry; finer digits are cut, never rounded up past them.
  const milliseconds = Number((instant[7] ?? '.0').slice(1, 4).padEnd(3, '0'));
  return new Date(midnight + ((hours * 60 + minutes - offsetMinutes) * 60 + seconds) * 1000 + milliseconds);
}

export interface ExportRange {
  /** Included. */
  readonly from: Date;
  /** Excluded: [from, to). */
  readonly to: Date;
}

/**
 * The half-open range [from, to) of an export, both bounds required: `from` before `to`, at most
 * MAX_EXPORT_RANGE_DAYS apart. Every problem is named at once, by parameter (VALIDATION_ERROR).
 */
export function checkExportRange(from: unknown, to: unknown): ExportRange {
  const problems: ErrorDetail[] = [];
  const read = (value: unknown, path: 'from' | 'to'): Date | undefined => {
    if (value === undefined || value === '') {
      problems.push({ path, message: `${path} is required: an instant such as 2026-11-01T00:00:00Z, or a date (00:00 UTC)` });
      return undefined;
    }
    const parsed = typeof value === 'string' ? parseExportInstant(value) : undefined;
    if (!parsed) {
      problems.push({
        path,
        message: `${path} must be an instant with its offset (2026-11-01T00:00:00Z, 2026-11-01T13:00:00+13:00) or a date (2026-11-01, 00:00 UTC)`,
      });
    }
    return parsed;
  };
  const start = read(from, 'from');
  const end = read(to, 'to');
  if (start && end && end <= start) problems.push({ path: 'to', message: 'to must be after from: the range is [from, to)' });
  if (start && end && end.getTime() - start.getTime() > MAX_EXPORT_RANGE_DAYS * DAY_MS) {
    problems.push({ path: 'to', message: `The range may cover at most ${MAX_EXPORT_RANGE_DAYS} days; export a longer period in parts` });
  }
  if (problems.length > 0 || !start || !end) throw new AppError(ErrorCode.ValidationError, describeDetails(problems), problems);
  return { from: start, to: end };
}
