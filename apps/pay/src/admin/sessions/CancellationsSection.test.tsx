// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CancellationsSection, CapturesSection } from './CancellationsSection';

afterEach(cleanup);

type Props = Parameters<typeof CancellationsSection>[0]['session'];
type Cancellation = Props['cancellations'][number];

function cancellation(overrides: Partial<Cancellation> = {}): Cancellation {
  return {
    cancelId: 'c-1',
    paymentId: 'pay-1',
    participantId: 'p-ben',
    amountMinor: '15000',
    reason: 'REPLACED',
    status: 'SUCCEEDED',
    processorReference: 'cs_test_1',
    failureReason: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    settledAt: '2030-01-01T10:00:02.000Z',
    attempts: 2,
    attemptLog: [
      { attempt: 1, startedAt: '2030-01-01T10:00:00.000Z', durationMs: 12, httpStatus: 500, outcome: 'error', excerpt: '{"error":"down"}' },
      {
        attempt: 2,
        startedAt: '2030-01-01T10:00:01.000Z',
        durationMs: 40,
        httpStatus: 200,
        outcome: 'succeeded',
        excerpt: '{"status":"succeeded"}',
      },
    ],
    ...overrides,
  } as Cancellation;
}

const participants = [
  { id: 'p-ben', displayName: 'Ben', email: null, amountMinor: '15000', status: 'PENDING', isHost: false, position: 1 },
  { id: 'p-caleb', displayName: 'Caleb', email: null, amountMinor: '13000', status: 'PAID', isHost: false, position: 2 },
] as Props['participants'];

describe('CancellationsSection', () => {
  it('lists each cancelled checkout with whose it was, why, how it ended, and every call to the merchant', () => {
    render(
      <CancellationsSection
        session={{
          currency: 'NZD',
          participants,
          cancellations: [
            cancellation(),
            cancellation({
              cancelId: 'c-2',
              participantId: 'p-caleb',
              amountMinor: '13000',
              reason: 'SHARE_PAID',
              status: 'FAILED',
              processorReference: null,
              failureReason: 'the checkout was already paid',
              attempts: 1,
              attemptLog: [],
            }),
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Cancelled checkouts');
    const [ben, caleb] = screen.getAllByRole('listitem');
    expect(within(ben!).getByRole('heading').textContent).toBe('NZ$150.00 checkout of Ben Succeeded');
    expect(ben!.textContent).toContain('because the payer started again');
    expect(within(ben!).getByText('cs_test_1', { selector: 'code' })).toBeTruthy();
    const calls = within(ben!).getByRole('region', { name: 'Calls to the merchant for cancellation c-1' });
    const rows = within(calls).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent).filter((_, i) => i !== 1))).toEqual([
      ['1', '500', '12 ms', 'Error', '{"error":"down"}'],
      ['2', '200', '40 ms', 'Succeeded', '{"status":"succeeded"}'],
    ]);
    expect(within(caleb!).getByRole('heading').textContent).toBe('NZ$130.00 checkout of Caleb Failed');
    expect(caleb!.textContent).toContain('because the share was paid by another payment');
    expect(caleb!.textContent).toContain('Not cancelled');
    expect(caleb!.textContent).toContain('the checkout was already paid');
  });

  it('shows nothing for a session without cancellations (an integration without a cancel URL has none)', () => {
    const { container } = render(<CancellationsSection session={{ currency: 'NZD', participants, cancellations: [] }} />);
    expect(container.textContent).toBe('');
  });
});

describe('CapturesSection', () => {
  it('lists each capture of a manual session: captured, declined, and one the merchant never answered', () => {
    const capture = (id: string, overrides: Partial<Cancellation>) => {
      const { cancelId: _cancelId, ...rest } = cancellation({ reason: 'SESSION_COMPLETE' as Cancellation['reason'], ...overrides });
      return { ...rest, captureId: id } as unknown as Parameters<typeof CapturesSection>[0]['session']['captures'][number];
    };
    const unanswered = {
      attempt: 1,
      startedAt: '2030-01-01T10:00:00.000Z',
      durationMs: 5,
      httpStatus: 503,
      outcome: 'error',
      excerpt: 'down',
    };
    render(
      <CapturesSection
        session={{
          currency: 'NZD',
          participants,
          captures: [
            capture('k-1', { processorReference: 'ch_1' }),
            capture('k-2', { participantId: 'p-caleb', status: 'FAILED', failureReason: 'card declined', attemptLog: [] }),
            capture('k-3', { status: 'PENDING', settledAt: null, processorReference: null, attempts: 1, attemptLog: [unanswered] }),
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Captures');
    const [captured, declined, pending] = screen.getAllByRole('listitem');
    expect(within(captured!).getByRole('heading').textContent).toBe('NZ$150.00 hold of Ben Succeeded');
    expect(captured!.textContent).toContain('because everyone had paid · Captured');
    expect(declined!.textContent).toContain('Declined');
    expect(declined!.textContent).toContain('card declined');
    expect(pending!.textContent).toContain('The merchant has not answered: pending until the merchant settles it');
    expect(within(pending!).getByRole('region', { name: 'Calls to the merchant for capture k-3' })).toBeTruthy();
  });
});
