/** What a handler says about one attempt. */
export type AttemptOutcome =
  | { kind: 'done' }
  /** Try again on the kind's schedule; `notBeforeMs` is the far end's own wish (Retry-After). */
  | { kind: 'retry'; reason: string; notBeforeMs?: number }
  /** No point trying again (the work cannot be done, whatever the schedule says). */
  | { kind: 'failed'; reason: string };

/** What happens to the job after an attempt: finished one way or the other, or due again later. */
export type RetryDecision =
  { kind: 'done' } | { kind: 'retry'; reason: string; delayMs: number } | { kind: 'failed'; reason: string; exhausted: boolean };

/** Jitter on each delay, so jobs that failed together do not retry together. */
export const RETRY_JITTER = 0.1;

/** A far end's Retry-After never postpones a retry past this (a bogus header must not park a job for days). */
export const MAX_NOT_BEFORE_MS = 24 * 3_600_000;

/**
 * The one retry rule of every job kind. `attempt` counts from 1 (the attempt just made); the delay
 * before retry n is `schedule[n - 1]` × (1 ± 10 %), or the far end's Retry-After when that is later
 * (capped); after the last delay of the schedule the job has failed.
 */
export function decide(
  outcome: AttemptOutcome,
  attempt: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): RetryDecision {
  if (outcome.kind === 'done') return { kind: 'done' };
  if (outcome.kind === 'failed') return { kind: 'failed', reason: outcome.reason, exhausted: false };
  if (attempt > schedule.length) return { kind: 'failed', reason: outcome.reason, exhausted: true };
  const jittered = Math.round(schedule[attempt - 1]! * (1 + (random() * 2 - 1) * RETRY_JITTER));
  const notBefore = Math.min(outcome.notBeforeMs ?? 0, MAX_NOT_BEFORE_MS);
  return { kind: 'retry', reason: outcome.reason, delayMs: Math.max(jittered, notBefore) };
}
