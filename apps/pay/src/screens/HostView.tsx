import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorCodeOf, execute } from '../graphql/client';
import { CancelSessionAsHostDocument } from '../graphql/operations';
import { PeopleList } from '../invites/PeopleList';
import { formatMoney } from '../money';
import { CoverRemaining } from '../payment/CoverRemaining';
import { PayShareButton } from '../payment/PayShareButton';
import { newerView, type PaySessionView, sessionQueryKey } from '../session/session-query';
import { SplitEditor } from '../split/SplitEditor';
import { Refunds } from '../status/Refunds';
import { Page } from '../ui/Page';

interface Props {
  session: PaySessionView;
  now: number;
  banner?: ReactNode;
}

/** The organiser's page: set up the split, send the links, pay their own share, watch it fill. */
export function HostView({ session, now, banner }: Props) {
  const [editing, setEditing] = useState(false);

  if (session.status === 'UNCONFIGURED') {
    return (
      <Page title="Set up the split" banner={banner} merchant={session}>
        <p className="hint setup-intro">Everyone you add gets their own link.</p>
        <SplitEditor session={session} />
        <div className="form-actions">
          <CancelSession session={session} />
        </div>
      </Page>
    );
  }

  if (editing) {
    return (
      <Page title="Change the split" focusHeading banner={banner} merchant={session}>
        <SplitEditor session={session} onDone={() => setEditing(false)} />
      </Page>
    );
  }

  const you = session.participants.find((p) => p.isYou);
  return (
    <Page title="Pay and invite" focusHeading banner={banner} merchant={session}>
      {you && (
        <section className="your-share" aria-labelledby="your-share-heading">
          <div className="your-share-line">
            <h2 id="your-share-heading">Your share</h2>
            <p className="amount-big">{formatMoney(you.amountMinor, session.currency)}</p>
          </div>
          {you.status === 'PAID' ? (
            <p>
              <span className="badge badge-paid">Paid</span> Thanks — your share is paid.
            </p>
          ) : (
            <PayShareButton sessionId={session.id} amountMinor={you.amountMinor} currency={session.currency} idleHint="" />
          )}
          <CoverRemaining session={session} />
        </section>
      )}
      <PeopleList session={session} now={now} />
      <Refunds session={session} />
      <section className="host-actions" aria-labelledby="changes-heading">
        <h2 id="changes-heading" className="visually-hidden">
          Changes
        </h2>
        {/* Before anyone pays everything can change; after, the editor shows paid shares locked. */}
        {session.paidMinor !== '0' && <p className="hint">Paid shares are locked; the rest can change.</p>}
        <div className="form-actions">
          <button type="button" className="button-small" onClick={() => setEditing(true)}>
            Change the split
          </button>
          <CancelSession session={session} />
        </div>
      </section>
    </Page>
  );
}

/** Only before anyone pays (the server refuses later): a two-step cancel for everyone. */
function CancelSession({ session }: { session: PaySessionView }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => execute(CancelSessionAsHostDocument, { sessionId: session.id }),
    onSuccess: ({ cancelSessionAsHost }) =>
      queryClient.setQueryData<PaySessionView>(sessionQueryKey(session.id), (current) => newerView(current, cancelSessionAsHost)),
  });
  if (session.paidMinor !== '0') return null;

  if (!confirming) {
    return (
      <button type="button" className="button-quiet" onClick={() => setConfirming(true)}>
        Cancel payment
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-labelledby="confirm-cancel-text">
      <p id="confirm-cancel-text">Cancel this payment for everyone? Their links will stop working. This can’t be undone.</p>
      {cancel.isError && (
        <p className="form-error" role="alert">
          {errorCodeOf(cancel.error) === 'INVALID_STATE'
            ? 'Someone has already paid, so it can no longer be cancelled here.'
            : 'It could not be cancelled. Please try again.'}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          Yes, cancel it
        </button>
        <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
