import { type ReactNode, useEffect, useState } from 'react';
import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import { isWebUrl, navigateTo } from '../navigation';
import { type ErrorScreenKind, hostSignInPath } from '../session/error-screen';
import type { PaySessionView } from '../session/session-query';
import { HoldEndNotes, holdMessages, isManual } from '../status/holds';
import { hasRefunds, Refunds } from '../status/Refunds';
import { Page } from '../ui/Page';

const messages = defineMessages({
  refundedTitle: {
    id: 'completed.refunded.title',
    defaultMessage: 'Money sent back',
    description: 'Heading: the group paid, then the merchant refunded',
  },
  hostTitle: {
    id: 'completed.host.title',
    defaultMessage: 'Everyone has paid',
    description: 'Heading the organiser sees when every share is paid',
  },
  payerTitle: {
    id: 'completed.payer.title',
    defaultMessage: 'You’re all set',
    description: 'Heading a payer sees when every share is paid',
  },
  refundedLead: {
    id: 'completed.refunded.lead',
    defaultMessage:
      '{named, select, yes {Everyone paid, {total} in all; {merchant} has since sent money back.} other {Everyone paid, {total} in all; the merchant has since sent money back.}}',
    description: 'Under “Money sent back”; named is yes when the merchant has a name',
  },
  hostLead: {
    id: 'completed.host.lead',
    defaultMessage: 'The full {total} is paid — thank you.',
    description: 'The organiser’s thank-you',
  },
  coveredLead: {
    id: 'completed.covered.lead',
    defaultMessage: '{organiser} paid your {share} share, so there’s nothing for you to pay.',
    description: 'A payer whose share the organiser paid for them',
  },
  coveredByOrganiserLead: {
    id: 'completed.covered.unnamedLead',
    defaultMessage: 'The organiser paid your {share} share, so there’s nothing for you to pay.',
    description: 'A payer whose share the organiser paid for them, when the organiser has no name',
  },
  payerLead: {
    id: 'completed.payer.lead',
    defaultMessage: 'Everyone has paid, {total} in all. There’s nothing more to do.',
    description: 'A payer’s ending',
  },
  takingBack: {
    id: 'completed.takingBack',
    defaultMessage: 'Taking you back to {shop} in {seconds, plural, one {# second} other {# seconds}}…',
    description: 'Announced before the organiser is sent to the merchant’s page',
  },
  goNow: { id: 'completed.goNow', defaultMessage: 'Go now', description: 'Link to the merchant’s page without waiting' },
  backTo: { id: 'completed.backTo', defaultMessage: 'Back to {shop}', description: 'Link to the merchant’s site' },
  expiredTitle: { id: 'expired.title', defaultMessage: 'This payment has expired', description: 'Heading of an expired session' },
  expiredLead: {
    id: 'expired.lead',
    defaultMessage: 'Time ran out before everyone had paid, so no more payments can be made.',
    description: 'Under the expired heading',
  },
  refundPromised: {
    id: 'ended.refundPromised',
    defaultMessage: 'Any share already paid will be refunded.',
    description: 'An ended session with money paid',
  },
  expiredHost: {
    id: 'expired.host.next',
    defaultMessage:
      '{named, select, yes {To book again, start a new payment at {shop}.} other {To book again, start a new payment at the shop.}}',
    description: 'What the organiser can do after expiry; named is yes when the merchant has a name',
  },
  expiredPayer: {
    id: 'expired.payer.next',
    defaultMessage: 'If you still need to pay, ask the organiser to start again.',
    description: 'What a payer can do after expiry',
  },
  cancelledTitle: { id: 'cancelled.title', defaultMessage: 'This payment was cancelled', description: 'Heading of a cancelled session' },
  cancelledLead: {
    id: 'cancelled.lead',
    defaultMessage: 'Nobody needs to pay anything more for it.',
    description: 'Under the cancelled heading',
  },
  backToShop: {
    id: 'cancelled.backToShop',
    defaultMessage: 'Back to the shop',
    description: 'The organiser’s link to the merchant’s cancel page',
  },
  notFoundTitle: {
    id: 'error.notFound.title',
    defaultMessage: 'We can’t find this payment',
    description: 'Heading when the link names no session',
  },
  notFoundLead: {
    id: 'error.notFound.lead',
    defaultMessage: 'Check that you opened the whole link you were sent.',
    description: 'Under the not-found heading',
  },
  notFoundHelp: {
    id: 'error.notFound.help',
    defaultMessage:
      'If you organised this payment, open it again from the shop’s confirmation page. Paying a share? Ask the person who sent you the link to send it again.',
    description: 'What the organiser and a payer can each do',
  },
  linkInvalidTitle: {
    id: 'error.linkInvalid.title',
    defaultMessage: 'This link doesn’t work on this device',
    description: 'Heading when this device has no access to the session',
  },
  linkInvalidLead: {
    id: 'error.linkInvalid.lead',
    defaultMessage: 'This device has no access to this payment, or the link is not complete.',
    description: 'Under the heading',
  },
  linkInvalidHost: {
    id: 'error.linkInvalid.host',
    defaultMessage:
      '<strong>Organised this payment?</strong> <signIn>Get a sign-in link by email</signIn>, or use the link to your split on the shop’s confirmation page.',
    description: 'The organiser’s way back; signIn is a link to the sign-in page',
  },
  linkInvalidHostNoSignIn: {
    id: 'error.linkInvalid.hostWithoutSignIn',
    defaultMessage: '<strong>Organised this payment?</strong> Use the link to your split on the shop’s confirmation page.',
    description: 'The organiser’s way back when there is no session to sign in to',
  },
  linkInvalidPayer: {
    id: 'error.linkInvalid.payer',
    defaultMessage:
      '<strong>Paying a share?</strong> Open the link you were sent again; if it still doesn’t work, ask the organiser for a new one.',
    description: 'A payer’s way back',
  },
  unavailableTitle: {
    id: 'error.unavailable.title',
    defaultMessage: 'We can’t load this payment right now',
    description: 'Heading when the server cannot be reached',
  },
  unavailableLead: {
    id: 'error.unavailable.lead',
    defaultMessage: 'Check your internet connection, then try again.',
    description: 'Under the heading',
  },
  tryAgain: { id: 'error.tryAgain', defaultMessage: 'Try again', description: 'Button that loads the session again' },
  loadingTitle: { id: 'loading.title', defaultMessage: 'Loading your payment…', description: 'Heading while the session loads' },
  oneMoment: { id: 'loading.oneMoment', defaultMessage: 'One moment…', description: 'Shown while loading' },
});

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
  const t = useT();
  const total = t.money(session.amountMinor, session.currency);
  const isHost = session.viewerRole === 'HOST';
  // Money went back (the merchant cancelled, say): the host stays to read it, not sent on to the shop.
  const refunded = hasRefunds(session);
  const next = isHost && !refunded && isWebUrl(session.successUrl) ? session.successUrl : null;
  const home = merchantHome(session);
  // A payer whose share the host covered never paid anything themself: say who did.
  const you = session.participants.find((p) => p.isYou);
  const coveredShare = !isHost && you?.coveredByHost ? t.money(you.amountMinor, session.currency) : null;
  // Under manual capture the cards were charged only now: say so rather than "paid".
  const manual = isManual(session);
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
    <Page title={t(refunded ? messages.refundedTitle : isHost ? messages.hostTitle : messages.payerTitle)} focusHeading merchant={session}>
      {!refunded && <DoneMark />}
      <p className="lead">
        {refunded
          ? t(messages.refundedLead, { named: session.merchantName ? 'yes' : 'no', total, merchant: session.merchantName })
          : isHost
            ? t(manual ? holdMessages.chargedHostLead : messages.hostLead, { total })
            : coveredShare !== null
              ? session.organiserName
                ? t(messages.coveredLead, { organiser: session.organiserName, share: coveredShare })
                : t(messages.coveredByOrganiserLead, { share: coveredShare })
              : t(manual ? holdMessages.chargedPayerLead : messages.payerLead, { total })}
      </p>
      <HoldEndNotes session={session} />
      <Refunds session={session} />
      {next !== null ? (
        <div className="continue">
          <p role="status">{announced && t(messages.takingBack, { shop: shop(new URL(next)), seconds: CONTINUE_DELAY_MS / 1000 })}</p>
          <a className="button-primary" href={next}>
            {t(messages.goNow)}
          </a>
        </div>
      ) : (
        home !== null && (
          <p>
            <a className="link-standalone" href={home.href}>
              {t(messages.backTo, { shop: shop(home) })}
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
  const t = useT();
  return (
    <Page title={t(messages.expiredTitle)} focusHeading merchant={session}>
      <p className="lead">{t(messages.expiredLead)}</p>
      {session.paidMinor !== '0' && !hasRefunds(session) && !isManual(session) && <p>{t(messages.refundPromised)}</p>}
      <HoldEndNotes session={session} />
      <Refunds session={session} />
      <p>
        {session.viewerRole === 'HOST'
          ? t(messages.expiredHost, { named: session.merchantName ? 'yes' : 'no', shop: session.merchantName })
          : t(messages.expiredPayer)}
      </p>
    </Page>
  );
}

export function CancelledScreen({ session }: { session: PaySessionView }) {
  const t = useT();
  const back = isWebUrl(session.cancelUrl) ? session.cancelUrl : null;
  return (
    <Page title={t(messages.cancelledTitle)} focusHeading merchant={session}>
      <p className="lead">{t(messages.cancelledLead)}</p>
      {session.paidMinor !== '0' && !hasRefunds(session) && !isManual(session) && <p>{t(messages.refundPromised)}</p>}
      <HoldEndNotes session={session} />
      <Refunds session={session} />
      {back !== null && session.viewerRole === 'HOST' && (
        <a className="button-secondary" href={back}>
          {t(messages.backToShop)}
        </a>
      )}
    </Page>
  );
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * Nobody can tell here whether the reader organised the payment (this device has no access to it),
 * so the organiser's way back and a payer's are both said, each to its reader.
 */
export function ErrorScreen({ kind, onRetry, sessionId }: { kind: ErrorScreenKind; onRetry: () => void; sessionId?: string }) {
  const t = useT();
  switch (kind) {
    case 'not-found':
      return (
        <Page title={t(messages.notFoundTitle)} focusHeading>
          <p className="lead">{t(messages.notFoundLead)}</p>
          <p>{t(messages.notFoundHelp)}</p>
        </Page>
      );
    case 'link-invalid':
      return (
        <Page title={t(messages.linkInvalidTitle)} focusHeading>
          <p className="lead">{t(messages.linkInvalidLead)}</p>
          <p>
            {sessionId !== undefined
              ? t.rich(messages.linkInvalidHost, { strong, signIn: (chunks) => <a href={hostSignInPath(sessionId)}>{chunks}</a> })
              : t.rich(messages.linkInvalidHostNoSignIn, { strong })}
          </p>
          <p>{t.rich(messages.linkInvalidPayer, { strong })}</p>
        </Page>
      );
    case 'unavailable':
      return (
        <Page title={t(messages.unavailableTitle)} focusHeading>
          <p className="lead">{t(messages.unavailableLead)}</p>
          <button type="button" className="button-primary" onClick={onRetry}>
            {t(messages.tryAgain)}
          </button>
        </Page>
      );
  }
}

export function LoadingScreen() {
  const t = useT();
  return (
    <Page title={t(messages.loadingTitle)}>
      <p className="hint" role="status">
        {t(messages.oneMoment)}
      </p>
    </Page>
  );
}
