import { allocateByWeights } from './allocation.js';
import { AppError, ErrorCode, type ErrorDetail } from './errors.js';
import { hasControlCharacter } from './brand.js';
import { isUuid } from './ids.js';
import { parseMinorAmount } from './money.js';

/** A captured payment as a refund sees it: what was paid, and what of it may still go back. */
export interface RefundablePayment {
  paymentId: string;
  paidMinor: bigint;
  /** paidMinor minus every refund of it that has not failed (pending ones count: that money is on its way back). */
  refundableMinor: bigint;
}

/** One payment's part of a refund. */
export interface RefundPart {
  paymentId: string;
  amountMinor: bigint;
}

export const MAX_REFUND_REASON_LENGTH = 500;

/** Total still refundable over the given payments. */
export function totalRefundable(payments: readonly RefundablePayment[]): bigint {
  return payments.reduce((sum, payment) => sum + (payment.refundableMinor > 0n ? payment.refundableMinor : 0n), 0n);
}

/**
 * Spreads `amountMinor` over the payments in proportion to what each paid (largest remainder,
 * `allocateByWeights`), never giving a payment more than it still has refundable: a payment whose
 * proportional part would pass its cap gets exactly its cap and the rest is spread again over the
 * others, until no part passes its cap. The order of `payments` is the tie-break (callers pass them
 * in the order they were authorized, then by id), so the result is deterministic. Parts of 0 are
 * left out; the parts always sum exactly to `amountMinor`.
 */
export function allocateRefund(amountMinor: bigint, payments: readonly RefundablePayment[]): RefundPart[] {
  if (amountMinor <= 0n) throw new AppError(ErrorCode.ValidationError, 'amountMinor must be greater than 0');
  const open = payments.filter((payment) => payment.refundableMinor > 0n && payment.paidMinor > 0n);
  const refundable = totalRefundable(open);
  if (refundable === 0n) throw new AppError(ErrorCode.NothingToRefund, 'Nothing is left to refund on this session');
  if (amountMinor > refundable) {
    throw new AppError(
      ErrorCode.RefundExceedsRefundable,
      `amountMinor ${amountMinor} is more than the ${refundable} still refundable on this session`,
    );
  }
  const parts = new Map<string, bigint>();
  let free = open;
  let rest = amountMinor;
  for (;;) {
    const shares = allocateByWeights(
      rest,
      free.map((payment) => payment.paidMinor),
    );
    const capped = free.filter((payment, i) => (shares[i] ?? 0n) > payment.refundableMinor);
    if (capped.length === 0) {
      free.forEach((payment, i) => parts.set(payment.paymentId, shares[i] ?? 0n));
      break;
    }
    for (const payment of capped) {
      parts.set(payment.paymentId, payment.refundableMinor);
      rest -= payment.refundableMinor;
    }
    free = free.filter((payment) => !capped.includes(payment));
    // amountMinor <= refundable, so when every payment is capped nothing is left over.
    if (free.length === 0 || rest === 0n) break;
  }
  return open
    .map((payment) => ({ paymentId: payment.paymentId, amountMinor: parts.get(payment.paymentId) ?? 0n }))
    .filter((part) => part.amountMinor > 0n);
}

/** What a merchant may send to refund a session (REST body and GraphQL input alike). */
export interface RefundRequestInput {
  amountMinor?: string | number | null;
  reason?: string | null;
  allocations?: readonly { paymentId?: unknown; amountMinor?: unknown }[] | null;
}

export interface RefundRequest {
  /** Absent: everything still refundable. */
  amountMinor?: bigint;
  reason: string | null;
  allocations?: RefundPart[];
}

function amountOrDetail(value: unknown, path: string, details: ErrorDetail[]): bigint | undefined {
  try {
    return parseMinorAmount(value as string | number, path);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    details.push({ path, message: error.message });
    return undefined;
  }
}

/**
 * Reads a refund request's shape (every problem together, VALIDATION_ERROR with paths): positive
 * digit-string amounts, a one-line reason of at most 500 characters, allocations with UUID payment
 * ids, none repeated, summing to amountMinor when both are sent. Whether the payments exist and
 * what they can still refund is the caller's to check against the database.
 */
