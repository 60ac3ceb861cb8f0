import type { Session } from './session.entity.js';
import type { CreatedSession } from './session.service.js';
import { CreateSessionPayload, ParticipantView, SessionView } from './session.types.js';

/** Entities persist, views are the public contract: only what is listed here leaves the server. */
export function toSessionView(session: Session): SessionView {
  return Object.assign(new SessionView(), {
    id: session.id,
    status: session.status,
    mode: session.mode,
    currency: session.currency,
    amountMinor: session.amountMinor,
    paidMinor: session.paidMinor,
    remainingMinor: session.amountMinor - session.paidMinor,
    splitMode: session.splitMode ?? null,
    participants: session.participants.getItems().map((participant) =>
      Object.assign(new ParticipantView(), {
        id: participant.id,
        position: participant.position,
        displayName: participant.displayName,
        email: participant.email ?? null,
        isHost: participant.isHost,
        amountMinor: participant.amountMinor,
        status: participant.status,
      }),
    ),
    orderReference: session.orderReference ?? null,
    metadata: session.metadata,
    version: session.version,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: session.expiresAt,
  });
}

export function toCreateSessionPayload(created: CreatedSession): CreateSessionPayload {
  return Object.assign(new CreateSessionPayload(), { success: true, ...created, expiresAt: new Date(created.expiresAt) });
}
