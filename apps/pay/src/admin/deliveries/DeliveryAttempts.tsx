import type { AdminDeliveryFieldsFragment } from '../gql/graphql';
import { formatDateTime } from '../ui/format';
import { deliveryStatus } from './delivery-status';

export function DeliveryStatusBadge({ status }: { status: string }) {
  const { label, tone } = deliveryStatus(status);
  return <span className={`badge badge-${tone}`}>{label}</span>;
}

/** One delivery of an event: where to, how it stands, and every attempt with its reply. */
export function DeliveryDetails({ delivery }: { delivery: AdminDeliveryFieldsFragment }) {
  return (
    <div className="delivery">
      <p className="delivery-head">
        <DeliveryStatusBadge status={delivery.status} /> <span className="cell-url">{delivery.url}</span>
      </p>
      <p className="hint">
        {delivery.attemptCount} {delivery.attemptCount === 1 ? 'attempt' : 'attempts'}
        {delivery.deliveredAt && <> · delivered {formatDateTime(delivery.deliveredAt, true)}</>}
        {delivery.nextAttemptAt && <> · next attempt {formatDateTime(delivery.nextAttemptAt, true)}</>}
        {delivery.lastError && <> · last error: {delivery.lastError}</>}
      </p>
      {delivery.attempts.length > 0 && (
        <div className="table-wrap" role="region" aria-label={`Attempts to ${delivery.url}`} tabIndex={0}>
          <table className="data-table attempts">
            <thead>
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">Started</th>
                <th scope="col">Status code</th>
                <th scope="col">Duration</th>
                <th scope="col">Reply</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.attemptNumber}>
                  <td>{attempt.attemptNumber}</td>
                  <td>{formatDateTime(attempt.startedAt, true)}</td>
                  <td>{attempt.statusCode ?? '—'}</td>
                  <td>{attempt.durationMs} ms</td>
                  <td className="cell-excerpt">
                    {attempt.error && <span className="field-error">{attempt.error} </span>}
                    {attempt.responseExcerpt ? <code>{attempt.responseExcerpt}</code> : !attempt.error && '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