export function readRefundRequest(input: RefundRequestInput): RefundRequest {
  const details: ErrorDetail[] = [];
  const amountMinor = input.amountMinor == null ? undefined : amountOrDetail(input.amountMinor, 'amountMinor', details);
  let reason: string | null = null;
  if (input.reason != null) {
    if (typeof input.reason !== 'string') details.push({ path: 'reason', message: 'must be a string' });
    else {
      const trimmed = input.reason.trim();
      if ([...trimmed].length > MAX_REFUND_REASON_LENGTH || hasControlCharacter(trimmed)) {
        details.push({ path: 'reason', message: `must be one line of at most ${MAX_REFUND_REASON_LENGTH} characters` });
      }
      reason = trimmed || null;
    }
  }
  let allocations: RefundPart[] | undefined;
  if (input.allocations != null) {
    if (!Array.isArray(input.allocations) || input.allocations.length === 0) {
      details.push({ path: 'allocations', message: 'must be a non-empty list of {paymentId, amountMinor}' });
    } else {
      const seen = new Set<string>();
      allocations = [];
      input.allocations.forEach((entry, i) => {
        const path = `allocations[${i}]`;
        if (typeof entry !== 'object' || entry === null) {
          details.push({ path, message: 'must be an object {paymentId, amountMinor}' });
          return;
        }
        const paymentId = entry.paymentId;
        if (!isUuid(paymentId)) details.push({ path: `${path}.paymentId`, message: 'must be a payment id (UUID)' });
        else if (seen.has(paymentId.toLowerCase())) details.push({ path: `${path}.paymentId`, message: 'is listed twice' });
        else seen.add(paymentId.toLowerCase());
        const amount = amountOrDetail(entry.amountMinor, `${path}.amountMinor`, details);
        if (isUuid(paymentId) && amount !== undefined) allocations!.push({ paymentId: paymentId.toLowerCase(), amountMinor: amount });
      });
      if (details.length === 0 && amountMinor !== undefined) {
        const sum = allocations.reduce((total, part) => total + part.amountMinor, 0n);
        if (sum !== amountMinor) {
          details.push({ path: 'allocations', message: `add up to ${sum}, not to amountMinor ${amountMinor}` });
        }
      }
    }
  }
  if (details.length > 0) {
    const first = details[0]!;
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
    throw new AppError(ErrorCode.ValidationError, `${first.path}: ${first.message}${more}`, details);
  }
  return {
    ...(amountMinor === undefined ? {} : { amountMinor }),
    reason,
    ...(allocations === undefined ? {} : { allocations }),
  };
}

/**
 * Checks explicit allocations against the session's payments: each names one of them (else
 * VALIDATION_ERROR at `allocations[i].paymentId`) and asks no more than it still has refundable
 * (else REFUND_EXCEEDS_REFUNDABLE). Returns the parts in the order of `payments`.
 */
export function checkAllocations(allocations: readonly RefundPart[], payments: readonly RefundablePayment[]): RefundPart[] {
  const byId = new Map(payments.map((payment) => [payment.paymentId, payment]));
  const unknown: ErrorDetail[] = [];
  allocations.forEach((part, i) => {
    if (!byId.has(part.paymentId)) {
      unknown.push({ path: `allocations[${i}].paymentId`, message: 'is not a captured payment of this session' });
    }
  });
  if (unknown.length > 0) throw new AppError(ErrorCode.ValidationError, `${unknown[0]!.path}: ${unknown[0]!.message}`, unknown);
  if (totalRefundable(payments) === 0n) throw new AppError(ErrorCode.NothingToRefund, 'Nothing is left to refund on this session');
  allocations.forEach((part, i) => {
    const refundable = byId.get(part.paymentId)!.refundableMinor;
    if (part.amountMinor > refundable) {
      throw new AppError(
        ErrorCode.RefundExceedsRefundable,
        `allocations[${i}].amountMinor ${part.amountMinor} is more than the ${refundable} still refundable on payment ${part.paymentId}`,
        [{ path: `allocations[${i}].amountMinor`, message: `at most ${refundable} is still refundable` }],
      );
    }
  });
  const wanted = new Map(allocations.map((part) => [part.paymentId, part.amountMinor]));
  return payments.flatMap((payment) => {
    const amount = wanted.get(payment.paymentId);
    return amount === undefined ? [] : [{ paymentId: payment.paymentId, amountMinor: amount }];
  });
}
