import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueReminder,
  MANUAL_REMIND_INTERVAL_MINUTES,
  nextManualRemindAt,
  nextReminderAt,
  reminderOffsetOf,
  reminderReason,
  validateReminderOffsets,
} from './reminders.js';

const MINUTE = 60_000;
const deadline = new Date('2026-11-30T12:00:00Z');
const offsets = fc.uniqueArray(fc.integer({ min: 5, max: 43_200 }), { maxLength: 10 });
const minutesBefore = (minutes: number): Date => new Date(deadline.getTime() - minutes * MINUTE);

/** Runs the sweep every `stepMinutes` from `startMinutesBefore` to past the deadline, recording what it sends. */
function simulate(offsetsMinutes: readonly number[], startMinutesBefore: number, stepMinutes: number, stopAt?: number): number[] {
  const sent: number[] = [];
  for (let before = startMinutesBefore; before >= -10; before -= stepMinutes) {
    const ended = stopAt !== undefined && before <= stopAt;
    const due = dueReminder({ deadline, offsetsMinutes, sent, now: minutesBefore(before), ended });
    if (due !== null) sent.push(due);
  }
  return sent;
}

describe('dueReminder', () => {
  it('sends the default 24 h and 2 h reminders once each when swept every minute', () => {
    expect(simulate([1440, 120], 3000, 1)).toEqual([1440, 120]);
  });

  it('sends only the latest overdue reminder after a late start, never a burst', () => {
    // Configured 3 h before the deadline: the 24 h reminder is overdue, the 2 h one not yet.
    expect(dueReminder({ deadline, offsetsMinutes: [1440, 120], sent: [], now: minutesBefore(180), ended: false })).toBe(1440);
    // Swept down for a day: at 1 h before, both are overdue and only the 2 h one goes.
    expect(dueReminder({ deadline, offsetsMinutes: [1440, 120], sent: [], now: minutesBefore(60), ended: false })).toBe(120);
    expect(dueReminder({ deadline, offsetsMinutes: [1440, 120], sent: [120], now: minutesBefore(59), ended: false })).toBeNull();
  });

  it('never sends one offset twice, nor after the deadline or the end, nor before its time', () => {
    fc.assert(
      fc.property(offsets, fc.integer({ min: 1, max: 600 }), fc.option(fc.integer({ min: 0, max: 43_200 })), (set, step, stopAt) => {
        const sent: { offset: number; at: number }[] = [];
        const done: number[] = [];
        for (let before = 44_000; before >= -10; before -= step) {
          const ended = stopAt !== null && before <= stopAt;
          const due = dueReminder({ deadline, offsetsMinutes: set, sent: done, now: minutesBefore(before), ended });
          if (due !== null) {
            done.push(due);
            sent.push({ offset: due, at: before });
          }
        }
        expect(new Set(done).size).toBe(done.length);
        for (const { offset, at } of sent) {
          expect(set).toContain(offset);
          expect(at).toBeLessThanOrEqual(offset); // not before it is due
          expect(at).toBeGreaterThan(0); // before the deadline
          if (stopAt !== null) expect(at).toBeGreaterThan(stopAt); // not once ended
        }
        // Each later reminder is closer to the deadline than the one before: no out-of-order catch-up.
        for (let i = 1; i < done.length; i += 1) expect(done[i]!).toBeLessThan(done[i - 1]!);
      }),
    );
  });

  it('with a sweep at least as frequent as the gaps, sends every offset', () => {
    fc.assert(
      fc.property(offsets, (set) => {
        expect(simulate(set, 44_000, 1).sort((a, b) => a - b)).toEqual([...set].sort((a, b) => a - b));
      }),
      { numRuns: 30 },
    );
  });

  it('is deterministic: the same situation gives the same answer, whatever the order of the offsets', () => {
    fc.assert(
      fc.property(offsets, fc.integer({ min: -100, max: 44_000 }), (set, before) => {
        const situation = { deadline, offsetsMinutes: set, sent: [], now: minutesBefore(before), ended: false };
        expect(dueReminder(situation)).toBe(dueReminder({ ...situation, offsetsMinutes: [...set].reverse() }));
        expect(dueReminder(situation)).toBe(dueReminder(situation));
      }),
    );
  });

  it('nextReminderAt is the time the next reminder becomes due', () => {
    fc.assert(
      fc.property(offsets, fc.subarray([0, 1, 2]), (set, sentIndexes) => {
        const sent = sentIndexes.map((i) => set[i]).filter((offset): offset is number => offset !== undefined);
        const next = nextReminderAt({ deadline, offsetsMinutes: set, sent, ended: false });
        if (next === null) return;
        expect(dueReminder({ deadline, offsetsMinutes: set, sent, now: new Date(next.getTime() - 1), ended: false })).toBeNull();
        expect(dueReminder({ deadline, offsetsMinutes: set, sent, now: next, ended: false })).not.toBeNull();
      }),
    );
  });
});

