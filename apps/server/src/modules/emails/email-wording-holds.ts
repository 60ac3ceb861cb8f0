import { defineMessages } from '@formatjs/intl';
import type { EmailTranslator } from './email-locale.js';
import type { EmailFacts, Wording } from './email-wording.js';

/**
 * What the emails say when the merchant charges only once everyone has paid (captureMethod
 * manual): a share paid is held on the card, not charged; a declined capture reopens it; a session
 * that ends before everyone has paid releases the holds and takes nothing (docs/decisions.md, "What
 * payers are told"). And a refund of a payment made twice says it was a duplicate, whatever the
 * capture method: the booking itself stands.
 */
export const holdMessages = defineMessages({
  amountHeld: {
    id: 'email.detail.amountHeld',
    defaultMessage: 'Amount held',
    description: 'Receipt row label: held on the card, not charged',
  },
  heldReceiptSubject: {
    id: 'email.heldReceipt.subject',
    defaultMessage: '{held} held on your card for {what}',
    description: 'Subject of a receipt when the card is held, not charged',
  },
  heldReceipt: {
    id: 'email.heldReceipt.body',
    defaultMessage:
      'Thank you: {held} is held on your card for {merchant}, not charged. It is charged only when everyone has paid by {deadline}; if the group does not finish, the hold is released and nothing is taken.',
    description: 'A receipt of a hold; deadline is a date and time with its zone',
  },
  declinedSubject: {
    id: 'email.captureDeclined.subject',
    defaultMessage: 'Your card could not be charged for {what}: please pay again',
    description: 'Subject to a payer whose held card was declined when charged',
  },
  declined: {
    id: 'email.captureDeclined.body',
    defaultMessage:
      'Everyone had paid, but {merchant} could not charge the {amount} held on your card, so your share is open again. Please pay it again by {deadline}, with the same card or another, so the group’s payment can finish.',
    description: 'To a payer whose held card was declined when charged; deadline is a date and time with its zone',
  },
  declinedHostSubject: {
    id: 'email.captureDeclinedHost.subject',
    defaultMessage: '{payer}’s card could not be charged for {what}',
    description: 'Subject to the organiser: a payer’s held card was declined when charged',
  },
  declinedHost: {
    id: 'email.captureDeclinedHost.body',
    defaultMessage:
      '{merchant} could not charge {payer}’s card for {amount}, so their share is open again. We have asked them to pay again by {deadline}; the others’ cards stay held until then.',
    description: 'To the organiser when a payer’s capture was declined; deadline is a date and time with its zone',
  },
  holdReleased: {
    id: 'email.ending.holdReleased',
    defaultMessage: 'The hold of {held} on your card is released: nothing was charged.',
    description: 'After an ending, to a person whose card was only held',
  },
  duplicateRefundSubject: {
    id: 'email.duplicateRefund.subject',
    defaultMessage: 'Refund of a duplicate payment: {amount} back to you from {merchant}',
    description: 'Subject of the refund of a payment made twice for one share',
  },
  duplicateRefund: {
    id: 'email.duplicateRefund.body',
    defaultMessage:
      'You paid your share of {what} twice. {merchant} has sent back the second payment, {amount}; your share stays paid and the booking is unchanged. Depending on your bank, it can take a few days to show on your statement.',
    description: 'The refund of a duplicate payment (the booking is not refunded)',
  },
});

interface Said {
  t: EmailTranslator;
  what: string;
  deadline: string;
}

/** A receipt under manual capture: held, not paid. */
export function heldReceipt({ t, what, deadline }: Said, facts: EmailFacts): Pick<Wording, 'subject' | 'paragraphs'> {
  const held = t.money(facts.payment?.amountMinor ?? facts.shareMinor, facts.currency);
  return {
    subject: t(holdMessages.heldReceiptSubject, { held, what }),
    paragraphs: [t(holdMessages.heldReceipt, { held, merchant: facts.merchantName, deadline })],
  };
}

/** A declined capture: to the payer (pay again, with their own link) or a note to the host. */
export function captureDeclined(
  { t, what, deadline }: Said,
  facts: EmailFacts,
  toHostAboutOther: boolean,
): Pick<Wording, 'subject' | 'paragraphs'> {
  const amount = t.money(facts.payment?.amountMinor ?? facts.shareMinor, facts.currency);
  const merchant = facts.merchantName;
  if (!toHostAboutOther) {
    return { subject: t(holdMessages.declinedSubject, { what }), paragraphs: [t(holdMessages.declined, { merchant, amount, deadline })] };
  }
  const payer = facts.payment?.payerName ?? '';
  return {
    subject: t(holdMessages.declinedHostSubject, { payer, what }),
    paragraphs: [t(holdMessages.declinedHost, { merchant, payer, amount, deadline })],
  };
}

/** An ending under manual capture: the hold given back, said before anything owed back by refund. */
export function holdReleasedWords(t: EmailTranslator, facts: EmailFacts): string | null {
  return facts.heldMinor > 0n ? t(holdMessages.holdReleased, { held: t.money(facts.heldMinor, facts.currency) }) : null;
}

/** The refund of a duplicate payment, said as such. */
export function duplicateRefund({ t, what }: Said, facts: EmailFacts, amount: string): Pick<Wording, 'subject' | 'paragraphs'> {
  const merchant = facts.merchantName;
  return {
    subject: t(holdMessages.duplicateRefundSubject, { amount, merchant }),
    paragraphs: [t(holdMessages.duplicateRefund, { what, merchant, amount })],
  };
}
