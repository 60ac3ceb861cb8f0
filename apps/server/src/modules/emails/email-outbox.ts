import type { EntityManager } from '@mikro-orm/postgresql';
import { isTerminalStatus } from '@paysplit/domain';
import type { Payment, Refund, SessionOutcome } from '../sessions/index.js';
import type { Participant } from '../sessions/index.js';
import type { Session } from '../sessions/index.js';
import type { EmailKind } from './email-message.entity.js';
import type { EmailRepository, NewEmail } from './email.repository.js';

/**
 * Writes emails into the mail outbox inside the caller's transaction, next to the change that
 * causes them: they exist if and only if that change committed. Every write names its reason, so
 * a repeated cause (a replayed payment record, a second sweep, a restart) adds nothing. Each
 * message goes to the person it concerns, and says only what is theirs (docs/lifecycle.md, "Emails
 * at each step").
 */
export class EmailOutbox {
  constructor(private readonly emails: EmailRepository) {}

  /**
   * The host saved the split: an invitation to each chosen participant with an email, unless one
   * already went to that same address (a changed address gets a new one); and the host, when they
   * gave an address, hears how to come back to their split from any device (never with the host
   * token, which is never emailed).
   */
  async splitSaved(tx: EntityManager, session: Session, chosen: readonly Participant[]): Promise<void> {
    const invitable = chosen.filter((participant) => !participant.isHost && participant.email);
    const host = (await this.emails.addressesOfSession(tx, session.id)).find((participant) => participant.is_host);
    const messages = [
      ...(await this.oncePerAddress(
        tx,
        session.id,
        'invitation',
        invitable.map((p) => ({ id: p.id, email: p.email! })),
      )),
      ...(host?.email ? await this.oncePerAddress(tx, session.id, 'host-welcome', [{ id: host.id, email: host.email }]) : []),
    ];
    await this.emails.queue(tx, messages);
  }

  /**
   * A payment was authorized: a receipt to whoever paid it, a note to each person whose share the
   * host covered with it, and on the last share the completion note to the host.
   */
  async paymentAuthorized(tx: EntityManager, session: Session, payment: Payment): Promise<void> {
    const messages: NewEmail[] = [];
    const people = await this.emails.addressesOfSession(tx, session.id);
    const reason = `payment:${payment.id}`;
    const payer = people.find((participant) => participant.id === payment.payerId);
    if (payer?.email) messages.push({ sessionId: session.id, participantId: payer.id, kind: 'receipt', reason, recipient: payer.email });
    for (const coveredId of payment.coversParticipantIds ?? []) {
      const covered = people.find((participant) => participant.id === coveredId);
      if (covered?.email && covered.id !== payment.payerId) {
        messages.push({ sessionId: session.id, participantId: covered.id, kind: 'share-covered', reason, recipient: covered.email });
      }
    }
    const host = people.find((participant) => participant.is_host);
    if (session.status === 'completed' && host?.email) {
      messages.push({ sessionId: session.id, participantId: host.id, kind: 'completion', reason: 'completion', recipient: host.email });
    }
    await this.emails.queue(tx, messages);
  }

  /** Money went back to a payer: a refund that succeeded, to the payer refunded. */
  async refundSettled(tx: EntityManager, session: Session, refund: Refund): Promise<void> {
    if (refund.status !== 'succeeded') return;
    await this.toPayer(tx, session.id, refund.payerId, 'refund', `refund:${refund.id}`);
  }

  /**
   * The session completed. Manual capture: the last capture succeeded, so it completed after its
   * last share was held, not when it was paid; the host's completion note goes now (once: its reason
   * is the same). An open group's organiser gets theirs whenever it completes: they paid no share.
   */
  async sessionCompleted(tx: EntityManager, session: Session): Promise<void> {
    if (session.organiserEmail) {
      await this.emails.queue(tx, [this.toOrganiser(session, 'completion', 'completion')]);
    }
    if (session.captureMethod !== 'manual') return;
    const host = (await this.emails.addressesOfSession(tx, session.id)).find((participant) => participant.is_host);
    if (!host?.email) return;
    await this.emails.queue(tx, [
      { sessionId: session.id, participantId: host.id, kind: 'completion', reason: 'completion', recipient: host.email },
    ]);
  }

  /** An open group reached its minimum: "It’s on" to each payer whose places count, and to the organiser; once each. */
  async groupTipped(tx: EntityManager, session: Session): Promise<void> {
    const payers = await this.emails.countedPayersOfSession(tx, session.id);
    await this.emails.queue(tx, [
      ...payers.map((payer) => ({
        sessionId: session.id,
        participantId: payer.id,
        kind: 'group-tipped' as const,
        reason: 'tipped',
        recipient: payer.email,
      })),
      ...(session.organiserEmail ? [this.toOrganiser(session, 'group-tipped', 'tipped')] : []),
    ]);
  }

