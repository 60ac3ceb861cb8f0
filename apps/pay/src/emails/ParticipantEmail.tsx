import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCodeOf, GraphQLRequestError, NETWORK_ERROR } from '../graphql/client';
import { execute } from '../graphql/client';
import { RemindParticipantDocument } from '../graphql/operations';
import { useNow } from '../use-now';
import { newerView, type PayParticipant, type PaySessionView, sessionQueryKey } from '../session/session-query';
import { emailStatusLine, formatClock, remindState, retryAtFrom } from './email-status';
import './emails.css';

interface Props {
  session: PaySessionView;
  participant: PayParticipant;
  now: number;
}

/**
 * On the host's roster, under an unpaid person who gave an email: what was sent to them, and a
 * Remind button (once an hour per person, as the server allows).
 */
export function ParticipantEmail({ session, participant, now }: Props) {
  const status = participant.emailStatus;
  const queryClient = useQueryClient();
  const tick = useNow(15_000);
  const [sentAt, setSentAt] = useState<number | null>(null);
  // A refusal for the limit names its own time, which holds until the session view catches up.
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const remind = useMutation({
    mutationFn: () => execute(RemindParticipantDocument, { sessionId: session.id, participantId: participant.id }),
    onMutate: () => setRefusedUntil(null),
    onSuccess: ({ remindParticipant }) => {
      setSentAt(Date.now());
      queryClient.setQueryData<PaySessionView>(sessionQueryKey(session.id), (current) => newerView(current, remindParticipant));
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'RATE_LIMIT_EXCEEDED' && error instanceof GraphQLRequestError) {
        setRefusedUntil(retryAtFrom(error.extensions, Date.now()));
      }
    },
  });

  if (!status || participant.status === 'PAID' || participant.isYou) return null;
  // The page's clock ticks each minute; the server says "allowed from now" as its own now, so a
  // finer clock of our own keeps a view just saved from looking "a minute away".
  const at = Math.max(now, tick);
  const line = emailStatusLine(status, at);
  const state = remindState(status, at);
  const waitUntil = state.kind === 'wait' ? state.until : refusedUntil && Date.parse(refusedUntil) > at ? refusedUntil : null;
  const name = participant.displayName;

  return (
    <div className="roster-email">
      <p className="roster-email-status">
        <span className="visually-hidden">Email to {name}: </span>
        {line ?? 'No email sent yet'}
      </p>
      {state.kind !== 'unsubscribed' && (
        <div className="roster-email-actions">
          <button
            type="button"
            className="button-secondary roster-remind"
            disabled={remind.isPending || waitUntil !== null}
            onClick={() => remind.mutate()}
          >
            {remind.isPending ? 'Sending…' : 'Remind'}
            <span className="visually-hidden"> {name}</span>
          </button>
          {waitUntil !== null && <span className="hint">Can remind again {formatClock(waitUntil, at)}</span>}
        </div>
      )}
      <p className={remind.isError ? 'form-error' : 'hint'} role={remind.isError ? 'alert' : 'status'}>
        {remind.isError
          ? remindErrorText(remind.error, name, refusedUntil, at)
          : sentAt !== null && remind.isSuccess
            ? `Reminder sent to ${name}.`
            : ''}
      </p>
    </div>
  );
}

function remindErrorText(error: Error, name: string, retryAt: string | null, now: number): string {
  switch (errorCodeOf(error)) {
    case 'RATE_LIMIT_EXCEEDED':
      return retryAt
        ? `${name} was reminded recently. You can remind them again at ${formatClock(retryAt, now)}.`
        : `${name} was reminded recently. You can remind them once an hour.`;
    case 'INVALID_STATE':
      return `${name} can’t be reminded now: they have paid, or this payment has ended.`;
    case NETWORK_ERROR:
      return 'No connection: the reminder was not sent. Check your connection and try again.';
    default:
      return `The reminder could not be sent (${error.message}). Please try again.`;
  }
}
