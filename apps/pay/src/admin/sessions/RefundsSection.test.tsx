// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RefundsSection } from './RefundsSection';

afterEach(cleanup);

type Props = Parameters<typeof RefundsSection>[0]['session'];
type Refund = Props['refunds'][number];

function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    refundId: 'r-1',
    paymentId: 'pay-1',
    participantId: 'p-ben',
    amountMinor: '15000',
    currency: 'NZD',
    status: 'SUCCEEDED',
    reason: 'Booking cancelled',
    source: 'MERCHANT',
    purpose: 'BOOKING',
    processorRefundReference: 're_test_1',
    failureReason: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    settledAt: '2030-01-01T10:00:02.000Z',
    attempts: 2,
    attemptLog: [
      { attempt: 1, startedAt: '2030-01-01T10:00:00.000Z', durationMs: 10_000, httpStatus: null, outcome: 'timeout', excerpt: null },
      {
        attempt: 2,
        startedAt: '2030-01-01T10:00:01.000Z',
        durationMs: 42,
        httpStatus: 200,
        outcome: 'succeeded',
        excerpt: '{"status":"succeeded"}',
      },
    ],
    ...overrides,
  } as Refund;
}

const participants = [
  { id: 'p-ben', displayName: 'Ben', email: null, amountMinor: '15000', status: 'PAID', isHost: false, position: 1 },
  { id: 'p-caleb', displayName: 'Caleb', email: null, amountMinor: '13000', status: 'PAID', isHost: false, position: 2 },
] as Props['participants'];

describe('RefundsSection', () => {
  it('lists each refund with whose it is, how it ended, and every call to the merchant with its reply', () => {
    render(
      <RefundsSection
        session={{
          currency: 'NZD',
          refundedMinor: '15000',
          participants,
          refunds: [
            refund(),
            refund({
              refundId: 'r-2',
              participantId: 'p-caleb',
              amountMinor: '13000',
              status: 'FAILED',
              failureReason: 'the merchant’s refund endpoint did not answer',
              processorRefundReference: null,
              attemptLog: [],
              attempts: 0,
            }),
          ],
        }}
      />,
    );
    expect(screen.getByText('NZ$150.00', { selector: 'strong' })).toBeTruthy();
    const [ben, caleb] = screen.getAllByRole('listitem');
    expect(within(ben!).getByRole('heading').textContent).toBe('NZ$150.00 to Ben Succeeded');
    expect(ben!.textContent).toContain('re_test_1');
    expect(ben!.textContent).toContain('reason: Booking cancelled');
    const calls = within(ben!).getByRole('region', { name: 'Calls to the merchant for refund r-1' });
    const rows = within(calls).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent).filter((_, i) => i !== 1))).toEqual([
      ['1', '—', '10000 ms', 'Timeout', '—'],
      ['2', '200', '42 ms', 'Succeeded', '{"status":"succeeded"}'],
    ]);
    expect(within(caleb!).getByRole('heading').textContent).toBe('NZ$130.00 to Caleb Failed');
    expect(caleb!.textContent).toContain('did not answer');
    expect(caleb!.textContent).toContain('The merchant has not been called yet.');
  });

  it('tags the refund of a duplicate payment, so it is not read as the booking refunded', () => {
    render(
      <RefundsSection
        session={{
          currency: 'NZD',
          refundedMinor: '15000',
          participants,
          refunds: [refund({ source: 'AUTOMATIC', purpose: 'DUPLICATE', reason: 'payment could not count toward the session' })],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('NZ$150.00 to Ben Succeeded Duplicate');
    expect(screen.getByText('Duplicate', { selector: '.tag' })).toBeTruthy();
    expect(screen.getByText('NZ$150.00 (NZ$150.00 for duplicate payments)', { selector: 'strong' })).toBeTruthy();
  });

  it('tags an open group’s price drop, and says what of the total went back for price drops', () => {
    render(
      <RefundsSection
        session={{
          currency: 'NZD',
          refundedMinor: '15000',
          participants,
          refunds: [refund({ source: 'AUTOMATIC', purpose: 'PRICE_DROP', reason: 'the group ended at a lower price per place' })],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('NZ$150.00 to Ben Succeeded Price drop');
    expect(screen.getByText('NZ$150.00 (NZ$150.00 for price drops)', { selector: 'strong' })).toBeTruthy();
  });

  it('says so when there are no refunds', () => {
    render(<RefundsSection session={{ currency: 'NZD', refundedMinor: '0', participants, refunds: [] }} />);
    expect(screen.getByText('No refunds.')).toBeTruthy();
  });
});
