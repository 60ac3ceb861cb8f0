// @vitest-environment jsdom
import '../test-support/navigation-stub';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../navigation';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { createInvitationLoader, type Invitation } from './invitation-query';
import { JoinPage } from './JoinPage';

// The socket is the live hook's business; these tests are about what the page says and sends.
vi.mock('./use-live-invitation', () => ({ useLiveInvitation: () => true }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SESSION = '8a4c8f52-0c4e-4d0c-9b8e-3f0a5e2b7c11';

/** A manual split_total group of NZ$600.00 for 4 to 10 places, up to 3 each, two places held. */
function invitation(overrides: Partial<Invitation> = {}, group: Partial<Invitation['openGroup']> = {}): Invitation {
  return {
    sessionId: SESSION,
    status: 'PARTIALLY_PAID',
    merchantName: 'Harbour Table',
    merchantLogoUrl: null,
    accentColor: null,
    description: 'Kayak trip',
    locale: null,
    currency: 'NZD',
    amountMinor: '60000',
    captureMethod: 'MANUAL',
    merchantTimeZone: 'Pacific/Auckland',
    expiresAt: '2030-01-31T07:30:00.000Z',
    openGroup: {
      pricing: 'SPLIT_TOTAL',
      minPlaces: 4,
      maxPlaces: 10,
      maxPlacesPerPayer: 3,
      pricePerPlaceMinor: '15000',
      maxPricePerPlaceMinor: '15000',
      finalPricePerPlaceMinor: null,
      placesSold: 2,
      placesReserved: 0,
      placesLeft: 8,
      tippedAt: null,
      fullAt: null,
      organiserName: 'Aroha',
      ...group,
    },
    ...overrides,
  };
}

function boot() {
  return renderWithQuery(<JoinPage sessionId={SESSION} code="c0de" loadInvitation={createInvitationLoader(SESSION, 'c0de')} />);
}

async function fillForm(places = '1') {
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Mere' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mere@example.com' } });
  fireEvent.change(screen.getByLabelText('Places'), { target: { value: places } });
}

