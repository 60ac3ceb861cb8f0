import { type ErrorDetail } from './errors.js';

/**
 * When payers are reminded (issue 19): the one place that says so. Pure: given the deadline, the
 * reminder offsets (minutes before the deadline), the offsets already sent and now, it says which
 * reminder is due. The sweep job asks it for every unpaid payer with an email.
 *
 * Late catch-up: when several offsets are overdue at once (the sweep was down, or a session was
 * configured 3 h before its deadline with offsets of 24 h and 2 h), only the latest one is sent;
 * an offset is spent once a reminder closer to the deadline went out. A payer never gets a burst.
 */

export const DEFAULT_REMINDER_OFFSETS_MINUTES: readonly number[] = Object.freeze([1440, 120]);
export const MAX_REMINDER_OFFSETS = 10;
export const MIN_REMINDER_OFFSET_MINUTES = 5;
export const MAX_REMINDER_OFFSET_MINUTES = 30 * 24 * 60;
/** A host's manual "Remind" of one person: at most once in this many minutes. */
export const MANUAL_REMIND_INTERVAL_MINUTES = 60;

const MINUTE_MS = 60_000;

/**
 * Problems with an integration's reminder offsets (empty when valid): 0-10 distinct whole minutes,
 * 5 min to 30 days. Every bad value is named at once, each in a detail at its own index (a repeat
 * at the later one, pointing at the first), so a form can show them all after one round trip.
 */
export function validateReminderOffsets(offsets: readonly number[], path = 'reminderOffsetsMinutes'): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (offsets.length > MAX_REMINDER_OFFSETS) {
    problems.push({ path, message: `${offsets.length} reminders: at most ${MAX_REMINDER_OFFSETS}` });
  }
  const firstIndexOf = new Map<number, number>();
  offsets.forEach((offset, index) => {
    const at = `${path}[${index}]`;
    if (!Number.isInteger(offset) || offset < MIN_REMINDER_OFFSET_MINUTES || offset > MAX_REMINDER_OFFSET_MINUTES) {
      problems.push({
        path: at,
        message: `${offset} is not whole minutes from ${MIN_REMINDER_OFFSET_MINUTES} to ${MAX_REMINDER_OFFSET_MINUTES} (30 days)`,
      });
      return;
    }
    const first = firstIndexOf.get(offset);
    if (first === undefined) firstIndexOf.set(offset, index);
    else problems.push({ path: at, message: `${offset} repeats the offset at index ${first}: give each offset once` });
  });
  return problems;
}

/** Valid offsets, largest (earliest reminder) first, as they are stored. */
export function normalizeReminderOffsets(offsets: readonly number[]): number[] {
  return [...offsets].sort((a, b) => b - a);
}

export interface ReminderSituation {
  deadline: Date;
  offsetsMinutes: readonly number[];
  /** Offsets already sent (or skipped) for this payer. */
  sent: readonly number[];
  now: Date;
  /** The session ended (completed, expired, cancelled), the payer paid, or unsubscribed. */
  ended: boolean;
}

/**
 * The offset whose reminder is due now, or null. Due: its time (deadline - offset) has come, the
 * deadline has not, it was not sent, and no reminder closer to the deadline was sent. Of several
 * due, the one closest to the deadline (the smallest offset) wins.
 */
export function dueReminder(situation: ReminderSituation): number | null {
  const { deadline, offsetsMinutes, sent, now, ended } = situation;
  if (ended || now.getTime() >= deadline.getTime()) return null;
  const closestSent = sent.length > 0 ? Math.min(...sent) : Number.POSITIVE_INFINITY;
  let due: number | null = null;
  for (const offset of offsetsMinutes) {
    if (offset >= closestSent || sent.includes(offset)) continue;
    if (deadline.getTime() - offset * MINUTE_MS > now.getTime()) continue;
    if (due === null || offset < due) due = offset;
  }
  return due;
}

/** When the next reminder falls due (to sleep until), or null when none will. */
export function nextReminderAt(situation: Omit<ReminderSituation, 'now'>): Date | null {
  if (situation.ended) return null;
  const closestSent = situation.sent.length > 0 ? Math.min(...situation.sent) : Number.POSITIVE_INFINITY;
  const pending = situation.offsetsMinutes.filter((offset) => offset < closestSent);
  if (pending.length === 0) return null;
  return new Date(situation.deadline.getTime() - Math.max(...pending) * MINUTE_MS);
}

/** The reason key of a scheduled reminder (unique per participant, so it is sent at most once). */
export function reminderReason(offsetMinutes: number): string {
  return `reminder:${offsetMinutes}`;
}

/** The offset of a scheduled reminder's reason, or undefined for any other reason. */
export function reminderOffsetOf(reason: string): number | undefined {
  const match = /^reminder:(\d+)$/.exec(reason);
  return match ? Number(match[1]) : undefined;
}

/** When the host may remind this person again, given their last manual reminder (null: now). */
export function nextManualRemindAt(lastRemindedAt: Date | null, now: Date): Date {
  if (!lastRemindedAt) return now;
  const next = new Date(lastRemindedAt.getTime() + MANUAL_REMIND_INTERVAL_MINUTES * MINUTE_MS);
  return next.getTime() > now.getTime() ? next : now;
}
