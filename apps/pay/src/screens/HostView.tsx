import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { defineMessages } from 'react-intl';
import { errorCodeOf, execute } from '../graphql/client';
import { CancelSessionAsHostDocument } from '../graphql/operations';
import { PeopleList } from '../invites/PeopleList';
import { useT } from '../i18n/translator';
import { CoverRemaining } from '../payment/CoverRemaining';
import { PayShareButton } from '../payment/PayShareButton';
import { newerView, type PaySessionView, sessionQueryKey } from '../session/session-query';
import { SplitEditor } from '../split/SplitEditor';
import { Refunds } from '../status/Refunds';
import { DeclinedNotice, holdBadge, holdMessages, HoldPromise } from '../status/holds';
import { statusMessages } from '../status/SessionProgress';
import { Page } from '../ui/Page';

const messages = defineMessages({
  setUpTitle: { id: 'host.setUp.title', defaultMessage: 'Set up the split', description: 'Heading of the organiser’s first visit' },
  setUpIntro: { id: 'host.setUp.intro', defaultMessage: 'Everyone you add gets their own link.', description: 'Under the set-up heading' },
  changeTitle: {
    id: 'host.change.title',
    defaultMessage: 'Change the split',
    description: 'Heading while the organiser edits a saved split',
  },
  title: { id: 'host.title', defaultMessage: 'Pay and invite', description: 'Heading of the organiser’s page once the split is saved' },
  yourShare: { id: 'host.yourShare', defaultMessage: 'Your share', description: 'Heading above the organiser’s own amount' },
  ownPaid: {
    id: 'host.ownShare.paid',
    defaultMessage: 'Thanks — your share is paid.',
    description: 'Beside the Paid badge of the organiser’s own share',
  },
  changes: {
    id: 'host.changes',
    defaultMessage: 'Changes',
    description: 'Heading (for screen readers) of the section with Change the split and Cancel',
  },
  lockedHint: {
    id: 'host.lockedHint',
    defaultMessage: 'Paid shares are locked; the rest can change.',
    description: 'Once someone has paid',
  },
  changeSplit: { id: 'host.changeSplit', defaultMessage: 'Change the split', description: 'Button that opens the split editor again' },
  cancelPayment: { id: 'host.cancel.button', defaultMessage: 'Cancel payment', description: 'Button that starts cancelling the session' },
  cancelQuestion: {
    id: 'host.cancel.question',
    defaultMessage: 'Cancel this payment for everyone? Their links will stop working. This can’t be undone.',
    description: 'Asked before the session is cancelled',
  },
  cancelTooLate: {
    id: 'host.cancel.tooLate',
    defaultMessage: 'Someone has already paid, so it can no longer be cancelled here.',
    description: 'The server refused: a share was paid meanwhile',
  },
  cancelFailed: {
    id: 'host.cancel.failed',
    defaultMessage: 'It could not be cancelled. Please try again.',
    description: 'Cancelling failed',
  },
  confirmCancel: { id: 'host.cancel.confirm', defaultMessage: 'Yes, cancel it', description: 'Confirms the cancel' },
  keepIt: { id: 'host.cancel.keep', defaultMessage: 'Keep it', description: 'Backs out of cancelling' },
});

interface Props {
  session: PaySessionView;
  now: number;
  banner?: ReactNode;
}

/** The organiser's page: set up the split, send the links, pay their own share, watch it fill. */
export function HostView({ session, now, banner }: Props) {
  const t = useT();
  const [editing, setEditing] = useState(false);

  if (session.status === 'UNCONFIGURED') {
    return (
      <Page title={t(messages.setUpTitle)} banner={banner} merchant={session}>
        <p className="hint setup-intro">{t(messages.setUpIntro)}</p>
        <SplitEditor session={session} />
        <div className="form-actions">
          <CancelSession session={session} />
        </div>
      </Page>
    );
  }

  if (editing) {
    return (
      <Page title={t(messages.changeTitle)} focusHeading banner={banner} merchant={session}>
        <SplitEditor session={session} onDone={() => setEditing(false)} />
      </Page>
    );
  }

  const you = session.participants.find((p) => p.isYou);
  // Under manual capture the organiser's own share is held, then charged, like everyone's.
  const ownBadge = you ? holdBadge(t, session, you) : null;
  return (
    <Page title={t(messages.title)} focusHeading banner={banner} merchant={session}>
      {session.status === 'CAPTURING' && <p className="lead">{t(holdMessages.capturingLead)}</p>}
      <DeclinedNotice session={session} />
      {you && (
        <section className="your-share" aria-labelledby="your-share-heading">
          <div className="your-share-line">
            <h2 id="your-share-heading">{t(messages.yourShare)}</h2>
            <p className="amount-big">{t.money(you.amountMinor, session.currency)}</p>
          </div>
          {you.status === 'PAID' ? (
            <p>
              <span className={`badge badge-${ownBadge?.tone ?? 'paid'}`}>{ownBadge?.text ?? t(statusMessages.paid)}</span>{' '}
              {t(!ownBadge ? messages.ownPaid : you.holdState === 'CHARGED' ? holdMessages.ownCharged : holdMessages.ownHeld)}
            </p>
          ) : (
            <>
              <HoldPromise session={session} now={now} />
              <PayShareButton sessionId={session.id} amountMinor={you.amountMinor} currency={session.currency} idleHint="" />
            </>
          )}
          <CoverRemaining session={session} />
        </section>
      )}
      <PeopleList session={session} now={now} />
      <Refunds session={session} />
      <section className="host-actions" aria-labelledby="changes-heading">
        <h2 id="changes-heading" className="visually-hidden">
          {t(messages.changes)}
        </h2>
        {/* Before anyone pays everything can change; after, the editor shows paid shares locked. */}
        {session.paidMinor !== '0' && <p className="hint">{t(messages.lockedHint)}</p>}
        <div className="form-actions">
          <button type="button" className="button-small" onClick={() => setEditing(true)}>
            {t(messages.changeSplit)}
          </button>
          <CancelSession session={session} />
        </div>
      </section>
    </Page>
  );
}

/** Only before anyone pays (the server refuses later): a two-step cancel for everyone. */
function CancelSession({ session }: { session: PaySessionView }) {
  const t = useT();
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
        {t(messages.cancelPayment)}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-labelledby="confirm-cancel-text">
      <p id="confirm-cancel-text">{t(messages.cancelQuestion)}</p>
      {cancel.isError && (
        <p className="form-error" role="alert">
          {t(errorCodeOf(cancel.error) === 'INVALID_STATE' ? messages.cancelTooLate : messages.cancelFailed)}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {t(messages.confirmCancel)}
        </button>
        <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
          {t(messages.keepIt)}
        </button>
      </div>
    </div>
  );
}
