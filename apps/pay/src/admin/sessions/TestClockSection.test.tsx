// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSessionQuery } from '../gql/graphql';
import { adminFetch, renderAdmin } from '../test-support/admin-fixtures';
import { TestClockSection } from './TestClockSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Session = AdminSessionQuery['session'];

function session(overrides: Partial<Session> = {}): Session {
  return {
    id: 's1',
    mode: 'TEST',
    status: 'PARTIALLY_PAID',
    testClockAt: null,
    participants: [
      { id: 'p-host', displayName: 'Aroha', email: null, amountMinor: '1000', status: 'PAID', isHost: true, position: 0 },
      { id: 'p-ben', displayName: 'Ben', email: null, amountMinor: '1000', status: 'PENDING', isHost: false, position: 1 },
    ],
    payments: [{ id: 'pay-1', participantId: 'p-host' }],
    ...overrides,
  } as Session;
}

const advanced = {
  sessionId: 's1',
  status: 'EXPIRED',
  testClockAt: '2030-01-03T10:00:00.000Z',
  ran: [
    { at: '2030-01-02T09:00:00.000Z', kind: 'REMINDER', participantId: 'p-ben', paymentId: null, offsetMinutes: 1440 },
    { at: '2030-01-02T20:00:00.000Z', kind: 'HOLD_LAPSED', participantId: null, paymentId: 'pay-1', offsetMinutes: null },
    { at: '2030-01-03T09:00:00.000Z', kind: 'SESSION_EXPIRED', participantId: null, paymentId: null, offsetMinutes: null },
  ],
};

describe('the test clock on the admin session page', () => {
  it('advances a test session by the amount and unit chosen, and lists what fell due in order', async () => {
    const { fetchMock, calls } = adminFetch({ AdminAdvanceTestClock: () => ({ data: { advanceTestClock: advanced } }) });
    vi.stubGlobal('fetch', fetchMock);
    const onAdvanced = vi.fn();
    renderAdmin(<TestClockSection session={session()} onAdvanced={onAdvanced} />);
    expect(screen.getByRole('heading', { name: 'Test clock' })).toBeTruthy();
    expect(screen.getByText(/runs on real time until you advance its clock/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Advance by'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'days' } });
    fireEvent.click(screen.getByRole('button', { name: 'Advance clock' }));
    const items = await screen.findAllByRole('listitem');
    expect(calls).toEqual([{ operationName: 'AdminAdvanceTestClock', variables: { sessionId: 's1', input: { seconds: 172_800 } } }]);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/: reminder emailed to Ben \(24 h before the deadline\)$/),
      expect.stringMatching(/: the hold of Aroha was about to lapse, so it was released and the share reopened$/),
      expect.stringMatching(/: the deadline passed and the session expired$/),
    ]);
    expect(screen.getByRole('status').textContent).toMatch(/^Clock advanced to .+\. On the way:/);
    expect(onAdvanced).toHaveBeenCalledTimes(1);
  });

  it('refuses what the server would, beside the field, without asking it; shows the server’s own refusal there too', async () => {
    const { fetchMock, calls } = adminFetch({
      AdminAdvanceTestClock: () => ({
        errors: [
          {
            message: 'seconds must be a whole number',
            extensions: { code: 'VALIDATION_ERROR', details: [{ path: 'input.seconds', message: 'must be a whole number of seconds' }] },
          },
        ],
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAdmin(<TestClockSection session={session({ testClockAt: '2030-01-02T09:00:00.000Z' })} onAdvanced={() => undefined} />);
    expect(screen.getByText(/clock stands at .+\. It moves only when you advance it\./)).toBeTruthy();
    const field = screen.getByLabelText('Advance by');
    for (const [value, unit] of [
      ['0', 'hours'],
      ['1.5', 'hours'],
      ['61', 'days'],
    ] as const) {
      fireEvent.change(field, { target: { value } });
      fireEvent.change(screen.getByLabelText('Unit'), { target: { value: unit } });
      fireEvent.click(screen.getByRole('button', { name: 'Advance clock' }));
      expect(field.getAttribute('aria-invalid'), value).toBe('true');
    }
    expect(calls).toEqual([]);
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Advance clock' }));
    expect(await screen.findByText('must be a whole number of seconds')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('is not there for a live session, and offers no advance once the session ended', () => {
    const { container } = renderAdmin(<TestClockSection session={session({ mode: 'LIVE' })} onAdvanced={() => undefined} />);
    expect(container.textContent).toBe('');
    cleanup();
    renderAdmin(
      <TestClockSection session={session({ status: 'COMPLETED', testClockAt: '2030-01-02T09:00:00.000Z' })} onAdvanced={() => undefined} />,
    );
    expect(screen.getByText(/its clock stays where it ended/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
