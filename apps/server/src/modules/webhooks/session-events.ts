import type { EntityManager } from '@mikro-orm/postgresql';
import type { Payment } from '../sessions/payments/payment.entity.js';
import type { Session } from '../sessions/session.entity.js';
import { writeEvent } from './outbox.js';
import type { EventType } from './webhook-event.entity.js';

/** Fields every event carries; `sessionVersion` lets a receiver discard stale events. */
export function envelope(type: EventType, session: Session, eventId: string, createdAt: Date): Record<string, unknown> {
  return {
    eventId,
    type,
    createdAt: createdAt.toISOString(),
    mode: session.mode,
    sessionId: session.id,
    sessionVersion: session.version,
    orderReference: session.orderReference ?? null,
    amountMinor: session.amountMinor.toString(),
    currency: session.currency,
    metadata: session.metadata,
  };
}

function paymentSummary(payment: Payment): Record<string, unknown> {
  return {
    paymentId: payment.id,
    participantId: payment.payerId,
    amountMinor: payment.amountMinor.toString(),
    processorReference: payment.processorReference ?? null,
    ...(payment.coversParticipantIds?.length ? { coversParticipantIds: payment.coversParticipantIds } : {}),
  };
}

/**
 * The one completion event, listing the payments that count towards it (the payments room reads
 * them: PaymentRepository.countedPayments); a unique index refuses a second one for the session.
 */
export async function emitSessionCompleted(em: EntityManager, session: Session, payments: readonly Payment[], now: Date): Promise<void> {
  await writeEvent(em, {
    integration: session.integration,
    session,
    type: 'SERVICE_SESSION_COMPLETED',
    now,
    payload: (eventId, createdAt) => ({
      ...envelope('SERVICE_SESSION_COMPLETED', session, eventId, createdAt),
      completedAt: (session.completedAt ?? now).toISOString(),
      payments: payments.map(paymentSummary),
    }),
  });
}

/** Expired or cancelled, with exactly which payments to void or refund. */
export async function emitSessionEnded(
  em: EntityManager,
  session: Session,
  type: 'SERVICE_SESSION_EXPIRED' | 'SERVICE_SESSION_CANCELLED',
  details: { by?: 'merchant' | 'host' },
  /** Read only when the integration subscribes to the event (PaymentRepository.refundsOwed). */
  loadRefundsOwed: () => Promise<Payment[]>,
  now: Date,
): Promise<void> {
  if (!session.integration.eventSubscriptions.includes(type)) return;
  const owed = await loadRefundsOwed();
  await writeEvent(em, {
    integration: session.integration,
    session,
    type,
    now,
    payload: (eventId, createdAt) => ({
      ...envelope(type, session, eventId, createdAt),
      status: session.status,
      paidMinor: session.paidMinor.toString(),
      ...(type === 'SERVICE_SESSION_CANCELLED'
        ? { cancelledBy: details.by ?? 'merchant' }
        : { expiredAt: session.expiresAt.toISOString() }),
      refundsOwed: owed.map(paymentSummary),
    }),
  });
}

export async function emitPaymentRecorded(em: EntityManager, session: Session, payment: Payment, now: Date): Promise<void> {
  if (!session.integration.eventSubscriptions.includes('SERVICE_PAYMENT_RECORDED')) return;
  await writeEvent(em, {
    integration: session.integration,
    session,
    type: 'SERVICE_PAYMENT_RECORDED',
    now,
    payload: (eventId, createdAt) => ({
      ...envelope('SERVICE_PAYMENT_RECORDED', session, eventId, createdAt),
      sessionStatus: session.status,
      paidMinor: session.paidMinor.toString(),
      remainingMinor: (session.amountMinor - session.paidMinor).toString(),
      payment: { ...paymentSummary(payment), status: payment.status, refundRequired: payment.refundRequired },
    }),
  });
}
