import { useRef, useState } from 'react';
import { errorCodeOf, execute } from '../graphql/client';
import { CoverRemainingDocument } from '../graphql/operations';
import { formatMoney, minorFromApi } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { useStepFocus } from '../use-step-focus';
import { CheckoutStatus, StartCheckoutButton, startErrorMessage, useStartCheckout } from './start-checkout';

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
export function whoIsCovered(shares: readonly PayParticipant[]): string {
  const names = [...shares.filter((p) => !p.isHost).map((p) => p.displayName), ...(shares.some((p) => p.isHost) ? ['you'] : [])];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/**
 * The host pays every unpaid share in one checkout (the server's cover-the-rest payment). Two
 * steps, since it charges the host for other people: the first press says what will happen, the
 * second starts it.
 */
export function CoverRemaining({ session }: { session: PaySessionView }) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  useStepFocus(confirming, question, opener);
  const start = useStartCheckout(session.id, async () => (await execute(CoverRemainingDocument, { sessionId: session.id })).startPayment);

  const left = sharesLeftToCover(session);
  if (left === null) return null;
  const amount = formatMoney(left.totalMinor, session.currency);
  const others = left.shares.filter((p) => !p.isHost);

  if (!confirming) {
    return (
      <div className="form-actions">
        <button ref={opener} type="button" className="button-secondary button-cover" onClick={() => setConfirming(true)}>
          Pay {amount} for everyone left
        </button>
      </div>
    );
  }
  return (
    <div className="confirm" role="group" aria-labelledby="cover-question">
      <p id="cover-question" ref={question} tabIndex={-1}>
        You’ll pay {amount} for {whoIsCovered(left.shares)}.{' '}
        {others.length === 1
          ? `${others[0]!.displayName}’s link will show their share as paid.`
          : 'Their links will show their shares as paid.'}
      </p>
      {start.isError && (
        <p className="form-error" role="alert">
          {startErrorMessage(errorCodeOf(start.error), 'Every share is already paid.')}
        </p>
      )}
      <div className="form-actions">
        <StartCheckoutButton checkout={start} className="button-primary" statusId="cover-status">
          Pay {amount}
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
          Not now
        </button>
      </div>
      {/* The question above already says where the money goes; this line speaks up once it starts. */}
      <CheckoutStatus id="cover-status" checkout={start} idle="" />
    </div>
  );
}
