/**
 * Dates as `<input type="date">` holds them ("2030-03-12"), read as whole days in the viewer's
 * own time zone. Ranges are half-open, as the server reads them ([from, to)): "from the 12th to
 * the 14th" is local midnight of the 12th up to (not including) local midnight of the 15th.
 */
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

function localMidnight(day: string, plusDays = 0): Date | null {
  const match = DAY_TEXT.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Rejects 2030-02-31 and friends, which Date would roll over into March.
  const check = new Date(year, month - 1, date);
  if (check.getFullYear() !== year || check.getMonth() !== month - 1 || check.getDate() !== date) return null;
  return new Date(year, month - 1, date + plusDays);
}

/** The first instant of the day, as ISO text; null when the text is not a date. */
export function startOfLocalDay(day: string): string | null {
  return localMidnight(day)?.toISOString() ?? null;
}

/** The exclusive end of a range ending on this day (the next local midnight); null when the text is not a date. */
export function endOfLocalDay(day: string): string | null {
  return localMidnight(day, 1)?.toISOString() ?? null;
}

/** "2030-03-12" for a moment, in local time (what a date input shows). */
export function localDayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today and `days - 1` days before it, as date-input text: "the last 7 days" including today. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: localDayOf(from), to: localDayOf(now) };
}
