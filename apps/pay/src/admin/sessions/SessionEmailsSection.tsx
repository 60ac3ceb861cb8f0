import { maskEmailAddress } from '@paysplit/domain';
import { useQuery } from '@tanstack/react-query';
import type { AdminSessionEmailsQuery } from '../gql/graphql';
import { WATCH_INTERVAL_MS } from '../deliveries/delivery-status';
import { adminExecute } from '../transport';
import { formatDateTime, humanize } from '../ui/format';
import { describeError } from '../ui/form-errors';
import { SessionEmailsDocument } from './session-emails-documents';

type Email = AdminSessionEmailsQuery['session']['emails'][number];

const KIND_LABEL: Readonly<Record<string, string>> = {
  invitation: 'Invitation',
  reminder: 'Reminder',
  receipt: 'Receipt',
  completion: 'Completion note',
};

/** queued, sending, sent, failed or cancelled: in words and the badge colours of deliveries. */
export function emailStatusBadge(status: string): { label: string; tone: 'ok' | 'bad' | 'wait' } {
  switch (status) {
    case 'sent':
      return { label: 'Sent', tone: 'ok' };
    case 'failed':
      return { label: 'Failed', tone: 'bad' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'wait' };
    case 'sending':
      return { label: 'Sending', tone: 'wait' };
    case 'queued':
      return { label: 'Queued', tone: 'wait' };
    default:
      return { label: humanize(status), tone: 'wait' };
  }
}

const inFlight = (email: Email) => email.status === 'queued' || email.status === 'sending';

/** Every email of the session (recipients masked) and each SMTP attempt with its outcome. */
export function SessionEmailsSection({ sessionId }: { sessionId: string }) {
  const emails = useQuery({
    queryKey: ['admin', 'session', sessionId, 'emails'] as const,
    queryFn: async () => (await adminExecute(SessionEmailsDocument, { id: sessionId })).session.emails,
    // While one is still going out, its outcome is seconds away.
    refetchInterval: (query) => (query.state.data?.some(inFlight) ? WATCH_INTERVAL_MS : false),
  });
  return (
    <section className="admin-section" aria-labelledby="emails">
      <h2 id="emails">Emails</h2>
      {emails.isError ? (
        <p className="form-error" role="alert">
          The emails could not be loaded: {describeError(emails.error)}
        </p>
      ) : !emails.data ? (
        <p className="hint">Loading the emails…</p>
      ) : emails.data.length === 0 ? (
        <p>No emails for this session.</p>
      ) : (
        <ul className="plain-list">
          {emails.data.map((email) => (
            <li key={email.id}>
              <EmailDetails email={email} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmailDetails({ email }: { email: Email }) {
  const { label, tone } = emailStatusBadge(email.status);
  const kind = KIND_LABEL[email.kind] ?? humanize(email.kind);
  // Masked by the server already; the same rule again, so an address reads alike on every screen.
  const recipient = email.recipient === null ? null : maskEmailAddress(email.recipient);
  return (
    <div className="delivery">
      <p className="delivery-head">
        <span className={`badge badge-${tone}`}>{label}</span> <strong>{kind}</strong> to {recipient ?? <em>(erased)</em>}
      </p>
      <p className="hint">
        Queued {formatDateTime(email.createdAt, true)}
        {email.sentAt && <> · sent {formatDateTime(email.sentAt, true)}</>} · {email.attempts.length}{' '}
        {email.attempts.length === 1 ? 'attempt' : 'attempts'}
      </p>
      {email.attempts.length > 0 && (
        <div
          className="table-wrap"
          role="region"
          aria-label={`Attempts of the ${kind.toLowerCase()} to ${recipient ?? 'an erased address'}`}
          tabIndex={0}
        >
          <table className="data-table attempts">
            <thead>
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">Started</th>
                <th scope="col">Outcome</th>
                <th scope="col">Duration</th>
                <th scope="col">SMTP reply</th>
              </tr>
            </thead>
            <tbody>
              {email.attempts.map((attempt) => (
                <tr key={attempt.attempt}>
                  <td>{attempt.attempt}</td>
                  <td>{formatDateTime(attempt.startedAt, true)}</td>
                  <td>{humanize(attempt.outcome)}</td>
                  <td>{attempt.durationMs} ms</td>
                  <td className="cell-excerpt">{attempt.excerpt ? <code>{attempt.excerpt}</code> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
