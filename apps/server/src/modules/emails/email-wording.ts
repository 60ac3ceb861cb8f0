import { defineMessages } from '@formatjs/intl';
import type { OpenGroupPricing, ReaderLocale } from '@paysplit/domain';
import type { EmailKind } from './email-message.entity.js';
import { type EmailTranslator, emailTranslator } from './email-locale.js';
import { groupMessages, groupNotReached, groupTipped } from './email-wording-groups.js';
import { captureDeclined, duplicateRefund, heldReceipt, holdMessages, holdReleasedWords } from './email-wording-holds.js';
import { wordMessages as m } from './email-wording-messages.js';

/** Everything an email says, read when it is sent (so it shows the session as it stands then). */
export interface EmailFacts {
  kind: EmailKind;
  /** The language it is written in (the reader's last, else the session's; email-locale.ts). */
  locale: ReaderLocale;
  merchantName: string;
  /** The shop's own address (the origin of the session's return addresses), when the merchant gave one. */
  merchantSite: string | null;
  /** #RRGGBB on which white text reads (the brand's accent), or null for our default. */
  accentColor: string | null;
  description: string | null;
  orderReference: string | null;
  /** Null when the recipient has no name on record ("Hello,"). */
  recipientName: string | null;
  /** The recipient is the host (the organiser): their emails speak to them as such. */
  toHost: boolean;
  organiserName: string | null;
  currency: string;
  /** The integration's IANA zone: every time is given in it, the zone named. */
  timeZone: string;
  shareMinor: bigint;
  sessionAmountMinor: bigint;
  deadline: Date;
  /** The payment a receipt, a covered share or a refund is about. */
  payment: { id: string; amountMinor: bigint; at: Date | null; processorReference: string | null; payerName: string | null } | null;
  /** The refund a refund email is about (one the merchant recorded by hand: the whole payment, when recorded). */
  refund: { amountMinor: bigint; at: Date | null; reference: string | null } | null;
  /** An ending: what the recipient paid that comes back to them (money taken, never a hold). */
  owedBackMinor: bigint;
  /** Manual capture, an ending: what was only held on the recipient's card, released. */
  heldMinor: bigint;
  /** The session holds each share and charges once everyone has paid. */
  manualCapture: boolean;
  /** A refund email about a payment made twice for one share. */
  duplicateRefund: boolean;
  /** The merchant refunds through PaySplit: money owed back is already asked for. */
  refundsAutomatic: boolean;
  signInExpiresAt: Date | null;
  /** The recipient's own way in: a payer's invite link, the host's return page, or a sign-in link. */
  linkUrl: string | null;
  /** One-click unsubscribe from this session's invitations and reminders. */
  unsubscribeUrl: string | null;
  /** An open group's figures as it stands when the email is sent (null for any other session). */
  openGroup: OpenGroupFacts | null;
}

/** What an open group's emails say of it (docs/plans/open-groups.md). */
export interface OpenGroupFacts {
  pricing: OpenGroupPricing;
  minPlaces: number;
  maxPlaces: number;
  /** Places held or paid (counted). */
  placesSold: number;
  /** The recipient's own places (0 for the organiser). */
  places: number;
}

export interface Wording {
  subject: string;
  paragraphs: string[];
  /** Label and value rows (a receipt's date, amount, merchant and references). */
  details: [string, string][];
  action: string | null;
  footer: string;
}

/** The parts of an email around its wording (email-content.ts lays them out). */
export const frameMessages = defineMessages({
  hello: { id: 'email.hello', defaultMessage: 'Hello {name},', description: 'First line of every email' },
  helloNoName: { id: 'email.helloNoName', defaultMessage: 'Hello,', description: 'First line when the recipient has no name on record' },
  linkYours: {
    id: 'email.linkYours',
    defaultMessage: '(This link is yours alone: please do not forward it.)',
    description: 'Under the button, in the text version',
  },
  linkYoursHtml: {
    id: 'email.linkYoursHtml',
    defaultMessage: 'This link is yours alone: please do not forward it.',
    description: 'Under the button',
  },
  noMoreReminders: {
    id: 'email.noMoreReminders',
    defaultMessage: 'No more reminders for this payment',
    description: 'The unsubscribe link',
  },
  labelled: { id: 'email.labelled', defaultMessage: '{label}: {value}', description: 'A label and its value in the text version' },
});

