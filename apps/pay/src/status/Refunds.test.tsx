// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { render } from '../test-support/render';
import { afterEach, describe, expect, it } from 'vitest';
import { CompletedScreen } from '../screens/EndScreens';
import { makeParticipant, makeSession } from '../test-support/fixtures';
import { hasRefunds, participantRefunds, Refunds } from './Refunds';

afterEach(cleanup);

const aroha = makeParticipant({ id: 'a', displayName: 'Aroha', isHost: true, amountMinor: '20000' });
const ben = makeParticipant({ id: 'b', displayName: 'Ben', amountMinor: '15000' });
const caleb = makeParticipant({ id: 'c', displayName: 'Caleb', amountMinor: '13000' });

describe('Refunds', () => {
  it("tells a payer, in a bank's words, what went back to their card", () => {
    const session = makeSession({
      status: 'COMPLETED',
      viewerRole: 'PARTICIPANT',
      participants: [aroha, { ...ben, isYou: true, status: 'PAID', refundedMinor: '9600', refundPendingMinor: '0' }, caleb],
    });
    render(<Refunds session={session} />);
    expect(screen.getByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(screen.getByText('NZ$96.00 refunded to your card')).toBeTruthy();
    // A payer sees only their own refund, never the others'.
    expect(screen.queryByRole('list', { name: 'Who was refunded' })).toBeNull();
  });

  it('says a refund is pending until the merchant confirms it, beside what already went back', () => {
    const session = makeSession({
      viewerRole: 'PARTICIPANT',
      participants: [{ ...ben, isYou: true, refundedMinor: '5000', refundPendingMinor: '10000' }],
    });
    render(<Refunds session={session} />);
    expect(screen.getByText('NZ$50.00 refunded to your card · NZ$100.00 refund pending')).toBeTruthy();
  });

  it('shows the host who was refunded and who is still waiting, and nothing for those not refunded', () => {
    const session = makeSession({
      status: 'COMPLETED',
      viewerRole: 'HOST',
      participants: [
        { ...aroha, isYou: true, refundedMinor: '20000', refundPendingMinor: '0' },
        { ...ben, refundedMinor: '15000', refundPendingMinor: '0' },
        { ...caleb, refundedMinor: '0', refundPendingMinor: '13000' },
      ],
    });
    render(<Refunds session={session} />);
    expect(screen.getByText('NZ$200.00 refunded to your card')).toBeTruthy();
    const rows = screen.getByRole('list', { name: 'Who was refunded' }).querySelectorAll('li');
    expect([...rows].map((row) => row.textContent)).toEqual(['BenNZ$150.00Refunded', 'CalebNZ$130.00Refund pending']);
  });

  it('renders nothing, and counts no refund, when no money went back (absent or null fields included)', () => {
    const session = makeSession({ participants: [aroha, { ...ben, refundedMinor: null, refundPendingMinor: null }] });
    const { container } = render(<Refunds session={session} />);
    expect(container.innerHTML).toBe('');
    expect(hasRefunds(session)).toBe(false);
    expect(participantRefunds([{ ...ben, refundedMinor: '0', refundPendingMinor: '0' }])).toEqual([]);
  });

  it("says a payer's second payment for a share already paid is a duplicate going back, never the booking refunded", () => {
    const pending = makeSession({
      status: 'COMPLETED',
      viewerRole: 'PARTICIPANT',
      participants: [
        aroha,
        { ...ben, isYou: true, status: 'PAID', refundedMinor: '0', refundPendingMinor: '0', duplicateRefundPendingMinor: '15000' },
      ],
    });
    const { rerender } = render(<Refunds session={pending} />);
    expect(screen.getByTestId('your-duplicate').textContent).toBe('Duplicate payment of NZ$150.00, being refunded');
    expect(screen.queryByTestId('your-refund')).toBeNull();
    expect(screen.queryByText(/refunded to your card/)).toBeNull();
    expect(hasRefunds(pending)).toBe(false);

    const back = {
      ...pending,
      participants: [aroha, { ...pending.participants[1]!, duplicateRefundedMinor: '15000', duplicateRefundPendingMinor: '0' }],
    };
    rerender(<Refunds session={back} />);
    expect(screen.getByTestId('your-duplicate').textContent).toBe('Duplicate payment of NZ$150.00, refunded');
    expect(hasRefunds(back)).toBe(false);
  });

  it("lists for the host a payer's duplicate apart from any booking refund", () => {
    const session = makeSession({
      status: 'COMPLETED',
      viewerRole: 'HOST',
      participants: [
        { ...aroha, isYou: true },
        { ...ben, refundedMinor: '0', refundPendingMinor: '0', duplicateRefundedMinor: '15000', duplicateRefundPendingMinor: '0' },
        { ...caleb, refundedMinor: '5000', refundPendingMinor: '0', duplicateRefundedMinor: '0', duplicateRefundPendingMinor: '13000' },
      ],
    });
    render(<Refunds session={session} />);
    const rows = screen.getByRole('list', { name: 'Who was refunded' }).querySelectorAll('li');
    expect([...rows].map((row) => row.textContent)).toEqual([
      'BenNZ$150.00Duplicate payment, refunded',
      'CalebNZ$50.00Refunded',
      'CalebNZ$130.00Duplicate payment, being refunded',
    ]);
    expect(screen.queryByTestId('your-refund')).toBeNull();
  });

  it('thanks the host of a completed session whose only refund was a duplicate, and still sends them on to the shop', () => {
    const session = makeSession({
      status: 'COMPLETED',
      viewerRole: 'HOST',
      successUrl: 'https://shop.example/thanks',
      participants: [
        { ...aroha, isYou: true },
        { ...ben, duplicateRefundedMinor: '15000' },
      ],
    });
    render(<CompletedScreen session={session} />);
    expect(screen.getByRole('heading', { name: 'Everyone has paid' })).toBeTruthy();
    expect(screen.queryByText(/has since sent money back/)).toBeNull();
    expect(screen.getByText('Duplicate payment, refunded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go now' })).toBeTruthy();
  });

  it('keeps the host on a completed session that was refunded, instead of sending them on to the shop', () => {
    const session = makeSession({
      status: 'COMPLETED',
      viewerRole: 'HOST',
      successUrl: 'https://shop.example/thanks',
      participants: [{ ...aroha, isYou: true, refundedMinor: '20000', refundPendingMinor: '0' }],
    });
    render(<CompletedScreen session={session} />);
    expect(screen.getByRole('heading', { name: 'Money sent back' })).toBeTruthy();
    expect(screen.getByText('NZ$200.00 refunded to your card')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go now' })).toBeNull();
  });
});
