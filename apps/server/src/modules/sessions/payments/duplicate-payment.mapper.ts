import type { Refund } from '../refunds/refund.entity.js';
import type { PaymentCall } from './payment-call.entity.js';
import type { Payment } from './payment.entity.js';
import { type DuplicateOutcome, DuplicatePaymentView } from './duplicate-payment.types.js';

/**
 * Where a duplicate's money is. A hold (manual capture) is released, never refunded: `released`
 * once its cancel succeeded, `failed` if the cancel failed (the hold then lapses by itself),
 * `releasing` until then. Money taken, from its refunds (oldest first): back once refunded in full
 * or recorded refunded by hand; on its way while a refund is pending or none was made yet (owed by
 * hand); failed when its latest refund failed.
 */
export function duplicateOutcome(
  payment: Pick<Payment, 'refundedAt' | 'status' | 'captureMethod'>,
  refunds: readonly Pick<Refund, 'status'>[],
  cancel?: Pick<PaymentCall, 'status'>,
): DuplicateOutcome {
  if (payment.status === 'released') return 'released';
  if (payment.captureMethod === 'manual' && payment.status === 'authorized') return cancel?.status === 'failed' ? 'failed' : 'releasing';
  if (payment.refundedAt) return 'refunded';
  if (refunds.some((refund) => refund.status === 'pending')) return 'refunding';
  return refunds.at(-1)?.status === 'failed' ? 'failed' : 'refunding';
}

/** The session's duplicate payments, oldest first, each with its latest refund and cancel. */
export function toDuplicatePaymentViews(
  payments: readonly Payment[],
  refunds: readonly Refund[],
  calls: readonly PaymentCall[],
): DuplicatePaymentView[] {
  return payments.flatMap((payment) => {
    if (!payment.duplicateOf) return [];
    const own = refunds.filter((refund) => refund.payment.id === payment.id);
    const cancel = calls.filter((call) => call.payment.id === payment.id && call.kind === 'cancel').at(-1);
    return [
      Object.assign(new DuplicatePaymentView(), {
        paymentId: payment.id,
        participantId: payment.payerId,
        amountMinor: payment.amountMinor,
        processorReference: payment.processorReference ?? null,
        duplicateOf: payment.duplicateOf.id,
        outcome: duplicateOutcome(payment, own, cancel),
        refundId: own.at(-1)?.id ?? null,
        cancelId: cancel?.id ?? null,
      }),
    ];
  });
}
