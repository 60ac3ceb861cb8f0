import { AppError, ErrorCode, type ErrorDetail } from './errors.js';

/**
 * How a merchant takes the money (docs/plans/hold-then-charge.md): `automatic` charges each share
 * when it is paid; `manual` only holds it (an authorization) and PaySplit asks the merchant to
 * capture every hold once all shares are held (the signed `partner.payment.capture` call), so
 * nobody is charged for a group that never finishes.
 */
export const CAPTURE_METHODS = ['automatic', 'manual'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/** Card holds last about 7 days (customer-initiated); an integration may say shorter or longer. */
export const DEFAULT_HOLD_LIFETIME_SECONDS = 604_800;
export const MIN_HOLD_LIFETIME_SECONDS = 3_600;
export const MAX_HOLD_LIFETIME_SECONDS = 2_592_000;

/**
 * How long before a hold lapses PaySplit stops relying on it (the server's HOLD_MARGIN, this by
 * default): a session's deadline must leave this much, and a hold this close to lapsing is released
 * and its share reopened.
 */
export const HOLD_MARGIN_SECONDS = 3_600;

/** Why PaySplit asks the merchant to capture a hold: every share of the session is held. */
export const CAPTURE_REASONS = ['session_complete'] as const;
export type CaptureReason = (typeof CAPTURE_REASONS)[number];

export function isCaptureMethod(value: unknown): value is CaptureMethod {
  return typeof value === 'string' && (CAPTURE_METHODS as readonly string[]).includes(value);
}

/** An integration's hold lifetime: a whole number of seconds within bounds, else the detail to refuse it with. */
export function validateHoldLifetime(value: number, path = 'holdLifetimeSeconds'): ErrorDetail[] {
  if (Number.isSafeInteger(value) && value >= MIN_HOLD_LIFETIME_SECONDS && value <= MAX_HOLD_LIFETIME_SECONDS) return [];
  return [
    {
      path,
      message: `must be a whole number of seconds from ${MIN_HOLD_LIFETIME_SECONDS} (1 hour) to ${MAX_HOLD_LIFETIME_SECONDS} (30 days)`,
    },
  ];
}

/**
 * A manual-capture session must end before its holds lapse: its deadline plus the hold margin
 * (HOLD_MARGIN_SECONDS unless the server sets another) may not pass the integration's hold lifetime,
 * or a hold taken at the start could lapse before the last share is paid. Refused as
 * VALIDATION_ERROR on `expiresInSeconds`, saying both ways out.
 */
export function assertDeadlineWithinHold(expiresInSeconds: number, holdLifetimeSeconds: number, marginSeconds = HOLD_MARGIN_SECONDS): void {
  if (expiresInSeconds + marginSeconds <= holdLifetimeSeconds) return;
  const longest = Math.max(0, holdLifetimeSeconds - marginSeconds);
  const message =
    `expiresInSeconds is ${expiresInSeconds}, but card holds of this integration last ${holdLifetimeSeconds} seconds and the ` +
    `session must end ${marginSeconds} seconds before a hold lapses: send at most ${longest}, or use captureMethod automatic`;
  throw new AppError(ErrorCode.ValidationError, message, [{ path: 'expiresInSeconds', message }]);
}
