import type { ReactNode } from 'react';
import { formatMoney, minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { formatDeadline, formatTimeLeft } from '../time-left';

interface Props {
  session: PaySessionView;
  now: number;
}

/** Whole percent paid, rounded down: the bar shows 100 % only when everything is paid. */
export function percentPaid(paidMinor: bigint, totalMinor: bigint): number {
  if (totalMinor <= 0n) return 0;
  return Number((paidMinor * 100n) / totalMinor);
}

/** A payer's view of the group: money in so far, the deadline, and who has paid. */
export function SessionProgress({ session, now }: Props) {
  return (
    <section className="progress-section" aria-labelledby="progress-heading">
      <GroupHeading id="progress-heading" session={session}>
        Progress
      </GroupHeading>
      <ProgressSummary session={session} now={now} />
      {session.participants.length > 0 && (
        <ul className="roster" aria-label="Who has paid">
          {session.participants.map((p) => (
            <li key={p.id} className="roster-row">
              <PersonLine session={session} participant={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A section's heading with how many of the group have paid beside it. */
export function GroupHeading({ id, session, children }: { id: string; session: PaySessionView; children: ReactNode }) {
  const people = session.participants.length;
  const paidCount = session.participants.filter((p) => p.status === 'PAID').length;
  return (
    <div className="group-heading">
      <h2 id={id}>{children}</h2>
      {people > 0 && (
        <p className="muted">
          {paidCount} of {people} {people === 1 ? 'person' : 'people'} paid
        </p>
      )}
    </div>
  );
}

/** Money in so far as words and a bar, then the deadline. */
export function ProgressSummary({ session, now }: Props) {
  const total = minorFromApi(session.amountMinor);
  const paid = minorFromApi(session.paidMinor);
  const percent = percentPaid(paid, total);
  const money = (minor: bigint | string) => formatMoney(minor, session.currency);
  const paidText = `${money(paid)} of ${money(total)} paid`;
  return (
    <>
      <p className="progress-summary">
        <strong>{paidText}</strong>
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
      <Deadline session={session} now={now} />
    </>
  );
}

/**
 * The countdown beside the exact deadline on the reader's clock, and what happens if the group
 * does not finish in time (docs/lifecycle.md: the session expires and what was paid goes back).
 */
export function Deadline({ session, now }: Props) {
  // Only a session that still takes payments has a deadline ahead of it.
  if (session.status !== 'OPEN' && session.status !== 'PARTIALLY_PAID') return null;
  return (
    <div className="deadline">
      <p className="expiry">
        <span>{formatTimeLeft(session.expiresAt, now)}</span> ·{' '}
        <time dateTime={session.expiresAt} data-testid="deadline">
          {formatDeadline(session.expiresAt, now)}
        </time>
      </p>
      <p className="hint">If not everyone has paid by then, it expires and the shares paid are refunded.</p>
    </div>
  );
}

/**
 * One person at a glance: their name (wrapping between words, never inside one), whether they
 * have paid and anything more about them under it, and their share on the right.
 */
export function PersonLine({
  session,
  participant: p,
  detail,
}: {
  session: PaySessionView;
  participant: PayParticipant;
  detail?: ReactNode;
}) {
  const paid = p.status === 'PAID';
  return (
    <div className="person-line">
      <div className="person-who">
        <p className="person-name">
          {p.displayName}
          {p.isYou && <span className="muted"> (you)</span>}
          {p.isHost && !p.isYou && <span className="muted"> · organiser</span>}{' '}
          <span className={`badge ${paid ? 'badge-paid' : 'badge-pending'}`}>{paid ? 'Paid' : 'Waiting'}</span>
        </p>
        {detail && <p className="person-status">{detail}</p>}
      </div>
      <p className="person-amount">{formatMoney(p.amountMinor, session.currency)}</p>
    </div>
  );
}
