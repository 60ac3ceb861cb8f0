import type { ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import { minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { formatDeadline, formatTimeLeft } from '../time-left';
import { holdBadge, holdMessages, isManual } from './holds';

/** A share's state, as every list of people says it. */
export const statusMessages = defineMessages({
  paid: { id: 'status.paid', defaultMessage: 'Paid', description: 'Badge of a paid share' },
  waiting: { id: 'status.waiting', defaultMessage: 'Waiting', description: 'Badge of a share not paid yet' },
});

const messages = defineMessages({
  heading: { id: 'progress.heading', defaultMessage: 'Progress', description: 'Heading of a payer’s view of the group' },
  whoPaid: { id: 'progress.whoPaid', defaultMessage: 'Who has paid', description: 'Label (for screen readers) of the list of people' },
  paidCount: {
    id: 'progress.paidCount',
    defaultMessage: '{paid, number} of {people, plural, one {# person} other {# people}} paid',
    description: 'Beside a group heading: how many people have paid',
  },
  paidOfTotal: {
    id: 'progress.paidOfTotal',
    defaultMessage: '{paid} of {total} paid',
    description: 'Money in so far, e.g. “NZ$200.00 of NZ$480.00 paid”',
  },
  amountPaid: { id: 'progress.amountPaid', defaultMessage: 'Amount paid', description: 'Label (for screen readers) of the progress bar' },
  refundHint: {
    id: 'deadline.whatHappens',
    defaultMessage: 'If not everyone has paid by then, it expires and the shares paid are refunded.',
    description: 'Under the deadline',
  },
  you: { id: 'person.you', defaultMessage: '(you)', description: 'After the reader’s own name in a list of people' },
  organiser: {
    id: 'person.organiser',
    defaultMessage: 'organiser',
    description: 'After the organiser’s name in a list of people, after a “·”',
  },
});

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
  const t = useT();
  return (
    <section className="progress-section" aria-labelledby="progress-heading">
      <GroupHeading id="progress-heading" session={session}>
        {t(messages.heading)}
      </GroupHeading>
      <ProgressSummary session={session} now={now} />
      {session.participants.length > 0 && (
        <ul className="roster" aria-label={t(messages.whoPaid)}>
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
  const t = useT();
  const people = session.participants.length;
  const paidCount = session.participants.filter((p) => p.status === 'PAID').length;
  return (
    <div className="group-heading">
      <h2 id={id}>{children}</h2>
      {people > 0 && <p className="muted">{t(messages.paidCount, { paid: paidCount, people })}</p>}
    </div>
  );
}

/** Money in so far as words and a bar, then the deadline. */
export function ProgressSummary({ session, now }: Props) {
  const t = useT();
  const total = minorFromApi(session.amountMinor);
  const paid = minorFromApi(session.paidMinor);
  const percent = percentPaid(paid, total);
  const money = (minor: bigint | string) => t.money(minor, session.currency);
  const paidText = t(messages.paidOfTotal, { paid: money(paid), total: money(total) });
  return (
    <>
      <p className="progress-summary">
        <strong>{paidText}</strong>
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t(messages.amountPaid)}
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
  const t = useT();
  // Only a session that still takes payments has a deadline ahead of it.
  if (session.status !== 'OPEN' && session.status !== 'PARTIALLY_PAID') return null;
  return (
    <div className="deadline">
      <p className="expiry">
        <span>{formatTimeLeft(t, session.expiresAt, now)}</span> ·{' '}
        <time dateTime={session.expiresAt} data-testid="deadline">
          {formatDeadline(session.expiresAt, now, { locale: t.locale })}
        </time>
      </p>
      <p className="hint">{t(isManual(session) ? holdMessages.deadlineHint : messages.refundHint)}</p>
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
  const t = useT();
  const paid = p.status === 'PAID';
  // Under manual capture a paid share is held, then charged; a declined one says so to whom may see it.
  const badge = holdBadge(t, session, p) ?? {
    text: t(paid ? statusMessages.paid : statusMessages.waiting),
    tone: paid ? 'paid' : 'pending',
  };
  return (
    <div className="person-line">
      <div className="person-who">
        <p className="person-name">
          {p.displayName}
          {p.isYou && <span className="muted"> {t(messages.you)}</span>}
          {p.isHost && !p.isYou && <span className="muted"> · {t(messages.organiser)}</span>}{' '}
          <span className={`badge badge-${badge.tone}`}>{badge.text}</span>
        </p>
        {detail && <p className="person-status">{detail}</p>}
      </div>
      <p className="person-amount">{t.money(p.amountMinor, session.currency)}</p>
    </div>
  );
}
