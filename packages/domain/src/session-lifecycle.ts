import { AppError, ErrorCode } from './errors.js';

export const SessionStatus = {
  Unconfigured: 'unconfigured',
  Open: 'open',
  PartiallyPaid: 'partially_paid',
  /** Manual capture only: every share is held and the holds are being captured. */
  Capturing: 'capturing',
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
 * partially paid one, a capture that leaves others to come, a repeated cancel), so "allowed" here
 * means "not an error". `capturing` is reached only by sessions of `captureMethod: manual`.
 */
export const SESSION_TRANSITIONS: Readonly<Record<SessionStatus, readonly SessionStatus[]>> = Object.freeze({
  unconfigured: Object.freeze(['open', 'expired', 'cancelled'] as const),
  open: Object.freeze(['open', 'partially_paid', 'capturing', 'completed', 'expired', 'cancelled'] as const),
  partially_paid: Object.freeze(['partially_paid', 'capturing', 'completed', 'open', 'expired', 'cancelled'] as const),
  capturing: Object.freeze(['capturing', 'completed', 'open', 'partially_paid', 'expired', 'cancelled'] as const),
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
  capturing: 'being charged',
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
  if ((s === 'partially_paid' || s === 'capturing') && paidMinor === 0n) {
    throw invalidState(`A ${STATUS_WORDS[s]} session must have at least one paid share`);
  }
}

/**
 * The host sets (or changes) participants and split. Allowed until the session ends; once
 * something is paid it stays partially paid (the paid shares are locked by `allocateSplit`).
 */
export function configure(s: SessionStatus, paidMinor: bigint): SessionStatus {
  if (isTerminalStatus(s) || s === 'capturing') {
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
  if (s === 'capturing') throw new AppError(ErrorCode.SessionNotPayable, 'Everyone has paid; the cards are being charged now');
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

/**
 * Manual capture: a payer's share is held (authorized, not yet charged); `paidMinorAfter` includes
 * it. When every share is held the session moves to `capturing`, where its holds are captured;
 * it completes only once every capture succeeded (`completeCapture`).
 */
export function recordHold(s: SessionStatus, paidMinorAfter: bigint, totalMinor: bigint): SessionStatus {
  const next = recordAuthorization(s, paidMinorAfter, totalMinor);
  return next === SessionStatus.Completed ? SessionStatus.Capturing : next;
}

/**
 * A capture succeeded; `heldLeft` is how many counted payments are still held (not yet captured).
 * The session completes with the last one. Only a capturing session completes this way: a capture
 * that succeeds after a share was reopened, or after the end, moves nothing (the caller's to say).
 */
export function completeCapture(s: SessionStatus, heldLeft: number): SessionStatus {
  if (s !== 'capturing') throw invalidState(`A session that is ${STATUS_WORDS[s]} does not complete by a capture`);
  if (heldLeft < 0) throw invalidState(`The number of holds left cannot be negative (got ${heldLeft})`);
  return heldLeft === 0 ? SessionStatus.Completed : SessionStatus.Capturing;
}

/**
 * A capture was declined before the deadline: its share is open again and `paidMinorAfter` no
 * longer counts it. The other shares stay held, so the session takes payments again (a second
 * declined capture may find it partially paid already, and leave nothing held: open).
 */
export function reopenShare(s: SessionStatus, paidMinorAfter: bigint): SessionStatus {
  if (s !== 'capturing' && s !== 'partially_paid') {
    throw invalidState(`A share of a session that is ${STATUS_WORDS[s]} cannot be reopened`);
  }
  if (paidMinorAfter < 0n) throw invalidState(`The paid amount cannot be negative (got ${paidMinorAfter})`);
  return paidMinorAfter === 0n ? SessionStatus.Open : SessionStatus.PartiallyPaid;
}

/**
 * An open group that tipped ends (it is full, or its deadline came): every place it keeps is held or
 * paid already, so the session is charged at its final price now. Manual: `capturing`, one capture
 * per hold; automatic: `completed` (each payment was charged when it counted). Only a group that
 * takes payments ends this way, and one that tipped has paid shares: `partially_paid`.
 */
export function endOpenGroup(s: SessionStatus, captureMethod: 'automatic' | 'manual'): SessionStatus {
  if (s !== 'partially_paid') throw invalidState(`An open group that is ${STATUS_WORDS[s]} cannot end at its final price`);
  return captureMethod === 'manual' ? SessionStatus.Capturing : SessionStatus.Completed;
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
