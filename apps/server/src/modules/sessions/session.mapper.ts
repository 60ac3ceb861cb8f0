import { maskEmailAddress, sessionNow } from '@paysplit/domain';
import { claimOfParticipant } from './open-groups/open-group-columns.js';
import { toOpenGroupView } from './open-groups/open-group.mapper.js';
import { openGroupOf } from './open-groups/open-group-state.js';
import { moneyTaken, type Payment } from './payments/payment.entity.js';
import type { Participant } from './participant.entity.js';
import type { Session } from './session.entity.js';
import type { CreatedSession } from './session-creation.service.js';
import type { SessionLinks } from './session-links.js';
import type { SessionRecord } from './session-record.repository.js';
import type { SessionProgress } from './session.repository.js';
import { CreateSessionPayload, ParticipantView, PaymentView, SessionStatusView, SessionView } from './session.types.js';

export { toPaySessionView, toPaySessionViewOfRecord } from './pay-session.mapper.js';

/** Host first, then display order, however the collection was loaded (a refresh may reorder it). */
export function inDisplayOrder(session: Session): Participant[] {
  return [...session.participants.getItems()].sort((a, b) => a.position - b.position);
}

/**
 * Entities persist, views are the public contract: only what is listed here leaves the server.
 * `listsDuplicatesApart`: the merchant of an integration with a partnerCancelUrl reads it.
 */
export function toSessionView(session: Session, listsDuplicatesApart = false, links?: Pick<SessionLinks, 'joinUrl'>): SessionView {
  return toSessionViewOfRecord(
    {
      id: session.id,
      integrationId: session.integration.id,
      status: session.status,
      mode: session.mode,
      captureMethod: session.captureMethod,
      currency: session.currency,
      amountMinor: session.amountMinor,
      paidMinor: session.paidMinor,
      refundedMinor: session.refundedMinor,
      duplicateRefundedMinor: session.duplicateRefundedMinor,
      listsDuplicatesApart,
      splitMode: session.splitMode ?? null,
      orderReference: session.orderReference ?? null,
      description: session.description ?? null,
      metadata: session.metadata,
      version: session.version,
      completedAt: session.completedAt ?? null,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      testClockAt: session.testClockAt,
      participants: inDisplayOrder(session).map((participant) => ({
        id: participant.id,
        position: participant.position,
        displayName: participant.displayName,
        email: participant.email ?? null,
        isHost: participant.isHost,
        amountMinor: participant.amountMinor,
        status: participant.status,
        ...claimOfParticipant(participant),
      })),
      openGroup: openGroupOf(session),
    },
    links,
  );
}

/**
 * The same view from plain values (a merchant's read: one statement, no entities). A merchant that
 * lists duplicates apart reads refundedMinor without them: what went back of the booking. An open
 * group's link is shown only where `links` are given (the merchant's own reads).
 */
export function toSessionViewOfRecord(session: SessionRecord, links?: Pick<SessionLinks, 'joinUrl'>): SessionView {
  return Object.assign(new SessionView(), {
    id: session.id,
    integrationId: session.integrationId,
    status: session.status,
    mode: session.mode,
    captureMethod: session.captureMethod,
    currency: session.currency,
    amountMinor: session.amountMinor,
    paidMinor: session.paidMinor,
    remainingMinor: session.amountMinor - session.paidMinor,
    refundedMinor: session.listsDuplicatesApart ? session.refundedMinor - session.duplicateRefundedMinor : session.refundedMinor,
    duplicateRefundedMinor: session.duplicateRefundedMinor,
    listsDuplicatesApart: session.listsDuplicatesApart,
    splitMode: session.splitMode,
    participants: session.participants.map((participant) =>
      Object.assign(new ParticipantView(), {
        id: participant.id,
        position: participant.position,
        displayName: participant.displayName,
        email: participant.email,
        isHost: participant.isHost,
        amountMinor: participant.amountMinor,
        status: participant.status,
        places: participant.places,
        joinedAt: participant.joinedAt,
        reservedUntil: participant.reservedUntil,
        finalAmountMinor: participant.finalAmountMinor,
      }),
    ),
    openGroup:
      session.openGroup &&
      toOpenGroupView(session.openGroup, session.amountMinor, session.participants, sessionNow(session, new Date()), {
        joinUrl: links?.joinUrl(session.id) ?? null,
        viewerPlaces: null,
      }),
    orderReference: session.orderReference,
    description: session.description,
    metadata: session.metadata,
    version: session.version,
    completedAt: session.completedAt,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: session.expiresAt,
    testClockAt: session.testClockAt,
  });
}

/**
 * A session as the administration area shows it: every payer's address masked by the domain's one
 * rule, as the session's emails are. The merchant's own reads (API key) keep them whole: the
 * merchant or its host gave them, and its systems may need them; people browsing the admin area do not.
 */
export function withMaskedPayerEmails(view: SessionView): SessionView {
  for (const participant of view.participants) {
    if (participant.email !== null) participant.email = maskEmailAddress(participant.email);
  }
  return view;
}

export function toCreateSessionPayload(created: CreatedSession): CreateSessionPayload {
  return Object.assign(new CreateSessionPayload(), { success: true, ...created, expiresAt: new Date(created.expiresAt) });
}

export function toStatusView(progress: SessionProgress): SessionStatusView {
  return Object.assign(new SessionStatusView(), {
    ...progress,
    remainingMinor: progress.amountMinor - progress.paidMinor,
    completed: progress.status === 'completed',
  });
}

export function toPaymentView(payment: Payment): PaymentView {
  return Object.assign(new PaymentView(), {
    id: payment.id,
    participantId: payment.payerId,
    amountMinor: payment.amountMinor,
    status: payment.status,
    processorReference: payment.processorReference ?? null,
    refundRequired: payment.refundRequired,
    refundedAt: payment.refundedAt ?? null,
    duplicateOf: payment.duplicateOf?.id ?? null,
    refundedMinor: payment.refundedMinor,
    refundableMinor: moneyTaken(payment) && !payment.refundedAt ? payment.amountMinor - payment.refundReservedMinor : 0n,
    createdAt: payment.createdAt,
    authorizedAt: payment.authorizedAt ?? null,
    endedAt: payment.status === 'failed' || payment.status === 'abandoned' ? payment.updatedAt : null,
    // An authorized payment keeps the reason of a card declined before it at the same checkout; a declined capture says why.
    failureReason: ['failed', 'authorized', 'capture_failed'].includes(payment.status) ? (payment.failureReason ?? null) : null,
    captureMethod: payment.captureMethod,
    holdExpiresAt: payment.holdExpiresAt ?? null,
    capturedAt: payment.capturedAt ?? null,
    releasedAt: payment.releasedAt ?? null,
  });
}
