import { defineMessages } from 'react-intl';
import type { Translator } from '../i18n/translator';
import { useT } from '../i18n/translator';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { formatDeadline } from '../time-left';

/**
 * What a payer is told of their money when the merchant charges only once everyone has paid
 * (captureMethod MANUAL): a share paid is held on the card, not charged, until the group is done;
 * if the group does not finish, the hold is released and nothing is taken (docs/decisions.md,
 * "What payers are told"). An automatic session says none of this.
 */
export const holdMessages = defineMessages({
  promise: {
    id: 'hold.promise',
    defaultMessage:
      'Your card is held now and charged only when everyone has paid by {deadline}; if the group doesn’t finish, the hold is released.',
    description: 'Above the pay button when cards are charged only once everyone has paid; deadline is a date and time with its zone',
  },
  deadlineHint: {
    id: 'hold.deadlineHint',
    defaultMessage: 'If not everyone has paid by then, it expires and every hold is released: nothing is charged.',
    description: 'Under the deadline when cards are only held until everyone has paid',
  },
  heldBadge: { id: 'hold.badge.held', defaultMessage: 'Held', description: 'Badge of a share held on the card, not charged yet' },
  chargingBadge: {
    id: 'hold.badge.charging',
    defaultMessage: 'Being charged',
    description: 'Badge of a share whose card is being charged now that everyone has paid',
  },
  chargedBadge: { id: 'hold.badge.charged', defaultMessage: 'Charged', description: 'Badge of a share whose card was charged' },
  declinedBadge: {
    id: 'hold.badge.declined',
    defaultMessage: 'Card declined',
    description: 'Badge of a share whose card could not be charged; the share is open again',
  },
  heldTitle: { id: 'hold.payer.title', defaultMessage: 'Your share is held', description: 'Heading once the payer’s card is held' },
  heldLabel: { id: 'hold.payer.label', defaultMessage: 'Held on your card', description: 'Label of the amount held on the payer’s card' },
  heldLead: {
    id: 'hold.payer.lead',
    defaultMessage:
      'Your card is held, not charged, {name}. It’s charged when everyone has paid; if the group doesn’t finish by {deadline}, the hold is released.',
    description: 'After paying under hold-then-charge; name is the payer’s; deadline a date and time with its zone',
  },
  ownHeld: {
    id: 'hold.host.ownShare',
    defaultMessage: 'Thanks — your share is in; your card is charged when everyone has paid.',
    description: 'Beside the organiser’s own Held, Being charged or Charged badge',
  },
  ownCharged: {
    id: 'hold.host.ownCharged',
    defaultMessage: 'Thanks — your card is charged for your share.',
    description: 'Beside the organiser’s own Charged badge while others still pay',
  },
  capturingTitle: {
    id: 'hold.capturing.title',
    defaultMessage: 'Everyone has paid',
    description: 'Heading while every card is being charged',
  },
  capturingLead: {
    id: 'hold.capturing.lead',
    defaultMessage: 'Everyone has paid, so the cards are being charged now. This page updates when it’s done.',
    description: 'While every held card is being charged',
  },
  declined: {
    id: 'hold.payer.declined',
    defaultMessage: 'Your card could not be charged, so your share is open again. Pay again to finish the group’s payment.',
    description: 'The capture of the payer’s hold was declined; the pay button follows',
  },
  declinedOthers: {
    id: 'hold.host.declined',
    defaultMessage:
      '{count, plural, one {{names}’s card could not be charged, so their share is open again.} other {The cards of {names} could not be charged, so their shares are open again.}}',
    description: 'The organiser’s notice of whose card was declined at capture; names is a list of names',
  },
  chargedHostLead: {
    id: 'hold.completed.host',
    defaultMessage: 'Everyone’s card is charged, {total} in all — thank you.',
    description: 'The organiser’s thank-you once every held card was charged',
  },
  chargedPayerLead: {
    id: 'hold.completed.payer',
    defaultMessage: 'Everyone has paid, {total} in all, and your card has been charged. There’s nothing more to do.',
    description: 'A payer’s ending once every held card was charged',
  },
  yourHoldReleased: {
    id: 'hold.released.yours',
    defaultMessage: 'The hold on your card was released: nothing was charged.',
    description: 'An ended session: the payer’s held money was given back',
  },
  holdsReleased: {
    id: 'hold.released.all',
    defaultMessage: 'Every hold was released: nobody was charged.',
    description: 'An ended session (organiser, or a payer who paid nothing): every hold was given back',
  },
  yourDuplicateReleased: {
    id: 'hold.duplicate.yours',
    defaultMessage: 'A second hold for your share was released: nothing extra was charged.',
    description: 'The payer paid the same share twice; the second hold was given back',
  },
  duplicateReleasedOf: {
    id: 'hold.duplicate.host',
    defaultMessage: '{name}’s second hold for the same share was released: nothing extra was charged.',
    description: 'The organiser’s note that a payer’s duplicate hold was given back',
  },
});

