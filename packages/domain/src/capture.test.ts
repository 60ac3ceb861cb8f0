import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertDeadlineWithinHold,
  DEFAULT_HOLD_LIFETIME_SECONDS,
  HOLD_MARGIN_SECONDS,
  isCaptureMethod,
  MAX_HOLD_LIFETIME_SECONDS,
  MIN_HOLD_LIFETIME_SECONDS,
  validateHoldLifetime,
} from './capture.js';
import { DEFAULT_EXPIRES_IN_SECONDS } from './session-lifecycle.js';

describe('capture methods and holds', () => {
  it('knows automatic and manual only', () => {
    expect(isCaptureMethod('manual')).toBe(true);
    expect(isCaptureMethod('automatic')).toBe(true);
    expect(isCaptureMethod('MANUAL')).toBe(false);
    expect(isCaptureMethod(undefined)).toBe(false);
  });

  it('bounds the hold lifetime between 1 hour and 30 days, 7 days by default', () => {
    expect(DEFAULT_HOLD_LIFETIME_SECONDS).toBe(7 * 24 * 3600);
    expect(validateHoldLifetime(MIN_HOLD_LIFETIME_SECONDS)).toEqual([]);
    expect(validateHoldLifetime(MAX_HOLD_LIFETIME_SECONDS)).toEqual([]);
    for (const wrong of [MIN_HOLD_LIFETIME_SECONDS - 1, MAX_HOLD_LIFETIME_SECONDS + 1, 3600.5, Number.NaN]) {
      expect(validateHoldLifetime(wrong)).toEqual([{ path: 'holdLifetimeSeconds', message: expect.stringContaining('1 hour') }]);
    }
  });

  it('lets the default 72-hour deadline through with the default hold', () => {
    expect(() => assertDeadlineWithinHold(DEFAULT_EXPIRES_IN_SECONDS, DEFAULT_HOLD_LIFETIME_SECONDS)).not.toThrow();
  });

  it('refuses a deadline that leaves less than the margin before the hold lapses, naming the limit and both ways out', () => {
    let thrown: unknown;
    try {
      assertDeadlineWithinHold(86_400, 86_400);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/at most 82800, or use captureMethod automatic$/),
      details: [{ path: 'expiresInSeconds', message: expect.stringContaining('86400 seconds') }],
    });
  });

  it('accepts exactly the deadlines that end HOLD_MARGIN_SECONDS before the hold lapses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1800, max: 2_592_000 }), fc.integer({ min: 3600, max: 2_592_000 }), (deadline, hold) => {
        const fits = deadline + HOLD_MARGIN_SECONDS <= hold;
        if (fits) expect(() => assertDeadlineWithinHold(deadline, hold)).not.toThrow();
        else expect(() => assertDeadlineWithinHold(deadline, hold)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
      }),
    );
  });

  it('measures the deadline against the margin the server is configured with, and names it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 86_400 }), fc.integer({ min: 1800, max: 2_592_000 }), (margin, deadline) => {
        const fits = deadline + margin <= DEFAULT_HOLD_LIFETIME_SECONDS;
        if (fits) expect(() => assertDeadlineWithinHold(deadline, DEFAULT_HOLD_LIFETIME_SECONDS, margin)).not.toThrow();
        else {
          expect(() => assertDeadlineWithinHold(deadline, DEFAULT_HOLD_LIFETIME_SECONDS, margin)).toThrow(
            expect.objectContaining({ message: expect.stringContaining(`must end ${margin} seconds before`) }),
          );
        }
      }),
    );
  });
});
