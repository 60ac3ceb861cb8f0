import { useRef, useState } from 'react';
import { defineMessages } from 'react-intl';
import { errorCodeOf, execute } from '../graphql/client';
import { CoverRemainingDocument } from '../graphql/operations';
import { type Translator, useT } from '../i18n/translator';
import { minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { useStepFocus } from '../use-step-focus';
import { CheckoutStatus, StartCheckoutButton, startErrorMessage, useStartCheckout } from './start-checkout';

const messages = defineMessages({
  offer: {
    id: 'cover.offer',
    defaultMessage: 'Pay {amount} for everyone left',
    description: 'The organiser’s button to pay every unpaid share at once',
  },
  you: { id: 'cover.you', defaultMessage: 'you', description: 'The organiser in the list of people paid for (“Ben, Chloe and you”)' },
  question: {
    id: 'cover.question',
    defaultMessage: 'You’ll pay {amount} for {people}.',
    description: 'Asked before paying for everyone left; people is a list of names',
  },
  oneLink: {
    id: 'cover.oneLink',
    defaultMessage: '{name}’s link will show their share as paid.',
    description: 'After the question, when one other person is paid for',
  },
  links: {
    id: 'cover.links',
    defaultMessage: 'Their links will show their shares as paid.',
    description: 'After the question, when several are paid for',
  },
  allPaid: { id: 'cover.allPaid', defaultMessage: 'Every share is already paid.', description: 'Paying was refused: nothing is left' },
  pay: { id: 'cover.pay', defaultMessage: 'Pay {amount}', description: 'Confirms paying for everyone left' },
  notNow: { id: 'cover.notNow', defaultMessage: 'Not now', description: 'Backs out of paying for everyone left' },
});

export interface SharesLeft {
  /** Every unpaid share, the host's own included: what one payment would cover. */
  shares: PayParticipant[];
  totalMinor: bigint;
}

/**
 * What the host could pay for everyone left, or null when there is nothing to offer: the session
 * is not taking payments, or the only unpaid share is the host's own (their Pay button does that).
 */
export function sharesLeftToCover(session: PaySessionView): SharesLeft | null {
  if (session.status !== 'OPEN' && session.status !== 'PARTIALLY_PAID') return null;
  const shares = session.participants.filter((p) => p.status !== 'PAID');
  const totalMinor = shares.reduce((sum, p) => sum + minorFromApi(p.amountMinor), 0n);
  if (!shares.some((p) => !p.isHost) || totalMinor === 0n) return null;
  return { shares, totalMinor };
}

/** "Ben", "Ben and you", "Ben, Chloe and you": the others in roster order, the host last. */
export function whoIsCovered(t: Translator, shares: readonly PayParticipant[]): string {
  return t.list([...shares.filter((p) => !p.isHost).map((p) => p.displayName), ...(shares.some((p) => p.isHost) ? [t(messages.you)] : [])]);
}

/**
 * The host pays every unpaid share in one checkout (the server's cover-the-rest payment). Two
 * steps, since it charges the host for other people: the first press says what will happen, the
 * second starts it.
 */
export function CoverRemaining({ session }: { session: PaySessionView }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  useStepFocus(confirming, question, opener);
  const start = useStartCheckout(session.id, async () => (await execute(CoverRemainingDocument, { sessionId: session.id })).startPayment);

  const left = sharesLeftToCover(session);
  if (left === null) return null;
  const amount = t.money(left.totalMinor, session.currency);
  const others = left.shares.filter((p) => !p.isHost);

  if (!confirming) {
    return (
      <div className="form-actions">
        <button ref={opener} type="button" className="button-secondary button-cover" onClick={() => setConfirming(true)}>
          {t(messages.offer, { amount })}
        </button>
      </div>
    );
  }
  return (
    <div className="confirm" role="group" aria-labelledby="cover-question">
      <p id="cover-question" ref={question} tabIndex={-1}>
        {t(messages.question, { amount, people: whoIsCovered(t, left.shares) })}{' '}
        {others.length === 1 ? t(messages.oneLink, { name: others[0]!.displayName }) : t(messages.links)}
      </p>
      {start.isError && (
        <p className="form-error" role="alert">
          {startErrorMessage(t, errorCodeOf(start.error), t(messages.allPaid))}
        </p>
      )}
      <div className="form-actions">
        <StartCheckoutButton checkout={start} className="button-primary" statusId="cover-status">
          {t(messages.pay, { amount })}
        </StartCheckoutButton>
        <button
          type="button"
          className="button-secondary"
          disabled={start.busy}
          onClick={() => {
            setConfirming(false);
            start.reset();
          }}
        >
          {t(messages.notNow)}
        </button>
      </div>
      {/* The question above already says where the money goes; this line speaks up once it starts. */}
      <CheckoutStatus id="cover-status" checkout={start} idle="" />
    </div>
  );
}
