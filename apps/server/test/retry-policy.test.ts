import { describe, expect, it } from 'vitest';
import { decide, MAX_NOT_BEFORE_MS } from '../src/jobs/retry-policy.js';

const schedule = [1_000, 60_000, 3_600_000];

describe('the retry rule of every job kind', () => {
  it('finishes a job that is done, or that failed for good, whatever the schedule says', () => {
    expect(decide({ kind: 'done' }, 1, schedule)).toEqual({ kind: 'done' });
    expect(decide({ kind: 'failed', reason: 'gone' }, 1, schedule)).toEqual({ kind: 'failed', reason: 'gone', exhausted: false });
  });

  it('waits the delay of the attempt just made, within ±10 %', () => {
    for (const [attempt, base] of schedule.entries()) {
      const low = decide({ kind: 'retry', reason: 'HTTP 500' }, attempt + 1, schedule, () => 0);
      const high = decide({ kind: 'retry', reason: 'HTTP 500' }, attempt + 1, schedule, () => 0.999_999);
      const middle = decide({ kind: 'retry', reason: 'HTTP 500' }, attempt + 1, schedule, () => 0.5);
      expect(low).toEqual({ kind: 'retry', reason: 'HTTP 500', delayMs: Math.round(base * 0.9) });
      expect(high.kind === 'retry' && high.delayMs).toBeLessThanOrEqual(Math.round(base * 1.1));
      expect(high.kind === 'retry' && high.delayMs).toBeGreaterThan(base);
      expect(middle.kind === 'retry' && middle.delayMs).toBe(base);
    }
  });

  it('fails once the schedule is used up', () => {
    expect(decide({ kind: 'retry', reason: 'timeout' }, schedule.length + 1, schedule)).toEqual({
      kind: 'failed',
      reason: 'timeout',
      exhausted: true,
    });
    expect(decide({ kind: 'retry', reason: 'timeout' }, 1, [])).toMatchObject({ kind: 'failed', exhausted: true });
  });

  it("honours the far end's Retry-After when it is later than the schedule's delay, up to a cap", () => {
    const later = decide({ kind: 'retry', reason: 'HTTP 429', notBeforeMs: 30_000 }, 1, schedule, () => 0.5);
    expect(later).toMatchObject({ delayMs: 30_000 });
    const sooner = decide({ kind: 'retry', reason: 'HTTP 429', notBeforeMs: 10 }, 1, schedule, () => 0.5);
    expect(sooner).toMatchObject({ delayMs: 1_000 });
    const bogus = decide({ kind: 'retry', reason: 'HTTP 503', notBeforeMs: 365 * 86_400_000 }, 1, schedule, () => 0.5);
    expect(bogus).toMatchObject({ delayMs: MAX_NOT_BEFORE_MS });
  });
});
