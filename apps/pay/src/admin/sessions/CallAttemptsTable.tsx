import { formatDateTime, humanize } from '../ui/format';

export interface CallAttempt {
  attempt: number;
  startedAt: string;
  durationMs: number;
  httpStatus?: number | null;
  outcome: string;
  excerpt?: string | null;
}

/**
 * Each call PaySplit made to the merchant for one refund or cancellation, with the reply: what an
 * operator needs when one is stuck. `label` names the table for screen readers.
 */
export function CallAttemptsTable({ attempts, label }: { attempts: readonly CallAttempt[]; label: string }) {
  if (attempts.length === 0) return <p>The merchant has not been called yet.</p>;
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="data-table attempts">
        <thead>
          <tr>
            <th scope="col">Attempt</th>
            <th scope="col">Started</th>
            <th scope="col">Status code</th>
            <th scope="col">Duration</th>
            <th scope="col">Outcome</th>
            <th scope="col">Reply</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.attempt}>
              <td>{attempt.attempt}</td>
              <td>{formatDateTime(attempt.startedAt, true)}</td>
              <td>{attempt.httpStatus ?? '—'}</td>
              <td>{attempt.durationMs} ms</td>
              <td>{humanize(attempt.outcome)}</td>
              <td className="cell-excerpt">{attempt.excerpt ? <code>{attempt.excerpt}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
