import { formatMomentIn, formatMoney } from '@paysplit/domain';
import type { EmailKind } from './email-message.entity.js';

/** Everything an email says, read when it is sent (so it shows the session as it stands then). */
export interface EmailFacts {
  kind: EmailKind;
  merchantName: string;
  /** The shop's own address (the origin of the session's return addresses), when the merchant gave one. */
  merchantSite: string | null;
  /** #RRGGBB on which white text reads (the brand's accent), or null for our default. */
  accentColor: string | null;
  description: string | null;
  orderReference: string | null;
  recipientName: string;
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
  /** An ending: what the recipient paid that comes back to them. */
  owedBackMinor: bigint;
  /** The merchant refunds through PaySplit: money owed back is already asked for. */
  refundsAutomatic: boolean;
  signInExpiresAt: Date | null;
  /** The recipient's own way in: a payer's invite link, the host's return page, or a sign-in link. */
  linkUrl: string | null;
  /** One-click unsubscribe from this session's invitations and reminders. */
  unsubscribeUrl: string | null;
}

export interface Wording {
  subject: string;
  paragraphs: string[];
  /** Label and value rows (a receipt's date, amount, merchant and references). */
  details: [string, string][];
  action: string | null;
  footer: string;
}

/** "NZ$150.00": the domain's format, the one the pay pages show. */
export function money(minor: bigint, currency: string): string {
  return formatMoney(minor, currency, 'en');
}

function merchantLine(facts: EmailFacts): string {
  return facts.merchantSite ? `${facts.merchantName} (${facts.merchantSite})` : facts.merchantName;
}

/** What happens to the money a person paid into a session that ended without completing. */
function moneyAfterEnding(facts: EmailFacts): string {
  if (facts.owedBackMinor === 0n)
    return facts.toHost ? 'Nothing you paid is left to refund.' : 'You have not been charged anything for it.';
  const owed = money(facts.owedBackMinor, facts.currency);
  return facts.refundsAutomatic
    ? `The ${owed} you paid is on its way back to you: a refund has been asked for, and we will email you when it is done.`
    : `${facts.merchantName} will refund the ${owed} you paid to the card you paid with.`;
}

function paymentDetails(facts: EmailFacts, amountLabel: string, amountMinor: bigint, at: Date | null): [string, string][] {
  const rows: [string, string][] = [[amountLabel, money(amountMinor, facts.currency)]];
  if (at) rows.push(['Date', formatMomentIn(at, facts.timeZone)]);
  rows.push(['Paid to', merchantLine(facts)]);
  if (facts.description) rows.push(['For', facts.description]);
  if (facts.orderReference) rows.push(['Booking reference', facts.orderReference]);
  return rows;
}

