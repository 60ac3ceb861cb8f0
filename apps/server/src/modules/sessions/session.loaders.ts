import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
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
}

export function createSessionLoaders(emFor: () => EntityManager, payments: PaymentRepository, refunds: RefundRepository): SessionLoaders {
  const inKeyOrder = <T>(keys: readonly string[], groups: Map<string, T[]>): T[][] => keys.map((key) => groups.get(key) ?? []);
  return {
    paymentsOfSession: new DataLoader(async (sessionIds) => inKeyOrder(sessionIds, await payments.findOfSessions(emFor(), sessionIds))),
    refundsOwedOfSession: new DataLoader(async (sessionIds) =>
      inKeyOrder(sessionIds, await payments.refundsOwedOfSessions(emFor(), sessionIds)),
    ),
    refundsOfSession: new DataLoader(async (sessionIds) => inKeyOrder(sessionIds, await refunds.findOfSessions(emFor(), sessionIds))),
    attemptsOfRefund: new DataLoader(async (refundIds) => inKeyOrder(refundIds, await refunds.attemptsOfRefunds(emFor(), refundIds))),
  };
}