describe('validateReminderOffsets', () => {
  it('accepts 0 to 10 distinct offsets from 5 minutes to 30 days', () => {
    expect(validateReminderOffsets([])).toEqual([]);
    expect(validateReminderOffsets([1440, 120])).toEqual([]);
    expect(validateReminderOffsets([5, 43_200])).toEqual([]);
  });

  it('refuses repeats, out-of-range, fractional and too many offsets, each bad value in a detail of its own', () => {
    expect(validateReminderOffsets([120, 120])).toEqual([
      { path: 'reminderOffsetsMinutes[1]', message: '120 repeats the offset at index 0: give each offset once' },
    ]);
    expect(validateReminderOffsets([4, 60, 43_201, 60, 1.5, 4])).toEqual([
      { path: 'reminderOffsetsMinutes[0]', message: '4 is not whole minutes from 5 to 43200 (30 days)' },
      { path: 'reminderOffsetsMinutes[2]', message: '43201 is not whole minutes from 5 to 43200 (30 days)' },
      { path: 'reminderOffsetsMinutes[3]', message: '60 repeats the offset at index 1: give each offset once' },
      { path: 'reminderOffsetsMinutes[4]', message: '1.5 is not whole minutes from 5 to 43200 (30 days)' },
      { path: 'reminderOffsetsMinutes[5]', message: '4 is not whole minutes from 5 to 43200 (30 days)' },
    ]);
    expect(validateReminderOffsets(Array.from({ length: 11 }, (_, i) => 10 + i))).toEqual([
      { path: 'reminderOffsetsMinutes', message: '11 reminders: at most 10' },
    ]);
  });

  it('names every bad value: one detail for each value out of range or repeated, none for the good ones', () => {
    const value = fc.oneof(fc.integer({ min: -10, max: 50_000 }), fc.constantFrom(5, 60, 43_200));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 10 }), (list) => {
        const details = validateReminderOffsets(list);
        const bad = list.flatMap((offset, index) =>
          offset < 5 || offset > 43_200 || list.indexOf(offset) < index ? [`reminderOffsetsMinutes[${index}]`] : [],
        );
        expect(details.map((detail) => detail.path)).toEqual(bad);
      }),
    );
  });
});

describe('reasons and the manual limit', () => {
  it('reads back the offset of a reminder reason', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 43_200 }), (offset) => {
        expect(reminderOffsetOf(reminderReason(offset))).toBe(offset);
      }),
    );
    expect(reminderOffsetOf('remind:2026112412')).toBeUndefined();
  });

  it('allows a manual reminder once an hour per person', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(nextManualRemindAt(null, now)).toEqual(now);
    expect(nextManualRemindAt(new Date(now.getTime() - 10 * MINUTE), now)).toEqual(
      new Date(now.getTime() + (MANUAL_REMIND_INTERVAL_MINUTES - 10) * MINUTE),
    );
    expect(nextManualRemindAt(new Date(now.getTime() - 61 * MINUTE), now)).toEqual(now);
  });
});
