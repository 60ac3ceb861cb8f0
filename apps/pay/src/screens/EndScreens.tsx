import { type ReactNode, useEffect } from 'react';
import { formatMoney } from '../money';
import { isWebUrl, navigateTo } from '../navigation';
import type { ErrorScreenKind } from '../session/error-screen';
import type { PaySessionView } from '../session/session-query';
import { Page } from '../ui/Page';

/** How long the thank-you stays up before the merchant's page. */
export const CONTINUE_DELAY_MS = 4_000;

export function CompletedScreen({ session, banner }: { session: PaySessionView; banner?: ReactNode }) {
  const next = isWebUrl(session.successUrl) ? session.successUrl : null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => navigateTo(next), CONTINUE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);

  return (
    <Page title="Everyone has paid — thank you!" focusHeading banner={banner}>
      <p className="lead">The full {formatMoney(session.amountMinor, session.currency)} has been paid. Nothing more to do.</p>
      {next !== null && (
        <>
          <p className="hint">Taking you back in a moment…</p>
          <a className="button-primary" href={next}>
            Continue
          </a>
        </>
      )}
    </Page>
  );
}

export function ExpiredScreen({ session }: { session: PaySessionView }) {
  return (
    <Page title="This payment has expired" focusHeading>
      <p className="lead">Time ran out before everyone had paid, so no more payments can be made.</p>
      {session.paidMinor !== '0' && <p>Any share already paid will be refunded.</p>}
      <p>If you still need to pay, ask the organiser to start again.</p>
    </Page>
  );
}

export function CancelledScreen({ session }: { session: PaySessionView }) {
  const back = isWebUrl(session.cancelUrl) ? session.cancelUrl : null;
  return (
    <Page title="This payment was cancelled" focusHeading>
      <p className="lead">Nobody needs to pay anything more for it.</p>
      {session.paidMinor !== '0' && <p>Any share already paid will be refunded.</p>}
      {back !== null && session.viewerRole === 'HOST' && (
        <a className="button-secondary" href={back}>
          Back to the shop
        </a>
      )}
    </Page>
  );
}

export function ErrorScreen({ kind, onRetry }: { kind: ErrorScreenKind; onRetry: () => void }) {
  switch (kind) {
    case 'not-found':
      return (
        <Page title="We can’t find this payment" focusHeading>
          <p className="lead">Check that you opened the whole link you were sent, or ask the organiser to send it again.</p>
        </Page>
      );
    case 'link-invalid':
      return (
        <Page title="This link doesn’t work" focusHeading>
          <p className="lead">This link is not valid or has expired — ask the organiser for a new link.</p>
        </Page>
      );
    case 'unavailable':
      return (
        <Page title="We can’t load this payment right now" focusHeading>
          <p className="lead">Check your internet connection, then try again.</p>
          <button type="button" className="button-primary" onClick={onRetry}>
            Try again
          </button>
        </Page>
      );
  }
}

export function LoadingScreen() {
  return (
    <Page title="Loading your payment…">
      <p className="hint" role="status">
        One moment…
      </p>
    </Page>
  );
}
