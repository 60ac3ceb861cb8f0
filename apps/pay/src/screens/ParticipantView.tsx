import type { ReactNode } from 'react';
import { formatMoney } from '../money';
import { PayShareButton } from '../payment/PayShareButton';
import type { PaySessionView } from '../session/session-query';
import { Refunds } from '../status/Refunds';
import { SessionProgress } from '../status/SessionProgress';
import { Page } from '../ui/Page';

interface Props {
  session: PaySessionView;
  now: number;
  banner?: ReactNode;
}

/** A payer's page: who asked, how much, and one button to pay it. */
export function ParticipantView({ session, now, banner }: Props) {
  const organiser = session.organiserName ?? 'The organiser';
  const you = session.participants.find((p) => p.isYou);
  const money = (minor: string) => formatMoney(minor, session.currency);

  if (session.status === 'UNCONFIGURED' || you === undefined) {
    return (
      <Page title="Not ready yet" banner={banner} merchant={session}>
        <p className="lead">{organiser} hasn’t finished setting up this payment. Check back soon.</p>
      </Page>
    );
  }

  const paid = you.status === 'PAID';
  return (
    <Page
      title={paid ? 'You’ve paid your share' : 'Pay your share'}
      eyebrow={`Organised by ${organiser}`}
      banner={banner}
      merchant={session}
    >
      <dl className="amounts">
        <div className="amount-main">
          <dt>{paid ? 'You paid' : 'Your share'}</dt>
          <dd>{money(you.amountMinor)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{money(session.amountMinor)}</dd>
        </div>
      </dl>
      {paid ? (
        // The return notice above already thanks them; this says what happens next.
        <p className="lead">Your share is in, {you.displayName}. This page updates as the others pay.</p>
      ) : (
        <PayShareButton sessionId={session.id} amountMinor={you.amountMinor} currency={session.currency} />
      )}
      <Refunds session={session} />
      <SessionProgress session={session} now={now} />
    </Page>
  );
}
