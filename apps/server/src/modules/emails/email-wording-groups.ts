import { defineMessages } from '@formatjs/intl';
import type { EmailTranslator } from './email-locale.js';
import type { EmailFacts, Wording } from './email-wording.js';

/**
 * What an open group's emails say (docs/plans/open-groups.md §5): it tipped ("It’s on"), or it
 * did not reach its minimum by the deadline (nothing charged, or the money on its way back). The
 * organiser hears how the group stands; each payer what it means for their places and money.
 */
export const groupMessages = defineMessages({
  tippedSubject: {
    id: 'email.groupTipped.subject',
    defaultMessage: 'It’s on: the group for {what} reached {minPlaces, number}',
    description: 'Subject when an open group reached its minimum number of places and goes ahead',
  },
  tipped: {
    id: 'email.groupTipped.body',
    defaultMessage:
      'The group for {what} reached its minimum of {minPlaces, number}, so it is going ahead: your {places, plural, one {place is} other {# places are}} confirmed.',
    description: 'To a payer when their open group reached its minimum; places are the places they took',
  },
  tippedHeld: {
    id: 'email.groupTipped.held',
    defaultMessage: 'Your card is charged when the group closes, when it is full or at {deadline}: {held} is held on it now.',
    description: 'After the tipped body, to a payer whose card is held (fixed price per place); deadline is a date and time with its zone',
  },
  tippedHeldMayDrop: {
    id: 'email.groupTipped.heldMayDrop',
    defaultMessage:
      'Your card is charged when the group closes, when it is full or at {deadline}: at most the {held} held on it now, and less if more people join.',
    description: 'After the tipped body, to a payer whose card is held, when a shared total costs each place less as more join',
  },
  tippedRefundIfDrop: {
    id: 'email.groupTipped.refundIfDrop',
    defaultMessage: 'If more people join by {deadline}, a place costs less and the difference goes back to your card.',
    description: 'After the tipped body, to a payer who paid, when a shared total costs each place less as more join',
  },
  tippedOrganiser: {
    id: 'email.groupTipped.organiser',
    defaultMessage:
      'The group for {what} reached its minimum of {minPlaces, number}, so it is going ahead. {placesSold, number} of {maxPlaces, number} places are taken: people can join until the group is full or until {deadline}.',
    description: 'To the organiser when their open group reached its minimum and has places left',
  },
  tippedOrganiserFull: {
    id: 'email.groupTipped.organiserFull',
    defaultMessage: 'The group for {what} reached its minimum of {minPlaces, number}, so it is going ahead, and every place is taken.',
    description: 'To the organiser when their open group reached its minimum with its last place',
  },
  notReachedSubject: {
    id: 'email.groupNotReached.subject',
    defaultMessage: 'The group for {what} did not reach {minPlaces, number}: nothing was charged',
    description: 'Subject when an open group did not reach its minimum by its deadline and nothing was taken',
  },
  notReachedRefundSubject: {
    id: 'email.groupNotReached.refundSubject',
    defaultMessage: 'The group for {what} did not reach {minPlaces, number}: your payment is being refunded',
    description: 'Subject to a payer who paid, when the open group did not reach its minimum',
  },
  notReachedRefundsSubject: {
    id: 'email.groupNotReached.refundsSubject',
    defaultMessage: 'The group for {what} did not reach {minPlaces, number}: every payment is being refunded',
    description: 'Subject to the organiser when the open group did not reach its minimum and its payers paid',
  },
  notReached: {
    id: 'email.groupNotReached.body',
    defaultMessage:
      '{placesSold, plural, =0 {No place was taken} one {Only # place was taken} other {Only # places were taken}} of the {minPlaces, number} needed by {deadline}, so the group for {what} is not going ahead.',
    description: 'An open group did not reach its minimum by its deadline; deadline is a date and time with its zone',
  },
  organiserReleased: {
    id: 'email.groupNotReached.organiserReleased',
    defaultMessage: 'Nobody was charged: every hold on a card is released.',
    description: 'To the organiser after the group did not reach its minimum: the payers’ cards were only held',
  },
  organiserRefunding: {
    id: 'email.groupNotReached.organiserRefunding',
    defaultMessage: 'Everyone who paid is being refunded in full.',
    description: 'To the organiser after the group did not reach its minimum: the payers had paid',
  },
  organiserNothing: {
    id: 'email.groupNotReached.organiserNothing',
    defaultMessage: 'Nobody was charged.',
    description: 'To the organiser after the group did not reach its minimum and nobody had paid',
  },
  footerJoiner: {
    id: 'email.footer.joiner',
    defaultMessage: 'This email was sent by PaySplit for {merchant} because you gave this address when you joined a group payment.',
    description: 'Footer of the emails to someone who joined an open group through its link',
  },
});

interface Said {
  t: EmailTranslator;
  what: string;
  deadline: string;
}

/** The group reached its minimum: to a payer, their places and what happens to their money; to the organiser, where the group stands. */
export function groupTipped({ t, what, deadline }: Said, facts: EmailFacts): Pick<Wording, 'subject' | 'paragraphs'> {
  const group = facts.openGroup!;
  const { minPlaces, maxPlaces, placesSold } = group;
  const subject = t(groupMessages.tippedSubject, { what, minPlaces });
  if (facts.toHost) {
    const full = placesSold >= maxPlaces;
    return {
      subject,
      paragraphs: [
        full
          ? t(groupMessages.tippedOrganiserFull, { what, minPlaces })
          : t(groupMessages.tippedOrganiser, { what, minPlaces, placesSold, maxPlaces, deadline }),
      ],
    };
  }
  const dropping = group.pricing === 'split_total';
  const held = t.money(facts.payment?.amountMinor ?? facts.shareMinor, facts.currency);
  const money = facts.manualCapture
    ? t(dropping ? groupMessages.tippedHeldMayDrop : groupMessages.tippedHeld, { deadline, held })
    : dropping
      ? t(groupMessages.tippedRefundIfDrop, { deadline })
      : null;
  return {
    subject,
    paragraphs: [t(groupMessages.tipped, { what, minPlaces, places: group.places }), ...(money ? [money] : [])],
  };
}

/**
 * The group did not reach its minimum by its deadline: nothing goes ahead. `moneyBack` is what an
 * ending says of the recipient's own money (a hold released, a refund on its way); the organiser
 * hears it of everyone's.
 */
export function groupNotReached(
  { t, what, deadline }: Said,
  facts: EmailFacts,
  moneyBack: string[],
): Pick<Wording, 'subject' | 'paragraphs'> {
  const { minPlaces, placesSold } = facts.openGroup!;
  const body = t(groupMessages.notReached, { placesSold, minPlaces, deadline, what });
  if (facts.toHost) {
    const refunding = !facts.manualCapture && placesSold > 0;
    const money =
      placesSold === 0 ? groupMessages.organiserNothing : refunding ? groupMessages.organiserRefunding : groupMessages.organiserReleased;
    return {
      subject: t(refunding ? groupMessages.notReachedRefundsSubject : groupMessages.notReachedSubject, { what, minPlaces }),
      paragraphs: [body, t(money)],
    };
  }
  return {
    subject: t(facts.owedBackMinor > 0n ? groupMessages.notReachedRefundSubject : groupMessages.notReachedSubject, { what, minPlaces }),
    paragraphs: [body, ...moneyBack],
  };
}
