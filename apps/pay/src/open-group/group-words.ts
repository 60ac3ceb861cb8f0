import { defineMessages } from 'react-intl';
import type { Translator } from '../i18n/translator';
import { formatDeadline } from '../time-left';

/**
 * What an open group's pages say about the group itself, the same for someone about to join, a
 * payer and the organiser: how far it is from going ahead, what a place costs, and what happens to
 * a payer's money (docs/plans/open-groups.md §3–§5; docs/decisions.md, "What payers are told under
 * manual capture": the promise comes before the button, with the deadline in the merchant's zone).
 */
export const groupMessages = defineMessages({
  heading: { id: 'group.heading', defaultMessage: 'The group', description: 'Heading of the section on how an open group is doing' },
  placesTaken: {
    id: 'group.placesTaken',
    defaultMessage: '{sold, number} of {max, number} places taken',
    description: 'Beside the group’s heading: places held or paid of the most there can be',
  },
  toGoAhead: {
    id: 'group.toGoAhead',
    defaultMessage: '{sold, number} of {min, plural, one {# place} other {# places}} needed to go ahead',
    description: 'Progress before the group has enough places; sold are held or paid, min the minimum',
  },
  tippedLine: {
    id: 'group.tippedLine',
    defaultMessage: 'It’s on: the group goes ahead with {sold, plural, one {# place} other {# places}} taken',
    description: 'Progress once the group reached its minimum (tipped)',
  },
  wentAheadLine: {
    id: 'group.wentAheadLine',
    defaultMessage: 'The group went ahead with {sold, plural, one {# place} other {# places}}',
    description: 'Progress once the group ended at its final price (it went ahead)',
  },
  progressLabel: {
    id: 'group.progressLabel',
    defaultMessage: 'Places taken toward going ahead',
    description: 'Label (for screen readers) of the group’s progress bar',
  },
  pricePerPlace: { id: 'group.pricePerPlace', defaultMessage: 'Per place', description: 'Label of the fixed price of one place' },
  pricePerPlaceNow: {
    id: 'group.pricePerPlaceNow',
    defaultMessage: 'Per place now',
    description: 'Label of what one place costs whoever joins now (the price falls as more join)',
  },
  atMost: {
    id: 'group.atMost',
    defaultMessage: 'At most',
    description: 'Label of the highest one place can cost (the total shared by the minimum number of places)',
  },
  finalPrice: {
    id: 'group.finalPrice',
    defaultMessage: 'Final price per place',
    description: 'Label of what one place cost once the group ended',
  },
  placesLeft: { id: 'group.placesLeft', defaultMessage: 'Places left', description: 'Label of how many places can still be taken' },
  placesLeftValue: {
    id: 'group.placesLeftValue',
    defaultMessage: '{left, number} of {max, number}',
    description: 'Places left of the most there can be, e.g. “6 of 10”',
  },
  goesAheadWith: {
    id: 'group.goesAheadWith',
    defaultMessage: 'Goes ahead with',
    description: 'Label of the minimum number of places the group needs',
  },
  placeCount: {
    id: 'group.placeCount',
    defaultMessage: '{count, plural, one {# place} other {# places}}',
    description: 'A number of places',
  },
  deadline: {
    id: 'group.deadline',
    defaultMessage: 'Closes',
    description: 'Label of the group’s deadline (a date and time with its zone)',
  },
  tippedTitle: {
    id: 'group.tipped.title',
    defaultMessage: 'It’s on: the group is going ahead',
    description: 'Heading once the group reached its minimum (tipped)',
  },
  closedTitle: {
    id: 'group.closed.title',
    defaultMessage: 'The group is closed',
    description: 'Heading once the group takes no more places',
  },
  wentAheadTitle: {
    id: 'group.wentAhead.title',
    defaultMessage: 'The group went ahead',
    description: 'Heading once the group ended with enough places and everyone was charged',
  },
  notAheadTitle: {
    id: 'group.notAhead.title',
    defaultMessage: 'The group didn’t go ahead',
    description: 'Heading: too few places by the deadline',
  },
  cancelledTitle: { id: 'group.cancelled.title', defaultMessage: 'This group was cancelled', description: 'Heading of a cancelled group' },
  manualPromise: {
    id: 'group.promise.manual',
    defaultMessage:
      'Your card is held now, and charged only if the group goes ahead: at least {min, plural, one {# place} other {# places}} by {deadline}. If it doesn’t, the hold is released and nothing is charged.',
    description: 'Before joining when cards are held, not charged; deadline is a date and time with its zone',
  },
  manualPromiseFalling: {
    id: 'group.promise.manualFalling',
    defaultMessage:
      'If more people join, the price per place falls: you’re charged less than is held, and the rest of the hold is released.',
    description: 'After the held-card promise, for a shared-total group',
  },
  automaticPromise: {
    id: 'group.promise.automatic',
    defaultMessage:
      'You’re charged now. If the group doesn’t go ahead (at least {min, plural, one {# place} other {# places}} by {deadline}), your payment is refunded in full.',
    description: 'Before joining when cards are charged at once; deadline is a date and time with its zone',
  },
  automaticPromiseFalling: {
    id: 'group.promise.automaticFalling',
    defaultMessage: 'If more people join, the price per place falls and the difference is refunded to you.',
    description: 'After the charged-now promise, for a shared-total group',
  },
});

/** The group's deadline in the merchant's zone, named (the hold is the merchant's promise; docs/decisions.md). */
export function groupDeadline(t: Translator, expiresAt: string, merchantTimeZone: string | null | undefined, now: number): string {
  return formatDeadline(expiresAt, now, { locale: t.locale, ...(merchantTimeZone ? { timeZone: merchantTimeZone } : {}) });
}