  /**
   * Manual capture: a held card was declined when charged and its share is open again. The payer
   * is asked to pay again (with their own link); the host hears whose card it was. After the
   * deadline the session ended instead, and its ending emails say so.
   */
  async captureDeclined(tx: EntityManager, session: Session, payment: Payment): Promise<void> {
    if (isTerminalStatus(session.status) || payment.refundRequired) return;
    const people = await this.emails.addressesOfSession(tx, session.id);
    const reason = `payment:${payment.id}`;
    const payer = people.find((participant) => participant.id === payment.payerId);
    const host = people.find((participant) => participant.is_host);
    const messages: NewEmail[] = [];
    if (payer?.email)
      messages.push({ sessionId: session.id, participantId: payer.id, kind: 'capture-declined', reason, recipient: payer.email });
    if (host?.email && host.id !== payment.payerId) {
      messages.push({ sessionId: session.id, participantId: host.id, kind: 'capture-declined-host', reason, recipient: host.email });
    }
    await this.emails.queue(tx, messages);
  }

  /** The merchant recorded that it voided or refunded a payment by hand. */
  async paymentRefundRecorded(tx: EntityManager, session: Session, payment: Payment): Promise<void> {
    await this.toPayer(tx, session.id, payment.payerId, 'refund', `payment:${payment.id}`);
  }

  /**
   * The session expired or was cancelled: its queued invitations and reminders will not go, and
   * the people it concerns hear how it ended and what happens to what they paid.
   */
  async sessionEnded(tx: EntityManager, session: Session, outcome: SessionOutcome): Promise<void> {
    await this.emails.cancelQueuedInvitationsAndReminders(tx, session.id);
    // An open group that never tipped did not reach its minimum: that is what its people hear.
    const notReached = outcome.to === 'expired' && session.openGroupPricing !== null && session.tippedAt === null;
    const kind: EmailKind = notReached ? 'group-not-reached' : outcome.to === 'expired' ? 'expiry' : 'cancellation';
    // An open group's people are those whose places counted: nobody was invited, and a claim never paid was no place of theirs.
    const audience = session.openGroupPricing
      ? await this.emails.countedPayersOfSession(tx, session.id)
      : await this.emails.endingAudience(tx, session.id);
    await this.emails.queue(tx, [
      ...audience.map((person) => ({ sessionId: session.id, participantId: person.id, kind, reason: 'ended', recipient: person.email })),
      ...(session.organiserEmail ? [this.toOrganiser(session, kind, 'ended')] : []),
    ]);
  }

  /** The host asked for a sign-in link (the sessions module checked they have an address). */
  async hostSignInRequested(tx: EntityManager, session: Session, host: Participant, signInId: string): Promise<void> {
    if (!host.email) return;
    await this.emails.queue(tx, [
      { sessionId: session.id, participantId: host.id, kind: 'host-sign-in', reason: `sign-in:${signInId}`, recipient: host.email },
    ]);
  }

  /** A scheduled reminder (reason 'reminder:<offset>') or the host's Remind ('remind:<hour>'). */
  async reminder(tx: EntityManager, input: { sessionId: string; participantId: string; email: string; reason: string }): Promise<boolean> {
    const written = await this.emails.queue(tx, [
      { sessionId: input.sessionId, participantId: input.participantId, kind: 'reminder', reason: input.reason, recipient: input.email },
    ]);
    return written.length > 0;
  }

  /** An open group's organiser is no participant: their emails name none, and go to the session's organiser address. */
  private toOrganiser(session: Session, kind: EmailKind, reason: string): NewEmail {
    return { sessionId: session.id, participantId: null, kind, reason, recipient: session.organiserEmail! };
  }

  private async toPayer(tx: EntityManager, sessionId: string, payerId: string, kind: EmailKind, reason: string): Promise<void> {
    const payer = (await this.emails.addressesOfSession(tx, sessionId)).find((participant) => participant.id === payerId);
    if (payer?.email) await this.emails.queue(tx, [{ sessionId, participantId: payer.id, kind, reason, recipient: payer.email }]);
  }

  /** One message of `kind` per person and address: a new one only when none went to that address yet. */
  private async oncePerAddress(
    tx: EntityManager,
    sessionId: string,
    kind: EmailKind,
    people: readonly { id: string; email: string }[],
  ): Promise<NewEmail[]> {
    if (people.length === 0) return [];
    const earlier = await this.emails.writtenOf(
      tx,
      kind,
      people.map((person) => person.id),
    );
    const messages: NewEmail[] = [];
    for (const person of people) {
      const mine = earlier.filter((row) => row.participant_id === person.id);
      if (mine.some((row) => row.recipient?.toLowerCase() === person.email.toLowerCase())) continue;
      messages.push({ sessionId, participantId: person.id, kind, reason: `${kind}:${mine.length + 1}`, recipient: person.email });
    }
    return messages;
  }
}
