import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { PaymentCall, PaymentCallAttempt } from './payments/payment-call.entity.js';
import type { PaymentCallRepository } from './payments/payment-call.repository.js';
import type { Payment } from './payments/payment.entity.js';
import type { PaymentRepository } from './payments/payment.repository.js';
import type { Refund, RefundCallAttempt } from './refunds/refund.entity.js';
import type { RefundRepository } from './refunds/refund.repository.js';

/**
 * Per-request batch loaders of the sessions module: a page of sessions asking for payments or
 * refunds costs one query per kind, not one per session. Authorization happened when the sessions
 * were loaded.
 */
export interface SessionLoaders {
  paymentsOfSession: DataLoader<string, Payment[]>;
  /** Authorized money each session cannot use (a page of sessions: one query, not one per row). */
  refundsOwedOfSession: DataLoader<string, Payment[]>;
  /** Every refund of each session, oldest first. */
  refundsOfSession: DataLoader<string, Refund[]>;
  /** The partner call attempts of each refund (administration area). */
  attemptsOfRefund: DataLoader<string, RefundCallAttempt[]>;
  /** Every call to the merchant about a payment of each session (cancels), oldest first. */
  paymentCallsOfSession: DataLoader<string, PaymentCall[]>;
  /** The attempts of each payment call (administration area). */
  attemptsOfPaymentCall: DataLoader<string, PaymentCallAttempt[]>;
}

export function createSessionLoaders(
  emFor: () => EntityManager,
  payments: PaymentRepository,
  refunds: RefundRepository,
  calls: PaymentCallRepository,
): SessionLoaders {
  const inKeyOrder = <T>(keys: readonly string[], groups: Map<string, T[]>): T[][] => keys.map((key) => groups.get(key) ?? []);
  return {
    paymentsOfSession: new DataLoader(async (sessionIds) => inKeyOrder(sessionIds, await payments.findOfSessions(emFor(), sessionIds))),
    refundsOwedOfSession: new DataLoader(async (sessionIds) =>
      inKeyOrder(sessionIds, await payments.refundsOwedOfSessions(emFor(), sessionIds)),
    ),
    refundsOfSession: new DataLoader(async (sessionIds) => inKeyOrder(sessionIds, await refunds.findOfSessions(emFor(), sessionIds))),
    attemptsOfRefund: new DataLoader(async (refundIds) => inKeyOrder(refundIds, await refunds.attemptsOfCalls(emFor(), refundIds))),
    paymentCallsOfSession: new DataLoader(async (sessionIds) => inKeyOrder(sessionIds, await calls.findOfSessions(emFor(), sessionIds))),
    attemptsOfPaymentCall: new DataLoader(async (callIds) => inKeyOrder(callIds, await calls.attemptsOfCalls(emFor(), callIds))),
  };
}
