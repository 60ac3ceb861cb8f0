/**
 * When the client tries a call again, and after how long. Only answers that say "later" (429, 503)
 * and failures that never produced an answer (connection refused or reset, timeout) are retried:
 * every other status would fail the same way again.
 */

/** A wait drawn uniformly from [minMs, maxMs) when the server names no `Retry-After`. */
export interface BackoffRange {
  minMs: number;
  maxMs: number;
}

/** The interface spec: "otherwise retry after 2 to 5 seconds". */
export const DEFAULT_BACKOFF: BackoffRange = Object.freeze({ minMs: 2_000, maxMs: 5_000 });

/** The interface spec: "for status polling, back off 5 to 10 seconds". */
export const STATUS_POLL_BACKOFF: BackoffRange = Object.freeze({ minMs: 5_000, maxMs: 10_000 });

/**
 * A `Retry-After` longer than this is not waited out inside one call: the call fails with the 429/503
 * at once and the caller (a queue, a job) decides, instead of a request handler hanging for minutes.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

export function jitteredDelayMs(range: BackoffRange, random: () => number): number {
  // Clamp so that a misbehaving injected source cannot produce a negative or huge wait.
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(range.minMs + r * (range.maxMs - range.minMs));
}

/**
 * `Retry-After` in milliseconds: delta-seconds (what PaySplit sends) or an HTTP date (RFC 9110 allows
 * both). `undefined` when absent or unreadable, so the caller falls back to jitter.
 */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
