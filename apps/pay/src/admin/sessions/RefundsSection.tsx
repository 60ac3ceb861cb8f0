import { minorFromApi } from '../../money';
import type { AdminSessionQuery } from '../gql/graphql';
import { formatDateTime, formatOperatorMoney, humanize } from '../ui/format';
import { CallAttemptsTable } from './CallAttemptsTable';

type AdminSession = AdminSessionQuery['session'];
type AdminRefund = AdminSession['refunds'][number];

const REFUND_BADGES: Partial<Record<string, string>> = { succeeded: 'badge-ok', failed: 'badge-bad', pending: 'badge-wait' };

function refundOutcome(refund: AdminRefund): string {
  const status = refund.status.toLowerCase();
  if (status === 'succeeded') {
    return `Refunded ${formatDateTime(refund.settledAt, true)}${refund.processorRefundReference ? ` (${refund.processorRefundReference})` : ''}`;
  }
  if (status === 'failed')
    return `Failed ${formatDateTime(refund.settledAt, true)}${refund.failureReason ? `: ${refund.failureReason}` : ''}`;
  return refund.attempts === 0 ? 'Waiting for the first call to the merchant' : 'Waiting for the merchant to settle it';
}

type RefundSums = readonly Pick<AdminRefund, 'purpose' | 'status' | 'amountMinor'>[];

/** What succeeded of the refunds of one purpose. */
function refundedFor(refunds: RefundSums, purpose: AdminRefund['purpose']): bigint {
  return refunds
    .filter((refund) => refund.purpose === purpose && refund.status === 'SUCCEEDED')
    .reduce((sum, refund) => sum + minorFromApi(refund.amountMinor), 0n);
}

/** What went back for duplicate payments (a second payment for shares already paid), not booking money. */
export function duplicateRefundedMinor(refunds: RefundSums): bigint {
  return refundedFor(refunds, 'DUPLICATE');
}

/**
 * "NZ$150.00", with what of it went back for duplicate payments or an open group's price drops
 * (what payers paid above their final amount) when some did: "NZ$150.00 (NZ$50.00 for price drops)".
 */
export function refundedWords(session: Pick<AdminSession, 'refunds' | 'refundedMinor' | 'currency'>): string {
  const money = (minor: string | bigint) => formatOperatorMoney(minor, session.currency);
  const duplicates = duplicateRefundedMinor(session.refunds);
  const priceDrops = refundedFor(session.refunds, 'PRICE_DROP');
  const parts = [
    ...(duplicates > 0n ? [`${money(duplicates)} for duplicate payments`] : []),
    ...(priceDrops > 0n ? [`${money(priceDrops)} for price drops`] : []),
  ];
  return parts.length > 0 ? `${money(session.refundedMinor)} (${parts.join(', ')})` : money(session.refundedMinor);
}

/**
 * Every refund of the session: whose payment, how much, why, how it ended, and each call PaySplit
 * made to the merchant's refund URL with the reply.
 */
export function RefundsSection({ session }: { session: Pick<AdminSession, 'refunds' | 'refundedMinor' | 'currency' | 'participants'> }) {
  const money = (minor: string) => formatOperatorMoney(minor, session.currency);
  const nameOf = (participantId: string) => session.participants.find((p) => p.id === participantId)?.displayName ?? participantId;
  return (
    <section className="admin-section" aria-labelledby="refunds">
      <h2 id="refunds">Refunds</h2>
      {session.refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <>
          <p>
            Refunded so far: <strong>{refundedWords(session)}</strong>
          </p>
          <ol className="event-list">
            {session.refunds.map((refund) => (
              <li key={refund.refundId} className="card">
                <h3>
                  {money(refund.amountMinor)} to {nameOf(refund.participantId)}{' '}
                  <span className={`badge ${REFUND_BADGES[refund.status.toLowerCase()] ?? 'badge-wait'}`}>{humanize(refund.status)}</span>
                  {refund.purpose === 'DUPLICATE' && (
                    <>
                      {' '}
                      <span className="tag">Duplicate</span>
                    </>
                  )}
                  {refund.purpose === 'PRICE_DROP' && (
                    <>
                      {' '}
                      <span className="tag">Price drop</span>
                    </>
                  )}
                </h3>
                <p className="hint">
                  {humanize(refund.source)} refund of {formatDateTime(refund.createdAt, true)} · {refundOutcome(refund)}
                  {refund.reason && <> · reason: {refund.reason}</>}
                </p>
                <p className="hint">
                  Refund id <code>{refund.refundId}</code> · payment <code>{refund.paymentId}</code>
                </p>
                <CallAttemptsTable attempts={refund.attemptLog} label={`Calls to the merchant for refund ${refund.refundId}`} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
