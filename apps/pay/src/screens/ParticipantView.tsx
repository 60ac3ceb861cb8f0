import type { ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import { PayShareButton } from '../payment/PayShareButton';
import type { PaySessionView } from '../session/session-query';
import { DeclinedNotice, HoldEndNotes, holdDeadline, holdMessages, HoldPromise, isManual } from '../status/holds';
import { Refunds } from '../status/Refunds';
import { SessionProgress } from '../status/SessionProgress';
import { Page } from '../ui/Page';

const messages = defineMessages({
  notReadyTitle: {
    id: 'payer.notReady.title',
    defaultMessage: 'Not ready yet',
    description: 'Heading when the organiser has not saved the split',
  },
  notReadyLead: {
    id: 'payer.notReady.lead',
    defaultMessage: '{organiser} hasn’t finished setting up this payment. Check back soon.',
    description: 'Under “Not ready yet”',
  },
  notReadyLeadUnnamed: {
    id: 'payer.notReady.unnamedLead',
    defaultMessage: 'The organiser hasn’t finished setting up this payment. Check back soon.',
    description: 'Under “Not ready yet”, when the organiser has no name yet',
  },
  paidTitle: { id: 'payer.paid.title', defaultMessage: 'You’ve paid your share', description: 'Heading once the payer has paid' },
  title: { id: 'payer.title', defaultMessage: 'Pay your share', description: 'Heading of a payer’s page' },
  organisedBy: { id: 'payer.organisedBy', defaultMessage: 'Organised by {organiser}', description: 'Above the heading' },
  youPaid: { id: 'payer.youPaid', defaultMessage: 'You paid', description: 'Label of the amount the payer paid' },
  yourShare: { id: 'payer.yourShare', defaultMessage: 'Your share', description: 'Label of the amount the payer owes' },
  total: { id: 'payer.total', defaultMessage: 'Total', description: 'Label of the whole bill' },
  shareIn: {
    id: 'payer.shareIn',
    defaultMessage: 'Your share is in, {name}. This page updates as the others pay.',
    description: 'After paying; name is the payer’s',
  },
});

/** The words an open group's payer page shares with this one. */
export const payerMessages = { organisedBy: messages.organisedBy, total: messages.total };

interface Props {
  session: PaySessionView;
  now: number;
  banner?: ReactNode;
}

/** A payer's page: who asked, how much, and one button to pay it. */
export function ParticipantView({ session, now, banner }: Props) {
  const t = useT();
  const organiser = session.organiserName;
  const you = session.participants.find((p) => p.isYou);
  const money = (minor: string) => t.money(minor, session.currency);

  if (session.status === 'UNCONFIGURED' || you === undefined) {
    return (
      <Page title={t(messages.notReadyTitle)} banner={banner} merchant={session}>
        <p className="lead">{organiser ? t(messages.notReadyLead, { organiser }) : t(messages.notReadyLeadUnnamed)}</p>
      </Page>
    );
  }

  const paid = you.status === 'PAID';
  // Under manual capture a paid share is only held until everyone has paid, then charged.
  const manual = isManual(session);
  const capturing = session.status === 'CAPTURING';
  const paidTitle = !manual ? messages.paidTitle : capturing ? holdMessages.capturingTitle : holdMessages.heldTitle;
  const paidLead = !manual
    ? t(messages.shareIn, { name: you.displayName })
    : capturing
      ? t(holdMessages.capturingLead)
      : t(holdMessages.heldLead, { name: you.displayName, deadline: holdDeadline(t, session, now) });
  return (
    <Page
      title={t(paid ? paidTitle : messages.title)}
      eyebrow={organiser ? t(messages.organisedBy, { organiser }) : undefined}
      banner={banner}
      merchant={session}
    >
      <dl className="amounts">
        <div className="amount-main">
          <dt>{t(paid ? (manual ? holdMessages.heldLabel : messages.youPaid) : messages.yourShare)}</dt>
          <dd>{money(you.amountMinor)}</dd>
        </div>
        <div>
          <dt>{t(messages.total)}</dt>
          <dd>{money(session.amountMinor)}</dd>
        </div>
      </dl>
      {paid ? (
        // The return notice above already thanks them; this says what happens next.
        <p className="lead">{paidLead}</p>
      ) : (
        <>
          <DeclinedNotice session={session} />
          <HoldPromise session={session} now={now} />
          <PayShareButton sessionId={session.id} amountMinor={you.amountMinor} currency={session.currency} />
        </>
      )}
      <HoldEndNotes session={session} />
      <Refunds session={session} />
      <SessionProgress session={session} now={now} />
    </Page>
  );
}