export function isManual(session: Pick<PaySessionView, 'captureMethod'>): boolean {
  return session.captureMethod === 'MANUAL';
}

/** The deadline in the merchant's zone (a hold is a promise the merchant keeps), named so nobody guesses whose evening it is. */
export function holdDeadline(t: Translator, session: Pick<PaySessionView, 'expiresAt' | 'merchantTimeZone'>, now: number): string {
  return formatDeadline(session.expiresAt, now, { locale: t.locale, timeZone: session.merchantTimeZone });
}

/** The badge a paid or declined share wears under manual capture, or null where the automatic words hold. */
export function holdBadge(
  t: Translator,
  session: Pick<PaySessionView, 'captureMethod' | 'status'>,
  participant: Pick<PayParticipant, 'status' | 'holdState'>,
): { text: string; tone: 'paid' | 'pending' | 'declined' } | null {
  if (!isManual(session)) return null;
  if (participant.status !== 'PAID') {
    return participant.holdState === 'CAPTURE_FAILED' ? { text: t(holdMessages.declinedBadge), tone: 'declined' } : null;
  }
  if (session.status === 'COMPLETED' || participant.holdState === 'CHARGED') return { text: t(holdMessages.chargedBadge), tone: 'paid' };
  if (session.status === 'CAPTURING') return { text: t(holdMessages.chargingBadge), tone: 'pending' };
  return { text: t(holdMessages.heldBadge), tone: 'paid' };
}

/** Before paying, in a manual session: when the card is charged, and what happens if the group does not finish. */
export function HoldPromise({ session, now }: { session: PaySessionView; now: number }) {
  const t = useT();
  if (!isManual(session)) return null;
  return (
    <p className="notice notice-info" data-testid="hold-promise">
      {t(holdMessages.promise, { deadline: holdDeadline(t, session, now) })}
    </p>
  );
}

/**
 * A declined capture said to whom it concerns: the payer, whose share is open again (the pay button
 * follows), or the host, who sees whose card failed. Nothing otherwise.
 */
export function DeclinedNotice({ session }: { session: PaySessionView }) {
  const t = useT();
  if (!isManual(session)) return null;
  const declined = session.participants.filter((p) => p.holdState === 'CAPTURE_FAILED');
  const you = declined.find((p) => p.isYou);
  const others = session.viewerRole === 'HOST' ? declined.filter((p) => !p.isYou) : [];
  return (
    <>
      {you && (
        <p className="notice notice-warning" role="alert" data-testid="capture-declined">
          {t(holdMessages.declined)}
        </p>
      )}
      {others.length > 0 && (
        <p className="notice notice-warning" role="alert" data-testid="others-declined">
          {t(holdMessages.declinedOthers, { count: others.length, names: t.list(others.map((p) => p.displayName)) })}
        </p>
      )}
    </>
  );
}

/**
 * How a manual session that ended without charging says so, and the second holds given back; the
 * words come only from what the server says happened (a capture already made is refunded instead,
 * which the refunds section says).
 */
export function HoldEndNotes({ session }: { session: PaySessionView }) {
  const t = useT();
  if (!isManual(session)) return null;
  const ended = session.status === 'EXPIRED' || session.status === 'CANCELLED';
  const charged = session.participants.some((p) => p.holdState === 'CHARGED');
  const released = session.participants.filter((p) => p.holdState === 'RELEASED');
  const you = session.participants.find((p) => p.isYou);
  const isHost = session.viewerRole === 'HOST';
  const releaseWords =
    !ended || charged
      ? null
      : you?.holdState === 'RELEASED' && !isHost
        ? t(holdMessages.yourHoldReleased)
        : released.length > 0
          ? t(holdMessages.holdsReleased)
          : null;
  const duplicates = session.participants.filter((p) => p.duplicateHoldReleased && (p.isYou || isHost));
  if (releaseWords === null && duplicates.length === 0) return null;
  return (
    <>
      {releaseWords !== null && (
        <p className="notice notice-success" data-testid="holds-released">
          {releaseWords}
        </p>
      )}
      {duplicates.map((p) => (
        <p key={p.id} className="notice notice-success" data-testid="duplicate-hold-released">
          {p.isYou ? t(holdMessages.yourDuplicateReleased) : t(holdMessages.duplicateReleasedOf, { name: p.displayName })}
        </p>
      ))}
    </>
  );
}
