import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { errorCodeOf, execute, GraphQLRequestError, NETWORK_ERROR } from '../graphql/client';
import { RemindParticipantDocument } from '../graphql/operations';
import { type Translator, useT } from '../i18n/translator';
import { newerView, type PayParticipant, type PaySessionView, sessionQueryKey, TERMINAL_STATUSES } from '../session/session-query';
import { useNow } from '../use-now';
import { emailStatusLine, formatClock, remindState, retryAtFrom } from './email-status';

const messages = defineMessages({
  sentTo: { id: 'remind.sent', defaultMessage: 'Reminder sent to {name}.', description: 'After Remind was pressed' },
  noEmailYet: {
    id: 'remind.noEmailYet',
    defaultMessage: 'No email sent yet',
    description: 'A person with an address who has had no email',
  },
  recentlyUntil: {
    id: 'remind.recentlyUntil',
    defaultMessage: '{name} was reminded recently. You can remind them again at {at}.',
    description: 'Remind was refused for the hourly limit; at is a time',
  },
  recently: {
    id: 'remind.recently',
    defaultMessage: '{name} was reminded recently. You can remind them once an hour.',
    description: 'Remind was refused for the hourly limit',
  },
  notNow: {
    id: 'remind.notNow',
    defaultMessage: '{name} can’t be reminded now: they have paid, or this payment has ended.',
    description: 'Remind was refused: paid or ended',
  },
  offline: {
    id: 'remind.offline',
    defaultMessage: 'No connection: the reminder was not sent. Check your connection and try again.',
    description: 'Remind did not reach the server',
  },
  failed: {
    id: 'remind.failed',
    defaultMessage: 'The reminder could not be sent ({reason}). Please try again.',
    description: 'Remind failed otherwise; reason is the server’s message',
  },
});

/** What the host's row says about one person's emails, and their Remind button's state. */
export interface RemindView {
  /** "Invite sent", "Reminded 2:10 pm", "Unsubscribed"; null without an address (or nothing to say). */
  statusLine: string | null;
  /** Remind is offered: an unpaid payer with an email who did not unsubscribe, while the session runs. */
  offered: boolean;
  /** Remind is off until then (the server allows one an hour per person). */
  waitUntil: string | null;
  pending: boolean;
  remind: () => void;
  /** What the last press did, for the row's live region. */
  outcome: { text: string; isError: boolean } | null;
}

/**
 * The host's Remind for one person (once an hour per person, as the server allows): what was
 * emailed, whether a reminder can go now, and what a press did.
 */
export function useRemind(session: PaySessionView, participant: PayParticipant, now: number): RemindView {
  const t = useT();
  const status = participant.emailStatus;
  const queryClient = useQueryClient();
  const tick = useNow(15_000);
  const [sentAt, setSentAt] = useState<number | null>(null);
  // A refusal for the limit names its own time, which holds until the session view catches up.
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const mutation = useMutation({
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

  const name = participant.displayName;
  const relevant = status != null && participant.status !== 'PAID' && !participant.isYou && !TERMINAL_STATUSES.has(session.status);
  // The page's clock ticks each minute; the server says "allowed from now" as its own now, so a
  // finer clock of our own keeps a view just saved from looking "a minute away".
  const at = Math.max(now, tick);
  const state = status ? remindState(status, at) : null;
  const waitUntil = state?.kind === 'wait' ? state.until : refusedUntil && Date.parse(refusedUntil) > at ? refusedUntil : null;
  const outcome = mutation.isError
    ? { text: remindErrorText(t, mutation.error, name, refusedUntil, at), isError: true }
    : sentAt !== null && mutation.isSuccess
      ? { text: t(messages.sentTo, { name }), isError: false }
      : null;
  return {
    statusLine: relevant ? (emailStatusLine(t, status, at) ?? t(messages.noEmailYet)) : null,
    offered: relevant && state?.kind !== 'unsubscribed',
    waitUntil: relevant ? waitUntil : null,
    pending: mutation.isPending,
    remind: () => mutation.mutate(),
    outcome,
  };
}

function remindErrorText(t: Translator, error: Error, name: string, retryAt: string | null, now: number): string {
  switch (errorCodeOf(error)) {
    case 'RATE_LIMIT_EXCEEDED':
      return retryAt ? t(messages.recentlyUntil, { name, at: formatClock(t, retryAt, now) }) : t(messages.recently, { name });
    case 'INVALID_STATE':
      return t(messages.notNow, { name });
    case NETWORK_ERROR:
      return t(messages.offline);
    default:
      return t(messages.failed, { reason: error.message });
  }
}
