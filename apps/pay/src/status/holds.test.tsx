// @vitest-environment jsdom
import '../test-support/navigation-stub';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CancelledScreen, CompletedScreen, ExpiredScreen } from '../screens/EndScreens';
import { HostView } from '../screens/HostView';
import { ParticipantView } from '../screens/ParticipantView';
import type { PaySessionView } from '../session/session-query';
import { makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';

afterEach(cleanup);

const NOW = Date.parse('2030-01-10T03:00:00.000Z');
// 19:30 in Auckland on the 11th is 06:30 UTC the same day.
const DEADLINE = '2030-01-11T06:30:00.000Z';

function manual(
  status: PaySessionView['status'],
  you: Parameters<typeof makeParticipant>[0],
  others: Parameters<typeof makeParticipant>[0][] = [],
) {
  return makeSession({
    status,
    viewerRole: 'PARTICIPANT',
    viewerParticipantId: 'p-you',
    captureMethod: 'MANUAL',
    merchantTimeZone: 'Pacific/Auckland',
    expiresAt: DEADLINE,
    participants: [
      makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, status: 'PAID' }),
      makeParticipant({ id: 'p-you', displayName: 'Alex', isYou: true, ...you }),
      ...others.map((other, index) => makeParticipant({ id: `p-${index}`, ...other })),
    ],
  });
}

const text = () => document.body.textContent ?? '';

describe('a payer under manual capture', () => {
  it('is told before paying that the card is held until everyone has paid by the deadline in the merchant’s zone', () => {
    renderWithQuery(<ParticipantView session={manual('PARTIALLY_PAID', { status: 'PENDING' })} now={NOW} />);
    const promise = screen.getByTestId('hold-promise').textContent ?? '';
    expect(promise).toMatch(
      /^Your card is held now and charged only when everyone has paid by .*11.*7:30.*PM.*GMT\+13.*; if the group doesn’t finish, the hold is released\.$/,
    );
    expect(text()).toContain('every hold is released: nothing is charged');
    expect(text()).not.toContain('shares paid are refunded');
    // Others' paid shares are held, not paid.
    expect(screen.getByText('Held')).toBeTruthy();
    expect(screen.queryByText('Paid')).toBeNull();
  });

  it('says nothing of holds in an automatic session', () => {
    renderWithQuery(
      <ParticipantView session={{ ...manual('PARTIALLY_PAID', { status: 'PENDING' }), captureMethod: 'AUTOMATIC' }} now={NOW} />,
    );
    expect(screen.queryByTestId('hold-promise')).toBeNull();
    expect(text()).toContain('shares paid are refunded');
    expect(screen.getByText('Paid')).toBeTruthy();
  });

  it('reads held, not paid, once their card is held', () => {
    renderWithQuery(<ParticipantView session={manual('PARTIALLY_PAID', { status: 'PAID', holdState: 'HELD' })} now={NOW} />);
    expect(screen.getByRole('heading', { name: 'Your share is held' })).toBeTruthy();
    expect(screen.getByText('Held on your card')).toBeTruthy();
    expect(text()).toMatch(/Your card is held, not charged, Alex\. .*if the group doesn’t finish by .*7:30.*, the hold is released\./);
    expect(text()).not.toMatch(/You paid|You’ve paid/);
  });

  it('reads that cards are being charged while the session is capturing', () => {
    renderWithQuery(<ParticipantView session={manual('CAPTURING', { status: 'PAID', holdState: 'HELD' })} now={NOW} />);
    expect(screen.getByRole('heading', { name: 'Everyone has paid' })).toBeTruthy();
    expect(text()).toContain('the cards are being charged now');
    expect(screen.getAllByText('Being charged').length).toBe(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is told plainly that their card was declined, and can pay again', () => {
    renderWithQuery(<ParticipantView session={manual('PARTIALLY_PAID', { status: 'PENDING', holdState: 'CAPTURE_FAILED' })} now={NOW} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Your card could not be charged, so your share is open again. Pay again to finish the group’s payment.',
    );
    expect(screen.getByRole('button', { name: /Pay/ })).toBeTruthy();
  });

  it('reads charged at the end', () => {
    renderWithQuery(<CompletedScreen session={manual('COMPLETED', { status: 'PAID', holdState: 'CHARGED' })} />);
    expect(text()).toContain('Everyone has paid, NZ$480.00 in all, and your card has been charged.');
  });

  it('reads the hold released, nothing charged, when the group did not finish', () => {
    renderWithQuery(<ExpiredScreen session={manual('EXPIRED', { status: 'PAID', holdState: 'RELEASED' })} />);
    expect(screen.getByTestId('holds-released').textContent).toBe('The hold on your card was released: nothing was charged.');
    expect(text()).not.toContain('will be refunded');
  });

  it('reads a duplicate hold released, not a refund', () => {
    renderWithQuery(
      <CompletedScreen session={manual('COMPLETED', { status: 'PAID', holdState: 'CHARGED', duplicateHoldReleased: true })} />,
    );
    expect(screen.getByTestId('duplicate-hold-released').textContent).toBe(
      'A second hold for your share was released: nothing extra was charged.',
    );
  });
});

describe('the host under manual capture', () => {
  const hostSession = (status: PaySessionView['status'], others: Parameters<typeof makeParticipant>[0][]) =>
    makeSession({
      status,
      captureMethod: 'MANUAL',
      merchantTimeZone: 'Pacific/Auckland',
      expiresAt: DEADLINE,
      paidMinor: '16000',
      participants: [
        makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, isYou: true, status: 'PAID', holdState: 'HELD' }),
        ...others.map((other, index) => makeParticipant({ id: `p-${index}`, ...other })),
      ],
    });

  it('sees their own share held, each person held or declined, and whose card failed', () => {
    renderWithQuery(
      <HostView
        session={hostSession('PARTIALLY_PAID', [
          { displayName: 'Alex', status: 'PAID', holdState: 'HELD' },
          { displayName: 'Kiri', status: 'PENDING', holdState: 'CAPTURE_FAILED' },
        ])}
        now={NOW}
      />,
    );
    expect(text()).toContain('your card is charged when everyone has paid');
    expect(screen.getByRole('alert').textContent).toBe('Kiri’s card could not be charged, so their share is open again.');
    const people = screen.getByRole('list', { name: 'Your group' });
    expect(within(people).getByText('Card declined')).toBeTruthy();
    expect(within(people).getAllByText('Held').length).toBe(2);
  });

  it('reads every hold released when a cancelled session charged nobody', () => {
    renderWithQuery(
      <CancelledScreen
        session={{
          ...hostSession('CANCELLED', [{ displayName: 'Alex', status: 'PAID', holdState: 'RELEASED' }]),
          participants: [
            makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, isYou: true, status: 'PAID', holdState: 'RELEASED' }),
            makeParticipant({ id: 'p-1', displayName: 'Alex', status: 'PAID', holdState: 'RELEASED', duplicateHoldReleased: true }),
          ],
        }}
      />,
    );
    expect(screen.getByTestId('holds-released').textContent).toBe('Every hold was released: nobody was charged.');
    expect(screen.getByTestId('duplicate-hold-released').textContent).toBe(
      'Alex’s second hold for the same share was released: nothing extra was charged.',
    );
    expect(text()).not.toContain('will be refunded');
  });
});
