import type { ReactNode } from 'react';
import { formatMoney, minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { formatTimeLeft } from '../time-left';

interface Props {
  session: PaySessionView;
  now: number;
  /** More about a person under their roster line (the host's email status and Remind button). */
  rowExtra?: (participant: PayParticipant) => ReactNode;
}

/** Whole percent paid, rounded down: the bar shows 100 % only when everything is paid. */
export function percentPaid(paidMinor: bigint, totalMinor: bigint): number {
  if (totalMinor <= 0n) return 0;
  return Number((paidMinor * 100n) / totalMinor);
}

/** Money in so far, time left, and who has paid. */
export function SessionProgress({ session, now, rowExtra }: Props) {
  const total = minorFromApi(session.amountMinor);
  const paid = minorFromApi(session.paidMinor);
  const percent = percentPaid(paid, total);
  const money = (minor: bigint | string) => formatMoney(minor, session.currency);
  const paidCount = session.participants.filter((p) => p.status === 'PAID').length;
  const paidText = `${money(paid)} of ${money(total)} paid`;

  return (
    <section className="progress-section" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      <p className="progress-summary">
        <strong>{paidText}</strong>
        {session.participants.length > 0 && (
          <span>
            {' '}
            · {paidCount} of {session.participants.length} {session.participants.length === 1 ? 'person' : 'people'}
          </span>
        )}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Amount paid"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={paidText}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="expiry">
        <time dateTime={session.expiresAt} title={new Date(session.expiresAt).toLocaleString()}>
          {formatTimeLeft(session.expiresAt, now)}
        </time>
      </p>

      {session.participants.length > 0 && (
        <ul className="roster" aria-label="Who has paid">
          {session.participants.map((p) => (
            <li key={p.id} className="roster-row">
              <span className="roster-name">
                {p.displayName}
                {p.isYou && <span className="muted"> (you)</span>}
                {p.isHost && <span className="muted"> · organiser</span>}
              </span>
              <span className="roster-amount">{money(p.amountMinor)}</span>
              <span className={`badge ${p.status === 'PAID' ? 'badge-paid' : 'badge-pending'}`}>
                {p.status === 'PAID' ? 'Paid' : 'Waiting'}
              </span>
              {rowExtra?.(p)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
