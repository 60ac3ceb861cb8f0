// @vitest-environment jsdom
import '../test-support/navigation-stub';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../navigation';
import { HostView } from '../screens/HostView';
import type { PaySessionView } from '../session/session-query';
import { sessionQueryKey } from '../session/session-query';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { CoverRemaining, sharesLeftToCover } from './CoverRemaining';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aroha = makeParticipant({ id: 'h', displayName: 'Aroha', isHost: true, isYou: true, amountMinor: '12000' });
const ben = makeParticipant({ id: 'b', displayName: 'Ben', amountMinor: '12000', inviteUrl: 'https://pay.example/pay/s?token=b' });
const chloe = makeParticipant({ id: 'c', displayName: 'Chloe', amountMinor: '12000', inviteUrl: 'https://pay.example/pay/s?token=c' });
const paid = (participant: typeof ben) => ({ ...participant, status: 'PAID' as const });

/** The host's view of a 3-way NZ$360.00 split, with the given shares. */
const hostSession = (participants = [aroha, ben, chloe], overrides: Partial<PaySessionView> = {}) =>
  makeSession({ amountMinor: '36000', remainingMinor: '36000', participants, ...overrides });

const COVERED = { data: { startPayment: { paymentId: 'pay_cover', redirectUrl: 'https://checkout.example/c/cover' } } };
const coverButton = () => screen.getByRole('button', { name: /for everyone left$/ });

describe('sharesLeftToCover', () => {
  it('offers every unpaid share, the host’s own included, with their exact sum', () => {
    const left = sharesLeftToCover(hostSession([aroha, ben, { ...chloe, amountMinor: '12001' }]));
    expect(left?.shares.map((p) => p.displayName)).toEqual(['Aroha', 'Ben', 'Chloe']);
    expect(left?.totalMinor).toBe(36001n);
  });

  it('offers one unpaid share when it is someone else’s', () => {
    const left = sharesLeftToCover(hostSession([paid(aroha), paid(ben), chloe], { status: 'PARTIALLY_PAID' }));
    expect(left?.shares.map((p) => p.displayName)).toEqual(['Chloe']);
    expect(left?.totalMinor).toBe(12000n);
  });

  it('offers nothing when only the host’s own share is left (their Pay button does that), or nothing is', () => {
    expect(sharesLeftToCover(hostSession([aroha, paid(ben), paid(chloe)], { status: 'PARTIALLY_PAID' }))).toBeNull();
    expect(sharesLeftToCover(hostSession([paid(aroha), paid(ben), paid(chloe)], { status: 'PARTIALLY_PAID' }))).toBeNull();
  });

  it.each(['UNCONFIGURED', 'COMPLETED', 'EXPIRED', 'CANCELLED'] as const)('offers nothing for a %s session', (status) => {
    expect(sharesLeftToCover(hostSession([aroha, ben, chloe], { status }))).toBeNull();
  });
});

