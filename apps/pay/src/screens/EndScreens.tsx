import { useEffect, useState } from 'react';
import { formatMoney } from '../money';
import { isWebUrl, navigateTo } from '../navigation';
import { type ErrorScreenKind, hostSignInPath } from '../session/error-screen';
import type { PaySessionView } from '../session/session-query';
import { hasRefunds, Refunds } from '../status/Refunds';
import { Page } from '../ui/Page';

/** How long the host's thank-you stays up before the merchant's page. */
export const CONTINUE_DELAY_MS = 4_000;

/** The shop's own address (its origin), from whichever return address the merchant gave. */
export function merchantHome(session: Pick<PaySessionView, 'successUrl' | 'cancelUrl'>): URL | null {
  for (const candidate of [session.successUrl, session.cancelUrl]) {
    if (isWebUrl(candidate)) return new URL('/', candidate);
  }
  return null;
}

/**
 * One ending, fitted to who is reading it (docs/decisions.md): the host finished the merchant's
 * checkout, so they go on to its success page after an announced moment; a participant only paid
 * a share and stays here, with a link to the shop should they want it.
 */
export function CompletedScreen({ session }: { session: PaySessionView }) {
  const total = formatMoney(session.amountMinor, session.currency);
  const isHost = session.viewerRole === 'HOST';
  // Money went back (the merchant cancelled, say): the host stays to read it, not sent on to the shop.
  const refunded = hasRefunds(session);
  const next = isHost && !refunded && isWebUrl(session.successUrl) ? session.successUrl : null;
  const home = merchantHome(session);
  // A payer whose share the host covered never paid anything themself: say who did.
  const you = session.participants.find((p) => p.isYou);
  const coveredShare = !isHost && you?.coveredByHost ? formatMoney(you.amountMinor, session.currency) : null;
  // Named as the payer knows it ("Harbour Table"), not by its address.
  const shop = (url: URL) => session.merchantName || url.host;
  // The live region is on the page before its words, so screen readers announce the move.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    if (next === null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a second render on purpose: the words must follow their live region
    setAnnounced(true);
    const timer = setTimeout(() => navigateTo(next), CONTINUE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);

  return (
    <Page title={refunded ? 'Money sent back' : isHost ? 'Everyone has paid' : 'You’re all set'} focusHeading merchant={session}>
      {!refunded && <DoneMark />}
      <p className="lead">
        {refunded
          ? `Everyone paid, ${total} in all; ${session.merchantName || 'the merchant'} has since sent money back.`
          : isHost
            ? `The full ${total} is paid — thank you.`
            : coveredShare !== null
              ? `${session.organiserName ?? 'The organiser'} paid your ${coveredShare} share, so there’s nothing for you to pay.`
              : `Everyone has paid, ${total} in all. There’s nothing more to do.`}
      </p>
      <Refunds session={session} />
      {next !== null ? (
        <div className="continue">
          <p role="status">{announced && `Taking you back to ${shop(new URL(next))} in ${CONTINUE_DELAY_MS / 1000} seconds…`}</p>
          <a className="button-primary" href={next}>
            Go now
          </a>
        </div>
      ) : (
        home !== null && (
          <p>
            <a className="link-standalone" href={home.href}>
              Back to {shop(home)}
            </a>
          </p>
        )
      )}
    </Page>
  );
}

function DoneMark() {
  return (
    <svg className="done-mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="var(--ok-bg)" />
      <path d="M14 25l7 7 13-15" fill="none" stroke="var(--ok)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ExpiredScreen({ session }: { session: PaySessionView }) {
  return (
    <Page title="This payment has expired" focusHeading merchant={session}>
      <p className="lead">Time ran out before everyone had paid, so no more payments can be made.</p>
      {session.paidMinor !== '0' && !hasRefunds(session) && <p>Any share already paid will be refunded.</p>}
      <Refunds session={session} />
      <p>
        {session.viewerRole === 'HOST'
          ? `To book again, start a new payment at ${session.merchantName || 'the shop'}.`
          : 'If you still need to pay, ask the organiser to start again.'}
      </p>
    </Page>
  );
}

export function CancelledScreen({ session }: { session: PaySessionView }) {
  const back = isWebUrl(session.cancelUrl) ? session.cancelUrl : null;
  return (
    <Page title="This payment was cancelled" focusHeading merchant={session}>
      <p className="lead">Nobody needs to pay anything more for it.</p>
      {session.paidMinor !== '0' && !hasRefunds(session) && <p>Any share already paid will be refunded.</p>}
      <Refunds session={session} />
      {back !== null && session.viewerRole === 'HOST' && (
        <a className="button-secondary" href={back}>
          Back to the shop
        </a>
      )}
    </Page>
  );
}

/**
 * Nobody can tell here whether the reader organised the payment (this device has no access to it),
 * so the organiser's way back and a payer's are both said, each to its reader.
 */
export function ErrorScreen({ kind, onRetry, sessionId }: { kind: ErrorScreenKind; onRetry: () => void; sessionId?: string }) {
  switch (kind) {
    case 'not-found':
      return (
        <Page title="We can’t find this payment" focusHeading>
          <p className="lead">Check that you opened the whole link you were sent.</p>
          <p>
            If you organised this payment, open it again from the shop’s confirmation page. Paying a share? Ask the person who sent you the
            link to send it again.
          </p>
        </Page>
      );
    case 'link-invalid':
      return (
        <Page title="This link doesn’t work on this device" focusHeading>
          <p className="lead">This device has no access to this payment, or the link is not complete.</p>
          <p>
            <strong>Organised this payment?</strong>{' '}
            {sessionId !== undefined && (
              <>
                <a href={hostSignInPath(sessionId)}>Get a sign-in link by email</a>, or{' '}
              </>
            )}
            use the link to your split on the shop’s confirmation page.
          </p>
          <p>
            <strong>Paying a share?</strong> Open the link you were sent again; if it still doesn’t work, ask the organiser for a new one.
          </p>
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
