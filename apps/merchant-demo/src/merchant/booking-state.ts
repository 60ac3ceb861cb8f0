import type { Booking } from '../store.js';
import type { ShopRefund } from './refund-store.js';

/**
 * Where a booking stands, for the bookings page. Unpaid: `awaiting_payment`, or `expired` /
 * `cancelled` when PaySplit's session ended first. Paid, it follows the money: `paid`;
 * `partly_refunded` when some of it went back; `refunded` only when all of it did;
 * `refund_pending` while a refund is on its way (or the shop has cancelled and PaySplit has not
 * listed the refunds yet); `refund_failed` when one failed.
 */
export type BookingState =
  'awaiting_payment' | 'expired' | 'cancelled' | 'paid' | 'partly_refunded' | 'refunded' | 'refund_pending' | 'refund_failed';

export interface BookingMoney {
  state: BookingState;
  /** The refunds that count against the booking: every one PaySplit said is not of a duplicate payment. */
  refunds: ShopRefund[];
  /** What went back of the booking's own money (succeeded refunds among `refunds`). */
  refundedMinor: string;
  /** Refunds of duplicate payments (a share paid twice): money that was never the booking's. */
  duplicateRefunds: ShopRefund[];
  /** Whether "Cancel booking and refund" may be offered: paid, not cancelled, nothing on its way back. */
  cancellable: boolean;
}

function succeededMinor(refunds: readonly ShopRefund[]): bigint {
  return refunds.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + BigInt(refund.amountMinor), 0n);
}

/**
 * The booking's state computed from amounts: what was refunded against what was paid, so a refund
 * of a duplicate payment (PaySplit refunds the second payment of a share paid twice) never makes a
 * paid booking look refunded, and a refund of part of it never makes it look refunded in full.
 * A refund not yet known to be a booking's or a duplicate's (seen only through its partner call) is
 * left out until PaySplit's reply or event says which it is.
 */
export function bookingMoney(
  booking: Pick<Booking, 'status' | 'amountMinor' | 'cancelledAt'>,
  shopRefunds: readonly ShopRefund[],
): BookingMoney {
  const refunds = shopRefunds.filter((refund) => refund.duplicate === false);
  const duplicateRefunds = shopRefunds.filter((refund) => refund.duplicate === true);
  const refunded = succeededMinor(refunds);
  const result = (state: BookingState): BookingMoney => ({
    state,
    refunds,
    refundedMinor: refunded.toString(),
    duplicateRefunds,
    cancellable: booking.status === 'paid' && booking.cancelledAt === null && (state === 'paid' || state === 'partly_refunded'),
  });
  if (booking.status !== 'paid') return result(booking.status);
  if (refunded >= BigInt(booking.amountMinor)) return result('refunded');
  if (refunds.some((refund) => refund.status === 'failed')) return result('refund_failed');
  if (refunds.some((refund) => refund.status === 'pending') || (booking.cancelledAt !== null && refunds.length === 0)) {
    return result('refund_pending');
  }
  return result(refunded > 0n ? 'partly_refunded' : 'paid');
}