describe('the host’s page', () => {
  it('offers to pay for everyone left beside the host’s own share, with the exact amount', () => {
    renderWithQuery(<HostView session={hostSession()} now={Date.parse('2029-12-30T00:00:00Z')} />);
    expect(screen.getByRole('button', { name: 'Pay NZ$120.00' })).toBeTruthy();
    expect(coverButton().textContent).toBe('Pay NZ$360.00 for everyone left');
  });

  it('offers it after the host paid, for what the others still owe', () => {
    const session = hostSession([paid(aroha), ben, paid(chloe)], { status: 'PARTIALLY_PAID', paidMinor: '24000' });
    renderWithQuery(<HostView session={session} now={Date.parse('2029-12-30T00:00:00Z')} />);
    expect(screen.getByText('Thanks — your share is paid.')).toBeTruthy();
    expect(coverButton().textContent).toBe('Pay NZ$120.00 for everyone left');
  });

  it('does not offer it when the host’s share is the only one left', () => {
    const session = hostSession([aroha, paid(ben), paid(chloe)], { status: 'PARTIALLY_PAID', paidMinor: '24000' });
    renderWithQuery(<HostView session={session} now={Date.parse('2029-12-30T00:00:00Z')} />);
    expect(screen.getByRole('button', { name: 'Pay NZ$120.00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /everyone left/ })).toBeNull();
  });
});

describe('CoverRemaining', () => {
  it('says what will happen before anything is charged, then pays every unpaid share in one checkout', async () => {
    const { fetchMock, calls } = graphQLFetch({ CoverRemaining: () => COVERED });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<CoverRemaining session={hostSession()} />);
    fireEvent.click(coverButton());
    const question = screen.getByRole('group', { name: /^You’ll pay/ });
    expect(question.querySelector('p')?.textContent).toBe(
      // A list as the reader's language joins one (en: with a serial comma).
      'You’ll pay NZ$360.00 for Ben, Chloe, and you. Their links will show their shares as paid.',
    );
    expect(document.activeElement?.id).toBe('cover-question');
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Pay NZ$360.00' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://checkout.example/c/cover'));
    expect(calls).toEqual([{ operationName: 'CoverRemaining', variables: { sessionId: hostSession().id } }]);
    // On its way to the checkout: no second payment from a second press.
    expect((screen.getByRole('button', { name: 'Pay NZ$360.00' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Opening the secure checkout…');
  });

  it('names the one person left when the host has paid', () => {
    renderWithQuery(<CoverRemaining session={hostSession([paid(aroha), ben, paid(chloe)], { status: 'PARTIALLY_PAID' })} />);
    fireEvent.click(coverButton());
    expect(screen.getByRole('group').querySelector('p')?.textContent).toBe(
      'You’ll pay NZ$120.00 for Ben. Ben’s link will show their share as paid.',
    );
  });

  it('starts one payment however often the button is pressed while it is on its way', async () => {
    let answer: (body: unknown) => void = () => undefined;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (body) => resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<CoverRemaining session={hostSession()} />);
    fireEvent.click(coverButton());
    const pay = screen.getByRole('button', { name: 'Pay NZ$360.00' }) as HTMLButtonElement;
    fireEvent.click(pay);
    await waitFor(() => expect(pay.disabled).toBe(true));
    fireEvent.click(pay);
    expect((screen.getByRole('button', { name: 'Not now' }) as HTMLButtonElement).disabled).toBe(true);
    answer(COVERED);
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['INVALID_STATE', 'Every share is already paid.'],
    ['SESSION_NOT_PAYABLE', 'This payment can’t be taken any more.'],
  ])('on %s says so, and asks for the session as it is now', async (code, message) => {
    vi.stubGlobal('fetch', graphQLFetch({ CoverRemaining: () => graphQLError(code) }).fetchMock);
    const session = hostSession();
    const { queryClient } = renderWithQuery(<CoverRemaining session={session} />, session);
    fireEvent.click(coverButton());
    fireEvent.click(screen.getByRole('button', { name: 'Pay NZ$360.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(queryClient.getQueryState(sessionQueryKey(session.id))?.isInvalidated).toBe(true);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('explains a failed checkout and lets the host try again from the same step', async () => {
    let attempts = 0;
    const { fetchMock } = graphQLFetch({
      CoverRemaining: () => (++attempts === 1 ? graphQLError('PARTNER_CALL_FAILED') : COVERED),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<CoverRemaining session={hostSession()} />);
    fireEvent.click(coverButton());
    fireEvent.click(screen.getByRole('button', { name: 'Pay NZ$360.00' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/couldn’t open the payment page.*not been charged/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay NZ$360.00' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://checkout.example/c/cover'));
  });

  it('“Not now” closes the step without paying and puts focus back on the button', () => {
    const { fetchMock, calls } = graphQLFetch({});
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<CoverRemaining session={hostSession()} />);
    fireEvent.click(coverButton());
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(coverButton());
    expect(calls).toEqual([]);
  });
});
