// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaySessionView } from '../session/session-query';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { OpenGroupView } from './OpenGroupViews';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const NOW = Date.parse('2030-01-01T00:00:00.000Z');

/** A manual split_total group of NZ$600.00, 4 to 10 places; `group` and the session's fields as a test needs them. */
function groupSession(overrides: Partial<PaySessionView> = {}, group: Partial<NonNullable<PaySessionView['openGroup']>> = {}) {
  return makeSession({
    status: 'PARTIALLY_PAID',
    viewerRole: 'PARTICIPANT',
    viewerParticipantId: 'p-mere',
    splitMode: null,
    organiserName: 'Aroha',
    amountMinor: '60000',
    captureMethod: 'MANUAL',
    merchantTimeZone: 'Pacific/Auckland',
    expiresAt: '2030-01-02T00:00:00.000Z',
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
      viewerPlaces: 2,
      joinUrl: null,
      ...group,
    },
    ...overrides,
  });
}

const mere = makeParticipant({
  id: 'p-mere',
  displayName: 'Mere',
  isYou: true,
  status: 'PAID',
  places: 2,
  amountMinor: '30000',
  holdState: 'HELD',
});

function show(session: PaySessionView) {
  return renderWithQuery(<OpenGroupView session={session} now={NOW} />, session);
}

