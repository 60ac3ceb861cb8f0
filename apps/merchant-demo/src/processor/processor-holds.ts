import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { checkoutColumns, toCheckout, type Checkout, type CheckoutRow, type Queryable } from '../store.js';

/**
 * Holds at the test processor: an authorize-only checkout, once paid, holds the amount on the card
 * until the merchant captures it (takes the money, once) or cancels it (releases it), or until the
 * hold reaches its expiry and lapses by itself, as card holds do.
 */

/** One capture asked of a hold; a failed one took nothing and says why. */
export interface ProcessorCapture {
  id: string;
  checkoutId: string;
  amountMinor: string;
  currency: string;
  status: 'succeeded' | 'failed';
  failureCode: CaptureFailure | null;
  failureReason: string | null;
  createdAt: Date;
}

/** Why a capture took nothing. */
export type CaptureFailure = 'capture_declined' | 'hold_expired' | 'hold_released';

const CAPTURE_FAILURE_MESSAGES: Record<CaptureFailure, string> = {
  capture_declined: 'the card issuer declined the capture; nothing was charged',
  hold_expired: 'the hold expired before it was captured; nothing was charged',
  hold_released: 'the hold was released before it was captured; nothing was charged',
};

/**
 * What a capture of this checkout does: take the held money; record a failed capture (the hold
 * cannot give its money); or refuse, when there never was a hold to capture or the money is taken.
 * The checkout must be as it stands now (a hold past its expiry already lapsed).
 */
export type CaptureDecision =
  | { kind: 'capture' }
  | { kind: 'fail'; failure: CaptureFailure; failureReason: string }
  | { kind: 'refuse'; error: 'already_captured' | 'checkout_not_authorized' };

export function decideCapture(checkout: Pick<Checkout, 'status' | 'captureDeclines' | 'releaseReason'>): CaptureDecision {
  const fail = (failure: CaptureFailure) => ({ kind: 'fail' as const, failure, failureReason: CAPTURE_FAILURE_MESSAGES[failure] });
  switch (checkout.status) {
    case 'authorized':
      return checkout.captureDeclines ? fail('capture_declined') : { kind: 'capture' };
    case 'released':
      return fail(checkout.releaseReason === 'expired' ? 'hold_expired' : 'hold_released');
    case 'succeeded':
      return { kind: 'refuse', error: 'already_captured' };
    default:
      return { kind: 'refuse', error: 'checkout_not_authorized' };
  }
}

/**
 * What a cancel of this checkout does. One cancel covers both ways money is not taken: an open (or
 * declined) checkout is expired, a hold is released. One already expired or released stays as it
 * is; money already taken cannot be cancelled, only refunded.
 */
export type CancelDecision = 'expire' | 'release' | 'unchanged' | 'refuse_paid';

export function decideCancel(checkout: Pick<Checkout, 'status'>): CancelDecision {
  switch (checkout.status) {
    case 'open':
    case 'declined':
      return 'expire';
    case 'authorized':
      return 'release';
    case 'succeeded':
      return 'refuse_paid';
    default:
      return 'unchanged';
  }
}

/**
 * Lapses the checkout's hold when its expiry has passed, as an issuer does: from then on it is
 * released (reason `expired`, at its expiry) and cannot be captured. Every read and change of a
 * checkout at the processor goes through this first, so no path sees a hold that is no longer there.
 */
export async function lapseExpiredHold(db: Queryable, checkoutId: string, now: Date): Promise<void> {
  await db.query(
    `update merchant_demo.checkout
     set status = 'released', released_at = hold_expires_at, release_reason = 'expired', updated_at = now()
     where id = $1 and status = 'authorized' and hold_expires_at <= $2`,
    [checkoutId, now],
  );
}

/** The checkout as it stands at `now`; undefined when there is no such checkout. */
export async function currentCheckout(db: Queryable, checkoutId: string, now: Date): Promise<Checkout | undefined> {
  await lapseExpiredHold(db, checkoutId, now);
  const { rows } = await db.query<CheckoutRow>(`select ${checkoutColumns} from merchant_demo.checkout where id = $1`, [checkoutId]);
  return rows[0] && toCheckout(rows[0]);
}

