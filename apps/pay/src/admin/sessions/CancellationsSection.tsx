import type { ReactNode } from 'react';
import type { AdminSessionQuery } from '../gql/graphql';
import { formatDateTime, formatOperatorMoney, humanize } from '../ui/format';
import { CallAttemptsTable } from './CallAttemptsTable';

type AdminSession = AdminSessionQuery['session'];
type AdminCancellation = AdminSession['cancellations'][number];

const CANCELLATION_BADGES: Partial<Record<string, string>> = { succeeded: 'badge-ok', failed: 'badge-bad', pending: 'badge-wait' };

/** Why PaySplit asked the merchant to cancel the checkout, in words. */
const REASONS: Record<string, string> = {
  replaced: 'the payer started again',
  share_changed: 'the host changed the share',
  share_paid: 'the share was paid by another payment',
  session_expired: 'the session expired',
  session_cancelled: 'the session was cancelled',
};

function cancellationOutcome(cancellation: AdminCancellation): ReactNode {
  const status = cancellation.status.toLowerCase();
  // A processor's reference is one long word: in code, which may break anywhere on a narrow screen.
  const reference = cancellation.processorReference ? (
    <>
      {' '}
      (<code>{cancellation.processorReference}</code>)
    </>
  ) : null;
  if (status === 'succeeded') {
    return (
      <>
        Checkout closed {formatDateTime(cancellation.settledAt, true)}
        {reference}
      </>
    );
  }
  if (status === 'failed') {
    return (
      <>
        Not cancelled {formatDateTime(cancellation.settledAt, true)}
        {reference}
        {cancellation.failureReason ? `: ${cancellation.failureReason}` : ''}
      </>
    );
  }
  return cancellation.attempts === 0 ? 'Waiting for the first call to the merchant' : 'Waiting for the merchant to settle it';
}

/**
 * Every checkout PaySplit asked the merchant to cancel (its partner cancel URL): whose, why, how it
 * ended, and each call with the reply. Shown only when there are some: an integration without a
 * cancel URL never has any.
 */
export function CancellationsSection({ session }: { session: Pick<AdminSession, 'cancellations' | 'currency' | 'participants'> }) {
  if (session.cancellations.length === 0) return null;
  const nameOf = (participantId: string) => session.participants.find((p) => p.id === participantId)?.displayName ?? participantId;
  return (
    <section className="admin-section" aria-labelledby="cancellations">
      <h2 id="cancellations">Cancelled checkouts</h2>
      <ol className="event-list">
        {session.cancellations.map((cancellation) => (
          <li key={cancellation.cancelId} className="card">
            <h3>
              {formatOperatorMoney(cancellation.amountMinor, session.currency)} checkout of {nameOf(cancellation.participantId)}{' '}
              <span className={`badge ${CANCELLATION_BADGES[cancellation.status.toLowerCase()] ?? 'badge-wait'}`}>
                {humanize(cancellation.status)}
              </span>
            </h3>
            <p className="hint">
              Asked {formatDateTime(cancellation.createdAt, true)} because{' '}
              {REASONS[cancellation.reason.toLowerCase()] ?? humanize(cancellation.reason).toLowerCase()} ·{' '}
              {cancellationOutcome(cancellation)}
            </p>
            <p className="hint">
              Cancel id <code>{cancellation.cancelId}</code> · payment <code>{cancellation.paymentId}</code>
            </p>
            <CallAttemptsTable
              attempts={cancellation.attemptLog}
              label={`Calls to the merchant for cancellation ${cancellation.cancelId}`}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
