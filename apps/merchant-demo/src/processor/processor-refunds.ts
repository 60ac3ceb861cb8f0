import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { withTransaction, type Checkout, type Queryable } from '../store.js';
import { lapseExpiredHold } from './processor-holds.js';

/** A refund at the test processor: money back to the card of one charge (a checkout). */
export interface ProcessorRefund {
  id: string;
  checkoutId: string;
  amountMinor: string;
  currency: string;
  status: 'succeeded' | 'failed';
  /** Why a refund was refused; null when it succeeded. */
  failureReason: string | null;
  reason: string | null;
  createdAt: Date;
}

export type RefundFailure = 'charge_not_succeeded' | 'payment_only_held' | 'amount_exceeds_refundable';

const FAILURE_MESSAGES: Record<RefundFailure, string> = {
  charge_not_succeeded: 'the charge did not succeed, so there is nothing to refund',
  payment_only_held: 'the amount is only held, not captured: cancel the hold to release it',
  amount_exceeds_refundable: 'the amount is more than what is left of the charge',
};

/**
 * Whether a refund of `amountMinor` may go back to the card: captured money only (a hold is
 * released by cancelling it), and never more, in total, than was charged. A refused refund is still a refund (failed, with the reason), as at real processors.
 */
export function decideRefund(input: {
  chargeStatus: Checkout['status'];
  chargedMinor: string;
  refundedMinor: string;
  amountMinor: string;
}): { status: 'succeeded' } | { status: 'failed'; failure: RefundFailure; failureReason: string } {
  const fail = (failure: RefundFailure) => ({ status: 'failed' as const, failure, failureReason: FAILURE_MESSAGES[failure] });
  if (input.chargeStatus === 'authorized') return fail('payment_only_held');
  if (input.chargeStatus !== 'succeeded') return fail('charge_not_succeeded');
  if (BigInt(input.refundedMinor) + BigInt(input.amountMinor) > BigInt(input.chargedMinor)) return fail('amount_exceeds_refundable');
  return { status: 'succeeded' };
}

const refundColumns = `id, checkout_id, amount_minor::text as amount_minor, currency, status, failure_reason, reason, created_at`;

interface RefundRow {
  id: string;
  checkout_id: string;
  amount_minor: string;
  currency: string;
  status: ProcessorRefund['status'];
  failure_reason: string | null;
  reason: string | null;
  created_at: Date;
}

function toRefund(row: RefundRow): ProcessorRefund {
  return {
    id: row.id,
    checkoutId: row.checkout_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    failureReason: row.failure_reason,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

export async function listProcessorRefunds(db: Queryable, checkoutId: string): Promise<ProcessorRefund[]> {
  const { rows } = await db.query<RefundRow>(
    `select ${refundColumns} from merchant_demo.processor_refund where checkout_id = $1 order by created_at, id`,
    [checkoutId],
  );
  return rows.map(toRefund);
}

/** What went back to the card: the succeeded refunds only. */
export function refundedMinor(refunds: readonly ProcessorRefund[]): string {
  return refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + BigInt(refund.amountMinor), 0n)
    .toString();
}

/**
 * Refunds part or all of a charge. The charge's row is locked first, so concurrent refunds of one
 * charge are decided one after the other against what is really left; a request repeated with its
 * idempotency key gets the first answer back instead of a second refund. Undefined: no such charge.
 */
export async function refundCharge(
  pool: Pool,
  input: { checkoutId: string; amountMinor: string; reason: string | null; idempotencyKey: string | null; now: Date },
): Promise<ProcessorRefund | undefined> {
  return withTransaction(pool, async (tx) => {
    // A hold past its expiry is released before anything is decided about it.
    await lapseExpiredHold(tx, input.checkoutId, input.now);
    // What was charged: a capture may have taken less than its hold.
    const { rows: charges } = await tx.query<{ status: Checkout['status']; amount_minor: string; currency: string }>(
      `select status, coalesce(captured_minor, amount_minor)::text as amount_minor, currency from merchant_demo.checkout where id = $1 for update`,
      [input.checkoutId],
    );
    const charge = charges[0];
    if (!charge) return undefined;
    if (input.idempotencyKey) {
      const { rows } = await tx.query<RefundRow>(`select ${refundColumns} from merchant_demo.processor_refund where idempotency_key = $1`, [
        input.idempotencyKey,
      ]);
      if (rows[0]) return toRefund(rows[0]);
    }
    const decision = decideRefund({
      chargeStatus: charge.status,
      chargedMinor: charge.amount_minor,
      refundedMinor: refundedMinor(await listProcessorRefunds(tx, input.checkoutId)),
      amountMinor: input.amountMinor,
    });
    const { rows } = await tx.query<RefundRow>(
      `insert into merchant_demo.processor_refund (id, checkout_id, amount_minor, currency, status, failure_reason, reason, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${refundColumns}`,
      [
        `re_test_${randomBytes(16).toString('hex')}`,
        input.checkoutId,
        input.amountMinor,
        charge.currency,
        decision.status,
        decision.status === 'failed' ? decision.failureReason : null,
        input.reason,
        input.idempotencyKey,
      ],
    );
    return toRefund(rows[0]!);
  });
}