describe('a payer’s page in an open group', () => {
  it('says the places are held, not charged, until the group goes ahead, and offers Leave', () => {
    show(groupSession({ participants: [mere] }));
    expect(screen.getByRole('heading', { name: 'You’re in' })).toBeTruthy();
    expect(screen.getByTestId('group-payer-lead').textContent).toBe(
      'NZ$300.00 is held on your card for your 2 places. It’s charged only if the group goes ahead; if it doesn’t, the hold is released.',
    );
    expect(screen.getByTestId('your-places').textContent).toBe('2');
    expect(screen.getByText('2 of 4 places needed to go ahead')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the group' })).toBeTruthy();
  });

  it('asks before leaving, says what happens to the hold, and words GROUP_TIPPED when the group tipped meanwhile', async () => {
    const session = groupSession({ participants: [mere] });
    const tipped = groupSession({ participants: [mere] }, { placesSold: 4, placesLeft: 6, tippedAt: '2030-01-01T00:00:00.000Z' });
    const { fetchMock, calls } = graphQLFetch({
      LeaveOpenGroup: () => graphQLError('GROUP_TIPPED', 'The group has tipped: your place is confirmed'),
      PaySession: () => ({ data: { paySession: tipped } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    show(session);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the group' }));
    expect(screen.getByText('Leave the group? Your 2 places go back to the group and the hold on your card is released.')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, leave' }));
    expect((await screen.findByTestId('leave-refused')).textContent).toBe(
      'The group has tipped: your place is confirmed, so you can’t leave now.',
    );
    expect(calls.map((c) => c.operationName)).toEqual(['LeaveOpenGroup']);
  });

  it('once tipped: confirmed, charged at most what is held, less if more join; no Leave', () => {
    show(
      groupSession(
        { participants: [mere] },
        { placesSold: 4, placesLeft: 6, pricePerPlaceMinor: '12000', tippedAt: '2030-01-01T00:00:00.000Z' },
      ),
    );
    expect(screen.getByRole('heading', { name: 'It’s on: the group is going ahead' })).toBeTruthy();
    expect(screen.getByTestId('group-payer-lead').textContent).toBe(
      'Your 2 places are confirmed. Your card is charged when the group closes: at most NZ$300.00, less if more people join.',
    );
    expect(screen.getByText('It’s on: the group goes ahead with 4 places taken')).toBeTruthy();
    expect(screen.getByTestId('price-now').textContent).toBe('NZ$120.00');
    expect(screen.queryByRole('button', { name: 'Leave the group' })).toBeNull();
  });

  it('a claim being paid for: kept until a time, with the promise before Pay', () => {
    const paying = { ...mere, status: 'PENDING' as const, holdState: null, reservedUntil: '2030-01-01T00:15:00.000Z' };
    show(groupSession({ participants: [paying] }));
    expect(screen.getByRole('heading', { name: 'Finish paying for your places' })).toBeTruthy();
    expect(screen.getByTestId('group-payer-lead').textContent).toMatch(/^Your 2 places are kept for you until .+\. Pay to take them\.$/);
    expect(screen.getByTestId('group-promise')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay NZ$300.00' })).toBeTruthy();
  });

  it('after the end: the final price, what was charged and what of the hold was released', () => {
    const charged = { ...mere, holdState: 'CHARGED' as const, finalAmountMinor: '20000' };
    show(
      groupSession(
        { status: 'COMPLETED', participants: [charged] },
        { placesSold: 6, placesLeft: 4, finalPricePerPlaceMinor: '10000', tippedAt: '2030-01-01T00:00:00.000Z' },
      ),
    );
    expect(screen.getByRole('heading', { name: 'The group went ahead' })).toBeTruthy();
    expect(screen.getByTestId('group-payer-lead').textContent).toBe(
      'The final price was NZ$100.00 a place: your card was charged NZ$200.00 for your 2 places, and the rest of the hold (NZ$100.00) was released.',
    );
    expect(screen.getByTestId('final-price').textContent).toBe('NZ$100.00');
    expect(screen.getByTestId('your-amount').textContent).toBe('NZ$200.00');
    // Said in the past once it went ahead, not as a group still taking places.
    expect(screen.getByTestId('group-summary').textContent).toBe('The group went ahead with 6 places');
  });

  it('a group that did not go ahead: how far it got, and the hold released', () => {
    const released = { ...mere, holdState: 'RELEASED' as const };
    show(groupSession({ status: 'EXPIRED', participants: [released] }, { placesSold: 3, placesLeft: 7 }));
    expect(screen.getByRole('heading', { name: 'The group didn’t go ahead' })).toBeTruthy();
    expect(screen.getByTestId('group-payer-lead').textContent).toBe('It needed 4 places by its deadline, and 3 were taken.');
    expect(screen.getByText('The hold on your card was released: nothing was charged.')).toBeTruthy();
  });
});

describe('the organiser’s page of an open group', () => {
  const organiserView = (overrides: Partial<PaySessionView> = {}, group: Partial<NonNullable<PaySessionView['openGroup']>> = {}) =>
    groupSession(
      {
        viewerRole: 'HOST',
        viewerParticipantId: null,
        participants: [
          { ...mere, isYou: false },
          makeParticipant({
            id: 'p-ben',
            displayName: 'Ben',
            status: 'PENDING',
            places: 1,
            amountMinor: '15000',
            reservedUntil: '2030-01-01T00:15:00.000Z',
          }),
          makeParticipant({ id: 'p-kim', displayName: 'Kim', status: 'LEFT', places: 1, amountMinor: '15000' }),
        ],
        ...overrides,
      },
      { joinUrl: 'https://pay.example/pay/s/join?code=c0de', viewerPlaces: 0, ...group },
    );

  it('lists each person with their places and what their money is doing, the join link, and no split editor', () => {
    show(organiserView());
    expect(screen.getByRole('heading', { name: 'Your group is filling up' })).toBeTruthy();
    expect(screen.getByTestId('group-host-lead').textContent).toMatch(/^2 more places are needed by .+ for the group to go ahead\.$/);
    expect((screen.getByLabelText('Join link') as HTMLInputElement).value).toBe('https://pay.example/pay/s/join?code=c0de');
    const rows = within(screen.getByTestId('places-list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Mere Held2 placesNZ$300.00',
      expect.stringMatching(/^Ben Paying1 place · paying until .+NZ\$150\.00$/),
      'Kim Left1 placeNZ$150.00',
    ]);
    expect(screen.queryByRole('button', { name: /split/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('after the end: the final price and total, each person’s final amount, no link to share', () => {
    show(
      organiserView(
        { status: 'COMPLETED', participants: [{ ...mere, isYou: false, holdState: 'CHARGED', finalAmountMinor: '20000' }] },
        { placesSold: 6, placesLeft: 4, finalPricePerPlaceMinor: '10000', tippedAt: '2030-01-01T00:00:00.000Z' },
      ),
    );
    expect(screen.getByRole('heading', { name: 'The group went ahead' })).toBeTruthy();
    expect(screen.getByTestId('group-host-lead').textContent).toBe(
      'The final price was NZ$100.00 a place, NZ$600.00 in all, for 6 places.',
    );
    expect(within(screen.getByTestId('places-list')).getByText('NZ$200.00')).toBeTruthy();
    expect(screen.queryByLabelText('Join link')).toBeNull();
  });
});