function merchantLine(facts: EmailFacts): string {
  return facts.merchantSite ? `${facts.merchantName} (${facts.merchantSite})` : facts.merchantName;
}

/** What happens to the money a person paid into a session that ended without completing: a hold released, money taken refunded. */
function moneyAfterEnding(t: EmailTranslator, facts: EmailFacts): string[] {
  const released = holdReleasedWords(t, facts);
  if (facts.owedBackMinor === 0n) return [released ?? t(facts.toHost ? m.nothingLeftToRefund : m.notCharged)];
  const owed = t.money(facts.owedBackMinor, facts.currency);
  const refund = facts.refundsAutomatic ? t(m.refundOnItsWay, { owed }) : t(m.merchantWillRefund, { merchant: facts.merchantName, owed });
  return released ? [released, refund] : [refund];
}

function paymentDetails(
  t: EmailTranslator,
  facts: EmailFacts,
  amountLabel: string,
  amountMinor: bigint,
  at: Date | null,
): [string, string][] {
  const rows: [string, string][] = [[amountLabel, t.money(amountMinor, facts.currency)]];
  if (at) rows.push([t(m.date), t.moment(at, facts.timeZone)]);
  rows.push([t(m.paidTo), merchantLine(facts)]);
  if (facts.description) rows.push([t(m.for), facts.description]);
  if (facts.orderReference) rows.push([t(m.bookingReference), facts.orderReference]);
  return rows;
}

