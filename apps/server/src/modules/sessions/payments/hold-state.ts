import { isTerminalStatus, type SessionStatus } from '@paysplit/domain';
import type { Payment } from './payment.entity.js';

/**
 * What happened to a payer's money under manual capture, as the pay page tells them: `held` (on
 * their card, not charged), `charged` (captured), `capture_failed` (the capture was declined and
 * their share is open again) or `released` (the hold was given back; nothing was taken).
 */
export type HoldState = 'held' | 'charged' | 'capture_failed' | 'released';

type PaymentFacts = Pick<Payment, 'payerId' | 'status' | 'captureMethod' | 'refundRequired' | 'coversParticipantIds'> & {
  duplicateOf?: unknown;
};

interface ShareFacts {
  id: string;
  status: string;
  sessionStatus: SessionStatus;
}

/**
 * The one state the payer reads, from every manual payment for their share (theirs, or the host's
 * that covered it). A charge outranks a hold, a hold outranks what went before it: a payer whose
 * capture was declined and who paid again is held again. A declined capture is theirs to act on only
 * while the session takes payments; once it ended nothing was taken, which `released` says.
 */
export function holdStateOf(share: ShareFacts, payments: readonly PaymentFacts[]): HoldState | null {
  const own = payments.filter(
    (payment) =>
      payment.captureMethod === 'manual' &&
      !payment.duplicateOf &&
      (payment.payerId === share.id || (payment.coversParticipantIds ?? []).includes(share.id)),
  );
  if (own.some((payment) => payment.status === 'captured')) return 'charged';
  if (own.some((payment) => payment.status === 'authorized' && !payment.refundRequired)) return 'held';
  const declined = own.some((payment) => payment.status === 'capture_failed');
  if (declined && share.status === 'pending' && !isTerminalStatus(share.sessionStatus)) return 'capture_failed';
  if (declined || own.some((payment) => payment.status === 'released')) return 'released';
  return null;
}

/** Whether a hold this payer placed for a share already paid was given back. */
export function duplicateHoldReleased(payerId: string, payments: readonly PaymentFacts[]): boolean {
  return payments.some(
    (payment) =>
      payment.captureMethod === 'manual' && payment.payerId === payerId && !!payment.duplicateOf && payment.status === 'released',
  );
}