/** Locks the checkout's row for the rest of the transaction and returns it as it stands at `now`. */
export async function lockCheckout(tx: PoolClient, checkoutId: string, now: Date): Promise<Checkout | undefined> {
  const { rowCount } = await tx.query(`select 1 from merchant_demo.checkout where id = $1 for update`, [checkoutId]);
  if (rowCount === 0) return undefined;
  return currentCheckout(tx, checkoutId, now);
}

const captureColumns = `id, checkout_id, amount_minor::text as amount_minor, currency, status, failure_code, failure_reason, created_at`;

interface CaptureRow {
  id: string;
  checkout_id: string;
  amount_minor: string;
  currency: string;
  status: ProcessorCapture['status'];
  failure_code: CaptureFailure | null;
  failure_reason: string | null;
  created_at: Date;
}

function toCapture(row: CaptureRow): ProcessorCapture {
  return {
    id: row.id,
    checkoutId: row.checkout_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    failureCode: row.failure_code,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
  };
}

export async function listProcessorCaptures(db: Queryable, checkoutId: string): Promise<ProcessorCapture[]> {
  const { rows } = await db.query<CaptureRow>(
    `select ${captureColumns} from merchant_demo.processor_capture where checkout_id = $1 order by created_at, id`,
    [checkoutId],
  );
  return rows.map(toCapture);
}

/**
 * Whether `amountMinor` may be captured of this hold: at least one minor unit and at most what is
 * held (as at real processors, a capture may take less than the hold, never more).
 */
export function capturableAmount(checkout: Pick<Checkout, 'amountMinor'>, amountMinor: string): boolean {
  const amount = BigInt(amountMinor);
  return amount > 0n && amount <= BigInt(checkout.amountMinor);
}

/**
 * Carries out a capture decided on the locked checkout: `amountMinor` of the hold (the whole hold
 * unless less is asked; the rest is released with it), once (the unique index on succeeded captures
 * backs the row lock). Returns the capture and the checkout after it.
 */
export async function recordCapture(
  tx: PoolClient,
  checkout: Checkout,
  decision: Extract<CaptureDecision, { kind: 'capture' | 'fail' }>,
  now: Date,
  amountMinor: string = checkout.amountMinor,
): Promise<{ capture: ProcessorCapture; checkout: Checkout }> {
  const { rows } = await tx.query<CaptureRow>(
    `insert into merchant_demo.processor_capture (id, checkout_id, amount_minor, currency, status, failure_code, failure_reason, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${captureColumns}`,
    [
      `cap_test_${randomBytes(16).toString('hex')}`,
      checkout.id,
      amountMinor,
      checkout.currency,
      decision.kind === 'capture' ? 'succeeded' : 'failed',
      decision.kind === 'fail' ? decision.failure : null,
      decision.kind === 'fail' ? decision.failureReason : null,
      now,
    ],
  );
  if (decision.kind === 'fail') return { capture: toCapture(rows[0]!), checkout };
  const { rows: updated } = await tx.query<CheckoutRow>(
    `update merchant_demo.checkout set status = 'succeeded', captured_at = $2, captured_minor = $3, updated_at = now()
     where id = $1 and status = 'authorized' returning ${checkoutColumns}`,
    [checkout.id, now, amountMinor],
  );
  return { capture: toCapture(rows[0]!), checkout: toCheckout(updated[0]!) };
}

/** Carries out a cancel decided on the locked checkout; returns the checkout after it. */
export async function applyCancel(tx: PoolClient, checkout: Checkout, decision: CancelDecision, now: Date): Promise<Checkout> {
  if (decision !== 'expire' && decision !== 'release') return checkout;
  const { rows } = await tx.query<CheckoutRow>(
    decision === 'expire'
      ? `update merchant_demo.checkout set status = 'expired', expired_at = $2, updated_at = now()
         where id = $1 and status in ('open', 'declined') returning ${checkoutColumns}`
      : `update merchant_demo.checkout set status = 'released', released_at = $2, release_reason = 'cancelled', updated_at = now()
         where id = $1 and status = 'authorized' returning ${checkoutColumns}`,
    [checkout.id, now],
  );
  return toCheckout(rows[0]!);
}
