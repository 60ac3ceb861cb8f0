import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventType } from '@paysplit/domain';
import type { Payment, PaymentCall, Refund, Session, SessionEventBus, SessionOutcome } from '../sessions/index.js';
import { writeEvent } from './outbox.js';
import type { WebhookRepository } from './webhook.repository.js';

/**
 * The merchant's events are the webhooks module's reactions to what the sessions module publishes,
 * written in the transaction of the change (the outbox): the event exists if and only if it committed.
 */
export function subscribeWebhookEvents(events: SessionEventBus, repository: WebhookRepository): void {
  /** Writes one event of a session: the envelope every event carries, then the type's own fields. */
  const write = (tx: EntityManager, session: Session, type: WebhookEventType, now: Date, fields: Record<string, unknown>) =>
    writeEvent(tx, repository, {
      integration: session.integration,
      session,
      type,
      now,
      payload: (eventId, createdAt) => ({ ...envelope(type, session, eventId, createdAt), ...fields }),
    });
  const subscribes = (session: Session, type: WebhookEventType) => session.integration.eventSubscriptions.includes(type);
  // Only an integration with a partnerCancelUrl hears which money was a duplicate; the others' events stay as they were.
  const listsDuplicatesApart = (session: Session) => session.integration.partnerCancelUrl != null;

  events
    // The one completion event, always sent, listing the payments that count towards it; a unique
    // index refuses a second one for the session.
    .on('sessionCompleted', async (tx, { session, payments, finalAmounts, at }) => {
      await write(tx, session, 'SERVICE_SESSION_COMPLETED', at, {
        completedAt: (session.completedAt ?? at).toISOString(),
        // An automatic open group lists what each payment is finally charged (the rest goes back as a price drop).
        payments: payments.map((payment) => ({
          ...paymentSummary(payment),
          ...(finalAmounts?.has(payment.id) ? { amountMinor: finalAmounts.get(payment.id)!.toString() } : {}),
        })),
      });
    })
    // An open group's milestones, each once per session (a unique index backs it).
    .on('groupTipped', async (tx, { session, fields, at }) => {
      if (subscribes(session, 'SERVICE_GROUP_TIPPED')) await write(tx, session, 'SERVICE_GROUP_TIPPED', at, { ...fields });
    })
    .on('groupFull', async (tx, { session, fields, at }) => {
      if (subscribes(session, 'SERVICE_GROUP_FULL')) await write(tx, session, 'SERVICE_GROUP_FULL', at, { ...fields });
    })
    .on('paymentRecorded', async (tx, { session, payment, at }) => {
      if (!subscribes(session, 'SERVICE_PAYMENT_RECORDED')) return;
      await write(tx, session, 'SERVICE_PAYMENT_RECORDED', at, {
        sessionStatus: session.status,
        paidMinor: session.paidMinor.toString(),
        remainingMinor: (session.amountMinor - session.paidMinor).toString(),
        payment: {
          ...paymentSummary(payment),
          status: payment.status,
          refundRequired: payment.refundRequired,
          ...(listsDuplicatesApart(session)
            ? { duplicate: payment.duplicateOf != null, duplicateOf: payment.duplicateOf?.id ?? null }
            : {}),
        },
      });
    })
    // Expired or cancelled, with exactly which payments to void or refund (read only when subscribed).
    .on('sessionEnded', async (tx, { session, outcome, refundsOwed, at }) => {
      const type = outcome.to === 'expired' ? 'SERVICE_SESSION_EXPIRED' : 'SERVICE_SESSION_CANCELLED';
      if (!subscribes(session, type)) return;
      const owed = await refundsOwed();
      await write(tx, session, type, at, {
        status: session.status,
        paidMinor: session.paidMinor.toString(),
        ...endingFields(session, outcome),
        refundsOwed: owed.map(paymentSummary),
      });
    })
    .on('refundSettled', async (tx, { session, refund, at }) => {
      const type = refund.status === 'succeeded' ? 'SERVICE_REFUND_SUCCEEDED' : 'SERVICE_REFUND_FAILED';
      if (!subscribes(session, type)) return;
      await write(tx, session, type, at, refundFields(session, refund, listsDuplicatesApart(session)));
    })
    // What happens to held money (captureMethod manual; only such integrations may subscribe).
    .on('paymentCaptured', async (tx, { session, payment, call, at }) => {
      if (!subscribes(session, 'SERVICE_PAYMENT_CAPTURED')) return;
      await write(tx, session, 'SERVICE_PAYMENT_CAPTURED', at, {
        ...heldMoneyFields(session),
        captureId: call.id,
        payment: { ...heldPayment(payment), capturedAt: (payment.capturedAt ?? at).toISOString() },
      });
    })
    .on('paymentCaptureFailed', async (tx, { session, payment, call, at }) => {
      if (!subscribes(session, 'SERVICE_PAYMENT_CAPTURE_FAILED')) return;
      await write(tx, session, 'SERVICE_PAYMENT_CAPTURE_FAILED', at, {
        ...heldMoneyFields(session),
        captureId: call.id,
        failureReason: call.failureReason ?? null,
        payment: heldPayment(payment),
      });
    })
    .on('paymentReleased', async (tx, { session, payment, call, at }) => {
      if (!subscribes(session, 'SERVICE_PAYMENT_RELEASED')) return;
      await write(tx, session, 'SERVICE_PAYMENT_RELEASED', at, releasedFields(session, payment, call, at));
    })
    // An open group's claim counts: once per participant (a unique index backs it).
    .on('groupJoined', async (tx, { session, participant, payment, counts, placesLeft, pricePerPlaceMinor, at }) => {
      if (!subscribes(session, 'SERVICE_GROUP_JOINED')) return;
      await write(tx, session, 'SERVICE_GROUP_JOINED', at, {
        participant: {
          participantId: participant.id,
          displayName: participant.displayName,
          places: participant.places,
          amountMinor: payment.amountMinor.toString(),
        },
        placesSold: counts.heldPlaces,
        placesLeft,
        pricePerPlaceMinor: pricePerPlaceMinor.toString(),
      });
    });
}

