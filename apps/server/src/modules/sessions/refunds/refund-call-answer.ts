import { AppError } from '@paysplit/domain';
import type { PartnerRefundOutcome } from './refund-call.job.js';
import type { SettleRefundCommand } from './refund.service.js';

/** Why a refund fails when its calls are never answered. */
export const NO_ANSWER_REASON = "the merchant's refund endpoint did not answer";

/**
 * What a partner refund call's answer does to the refund: `succeeded` / `failed` settle it;
 * `pending` leaves it for the merchant to settle; no answer fails it once the calls are used up
 * (`exhausted`), else changes nothing (undefined).
 */
export function settlementOf(answer: PartnerRefundOutcome, exhausted: boolean): SettleRefundCommand | undefined {
  if (answer.kind === 'answered') {
    if (answer.status === 'pending') return undefined;
    return { status: answer.status, processorRefundReference: answer.processorRefundReference, failureReason: answer.failureReason };
  }
  return exhausted ? { status: 'failed', failureReason: NO_ANSWER_REASON } : undefined;
}

/** A settle refused as conflicting (AppError) is returned, not thrown; anything else is thrown. */
export function conflictOnly(error: unknown): { conflict: AppError } {
  if (error instanceof AppError) return { conflict: error };
  throw error;
}
