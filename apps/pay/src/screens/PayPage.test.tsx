// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeAccessLink } from '../session/access-link';
import { createSessionLoader } from '../session/session-query';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { PayPage } from './PayPage';

// The socket is the live hook's business; these tests are about loading and screens.
vi.mock('../live/use-live-session', () => ({ useLiveSession: () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  // What this device already told the server (the reader's language) starts afresh for each test.
  window.sessionStorage.clear();
});

const host = makeParticipant({ id: 'h', displayName: 'Sam', isHost: true, amountMinor: '16000' });
const alex = makeParticipant({ id: 'a', displayName: 'Alex', amountMinor: '16000', inviteUrl: 'https://pay.example/pay/s?token=t-alex' });
const kim = makeParticipant({ id: 'k', displayName: 'Kim', amountMinor: '16000', isYou: true });
const participantView = makeSession({ viewerRole: 'PARTICIPANT', viewerParticipantId: 'k', participants: [host, alex, kim] });

/** Boots like main.tsx: the link is read and scrubbed, then the page renders. */
function boot(path: string) {
  window.history.replaceState(null, '', path);
  const access = takeAccessLink(window.location, window.history);
  const sessionId = window.location.pathname.split('/')[2]!;
  return renderWithQuery(
    <PayPage sessionId={sessionId} loadSession={createSessionLoader(sessionId, access.token)} initialNotice={access.notice} />,
  );
}

describe('PayPage', () => {
  it('exchanges the link token with openSession, and the address bar never shows it once rendered', async () => {
    const { fetchMock, calls } = graphQLFetch({ OpenSession: () => ({ data: { openSession: participantView } }) });
    vi.stubGlobal('fetch', fetchMock);
    boot('/pay/s1?token=SECRET-invite');
    expect(window.location.href).not.toContain('SECRET');
    expect(await screen.findByRole('heading', { name: 'Pay your share' })).toBeTruthy();
    // Then, once, the language the page is read in, so this payer's emails are written in it.
    await waitFor(() =>
      expect(calls).toEqual([
        { operationName: 'OpenSession', variables: { sessionId: 's1', token: 'SECRET-invite' } },
        { operationName: 'RememberLocale', variables: { sessionId: participantView.id, locale: 'en' } },
      ]),
    );
    expect(screen.getByText('Organised by Sam')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Pay / })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Pay .*160\.00$/ })).toBeTruthy();
  });

  it('uses the cookie (paySession) when reloaded without a token', async () => {
    const { fetchMock, calls } = graphQLFetch({ PaySession: () => ({ data: { paySession: participantView } }) });
    vi.stubGlobal('fetch', fetchMock);
    boot('/pay/s1');
    await screen.findByRole('heading', { name: 'Pay your share' });
    await waitFor(() => expect(calls.map((c) => c.operationName)).toEqual(['PaySession', 'RememberLocale']));
  });

  it('confirms a payment on return from the checkout, then drops the flags from the address', async () => {
    const paid = makeSession({
      ...participantView,
      status: 'PARTIALLY_PAID',
      paidMinor: '16000',
      participants: [host, alex, { ...kim, status: 'PAID' }],
    });
    vi.stubGlobal('fetch', graphQLFetch({ PaySession: () => ({ data: { paySession: paid } }) }).fetchMock);
    boot('/pay/s1?resume=participant&payment=pay_1');
    expect(await screen.findByText('Payment received — thanks!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'You’ve paid your share' })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
    const bar = screen.getByRole('progressbar', { name: 'Amount paid' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
  });

  it('says backing out of the checkout was the payer’s own step, and their share is still open', async () => {
    vi.stubGlobal('fetch', graphQLFetch({ PaySession: () => ({ data: { paySession: participantView } }) }).fetchMock);
    boot('/pay/s1?cancelled=1');
    expect(await screen.findByText('You left the checkout; your share is still open')).toBeTruthy();
    expect(screen.queryByText(/cancelled/i)).toBeNull();
    expect(screen.getByRole('button', { name: /^Pay .*160\.00$/ })).toBeTruthy();
  });

  it('tells a host who backed out of paying for the others, their own share paid, that the rest are still open', async () => {
    const hostPaid = makeSession({
      status: 'PARTIALLY_PAID',
      paidMinor: '16000',
      participants: [{ ...host, isYou: true, status: 'PAID' }, alex, { ...kim, isYou: false }],
    });
    vi.stubGlobal('fetch', graphQLFetch({ PaySession: () => ({ data: { paySession: hostPaid } }) }).fetchMock);
    boot('/pay/s1?cancelled=1');
    expect(await screen.findByText('You left the checkout; the shares left are still open')).toBeTruthy();
  });

  it.each([
    ['SESSION_NOT_FOUND', 'We can’t find this payment'],
    ['UNAUTHENTICATED', 'This link doesn’t work on this device'],
  ])('shows its own screen for %s', async (code, heading) => {
    vi.stubGlobal('fetch', graphQLFetch({ OpenSession: () => graphQLError(code) }).fetchMock);
    boot('/pay/s1?host=1&hostToken=SECRET');
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    if (code === 'UNAUTHENTICATED') {
      // The reader may be the organiser: they are offered their own way back, never told to ask themself.
      const signIn = screen.getByRole('link', { name: 'Get a sign-in link by email' });
      expect(signIn.getAttribute('href')).toBe('/pay/s1/sign-in');
      expect(screen.getByText(/Organised this payment\?/)).toBeTruthy();
    }
    expect(document.body.textContent).not.toMatch(/ask the organiser for a new link\.$/m);
  });

  it('offers Try again when the server cannot be reached', async () => {
    let reachable = false;
    const { fetchMock } = graphQLFetch({ PaySession: () => ({ data: { paySession: participantView } }) });
    vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) =>
      reachable ? fetchMock(url, init) : Promise.reject(new TypeError('Failed to fetch')),
    );
    boot('/pay/s1');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    reachable = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Pay your share' })).toBeTruthy();
  });

  it.each([
    ['COMPLETED', 'You’re all set'],
    ['EXPIRED', 'This payment has expired'],
    ['CANCELLED', 'This payment was cancelled'],
  ] as const)('shows the %s end state', async (status, heading) => {
    vi.stubGlobal('fetch', graphQLFetch({ PaySession: () => ({ data: { paySession: { ...participantView, status } } }) }).fetchMock);
    boot('/pay/s1');
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('tells the host of an unconfigured session to set up the split before inviting', async () => {
    const fresh = makeSession({ status: 'UNCONFIGURED', splitMode: null, organiserName: null });
    vi.stubGlobal('fetch', graphQLFetch({ OpenSession: () => ({ data: { openSession: fresh } }) }).fetchMock);
    boot('/session/s1?host=1&hostToken=SECRET');
    expect(await screen.findByText(/Everyone you add gets their own link\./)).toBeTruthy();
    expect(screen.getByText(/How to split NZ\$480\.00/)).toBeTruthy();
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
  });

  it('gives the host of a configured session a link per participant, and their own Pay button', async () => {
    const hostView = makeSession({ participants: [{ ...host, isYou: true }, alex, { ...kim, isYou: false, inviteUrl: 'https://x/k' }] });
    vi.stubGlobal('fetch', graphQLFetch({ PaySession: () => ({ data: { paySession: hostView } }) }).fetchMock);
    boot('/pay/s1');
    expect(await screen.findByRole('heading', { name: 'Pay and invite' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Copy .*’s link$/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'QR code and link for Alex' }));
    expect((screen.getByLabelText('Invite link for Alex') as HTMLInputElement).value).toBe('https://pay.example/pay/s?token=t-alex');
    expect(screen.getByRole('button', { name: /^Pay .*160\.00$/ })).toBeTruthy();
    expect(screen.getByText(/^Expires in/)).toBeTruthy();
  });

  it('shows a payer the deadline beside the countdown, and what happens if the group does not finish', async () => {
    vi.stubGlobal('fetch', graphQLFetch({ PaySession: () => ({ data: { paySession: participantView } }) }).fetchMock);
    boot('/pay/s1');
    const deadline = await screen.findByTestId('deadline');
    expect(deadline.getAttribute('dateTime')).toBe(participantView.expiresAt);
    // The reader's own clock and zone (whatever this machine's are), named.
    expect(deadline.textContent).toBe(
      new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(participantView.expiresAt)),
    );
    // The count in the reader's number format: this fixture's deadline is years away ("1,131 days").
    expect(deadline.parentElement!.textContent).toMatch(/^Expires in [\d,]+ days? .* · /);
    expect(screen.getByText('If not everyone has paid by then, it expires and the shares paid are refunded.')).toBeTruthy();
  });
});
