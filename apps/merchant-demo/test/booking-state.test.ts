import { describe, expect, it } from 'vitest';
import { bookingMoney } from '../src/merchant/booking-state.js';
import type { ShopRefund } from '../src/merchant/refund-store.js';

const paid = { status: 'paid' as const, amountMinor: '48000', cancelledAt: null };
let next = 0;
function refund(amountMinor: string, status: ShopRefund['status'], duplicate: boolean | null = false): ShopRefund {
  next += 1;
  return {
    refundId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    bookingId: 'b',
    paymentId: 'p',
    amountMinor,
    currency: 'NZD',
    status,
    processorRefundId: null,
    processorStatus: null,
    failureReason: null,
    duplicate,
  };
}

describe('bookingMoney', () => {
  it('follows the money of a paid booking: paid, partly refunded, refunded only when everything went back', () => {
    expect(bookingMoney(paid, [])).toMatchObject({ state: 'paid', refundedMinor: '0', cancellable: true });
    expect(bookingMoney(paid, [refund('47999', 'succeeded')])).toMatchObject({ state: 'partly_refunded', refundedMinor: '47999' });
    expect(bookingMoney(paid, [refund('47999', 'succeeded'), refund('1', 'succeeded')])).toMatchObject({
      state: 'refunded',
      refundedMinor: '48000',
      cancellable: false,
    });
  });

  it('never counts a duplicate payment’s refund, nor one not yet known to be the booking’s', () => {
    const money = bookingMoney(paid, [refund('48000', 'succeeded', true), refund('48000', 'pending', null)]);
    expect(money).toMatchObject({ state: 'paid', refundedMinor: '0', cancellable: true, refunds: [] });
    expect(money.duplicateRefunds).toHaveLength(1);
  });

  it('says pending while a refund is on its way or the shop has cancelled, and failed when one failed', () => {
    expect(bookingMoney(paid, [refund('12000', 'succeeded'), refund('36000', 'pending')]).state).toBe('refund_pending');
    expect(bookingMoney({ ...paid, cancelledAt: new Date() }, []).state).toBe('refund_pending');
    expect(bookingMoney({ ...paid, cancelledAt: new Date() }, []).cancellable).toBe(false);
    expect(bookingMoney(paid, [refund('12000', 'failed'), refund('36000', 'succeeded')]).state).toBe('refund_failed');
    // A failed refund that was asked again and went through: everything is back.
    expect(bookingMoney(paid, [refund('48000', 'failed'), refund('48000', 'succeeded')]).state).toBe('refunded');
  });

  it('keeps an unpaid booking’s own state, and counts what went back to those who had paid', () => {
    for (const status of ['awaiting_payment', 'expired', 'cancelled'] as const) {
      const money = bookingMoney({ status, amountMinor: '48000', cancelledAt: null }, [refund('12000', 'succeeded')]);
      expect(money).toMatchObject({ state: status, refundedMinor: '12000', cancellable: false });
    }
  });
});
