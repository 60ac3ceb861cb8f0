import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { errorCodeOf, execute } from '../graphql/client';
import { LeaveOpenGroupDocument } from '../graphql/operations';
import { useT } from '../i18n/translator';
import { newerView, type PayParticipant, type PaySessionView, sessionQueryKey } from '../session/session-query';
import { isManual } from '../status/holds';
import type { OpenGroupSession } from './open-group-session';

export const leaveMessages = defineMessages({
  leave: { id: 'groupLeave.button', defaultMessage: 'Leave the group', description: 'Starts leaving an open group (before it goes ahead)' },
  question: {
    id: 'groupLeave.question',
    defaultMessage:
      '{money, select, held {Leave the group? Your {places, plural, one {place goes} other {# places go}} back to the group and the hold on your card is released.} paid {Leave the group? Your {places, plural, one {place goes} other {# places go}} back to the group and your payment is refunded in full.} other {Leave the group? Your {places, plural, one {place goes} other {# places go}} back to the group; nothing is charged.}}',
    description: 'Asked before leaving; money is held (card held), paid (charged at once) or other (not paid yet)',
  },
  confirm: { id: 'groupLeave.confirm', defaultMessage: 'Yes, leave', description: 'Confirms leaving the group' },
  stay: { id: 'groupLeave.stay', defaultMessage: 'Stay in the group', description: 'Backs out of leaving' },
  tipped: {
    id: 'groupLeave.tipped',
    defaultMessage: 'The group has tipped: your place is confirmed, so you can’t leave now.',
    description: 'Leaving was refused: the group reached its minimum meanwhile',
  },
  failed: { id: 'groupLeave.failed', defaultMessage: 'You couldn’t leave just now. Please try again.', description: 'Leaving failed' },
});

/**
 * Leave, in two steps, while the group has not tipped: what happens to the places and the money is
 * said before anything is done. A group that tipped meanwhile refuses (GROUP_TIPPED), said in words.
 */
export function LeaveGroup({ session, you, onTipped }: { session: OpenGroupSession; you: PayParticipant; onTipped: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => execute(LeaveOpenGroupDocument, { sessionId: session.id }),
    onSuccess: ({ leaveOpenGroup }) => {
      setConfirming(false);
      queryClient.setQueryData<PaySessionView>(sessionQueryKey(session.id), (current) => newerView(current, leaveOpenGroup));
    },
    onError: (error) => {
      if (errorCodeOf(error) !== 'GROUP_TIPPED') return;
      // The page becomes the tipped one, without this button; the refusal is said there.
      setConfirming(false);
      leave.reset();
      onTipped();
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey(session.id) });
    },
  });
  const places = you.places ?? 1;
  const money = you.status !== 'PAID' ? 'other' : isManual(session) ? 'held' : 'paid';

  if (!confirming && !leave.isError) {
    return (
      <div className="form-actions group-leave">
        <button type="button" className="button-quiet" onClick={() => setConfirming(true)}>
          {t(leaveMessages.leave)}
        </button>
      </div>
    );
  }
  return (
    <div className="confirm" role="group" aria-labelledby="confirm-leave-text">
      <p id="confirm-leave-text">{t(leaveMessages.question, { money, places })}</p>
      {leave.isError && (
        <p className="form-error" role="alert" data-testid="leave-refused">
          {t(leaveMessages.failed)}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button-danger" disabled={leave.isPending} onClick={() => leave.mutate()}>
          {t(leaveMessages.confirm)}
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            leave.reset();
            setConfirming(false);
          }}
        >
          {t(leaveMessages.stay)}
        </button>
      </div>
    </div>
  );
}
