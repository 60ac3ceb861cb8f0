import { z } from 'zod';

/** Settings written as durations (`250ms`, `5s`, `30m`, `2h`), parsed to milliseconds once at start. */

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `250ms`, `5s`, `30m`, `2h` -> milliseconds; undefined when not a duration. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text);
  return match ? Number(match[1]) * DURATION_UNITS[match[2]!]! : undefined;
}

/** One duration from `min` to `max` (both durations themselves), `defaultValue` when unset. */
export function durationBetween(defaultValue: string, bounds: { min: string; max: string }) {
  const [min, max] = [parseDuration(bounds.min)!, parseDuration(bounds.max)!];
  return z
    .string()
    .default(defaultValue)
    .transform((value, ctx) => {
      const ms = parseDuration(value.trim());
      if (ms !== undefined && ms >= min && ms <= max) return ms;
      ctx.addIssue({ code: 'custom', message: `must be a duration from ${bounds.min} to ${bounds.max}, like ${defaultValue}` });
      return z.NEVER;
    });
}

/** A job kind's retry schedule: the delays before retry 1, 2, … as durations (`5s,5m,2h`). */
export function retrySchedule(defaultValue: string) {
  return z.string().default(defaultValue).transform(parseRetrySchedule);
}

/** A retry schedule that, unset, stays undefined: the kind follows another kind's schedule. */
export function retryScheduleOrNone() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => (value === undefined ? undefined : parseRetrySchedule(value, ctx)));
}

/** The one parser of retry schedules. */
function parseRetrySchedule(value: string, ctx: z.RefinementCtx): readonly number[] {
  const delays = value.split(',').map((part) => parseDuration(part.trim()));
  if (delays.some((delay) => delay === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of durations like 5s,5m,2h (ms, s, m, h)' });
    return z.NEVER;
  }
  return Object.freeze(delays as number[]);
}