export function wordingOf(facts: EmailFacts): Wording {
  const what = facts.description ? `${facts.description} at ${facts.merchantName}` : facts.merchantName;
  const share = money(facts.shareMinor, facts.currency);
  const total = money(facts.sessionAmountMinor, facts.currency);
  const deadline = formatMomentIn(facts.deadline, facts.timeZone);
  const organiser = facts.organiserName ?? 'Your organiser';
  const payerAction = 'See the group’s progress';
  const hostAction = 'Back to your split';
  const footer = facts.toHost
    ? `This email was sent by PaySplit for ${facts.merchantName} because you gave this address when you organised a group payment.`
    : `This email was sent by PaySplit for ${facts.merchantName} because ${facts.organiserName ?? 'the organiser'} added your address to a group payment.`;
  const base = { details: [] as [string, string][], footer };
  switch (facts.kind) {
    case 'invitation':
      return {
        ...base,
        subject: `${organiser} invited you to pay your share: ${what}`,
        paragraphs: [`${organiser} is splitting the payment for ${what}. Your share is ${share}. Please pay by ${deadline}.`],
        action: 'Pay your share',
      };
    case 'reminder':
      return {
        ...base,
        subject: `Reminder: your share of ${what} is due by ${deadline}`,
        paragraphs: [
          `Your share of ${what} (${share}) is not paid yet. The group payment closes on ${deadline}; if it is not complete by then, the booking may be lost.`,
        ],
        action: 'Pay your share',
      };
    case 'receipt': {
      const payment = facts.payment;
      const paid = money(payment?.amountMinor ?? facts.shareMinor, facts.currency);
      const details = paymentDetails(facts, 'Amount paid', payment?.amountMinor ?? facts.shareMinor, payment?.at ?? null);
      if (payment?.processorReference) details.push(['Payment reference', payment.processorReference]);
      if (payment) details.push(['PaySplit payment ID', payment.id]);
      return {
        ...base,
        subject: `Receipt: you paid ${paid} for ${what}`,
        paragraphs: [`Thank you: your payment of ${paid} to ${facts.merchantName} is recorded. You do not need to do anything else.`],
        details,
        action: facts.toHost ? hostAction : payerAction,
      };
    }
    case 'share-covered': {
      const payer = facts.payment?.payerName ?? organiser;
      return {
        ...base,
        subject: `${payer} paid your share of ${what}`,
        paragraphs: [`${payer} paid your ${share} share of ${what}, so there is nothing for you to pay.`],
        details: paymentDetails(facts, 'Your share', facts.shareMinor, facts.payment?.at ?? null),
        action: payerAction,
      };
    }
    case 'completion':
      return {
        ...base,
        subject: `Everyone has paid: ${what}`,
        paragraphs: [`Every share of ${what} is paid (${total} in total). The payment is complete.`],
        details: paymentDetails(facts, 'Total paid', facts.sessionAmountMinor, null),
        action: hostAction,
      };
    case 'refund': {
      const amount = money(facts.refund?.amountMinor ?? 0n, facts.currency);
      const details: [string, string][] = [['Amount refunded', amount]];
      if (facts.refund?.at) details.push(['Date', formatMomentIn(facts.refund.at, facts.timeZone)]);
      details.push(['From', merchantLine(facts)]);
      if (facts.description) details.push(['For', facts.description]);
      if (facts.refund?.reference) details.push(['Refund reference', facts.refund.reference]);
      if (facts.payment?.processorReference) details.push(['Original payment reference', facts.payment.processorReference]);
      if (facts.payment) details.push(['PaySplit payment ID', facts.payment.id]);
      return {
        ...base,
        subject: `Refund: ${amount} back to you from ${facts.merchantName}`,
        paragraphs: [
          `${facts.merchantName} has sent back ${amount} of your payment for ${what}. Depending on your bank, it can take a few days to show on your statement.`,
        ],
        details,
        action: facts.toHost ? hostAction : payerAction,
      };
    }
    case 'cancellation':
      return {
        ...base,
        subject: `Cancelled: ${what}`,
        paragraphs: [`The group payment for ${what} was cancelled, so nobody needs to pay anything more for it.`, moneyAfterEnding(facts)],
        action: facts.toHost ? hostAction : payerAction,
      };
    case 'expiry':
      return {
        ...base,
        subject: `Expired: ${what}`,
        paragraphs: [
          `Time ran out at ${deadline} before everyone had paid, so the group payment for ${what} has closed and no more payments can be made.`,
          moneyAfterEnding(facts),
          ...(facts.toHost ? [`To book again, start a new payment at ${facts.merchantName}.`] : []),
        ],
        action: facts.toHost ? hostAction : payerAction,
      };
    case 'host-welcome':
      return {
        ...base,
        subject: `You are organising: ${what}`,
        paragraphs: [
          `You are organising the group payment for ${what}: ${total} in total, to be paid by ${deadline}.`,
          'To come back to your split from any phone or computer, use the link below: we will email a sign-in link to this address. We will also tell you here when everyone has paid, or if the payment closes first.',
        ],
        action: hostAction,
      };
    case 'host-sign-in':
      return {
        ...base,
        subject: `Sign in to your group payment: ${what}`,
        paragraphs: [
          `Use the link below to open your split for ${what} on this device. It works once, until ${formatMomentIn(facts.signInExpiresAt ?? facts.deadline, facts.timeZone)}.`,
          'If you did not ask for it, you can ignore this email: nobody can use it without this inbox.',
        ],
        action: 'Open your split',
      };
  }
}
