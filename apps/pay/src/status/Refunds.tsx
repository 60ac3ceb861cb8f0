import { formatMoney, minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';

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
export function refundWords(
  refund: Pick<ParticipantRefund, 'refundedMinor' | 'pendingMinor'>,
  currency: string,
  whose: 'your' | 'their',
): string {
  const parts: string[] = [];
  if (refund.refundedMinor > 0n) parts.push(`${formatMoney(refund.refundedMinor, currency)} refunded to ${whose} card`);
  if (refund.pendingMinor > 0n) parts.push(`${formatMoney(refund.pendingMinor, currency)} refund pending`);
  return parts.join(' · ');
}

/** "Duplicate payment, being refunded" until all of it is back, then "Duplicate payment, refunded". */
export function duplicateWords(refund: Pick<ParticipantRefund, 'duplicatePendingMinor'>): string {
  return refund.duplicatePendingMinor > 0n ? 'Duplicate payment, being refunded' : 'Duplicate payment, refunded';
}

/** The payer's own: "Duplicate payment of NZ$240.00, refunded" (or "being refunded"). */
export function yourDuplicateWords(refund: Pick<ParticipantRefund, 'duplicateRefundedMinor' | 'duplicatePendingMinor'>, currency: string) {
  const amount = formatMoney(refund.duplicateRefundedMinor + refund.duplicatePendingMinor, currency);
  return refund.duplicatePendingMinor > 0n ? `Duplicate payment of ${amount}, being refunded` : `Duplicate payment of ${amount}, refunded`;
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
  const refunds = participantRefunds(session.participants);
  if (refunds.length === 0) return null;
  const money = (minor: bigint) => formatMoney(minor, session.currency);
  const yours = refunds.find((refund) => refund.isYou);
  const others = session.viewerRole === 'HOST' ? refunds.filter((refund) => !refund.isYou) : [];
  return (
    <section className="refunds" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      {yours && hasBookingRefund(yours) && (
        <p className={`notice ${yours.pendingMinor > 0n ? 'notice-info' : 'notice-success'}`} data-testid="your-refund">
          {refundWords(yours, session.currency, 'your')}
        </p>
      )}
      {yours && hasDuplicateRefund(yours) && (
        <p className={`notice ${yours.duplicatePendingMinor > 0n ? 'notice-info' : 'notice-success'}`} data-testid="your-duplicate">
          {yourDuplicateWords(yours, session.currency)}
        </p>
      )}
      {others.length > 0 && (
        <ul className="roster" aria-label="Who was refunded">
          {others.flatMap((refund) => [
            hasBookingRefund(refund) && (
              <li key={refund.id} className="roster-row">
                <span className="roster-name">{refund.displayName}</span>
                <span className="roster-amount">{money(refund.refundedMinor + refund.pendingMinor)}</span>
                <span className={`badge ${refund.pendingMinor > 0n ? 'badge-pending' : 'badge-paid'}`}>
                  {refund.pendingMinor > 0n ? 'Refund pending' : 'Refunded'}
                </span>
              </li>
            ),
            hasDuplicateRefund(refund) && (
              <li key={`${refund.id}-duplicate`} className="roster-row">
                <span className="roster-name">{refund.displayName}</span>
                <span className="roster-amount">{money(refund.duplicateRefundedMinor + refund.duplicatePendingMinor)}</span>
                <span className={`badge badge-line ${refund.duplicatePendingMinor > 0n ? 'badge-pending' : 'badge-paid'}`}>
                  {duplicateWords(refund)}
                </span>
              </li>
            ),
          ])}
        </ul>
      )}
    </section>
  );
}
