import { defineMessages } from 'react-intl';
import { type Translator, useT } from '../i18n/translator';
import { minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';

const messages = defineMessages({
  refundedToYours: {
    id: 'refunds.refundedToYourCard',
    defaultMessage: '{amount} refunded to your card',
    description: 'Money back to the reader',
  },
  pending: { id: 'refunds.pending', defaultMessage: '{amount} refund pending', description: 'A refund on its way' },
  heading: { id: 'refunds.heading', defaultMessage: 'Refunds', description: 'Heading of the section about money sent back' },
  whoRefunded: {
    id: 'refunds.who',
    defaultMessage: 'Who was refunded',
    description: 'Label (for screen readers) of the list of refunded payers',
  },
  pendingBadge: { id: 'refunds.badge.pending', defaultMessage: 'Refund pending', description: 'Badge of a refund on its way' },
  refundedBadge: { id: 'refunds.badge.refunded', defaultMessage: 'Refunded', description: 'Badge of a completed refund' },
});

/** What the server says went back to a payer, and what is still on its way (both null when not the viewer's to see). */
interface RefundFields extends Pick<PayParticipant, 'id' | 'displayName' | 'isYou'> {
  refundedMinor?: string | null;
  refundPendingMinor?: string | null;
}

export interface ParticipantRefund {
  id: string;
  displayName: string;
  isYou: boolean;
  refundedMinor: bigint;
  pendingMinor: bigint;
}

function amountOf(value: string | null | undefined): bigint {
  return value ? minorFromApi(value) : 0n;
}

/** The participants with money refunded or being refunded, in roster order. */
export function participantRefunds(participants: readonly RefundFields[]): ParticipantRefund[] {
  return participants
    .map((p) => ({
      id: p.id,
      displayName: p.displayName,
      isYou: p.isYou,
      refundedMinor: amountOf(p.refundedMinor),
      pendingMinor: amountOf(p.refundPendingMinor),
    }))
    .filter((p) => p.refundedMinor > 0n || p.pendingMinor > 0n);
}

export function hasRefunds(session: { participants: readonly RefundFields[] }): boolean {
  return participantRefunds(session.participants).length > 0;
}

/** "NZ$96.00 refunded to your card", "NZ$96.00 refund pending", or both. */
export function refundWords(t: Translator, refund: Pick<ParticipantRefund, 'refundedMinor' | 'pendingMinor'>, currency: string): string {
  const parts: string[] = [];
  if (refund.refundedMinor > 0n) parts.push(t(messages.refundedToYours, { amount: t.money(refund.refundedMinor, currency) }));
  if (refund.pendingMinor > 0n) parts.push(t(messages.pending, { amount: t.money(refund.pendingMinor, currency) }));
  return parts.join(' · ');
}

/**
 * Money going back: the viewer's own refund first, in words a payer knows from their bank; the
 * host also sees who else was refunded and how much. Nothing when nothing was refunded.
 */
export function Refunds({
  session,
}: {
  session: Pick<PaySessionView, 'currency' | 'viewerRole'> & { participants: readonly RefundFields[] };
}) {
  const t = useT();
  const refunds = participantRefunds(session.participants);
  if (refunds.length === 0) return null;
  const yours = refunds.find((refund) => refund.isYou);
  const others = session.viewerRole === 'HOST' ? refunds.filter((refund) => !refund.isYou) : [];
  return (
    <section className="refunds" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">{t(messages.heading)}</h2>
      {yours && (
        <p className={`notice ${yours.pendingMinor > 0n ? 'notice-info' : 'notice-success'}`} data-testid="your-refund">
          {refundWords(t, yours, session.currency)}
        </p>
      )}
      {others.length > 0 && (
        <ul className="roster" aria-label={t(messages.whoRefunded)}>
          {others.map((refund) => (
            <li key={refund.id} className="roster-row">
              <bdi className="roster-name">{refund.displayName}</bdi>
              <span className="roster-amount">{t.money(refund.refundedMinor + refund.pendingMinor, session.currency)}</span>
              <span className={`badge ${refund.pendingMinor > 0n ? 'badge-pending' : 'badge-paid'}`}>
                {t(refund.pendingMinor > 0n ? messages.pendingBadge : messages.refundedBadge)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
