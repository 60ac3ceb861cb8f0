import { AppError, ErrorCode } from './errors.js';
import { isTerminalStatus, type SessionStatus } from './session-lifecycle.js';

/**
 * Test clocks (docs/decisions.md, "Test clocks"): a test-mode session runs on real time until its
 * clock is first advanced; from then on its clock is frozen at the moment it was advanced to and
 * moves only when advanced again. Every time check of a session reads its time through
 * `sessionNow`, so a session without a clock behaves exactly as before.
 */

/**
 * What an advance runs when it falls due: a reminder queued, an open group's claim whose reservation
 * ran out, a hold let go before it lapsed, the deadline's expiry, or at its deadline an open group
 * that tipped ended at its final price.
 */
export const TEST_CLOCK_RUN_KINDS = ['reminder', 'reservation_lapsed', 'hold_lapsed', 'session_expired', 'group_ended'] as const;
export type TestClockRunKind = (typeof TEST_CLOCK_RUN_KINDS)[number];

/** One advance may move a clock this far at most (60 days): longer than any deadline or hold lasts. */
export const MAX_TEST_CLOCK_ADVANCE_SECONDS = 60 * 24 * 60 * 60;

/** Safety net of the walk through due moments: a session never has this many in one advance. */
export const MAX_TEST_CLOCK_STEPS = 1_000;

/** The session's own time: its frozen test clock when it has one, else real time. */
export function sessionNow(session: { testClockAt?: Date | null }, realNow: Date): Date {
  return session.testClockAt ?? realNow;
}

/** How far to advance: by whole seconds, or to an ISO 8601 time. Exactly one of the two. */
export interface TestClockAdvanceRequest {
  seconds?: number | null;
  to?: string | null;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Refuses what no advance of a test session may do: a live session, or a live key (live mode
 * runs on real time only). 403 TEST_MODE_ONLY, saying why.
 */
export function assertTestMode(sessionMode: 'test' | 'live', keyMode: 'test' | 'live' | undefined): void {
  if (sessionMode === 'live') {
    throw new AppError(ErrorCode.TestModeOnly, 'Test clocks exist in test mode only: this is a live session, and its time is real time');
  }
  if (keyMode === 'live') {
    throw new AppError(ErrorCode.TestModeOnly, 'Test clocks exist in test mode only: use a test key (ps_test_…) to advance a test session');
  }
}

/**
 * The moment an advance moves the session's clock to, from `current` (its clock now). Time only
 * moves forward, at most MAX_TEST_CLOCK_ADVANCE_SECONDS at once; `to` equal to the clock is allowed
 * and runs nothing (a repeated request of the same target changes nothing). VALIDATION_ERROR with
 * the field's path otherwise.
 */
export function testClockTarget(current: Date, request: TestClockAdvanceRequest): Date {
  const bySeconds = request.seconds != null;
  const byTime = request.to != null;
  if (bySeconds === byTime) {
    const message = 'send exactly one of seconds (how far to advance) and to (an ISO 8601 time to advance to)';
    throw new AppError(ErrorCode.ValidationError, message, [{ path: '(body)', message }]);
  }
  const maxDays = MAX_TEST_CLOCK_ADVANCE_SECONDS / 86_400;
  if (bySeconds) {
    const seconds = request.seconds!;
    if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_TEST_CLOCK_ADVANCE_SECONDS) {
      throw invalid('seconds', `must be a whole number of seconds from 1 to ${MAX_TEST_CLOCK_ADVANCE_SECONDS} (${maxDays} days)`);
    }
    return new Date(current.getTime() + seconds * 1000);
  }
  const text = request.to!;
  const target = new Date(text);
  if (!ISO_WITH_ZONE.test(text) || Number.isNaN(target.getTime())) {
    throw invalid('to', 'must be an ISO 8601 time with its offset, e.g. 2026-12-01T09:00:00Z');
  }
  if (target.getTime() < current.getTime()) {
    throw invalid('to', `is before the session's clock (${current.toISOString()}): a test clock only moves forward`);
  }
  if (target.getTime() - current.getTime() > MAX_TEST_CLOCK_ADVANCE_SECONDS * 1000) {
    throw invalid('to', `is more than ${maxDays} days after the session's clock (${current.toISOString()}): advance in steps`);
  }
  return target;
}

/** An ended session's clock stops at its end: 409 INVALID_STATE for any advance that would move it. */
export function assertClockCanMove(status: SessionStatus): void {
  if (isTerminalStatus(status)) {
    throw new AppError(
      ErrorCode.InvalidState,
      `This session has ended (${status}): nothing more falls due, and its clock stays where it ended`,
    );
  }
}

/** The earliest of the moments given (null when there is none). */
export function earliestMoment(moments: readonly (Date | null)[]): Date | null {
  let earliest: Date | null = null;
  for (const moment of moments) if (moment && (!earliest || moment.getTime() < earliest.getTime())) earliest = moment;
  return earliest;
}

function invalid(path: string, message: string): AppError {
  return new AppError(ErrorCode.ValidationError, `${path} ${message}`, [{ path, message }]);
}
