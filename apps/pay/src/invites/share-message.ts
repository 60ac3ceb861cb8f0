import { defineMessages } from 'react-intl';
import type { Translator } from '../i18n/translator';
import type { PayParticipant, PaySessionView } from '../session/session-query';

const messages = defineMessages({
  title: {
    id: 'shareSheet.title',
    defaultMessage: 'Your {amount} share at {merchant}',
    description: 'Title the phone’s share sheet sends with a link',
  },
  askedFor: {
    id: 'shareSheet.askedFor',
    defaultMessage: '{asker} asked you to pay {amount}, your share of {purchase} at {merchant}.',
    description: 'Text sent with a link; purchase is what is bought, such as Dinner for 4',
  },
  askedAt: {
    id: 'shareSheet.askedAt',
    defaultMessage: '{asker} asked you to pay {amount}, your share at {merchant}.',
    description: 'Text sent with a link when nothing is described',
  },
  organiserAskedFor: {
    id: 'shareSheet.organiserAskedFor',
    defaultMessage: 'The organiser asked you to pay {amount}, your share of {purchase} at {merchant}.',
    description: 'Text sent with a link, when the organiser has no name',
  },
  organiserAskedAt: {
    id: 'shareSheet.organiserAskedAt',
    defaultMessage: 'The organiser asked you to pay {amount}, your share at {merchant}.',
    description: 'Text sent with a link, when the organiser has no name and nothing is described',
  },
});

/**
 * What the phone's share sheet sends with a person's link: who asks, how much, to whom and for
 * what, so the message stands on its own in a chat ("Sam asked you to pay NZ$120.00, your share
 * of Dinner for 4 at Harbour Table."), in the organiser's language (they send it).
 */
export function shareMessage(
  t: Translator,
  session: Pick<PaySessionView, 'organiserName' | 'merchantName' | 'description' | 'currency'>,
  participant: Pick<PayParticipant, 'amountMinor'>,
): { title: string; text: string } {
  const amount = t.money(participant.amountMinor, session.currency);
  const values = { amount, merchant: session.merchantName, purchase: session.description ?? '', asker: session.organiserName ?? '' };
  const text = session.organiserName
    ? t(session.description ? messages.askedFor : messages.askedAt, values)
    : t(session.description ? messages.organiserAskedFor : messages.organiserAskedAt, values);
  return { title: t(messages.title, values), text };
}
