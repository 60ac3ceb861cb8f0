import { useMutation } from '@tanstack/react-query';
import { adminExecute } from '../transport';
import { describeError } from '../ui/form-errors';
import { RedeliverEventDocument } from './delivery-documents';

interface Props {
  eventId: string;
  /** Words for screen readers: which event this button sends again. */
  eventLabel: string;
  /** After the server accepted: refresh what shows the deliveries, and watch them for a while. */
  onRedelivered: () => void;
}

/** Sends an event again now, with the same event id; the deliveries shown beside it tell what came of it. */
export function RedeliverButton({ eventId, eventLabel, onRedelivered }: Props) {
  const redeliver = useMutation({
    mutationFn: () => adminExecute(RedeliverEventDocument, { eventId }),
    onSuccess: onRedelivered,
  });
  return (
    <span className="redeliver">
      <button type="button" className="button-secondary button-small" disabled={redeliver.isPending} onClick={() => redeliver.mutate()}>
        {redeliver.isPending ? 'Redelivering…' : 'Redeliver'}
        <span className="visually-hidden"> {eventLabel}</span>
      </button>
      <span className="hint" role="status">
        {redeliver.isError ? describeError(redeliver.error) : redeliver.isSuccess ? 'Sent again.' : ''}
      </span>
    </span>
  );
}
