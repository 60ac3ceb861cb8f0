import { maskEmailAddress } from '@paysplit/domain';
import type { Viewer } from './access/session-access.js';
import { moneyTaken, type Payment } from './payments/payment.entity.js';
import type { Participant } from './participant.entity.js';
import type { Session } from './session.entity.js';
import type { CreatedSession } from './session-creation.service.js';
import type { PaySessionRecord } from './pay-session-record.repository.js';
import type { SessionRecord } from './session-record.repository.js';
import type { SessionProgress } from './session.repository.js';
import {
  CreateSessionPayload,
  ParticipantView,
  PaymentView,
  PayParticipantView,
  PaySessionView,
  SessionStatusView,
  SessionView,
} from './session.types.js';

/** What the pay view shows of a session: the pay page's record without the hashes that decided its viewer. */
type PayViewRecord = Omit<PaySessionRecord, 'hostTokenHash' | 'tokenHolder'>;

/** Host first, then display order, however the collection was loaded (a refresh may reorder it). */
function inDisplayOrder(session: Session): Participant[] {
  return [...session.participants.getItems()].sort((a, b) => a.position - b.position);
}

/**
 * Entities persist, views are the public contract: only what is listed here leaves the server.
 * `listsDuplicatesApart`: the merchant of an integration with a partnerCancelUrl reads it.
 */
export function toSessionView(session: Session, listsDuplicatesApart = false): SessionView {
  return toSessionViewOfRecord({
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
    participants: inDisplayOrder(session).map(({ id, position, displayName, email, isHost, amountMinor, status }) => ({
      id,
      position,
      displayName,
      email: email ?? null,
      isHost,
      amountMinor,
      status,
    })),
  });
}

/**
 * The same view from plain values (a merchant's read: one statement, no entities). A merchant that
 * lists duplicates apart reads refundedMinor without them: what went back of the booking.
 */
export function toSessionViewOfRecord(session: SessionRecord): SessionView {
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
      }),
    ),
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

/** What a viewer may see: the host also gets emails and invite links; nobody gets tokens. */
export function toPaySessionView(session: Session, viewer: Viewer, inviteUrl: (participantId: string) => string): PaySessionView {
  return toPaySessionViewOfRecord(
    {
      id: session.id,
      status: session.status,
      captureMethod: session.captureMethod,
      currency: session.currency,
      amountMinor: session.amountMinor,
      paidMinor: session.paidMinor,
      splitMode: session.splitMode ?? null,
      description: session.description ?? null,
      locale: session.locale ?? null,
      successUrl: session.successUrl ?? null,
      cancelUrl: session.cancelUrl ?? null,
      version: session.version,
      expiresAt: session.expiresAt,
      updatedAt: session.updatedAt,
      merchant: {
        name: session.integration.name,
        displayName: session.integration.displayName ?? null,
        logoUrl: session.integration.logoUrl ?? null,
        accentColor: session.integration.accentColor ?? null,
        timeZone: session.integration.timeZone,
      },
      participants: inDisplayOrder(session).map(({ id, displayName, email, isHost, amountMinor, status, coveredByPaymentId }) => ({
        id,
        displayName,
        email: email ?? null,
        isHost,
        amountMinor,
        status,
        coveredByPaymentId: coveredByPaymentId ?? null,
      })),
    },
    viewer,
    inviteUrl,
  );
}

/** The same view from plain values (the pay page's read: one statement, no entities). */
export function toPaySessionViewOfRecord(
  session: PayViewRecord,
  viewer: Viewer,
  inviteUrl: (participantId: string) => string,
): PaySessionView {
  const isHost = viewer.role === 'host';
  const { participants, merchant } = session;
  return Object.assign(new PaySessionView(), {
    id: session.id,
    status: session.status,
    viewerRole: viewer.role,
    viewerParticipantId: viewer.participantId,
    currency: session.currency,
    amountMinor: session.amountMinor,
    paidMinor: session.paidMinor,
    remainingMinor: session.amountMinor - session.paidMinor,
    splitMode: session.splitMode,
    organiserName: participants.find((participant) => participant.isHost)?.displayName ?? null,
    merchantName: merchant.displayName ?? merchant.name,
    merchantLogoUrl: merchant.logoUrl,
    accentColor: merchant.accentColor,
    description: session.description,
    locale: session.locale,
    captureMethod: session.captureMethod,
    merchantTimeZone: merchant.timeZone,
    participants: participants.map((participant) =>
      Object.assign(new PayParticipantView(), {
        id: participant.id,
        displayName: participant.displayName,
        amountMinor: participant.amountMinor,
        status: participant.status,
        isHost: participant.isHost,
        isYou: participant.id === viewer.participantId,
        email: isHost ? participant.email : null,
        inviteUrl: isHost && !participant.isHost ? inviteUrl(participant.id) : null,
        coveredByHost: participant.coveredByPaymentId != null && !participant.isHost,
        sessionId: session.id,
        // A payer sees their own refunds; the host sees everyone's.
        refundsVisible: isHost || participant.id === viewer.participantId,
        captureMethod: session.captureMethod,
        sessionStatus: session.status,
        refundTotals: participant.refundTotals,
        emailFacts: isHost ? participant.emailFacts : undefined,
      }),
    ),
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    version: session.version,
    expiresAt: session.expiresAt,
    updatedAt: session.updatedAt,
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
