import type { EntityManager } from '@mikro-orm/postgresql';
import type { Session } from '../session.entity.js';
import { writeEvent } from '../../webhooks/outbox.js';
import { envelope } from '../../webhooks/session-events.js';
import type { Refund } from './refund.entity.js';

/** SERVICE_REFUND_SUCCEEDED or _FAILED, for integrations subscribed to it, in the settling transaction. */
export async function emitRefundSettled(em: EntityManager, session: Session, refund: Refund, now: Date): Promise<void> {
  const type = refund.status === 'succeeded' ? 'SERVICE_REFUND_SUCCEEDED' : 'SERVICE_REFUND_FAILED';
  if (!session.integration.eventSubscriptions.includes(type)) return;
  await writeEvent(em, {
    integration: session.integration,
    session,
    type,
    now,
    payload: (eventId, createdAt) => ({
      ...envelope(type, session, eventId, createdAt),
      // The one field that differs from the other events: amountMinor is this refund's amount;
      // the session's total moves to sessionAmountMinor.
      amountMinor: refund.amountMinor.toString(),
      sessionAmountMinor: session.amountMinor.toString(),
      refundId: refund.id,
      paymentId: refund.payment.id,
      participantId: refund.payerId,
      status: refund.status,
      reason: refund.reason ?? null,
      source: refund.source,
      processorRefundReference: refund.processorRefundReference ?? null,
      failureReason: refund.failureReason ?? null,
      refundedMinor: session.refundedMinor.toString(),
    }),
  });
}
