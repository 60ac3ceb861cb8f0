import type { EntityManager } from '@mikro-orm/postgresql';
import { reopenShare } from '@paysplit/domain';
import type { SessionEndingService } from '../session-ending.service.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { Payment } from './payment.entity.js';
import type { PaymentRepository } from './payment.repository.js';

export interface ShareReopeningDeps {
  sessions: SessionRepository;
  payments: PaymentRepository;
  ending: SessionEndingService;
}

/**
 * A held payment that counted no longer does (its capture was declined, or its hold is about to
 * lapse): the shares it paid are open again and its amount leaves what is paid. Before the deadline
 * the session takes payments again while the other holds stay (`reopenShare`); after it the
 * session expires (holds released, captured money refunded). In the caller's transaction, the
 * session and payment locked; the payment's own status is the caller's to set first, so the ending
 * does not count it as held.
 */
export async function reopenSharesOf(
  deps: ShareReopeningDeps,
  tx: EntityManager,
  session: Session,
  payment: Payment,
  at: Date,
): Promise<void> {
  const shareIds = payment.coversParticipantIds ?? (payment.participant ? [payment.participant.id] : []);
  for (const share of await deps.sessions.lockParticipants(tx, shareIds)) {
    if (share.status !== 'paid') continue;
    share.status = 'pending';
    share.coveredByPaymentId = null;
    // An open group's claim keeps its places for its payer to pay again by the deadline, as a
    // closed session's share stays theirs; its final amount is worked out again if the group ends again.
    if (share.places !== null) {
      share.reservedUntil = session.expiresAt;
      share.finalAmountMinor = null;
    }
  }
  if (session.openGroupPricing === null) session.paidMinor -= payment.amountMinor;
  else {
    // An open group's paid sum is capped at its amount (a split total is held at quotes above the
    // final price), so it is counted again from the payments that still count, this one left out.
    const counted = (await deps.payments.countedPayments(tx, session.id)).filter((other) => other.id !== payment.id);
    const sum = counted.reduce((total, other) => total + other.amountMinor, 0n);
    session.paidMinor = sum < session.amountMinor ? sum : session.amountMinor;
  }
  if (session.expiresAt.getTime() > at.getTime()) {
    session.status = reopenShare(session.status, session.paidMinor);
    return;
  }
  await deps.payments.save(tx);
  await deps.ending.endSession(tx, session, { to: 'expired' }, at);
}