/**
 * Fields every event carries; `sessionVersion` lets a receiver discard stale events. A session whose
 * test clock was advanced stamps its events with that clock, and says so (`testClock`).
 */
function envelope(type: WebhookEventType, session: Session, eventId: string, createdAt: Date): Record<string, unknown> {
  return {
    eventId,
    type,
    createdAt: createdAt.toISOString(),
    mode: session.mode,
    ...(session.testClockAt ? { testClock: true } : {}),
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

function endingFields(session: Session, outcome: SessionOutcome): Record<string, unknown> {
  return outcome.to === 'cancelled' ? { cancelledBy: outcome.by } : { expiredAt: session.expiresAt.toISOString() };
}

/**
 * SERVICE_REFUND_SUCCEEDED or _FAILED: amountMinor is this refund's amount, the session's total
 * moves to sessionAmountMinor. Listing duplicates apart, refundedMinor is the booking's (as the
 * session read's) and `duplicate` says whose money this refund gives back.
 */
function refundFields(session: Session, refund: Refund, listsDuplicatesApart: boolean): Record<string, unknown> {
  const refunded = listsDuplicatesApart ? session.refundedMinor - session.duplicateRefundedMinor : session.refundedMinor;
  return {
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
    refundedMinor: refunded.toString(),
    ...(listsDuplicatesApart ? { duplicate: refund.purpose === 'duplicate' } : {}),
  };
}

function heldMoneyFields(session: Session): Record<string, unknown> {
  return {
    sessionStatus: session.status,
    paidMinor: session.paidMinor.toString(),
    remainingMinor: (session.amountMinor - session.paidMinor).toString(),
  };
}

function heldPayment(payment: Payment): Record<string, unknown> {
  return { ...paymentSummary(payment), status: payment.status, holdExpiresAt: payment.holdExpiresAt?.toISOString() ?? null };
}

/** SERVICE_PAYMENT_RELEASED: the cancel that released the hold, and why. */
function releasedFields(session: Session, payment: Payment, call: PaymentCall, at: Date): Record<string, unknown> {
  return {
    ...heldMoneyFields(session),
    cancelId: call.id,
    reason: call.reason,
    payment: { ...heldPayment(payment), releasedAt: (payment.releasedAt ?? at).toISOString() },
  };
}