export function wordingOf(facts: EmailFacts): Wording {
  const t = emailTranslator(facts.locale);
  const merchant = facts.merchantName;
  const purchase = facts.description;
  // "Dinner for 4 at Harbour Table", or the merchant alone: each sentence names it its own way.
  const what = purchase ? t(m.purchaseAt, { purchase, merchant }) : merchant;
  const share = t.money(facts.shareMinor, facts.currency);
  const total = t.money(facts.sessionAmountMinor, facts.currency);
  const deadline = t.moment(facts.deadline, facts.timeZone);
  const organiser = facts.organiserName;
  const payerAction = t(m.seeProgress);
  const hostAction = t(m.backToSplit);
  // Someone who joined an open group gave their own address; an invitee's was added by the organiser.
  const footer = facts.toHost
    ? t(m.footerHost, { merchant })
    : facts.openGroup
      ? t(groupMessages.footerJoiner, { merchant })
      : organiser
        ? t(m.footerPayer, { merchant, organiser })
        : t(m.footerPayerUnnamed, { merchant });
  const base = { details: [] as [string, string][], footer };
  const said = { t, what, deadline };
  switch (facts.kind) {
    case 'invitation':
      return {
        ...base,
        subject: organiser ? t(m.invitationSubject, { organiser, what }) : t(m.invitationSubjectUnnamed, { what }),
        paragraphs: [organiser ? t(m.invitation, { organiser, what, share, deadline }) : t(m.invitationUnnamed, { what, share, deadline })],
        action: t(m.payYourShare),
      };
    case 'reminder':
      return {
        ...base,
        subject: t(m.reminderSubject, { what, deadline }),
        paragraphs: [t(m.reminder, { what, share, deadline })],
        action: t(m.payYourShare),
      };
    case 'receipt': {
      const payment = facts.payment;
      const paid = t.money(payment?.amountMinor ?? facts.shareMinor, facts.currency);
      const amountLabel = t(facts.manualCapture ? holdMessages.amountHeld : m.amountPaid);
      const details = paymentDetails(t, facts, amountLabel, payment?.amountMinor ?? facts.shareMinor, payment?.at ?? null);
      if (payment?.processorReference) details.push([t(m.paymentReference), payment.processorReference]);
      if (payment) details.push([t(m.paysplitPaymentId), payment.id]);
      return {
        ...base,
        ...(facts.manualCapture
          ? heldReceipt(said, facts)
          : { subject: t(m.receiptSubject, { paid, what }), paragraphs: [t(m.receipt, { paid, merchant })] }),
        details,
        action: facts.toHost ? hostAction : payerAction,
      };
    }
    case 'share-covered': {
      const payer = facts.payment?.payerName ?? organiser;
      return {
        ...base,
        subject: payer ? t(m.coveredSubject, { payer, what }) : t(m.coveredSubjectUnnamed, { what }),
        paragraphs: [payer ? t(m.covered, { payer, share, what }) : t(m.coveredUnnamed, { share, what })],
        details: paymentDetails(t, facts, t(m.yourShare), facts.shareMinor, facts.payment?.at ?? null),
        action: payerAction,
      };
    }
    case 'completion':
      return {
        ...base,
        subject: t(m.completionSubject, { what }),
        paragraphs: [t(m.completion, { what, total })],
        details: paymentDetails(t, facts, t(m.totalPaid), facts.sessionAmountMinor, null),
        action: hostAction,
      };
    case 'refund': {
      const amount = t.money(facts.refund?.amountMinor ?? 0n, facts.currency);
      const details: [string, string][] = [[t(m.amountRefunded), amount]];
      if (facts.refund?.at) details.push([t(m.date), t.moment(facts.refund.at, facts.timeZone)]);
      details.push([t(m.from), merchantLine(facts)]);
      if (facts.description) details.push([t(m.for), facts.description]);
      if (facts.refund?.reference) details.push([t(m.refundReference), facts.refund.reference]);
      if (facts.payment?.processorReference) details.push([t(m.originalPaymentReference), facts.payment.processorReference]);
      if (facts.payment) details.push([t(m.paysplitPaymentId), facts.payment.id]);
      return {
        ...base,
        ...(facts.duplicateRefund
          ? duplicateRefund(said, facts, amount)
          : { subject: t(m.refundSubject, { amount, merchant }), paragraphs: [t(m.refund, { merchant, amount, what })] }),
        details,
        action: facts.toHost ? hostAction : payerAction,
      };
    }
    case 'cancellation':
      return {
        ...base,
        subject: t(m.cancellationSubject, { what }),
        paragraphs: [t(m.cancellation, { what }), ...moneyAfterEnding(t, facts)],
        action: facts.toHost ? hostAction : payerAction,
      };
    case 'expiry':
      return {
        ...base,
        subject: t(m.expirySubject, { what }),
        paragraphs: [
          t(m.expiry, { deadline, what }),
          ...moneyAfterEnding(t, facts),
          ...(facts.toHost ? [t(m.bookAgain, { merchant })] : []),
        ],
        action: facts.toHost ? hostAction : payerAction,
      };
    case 'capture-declined':
    case 'capture-declined-host':
      return {
        ...base,
        ...captureDeclined(said, facts, facts.kind === 'capture-declined-host'),
        details: paymentDetails(
          t,
          facts,
          t(holdMessages.amountHeld),
          facts.payment?.amountMinor ?? facts.shareMinor,
          facts.payment?.at ?? null,
        ),
        action: facts.kind === 'capture-declined-host' ? hostAction : t(m.payYourShare),
      };
    case 'group-tipped':
      return { ...base, ...groupTipped(said, facts), action: facts.toHost ? hostAction : payerAction };
    case 'group-not-reached':
      return {
        ...base,
        ...groupNotReached(said, facts, facts.toHost ? [] : moneyAfterEnding(t, facts)),
        action: facts.toHost ? hostAction : payerAction,
      };
    case 'host-welcome':
      return {
        ...base,
        subject: t(m.welcomeSubject, { what }),
        paragraphs: [t(m.welcome, { what, total, deadline }), t(m.welcomeWayBack)],
        action: hostAction,
      };
    case 'host-sign-in':
      return {
        ...base,
        subject: t(m.signInSubject, { what }),
        paragraphs: [t(m.signIn, { what, until: t.moment(facts.signInExpiresAt ?? facts.deadline, facts.timeZone) }), t(m.signInIgnore)],
        action: t(m.openYourSplit),
      };
  }
}
