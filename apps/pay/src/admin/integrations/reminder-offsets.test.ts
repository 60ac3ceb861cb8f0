import { describe, expect, it } from 'vitest';
import { describeOffsets, formatOffset, offsetsText, parseOffsets } from './reminder-offsets';

describe('reminder offsets in friendly form', () => {
  it('describes the default as “24 h and 2 h before the deadline”', () => {
    expect(describeOffsets([1440, 120])).toBe('24 h and 2 h before the deadline');
    expect(describeOffsets([30, 4320, 90])).toBe('3 days, 1 h 30 min and 30 min before the deadline');
    expect(describeOffsets([])).toBe('No reminders');
    expect(formatOffset(45)).toBe('45 min');
  });

  it('reads what it writes, and the usual spellings', () => {
    expect(parseOffsets(offsetsText([1440, 120]))).toEqual({ ok: true, minutes: [1440, 120] });
    expect(parseOffsets('2h and 24 hours')).toEqual({ ok: true, minutes: [1440, 120] });
    expect(parseOffsets('1h30m, 2 days; 5 min')).toEqual({ ok: true, minutes: [2880, 90, 5] });
    expect(parseOffsets('  ')).toEqual({ ok: true, minutes: [] });
  });

  it('refuses what the server refuses, saying why', () => {
    expect(parseOffsets('tomorrow')).toMatchObject({ ok: false, message: expect.stringMatching(/not a time/) as string });
    expect(parseOffsets('24')).toMatchObject({ ok: false });
    expect(parseOffsets('2 min')).toMatchObject({ ok: false, message: expect.stringMatching(/out of range/) as string });
    expect(parseOffsets('31 days')).toMatchObject({ ok: false, message: expect.stringMatching(/out of range/) as string });
    expect(parseOffsets('2 h, 120 min')).toMatchObject({ ok: false, message: expect.stringMatching(/twice/) as string });
    expect(parseOffsets(Array.from({ length: 11 }, (_, i) => `${i + 1} h`).join(', '))).toMatchObject({
      ok: false,
      message: '11 times: at most 10 reminders.',
    });
    expect(parseOffsets('0.5 min')).toMatchObject({ ok: false });
  });

  it('names every wrong entry at once, not only the first', () => {
    expect(parseOffsets('2 min, 24 h, soon, 31 days, 24 hours, 2 h')).toEqual({
      ok: false,
      message:
        '2 min is out of range: each reminder is 5 min to 30 days before the deadline. ' +
        '“soon” is not a time: write it like 24 h, 90 min or 1 h 30 min. ' +
        '31 days is out of range: each reminder is 5 min to 30 days before the deadline. ' +
        '24 h is there twice: give each time once.',
    });
  });
});
