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
  yourDuplicate: {
    id: 'refunds.yourDuplicate',
    defaultMessage:
      '{pending, select, yes {Duplicate payment of {amount}, being refunded} other {Duplicate payment of {amount}, refunded}}',
    description: 'The reader paid the same share twice; the second payment goes back to their card (the booking is not refunded)',
  },
  duplicateBadge: {
    id: 'refunds.badge.duplicate',
    defaultMessage: '{pending, select, yes {Duplicate payment, being refunded} other {Duplicate payment, refunded}}',
    description: 'Badge in the host’s list: this person paid their share twice and the second payment goes back',
  },
});

/**
 * What the server says went back to a payer, and what is still on its way (all null when not the
 * viewer's to see): money paid toward the session apart from duplicate payments (a second payment
 * for a share already paid), which go back without the booking being refunded.
 */
interface RefundFields extends Pick<PayParticipant, 'id' | 'displayName' | 'isYou'> {
  refundedMinor?: string | null;
  refundPendingMinor?: string | null;
  duplicateRefundedMinor?: string | null;
  duplicateRefundPendingMinor?: string | null;
}

export interface ParticipantRefund {
  id: string;
  displayName: string;
  isYou: boolean;
  refundedMinor: bigint;
  pendingMinor: bigint;
  duplicateRefundedMinor: bigint;
  duplicatePendingMinor: bigint;
}

function amountOf(value: string | null | undefined): bigint {
  return value ? minorFromApi(value) : 0n;
}

const hasBookingRefund = (refund: ParticipantRefund) => refund.refundedMinor > 0n || refund.pendingMinor > 0n;
const hasDuplicateRefund = (refund: ParticipantRefund) => refund.duplicateRefundedMinor > 0n || refund.duplicatePendingMinor > 0n;
const duplicatePending = (refund: ParticipantRefund) => (refund.duplicatePendingMinor > 0n ? 'yes' : 'no');

/** The participants with money refunded or being refunded (booking or duplicate), in roster order. */
export function participantRefunds(participants: readonly RefundFields[]): ParticipantRefund[] {
  return participants
    .map((p) => ({
      id: p.id,
      displayName: p.displayName,
      isYou: p.isYou,
      refundedMinor: amountOf(p.refundedMinor),
      pendingMinor: amountOf(p.refundPendingMinor),
      duplicateRefundedMinor: amountOf(p.duplicateRefundedMinor),
      duplicatePendingMinor: amountOf(p.duplicateRefundPendingMinor),
    }))
    .filter((p) => hasBookingRefund(p) || hasDuplicateRefund(p));
}

/** Money paid toward the session went back (a duplicate payment refunded does not count: the booking stands). */
export function hasRefunds(session: { participants: readonly RefundFields[] }): boolean {
  return participantRefunds(session.participants).some(hasBookingRefund);
}

/** "NZ$96.00 refunded to your card", "NZ$96.00 refund pending", or both. */
export function refundWords(t: Translator, refund: Pick<ParticipantRefund, 'refundedMinor' | 'pendingMinor'>, currency: string): string {
  const parts: string[] = [];
  if (refund.refundedMinor > 0n) parts.push(t(messages.refundedToYours, { amount: t.money(refund.refundedMinor, currency) }));
  if (refund.pendingMinor > 0n) parts.push(t(messages.pending, { amount: t.money(refund.pendingMinor, currency) }));
  return parts.join(' · ');
}

/**
 * Money going back: the viewer's own refund first, in words a payer knows from their bank, and a
 * payment they made twice said as such; the host also sees who else was refunded and how much.
 * Nothing when nothing was refunded.
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
      {yours && hasBookingRefund(yours) && (
        <p className={`notice ${yours.pendingMinor > 0n ? 'notice-info' : 'notice-success'}`} data-testid="your-refund">
          {refundWords(t, yours, session.currency)}
        </p>
      )}
      {yours && hasDuplicateRefund(yours) && (
        <p className={`notice ${yours.duplicatePendingMinor > 0n ? 'notice-info' : 'notice-success'}`} data-testid="your-duplicate">
          {t(messages.yourDuplicate, {
            pending: duplicatePending(yours),
            amount: t.money(yours.duplicateRefundedMinor + yours.duplicatePendingMinor, session.currency),
          })}
        </p>
      )}
      {others.length > 0 && (
        <ul className="roster" aria-label={t(messages.whoRefunded)}>
          {others.flatMap((refund) => [
            hasBookingRefund(refund) && (
              <li key={refund.id} className="roster-row">
                <bdi className="roster-name">{refund.displayName}</bdi>
                <span className="roster-amount">{t.money(refund.refundedMinor + refund.pendingMinor, session.currency)}</span>
                <span className={`badge ${refund.pendingMinor > 0n ? 'badge-pending' : 'badge-paid'}`}>
                  {t(refund.pendingMinor > 0n ? messages.pendingBadge : messages.refundedBadge)}
                </span>
              </li>
            ),
            hasDuplicateRefund(refund) && (
              <li key={`${refund.id}-duplicate`} className="roster-row">
                <bdi className="roster-name">{refund.displayName}</bdi>
                <span className="roster-amount">
                  {t.money(refund.duplicateRefundedMinor + refund.duplicatePendingMinor, session.currency)}
                </span>
                <span className={`badge badge-line ${refund.duplicatePendingMinor > 0n ? 'badge-pending' : 'badge-paid'}`}>
                  {t(messages.duplicateBadge, { pending: duplicatePending(refund) })}
                </span>
              </li>
            ),
          ])}
        </ul>
      )}
    </section>
  );
}
