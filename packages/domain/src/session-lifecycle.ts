import { AppError, ErrorCode } from './errors.js';

export const SessionStatus = {
  Unconfigured: 'unconfigured',
  Open: 'open',
  PartiallyPaid: 'partially_paid',
  Completed: 'completed',
  Expired: 'expired',
  Cancelled: 'cancelled',
} as const;

export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];

export const SESSION_STATUSES: readonly SessionStatus[] = Object.freeze(Object.values(SessionStatus));

export function isSessionStatus(value: unknown): value is SessionStatus {
  return typeof value === 'string' && (SESSION_STATUSES as readonly string[]).includes(value);
}

/** Default lifetime 72 h; a request may ask for 30 minutes to 30 days (decisions §2). */
export const DEFAULT_EXPIRES_IN_SECONDS = 259_200;
export const MIN_EXPIRES_IN_SECONDS = 1_800;
export const MAX_EXPIRES_IN_SECONDS = 2_592_000;

/**
 * For each status, the statuses the transition functions below may return from it. Self-moves
 * are listed where they are legal (reconfiguring an open session, a further authorization of a
 * partially paid one, a repeated cancel), so "allowed" here means "not an error".
 */
export const SESSION_TRANSITIONS: Readonly<Record<SessionStatus, readonly SessionStatus[]>> = Object.freeze({
  unconfigured: Object.freeze(['open', 'expired', 'cancelled'] as const),
  open: Object.freeze(['open', 'partially_paid', 'completed', 'expired', 'cancelled'] as const),
  partially_paid: Object.freeze(['partially_paid', 'completed', 'expired', 'cancelled'] as const),
  completed: Object.freeze([] as const),
  expired: Object.freeze([] as const),
  cancelled: Object.freeze(['cancelled'] as const),
});

export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return SESSION_TRANSITIONS[from].includes(to);
}

export function isTerminalStatus(s: SessionStatus): boolean {
  return s === 'completed' || s === 'expired' || s === 'cancelled';
}

/** The status a new session starts in: unconfigured unless the request already set participants and split. */
export function initialStatus(unconfigured: boolean): SessionStatus {
  return unconfigured ? SessionStatus.Unconfigured : SessionStatus.Open;
}

const STATUS_WORDS: Readonly<Record<SessionStatus, string>> = {
  unconfigured: 'not configured yet',
  open: 'open',
  partially_paid: 'partially paid',
  completed: 'completed',
  expired: 'expired',
  cancelled: 'cancelled',
};

function invalidState(message: string): AppError {
  return new AppError(ErrorCode.InvalidState, message);
}

/** The paid sum must agree with the status; a mismatch means stale or corrupt data, never something to carry on with. */
function assertPaidMatchesStatus(s: SessionStatus, paidMinor: bigint): void {
  if (paidMinor < 0n) throw invalidState(`The paid amount cannot be negative (got ${paidMinor})`);
  if ((s === 'unconfigured' || s === 'open') && paidMinor !== 0n) {
    throw invalidState(`A session that is ${STATUS_WORDS[s]} cannot have paid shares (paid ${paidMinor})`);
  }
  if (s === 'partially_paid' && paidMinor === 0n) {
    throw invalidState('A partially paid session must have at least one paid share');
  }
}

/**
 * The host sets (or changes) participants and split. Allowed until the session ends; once
 * something is paid it stays partially paid (the paid shares are locked by `allocateSplit`).
 */
export function configure(s: SessionStatus, paidMinor: bigint): SessionStatus {
  if (isTerminalStatus(s)) {
    throw invalidState(`This session is ${STATUS_WORDS[s]} and can no longer be configured`);
  }
  assertPaidMatchesStatus(s, paidMinor);
  return s === 'partially_paid' ? SessionStatus.PartiallyPaid : SessionStatus.Open;
}

/** Refuses a payment attempt on a session that cannot take one, saying why. */
export function assertPayable(s: SessionStatus): void {
  if (s === 'open' || s === 'partially_paid') return;
  if (s === 'unconfigured') {
    throw new AppError(
      ErrorCode.SessionNotPayable,
      'The host has not configured this session yet: participants and split must be set before anyone can pay',
    );
  }
  throw new AppError(ErrorCode.SessionNotPayable, `This session is ${STATUS_WORDS[s]} and can no longer be paid`);
}

/**
 * A payer's share was authorized; `paidMinorAfter` is the paid sum including it. The session
 * completes exactly when the paid sum reaches the total.
 */
export function recordAuthorization(s: SessionStatus, paidMinorAfter: bigint, totalMinor: bigint): SessionStatus {
  assertPayable(s);
  if (totalMinor <= 0n) throw invalidState(`The session total must be greater than 0 (got ${totalMinor})`);
  if (paidMinorAfter <= 0n) {
    throw invalidState(`The paid amount after an authorization must be greater than 0 (got ${paidMinorAfter})`);
  }
  if (paidMinorAfter > totalMinor) {
    throw invalidState(`The paid amount ${paidMinorAfter} would exceed the session total ${totalMinor}`);
  }
  return paidMinorAfter === totalMinor ? SessionStatus.Completed : SessionStatus.PartiallyPaid;
}

/** `expiresAt` passed before completion. */
export function expire(s: SessionStatus): SessionStatus {
  if (isTerminalStatus(s)) throw invalidState(`This session is ${STATUS_WORDS[s]} and cannot expire`);
  return SessionStatus.Expired;
}

/**
 * The merchant may cancel any session that has not ended; the host only before anything is paid
 * (afterwards refunds are involved, which is the merchant's call). Cancelling twice is not an
 * error, so a retried request gets the same answer.
 */
export function cancel(s: SessionStatus, by: 'merchant' | 'host', paidMinor: bigint): SessionStatus {
  if (s === 'cancelled') return SessionStatus.Cancelled;
  if (isTerminalStatus(s)) throw invalidState(`This session is ${STATUS_WORDS[s]} and can no longer be cancelled`);
  if (paidMinor < 0n) throw invalidState(`The paid amount cannot be negative (got ${paidMinor})`);
  if (by === 'host' && paidMinor !== 0n) {
    throw invalidState('Payments have already been made, so the host can no longer cancel this session; the merchant can');
  }
  return SessionStatus.Cancelled;
}
