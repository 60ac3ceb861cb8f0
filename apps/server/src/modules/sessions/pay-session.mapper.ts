import { sessionNow } from '@paysplit/domain';
import type { Viewer } from './access/session-access.js';
import { claimOfParticipant } from './open-groups/open-group-columns.js';
import { toOpenGroupView } from './open-groups/open-group.mapper.js';
import { openGroupOf } from './open-groups/open-group-state.js';
import type { PaySessionRecord } from './pay-session-record.repository.js';
import type { Session } from './session.entity.js';
import type { SessionLinks } from './session-links.js';
import { inDisplayOrder } from './session.mapper.js';
import { PayParticipantView, PaySessionView } from './session.types.js';

/** What the pay view shows of a session: the pay page's record without the hashes that decided its viewer. */
type PayViewRecord = Omit<PaySessionRecord, 'hostTokenHash' | 'tokenHolder'>;

/** The links a pay view may carry: each participant's invite and an open group's join link (the host's view only). */
export type PayLinks = Pick<SessionLinks, 'inviteUrl' | 'joinUrl'>;

/** What a viewer may see: the host also gets emails and invite links; nobody gets tokens. */
export function toPaySessionView(session: Session, viewer: Viewer, links: PayLinks): PaySessionView {
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
      testClockAt: session.testClockAt,
      openGroup: openGroupOf(session),
      merchant: {
        name: session.integration.name,
        displayName: session.integration.displayName ?? null,
        logoUrl: session.integration.logoUrl ?? null,
        accentColor: session.integration.accentColor ?? null,
        timeZone: session.integration.timeZone,
      },
      participants: inDisplayOrder(session).map((participant) => ({
        id: participant.id,
        displayName: participant.displayName,
        email: participant.email ?? null,
        isHost: participant.isHost,
        amountMinor: participant.amountMinor,
        status: participant.status,
        coveredByPaymentId: participant.coveredByPaymentId ?? null,
        ...claimOfParticipant(participant),
      })),
    },
    viewer,
    links,
  );
}

/** The same view from plain values (the pay page's read: one statement, no entities). */
export function toPaySessionViewOfRecord(session: PayViewRecord, viewer: Viewer, links: PayLinks): PaySessionView {
  const isHost = viewer.role === 'host';
  const { participants, merchant } = session;
  const viewerParticipant = participants.find((participant) => participant.id === viewer.participantId);
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
    organiserName: session.openGroup?.organiserName ?? participants.find((participant) => participant.isHost)?.displayName ?? null,
    merchantName: merchant.displayName ?? merchant.name,
    merchantLogoUrl: merchant.logoUrl,
    accentColor: merchant.accentColor,
    description: session.description,
    locale: session.locale,
    captureMethod: session.captureMethod,
    merchantTimeZone: merchant.timeZone,
    // In an open group the payers are strangers to each other: a payer sees their own claim only
    // (the group's figures below count everyone); the organiser sees every claim.
    participants: (session.openGroup && !isHost
      ? participants.filter((participant) => participant.id === viewer.participantId)
      : participants
    ).map((participant) =>
      Object.assign(new PayParticipantView(), {
        id: participant.id,
        displayName: participant.displayName,
        amountMinor: participant.amountMinor,
        status: participant.status,
        isHost: participant.isHost,
        isYou: participant.id === viewer.participantId,
        email: isHost ? participant.email : null,
        inviteUrl: isHost && !participant.isHost ? links.inviteUrl(session.id, participant.id) : null,
        coveredByHost: participant.coveredByPaymentId != null && !participant.isHost,
        sessionId: session.id,
        // A payer sees their own refunds; the host sees everyone's.
        refundsVisible: isHost || participant.id === viewer.participantId,
        captureMethod: session.captureMethod,
        sessionStatus: session.status,
        refundTotals: participant.refundTotals,
        emailFacts: isHost ? participant.emailFacts : undefined,
        places: participant.places,
        joinedAt: participant.joinedAt,
        reservedUntil: participant.reservedUntil,
        finalAmountMinor: participant.finalAmountMinor,
      }),
    ),
    // The organiser's view shares the link; a payer sees their own places (held or being paid for).
    openGroup:
      session.openGroup &&
      toOpenGroupView(session.openGroup, session.amountMinor, participants, sessionNow(session, new Date()), {
        joinUrl: isHost ? links.joinUrl(session.id) : null,
        viewerPlaces: viewerParticipant && ['pending', 'paid'].includes(viewerParticipant.status) ? (viewerParticipant.places ?? 0) : 0,
      }),
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    version: session.version,
    expiresAt: session.expiresAt,
    updatedAt: session.updatedAt,
  });
}