describe('the join page', () => {
  it('says what the group is, where it stands and what happens to the money before the form', async () => {
    vi.stubGlobal('fetch', graphQLFetch({ OpenGroupInvitation: () => ({ data: { openGroupInvitation: invitation() } }) }).fetchMock);
    boot();
    expect(await screen.findByRole('heading', { name: 'Join the group' })).toBeTruthy();
    expect(screen.getByText('Organised by Aroha')).toBeTruthy();
    expect(screen.getByText('Kayak trip')).toBeTruthy();
    expect(screen.getByTestId('price-now').textContent).toBe('NZ$150.00');
    expect(screen.getByTestId('places-left').textContent).toBe('8 of 10');
    expect(screen.getByText('2 of 4 places needed to go ahead')).toBeTruthy();
    // The deadline in the merchant's zone, named.
    expect(screen.getByTestId('group-deadline').textContent).toMatch(/^Thu, Jan 31, 2030, 8:30\sPM GMT\+13$/);
    const promise = screen.getByTestId('group-promise').textContent ?? '';
    expect(promise).toContain('Your card is held now, and charged only if the group goes ahead: at least 4 places by');
    expect(promise).toContain('you’re charged less than is held');
    // The promise comes before the form.
    const form = screen.getByRole('form', { name: 'Take your places' });
    expect(screen.getByTestId('group-promise').compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join and pay NZ$150.00' })).toBeTruthy();
    // Three places is the cap, fewer than the 8 left.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByText('Up to 3 per person.')).toBeTruthy();
  });

  it('words the automatic promise: charged now, refunded if the group does not go ahead', async () => {
    const automatic = invitation(
      { captureMethod: 'AUTOMATIC' },
      { pricing: 'PER_PLACE', pricePerPlaceMinor: '4500', maxPricePerPlaceMinor: '4500' },
    );
    vi.stubGlobal('fetch', graphQLFetch({ OpenGroupInvitation: () => ({ data: { openGroupInvitation: automatic } }) }).fetchMock);
    boot();
    const promise = (await screen.findByTestId('group-promise')).textContent ?? '';
    expect(promise).toMatch(
      /^You’re charged now\. If the group doesn’t go ahead \(at least 4 places by .*\), your payment is refunded in full\.$/,
    );
    await fillForm('3');
    expect(screen.getByTestId('join-total').textContent).toBe('3 places at NZ$45.00 each');
    expect(screen.getByRole('button', { name: 'Join and pay NZ$135.00' })).toBeTruthy();
  });

  it('checks the fields before sending anything, and says each problem beside its field', async () => {
    const { fetchMock, calls } = graphQLFetch({ OpenGroupInvitation: () => ({ data: { openGroupInvitation: invitation() } }) });
    vi.stubGlobal('fetch', fetchMock);
    boot();
    fireEvent.click(await screen.findByRole('button', { name: /^Join and pay/ }));
    expect(screen.getByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('Enter your email address: your receipt and your own link to the group go there')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(calls.map((c) => c.operationName)).toEqual(['OpenGroupInvitation']);
  });

  it('joins once however often Join is pressed, and goes straight to the checkout', async () => {
    const joined = makeSession({
      viewerRole: 'PARTICIPANT',
      participants: [makeParticipant({ isYou: true, places: 2, amountMinor: '30000' })],
    });
    const { fetchMock, calls } = graphQLFetch({
      OpenGroupInvitation: () => ({ data: { openGroupInvitation: invitation() } }),
      JoinOpenGroup: () => ({
        data: {
          joinOpenGroup: {
            participantId: 'p-1',
            redirectUrl: 'https://checkout.example/c/1',
            reservedUntil: '2030-01-01T00:15:00.000Z',
            amountMinor: '30000',
            pricePerPlaceMinor: '15000',
            view: joined,
          },
        },
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    boot();
    await fillForm('2');
    const join = screen.getByRole('button', { name: 'Join and pay NZ$300.00' });
    fireEvent.click(join);
    fireEvent.click(join);
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://checkout.example/c/1'));
    fireEvent.click(join);
    expect(calls.filter((c) => c.operationName === 'JoinOpenGroup')).toEqual([
      {
        operationName: 'JoinOpenGroup',
        variables: { sessionId: SESSION, code: 'c0de', input: { displayName: 'Mere', email: 'mere@example.com', places: 2, locale: 'en' } },
      },
    ]);
    expect((join as HTMLButtonElement).disabled).toBe(true);
    // Coming back to the link on this device says so, rather than offering to join again unawares.
    expect(window.localStorage.getItem(`paysplit.joined.${SESSION}`)).toBe('p-1');
  });

  it('says at once when someone took the last place first, and shows the group closed', async () => {
    let full = false;
    const { fetchMock } = graphQLFetch({
      OpenGroupInvitation: () => ({
        data: { openGroupInvitation: full ? invitation({}, { placesSold: 9, placesReserved: 1, placesLeft: 0 }) : invitation() },
      }),
      JoinOpenGroup: () => {
        full = true;
        return graphQLError('GROUP_FULL', 'The group is full: no places are left');
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    boot();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Join and pay/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Someone took the last place just before you. Nothing was charged.');
    expect(screen.getByRole('heading', { name: 'All places are taken for now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join and pay/ })).toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('says how many are left when fewer places remain than were asked for', async () => {
    let taken = false;
    const { fetchMock } = graphQLFetch({
      OpenGroupInvitation: () => ({
        data: { openGroupInvitation: taken ? invitation({}, { placesSold: 9, placesLeft: 1 }) : invitation() },
      }),
      JoinOpenGroup: () => {
        taken = true;
        return graphQLError('GROUP_FULL', 'Only 1 place is left');
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    boot();
    await fillForm('3');
    fireEvent.click(screen.getByRole('button', { name: /^Join and pay/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone took some of the places just before you: only 1 place is left now. Nothing was charged.',
    );
    // The choice follows what is left.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1']);
  });

  it('shows a group that did not go ahead as closed, with what happened to the money', async () => {
    const ended = invitation({ status: 'EXPIRED' }, { placesSold: 3, placesLeft: 7 });
    vi.stubGlobal('fetch', graphQLFetch({ OpenGroupInvitation: () => ({ data: { openGroupInvitation: ended } }) }).fetchMock);
    boot();
    expect(await screen.findByRole('heading', { name: 'The group is closed' })).toBeTruthy();
    expect(
      screen.getByText('It didn’t reach 4 places by its deadline, so it didn’t go ahead: every hold was released and nobody was charged.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says a link with a wrong code names no group', async () => {
    vi.stubGlobal('fetch', graphQLFetch({ OpenGroupInvitation: () => graphQLError('SESSION_NOT_FOUND') }).fetchMock);
    boot();
    expect(await screen.findByRole('heading', { name: 'We can’t find this group' })).toBeTruthy();
  });
});
