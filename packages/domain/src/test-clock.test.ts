import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  assertClockCanMove,
  assertTestMode,
  earliestMoment,
  MAX_TEST_CLOCK_ADVANCE_SECONDS,
  sessionNow,
  testClockTarget,
} from './test-clock.js';

const clock = new Date('2026-12-01T09:00:00.000Z');

function refusal(run: () => unknown): { code: string; paths?: string[] } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, paths: error.details?.map((detail) => detail.path) };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sessionNow', () => {
  it('is real time until the session has a test clock, then the clock', () => {
    const real = new Date('2026-12-05T00:00:00Z');
    expect(sessionNow({ testClockAt: null }, real)).toBe(real);
    expect(sessionNow({}, real)).toBe(real);
    expect(sessionNow({ testClockAt: clock }, real)).toBe(clock);
  });
});

describe('testClockTarget', () => {
  it('moves forward by whole seconds, or to a time at or after the clock', () => {
    expect(testClockTarget(clock, { seconds: 90_000 }).toISOString()).toBe('2026-12-02T10:00:00.000Z');
    expect(testClockTarget(clock, { to: '2026-12-03T09:00:00+02:00' }).toISOString()).toBe('2026-12-03T07:00:00.000Z');
    // The same target again runs nothing: a repeated request is harmless.
    expect(testClockTarget(clock, { to: clock.toISOString() })).toEqual(clock);
  });

  it('refuses both or neither, backwards, fractions, zero and more than 60 days, naming the field', () => {
    expect(refusal(() => testClockTarget(clock, {}))).toEqual({ code: 'VALIDATION_ERROR', paths: ['(body)'] });
    expect(refusal(() => testClockTarget(clock, { seconds: 1, to: clock.toISOString() }))).toEqual({
      code: 'VALIDATION_ERROR',
      paths: ['(body)'],
    });
    for (const seconds of [0, -1, 1.5, MAX_TEST_CLOCK_ADVANCE_SECONDS + 1, Number.NaN]) {
      expect(
        refusal(() => testClockTarget(clock, { seconds })),
        String(seconds),
      ).toEqual({ code: 'VALIDATION_ERROR', paths: ['seconds'] });
    }
    for (const to of ['2026-11-30T09:00:00Z', '2027-03-01T09:00:00Z', 'tomorrow', '2026-12-02', '2026-12-02T10:00:00']) {
      expect(
        refusal(() => testClockTarget(clock, { to })),
        to,
      ).toEqual({ code: 'VALIDATION_ERROR', paths: ['to'] });
    }
    expect(testClockTarget(clock, { seconds: MAX_TEST_CLOCK_ADVANCE_SECONDS }).getTime() - clock.getTime()).toBe(5_184_000_000);
  });

  it('never moves a clock backwards or further than the bound, whatever is asked', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ seconds: fc.integer() }), fc.record({ to: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) })),
        (request) => {
          let target: Date;
          try {
            target = testClockTarget(clock, request);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            return;
          }
          const moved = target.getTime() - clock.getTime();
          expect(moved).toBeGreaterThanOrEqual(0);
          expect(moved).toBeLessThanOrEqual(MAX_TEST_CLOCK_ADVANCE_SECONDS * 1000);
        },
      ),
    );
  });
});

describe('refusals of live mode and ended sessions', () => {
  it('refuses a live session or a live key with TEST_MODE_ONLY', () => {
    expect(refusal(() => assertTestMode('live', 'live')).code).toBe('TEST_MODE_ONLY');
    expect(refusal(() => assertTestMode('live', undefined)).code).toBe('TEST_MODE_ONLY');
    expect(refusal(() => assertTestMode('test', 'live')).code).toBe('TEST_MODE_ONLY');
    expect(() => assertTestMode('test', 'test')).not.toThrow();
    expect(() => assertTestMode('test', undefined)).not.toThrow();
  });

  it('stops the clock of an ended session', () => {
    for (const status of ['completed', 'expired', 'cancelled'] as const)
      expect(refusal(() => assertClockCanMove(status)).code).toBe('INVALID_STATE');
    for (const status of ['unconfigured', 'open', 'partially_paid', 'capturing'] as const)
      expect(() => assertClockCanMove(status)).not.toThrow();
  });
});

describe('earliestMoment', () => {
  it('picks the earliest moment, ignoring nulls', () => {
    const later = new Date(clock.getTime() + 1);
    expect(earliestMoment([null, later, clock, null])).toBe(clock);
    expect(earliestMoment([null])).toBeNull();
    expect(earliestMoment([])).toBeNull();
  });
});
