import type { EntityManager } from '@mikro-orm/postgresql';
import type { Payment } from '../sessions/index.js';
import type { Participant } from '../sessions/index.js';
import type { Session } from '../sessions/index.js';
import type { EmailRepository, NewEmail } from './email.repository.js';

/**
 * Writes emails into the mail outbox inside the caller's transaction, next to the change that
 * causes them: they exist if and only if that change committed. Every write names its reason, so
 * a repeated cause (a replayed payment record, a second sweep) adds nothing.
 */
export class EmailOutbox {
  constructor(private readonly emails: EmailRepository) {}

  /**
   * The host saved the split: an invitation to each chosen participant with an email, unless one
   * already went to that same address (a changed address gets a new one). The host gets none: they
   * are on the page, and their link is the host token, which never goes in an email.
   */
  async splitSaved(tx: EntityManager, session: Session, chosen: readonly Participant[]): Promise<void> {
    const invitable = chosen.filter((participant) => !participant.isHost && participant.email);
    if (invitable.length === 0) return;
    const earlier = await this.emails.invitationsOf(
      tx,
      invitable.map((participant) => participant.id),
    );
    const messages: NewEmail[] = [];
    for (const participant of invitable) {
      const mine = earlier.filter((row) => row.participant_id === participant.id);
      const email = participant.email!;
      if (mine.some((row) => row.recipient?.toLowerCase() === email.toLowerCase())) continue;
      messages.push({
        sessionId: session.id,
        participantId: participant.id,
        kind: 'invitation',
        reason: `invitation:${mine.length + 1}`,
        recipient: email,
      });
    }
    await this.emails.queue(tx, messages);
  }

  /** A payment was authorized: a receipt to whoever paid it, and on the last share a note to the host. */
  async paymentAuthorized(tx: EntityManager, session: Session, payment: Payment): Promise<void> {
    const messages: NewEmail[] = [];
    const people = await this.emails.addressesOfSession(tx, session.id);
    const payer = people.find((participant) => participant.id === payment.payerId);
    if (payer?.email) {
      messages.push({
        sessionId: session.id,
        participantId: payer.id,
        kind: 'receipt',
        reason: `payment:${payment.id}`,
        recipient: payer.email,
      });
    }
    const host = people.find((participant) => participant.is_host);
    if (session.status === 'completed' && host?.email) {
      messages.push({ sessionId: session.id, participantId: host.id, kind: 'completion', reason: 'completion', recipient: host.email });
    }
    await this.emails.queue(tx, messages);
  }

  /** The session expired or was cancelled: its queued invitations and reminders will not go. */
  async sessionEnded(tx: EntityManager, sessionId: string): Promise<void> {
    await this.emails.cancelQueuedInvitationsAndReminders(tx, sessionId);
  }

  /** A scheduled reminder (reason 'reminder:<offset>') or the host's Remind ('remind:<hour>'). */
  async reminder(tx: EntityManager, input: { sessionId: string; participantId: string; email: string; reason: string }): Promise<boolean> {
    const written = await this.emails.queue(tx, [
      { sessionId: input.sessionId, participantId: input.participantId, kind: 'reminder', reason: input.reason, recipient: input.email },
    ]);
    return written.length > 0;
  }
}
