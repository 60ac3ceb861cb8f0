import type { Queryable } from '../store.js';

export type PaySplitRefundStatus = 'pending' | 'succeeded' | 'failed';

/** The shop's record of one PaySplit refund (merchant_demo.paysplit_refund). */
export interface ShopRefund {
  refundId: string;
  bookingId: string | null;
  paymentId: string;
  amountMinor: string;
  currency: string;
  /** PaySplit's status of the refund, as its reply and events said. */
  status: PaySplitRefundStatus;
  /** What this shop answered PaySplit's refund call with (null: not asked yet). */
  processorRefundId: string | null;
  processorStatus: 'succeeded' | 'failed' | null;
  failureReason: string | null;
  /**
   * Whether it refunds a duplicate payment (a share paid twice), which never counts against the
   * booking: as PaySplit said (its refund reply, or `"duplicate": true` in a refund event); null
   * while only its partner refund call has been seen.
   */
  duplicate: boolean | null;
}

const columns = `refund_id, booking_id, payment_id, amount_minor::text as amount_minor, currency, status,
  processor_refund_id, processor_status, failure_reason, duplicate`;

interface Row {
  refund_id: string;
  booking_id: string | null;
  payment_id: string;
  amount_minor: string;
  currency: string;
  status: PaySplitRefundStatus;
  processor_refund_id: string | null;
  processor_status: 'succeeded' | 'failed' | null;
  failure_reason: string | null;
  duplicate: boolean | null;
}

function toShopRefund(row: Row): ShopRefund {
  return {
    refundId: row.refund_id,
    bookingId: row.booking_id,
    paymentId: row.payment_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    processorRefundId: row.processor_refund_id,
    processorStatus: row.processor_status,
    failureReason: row.failure_reason,
    duplicate: row.duplicate,
  };
}

export async function findShopRefund(db: Queryable, refundId: string): Promise<ShopRefund | undefined> {
  const { rows } = await db.query<Row>(`select ${columns} from merchant_demo.paysplit_refund where refund_id = $1`, [refundId]);
  return rows[0] && toShopRefund(rows[0]);
}

interface RefundFacts {
  refundId: string;
  bookingId: string | null;
  paymentId: string;
  amountMinor: string;
  currency: string;
}

/**
 * What PaySplit says about a refund (the refund request's reply, or a refund event), and whether it
 * is of a duplicate payment. A settled status is never put back to pending by an older message that
 * arrives late.
 */
export async function savePaySplitRefundStatus(
  db: Queryable,
  input: RefundFacts & { status: PaySplitRefundStatus; failureReason?: string | null; duplicate: boolean },
): Promise<void> {
  await db.query(
    `insert into merchant_demo.paysplit_refund (refund_id, booking_id, payment_id, amount_minor, currency, status, failure_reason, duplicate)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (refund_id) do update set
       booking_id = coalesce(paysplit_refund.booking_id, excluded.booking_id),
       status = case when excluded.status = 'pending' then paysplit_refund.status else excluded.status end,
       failure_reason = coalesce(excluded.failure_reason, paysplit_refund.failure_reason),
       duplicate = excluded.duplicate,
       updated_at = now()`,
    [
      input.refundId,
      input.bookingId,
      input.paymentId,
      input.amountMinor,
      input.currency,
      input.status,
      input.failureReason ?? null,
      input.duplicate,
    ],
  );
}

/**
 * Remembers how this shop answered PaySplit's refund call, so a repeated call (same refundId)
 * gets the same answer and never a second refund. The first answer stays.
 */
export async function saveRefundAnswer(
  db: Queryable,
  input: RefundFacts & { processorRefundId: string | null; processorStatus: 'succeeded' | 'failed'; failureReason: string | null },
): Promise<ShopRefund> {
  const { rows } = await db.query<Row>(
    `insert into merchant_demo.paysplit_refund
       (refund_id, booking_id, payment_id, amount_minor, currency, status, processor_refund_id, processor_status, failure_reason)
     values ($1, $2, $3, $4, $5, 'pending', $6, $7, $8)
     on conflict (refund_id) do update set
       booking_id = coalesce(paysplit_refund.booking_id, excluded.booking_id),
       processor_refund_id = coalesce(paysplit_refund.processor_refund_id, excluded.processor_refund_id),
       processor_status = coalesce(paysplit_refund.processor_status, excluded.processor_status),
       failure_reason = coalesce(paysplit_refund.failure_reason, excluded.failure_reason),
       updated_at = now()
     returning ${columns}`,
    [
      input.refundId,
      input.bookingId,
      input.paymentId,
      input.amountMinor,
      input.currency,
      input.processorRefundId,
      input.processorStatus,
      input.failureReason,
    ],
  );
  return toShopRefund(rows[0]!);
}

/** Every refund of the given bookings, by booking id. */
export async function refundsByBooking(db: Queryable, bookingIds: readonly string[]): Promise<Map<string, ShopRefund[]>> {
  const byBooking = new Map<string, ShopRefund[]>();
  if (bookingIds.length === 0) return byBooking;
  const { rows } = await db.query<Row>(
    `select ${columns} from merchant_demo.paysplit_refund where booking_id = any($1::uuid[]) order by created_at, refund_id`,
    [bookingIds],
  );
  for (const refund of rows.map(toShopRefund)) {
    const list = byBooking.get(refund.bookingId!) ?? [];
    list.push(refund);
    byBooking.set(refund.bookingId!, list);
  }
  return byBooking;
}
