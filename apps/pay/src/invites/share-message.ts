import { formatMoney } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';

/**
 * What the phone's share sheet sends with a person's link: who asks, how much, to whom and for
 * what, so the message stands on its own in a chat ("Sam asked you to pay NZ$120.00, your share
 * of Dinner for 4 at Harbour Table.").
 */
export function shareMessage(
  session: Pick<PaySessionView, 'organiserName' | 'merchantName' | 'description' | 'currency'>,
  participant: Pick<PayParticipant, 'amountMinor'>,
): { title: string; text: string } {
  const amount = formatMoney(participant.amountMinor, session.currency);
  const asker = session.organiserName ?? 'The organiser';
  const what = session.description
    ? `your share of ${session.description} at ${session.merchantName}`
    : `your share at ${session.merchantName}`;
  return {
    title: `Your ${amount} share at ${session.merchantName}`,
    text: `${asker} asked you to pay ${amount}, ${what}.`,
  };
}
