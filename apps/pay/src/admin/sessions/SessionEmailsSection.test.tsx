// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFetch, renderAdmin } from '../test-support/admin-fixtures';
import { SessionEmailsSection } from './SessionEmailsSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Emails on the admin session page', () => {
  it('lists each email (kind, masked recipient, status) with every attempt’s outcome', async () => {
    const emails = [
      {
        id: 'm1',
        kind: 'invitation',
        status: 'sent',
        recipient: 'a•••@example.test',
        createdAt: '2030-01-10T01:00:00.000Z',
        sentAt: '2030-01-10T01:05:00.000Z',
        attempts: [
          { attempt: 1, startedAt: '2030-01-10T01:00:01.000Z', durationMs: 40, outcome: 'retry', excerpt: '451 4.3.0 try again later' },
          { attempt: 2, startedAt: '2030-01-10T01:05:00.000Z', durationMs: 35, outcome: 'sent', excerpt: '250 OK: queued' },
        ],
      },
      {
        id: 'm2',
        kind: 'reminder',
        status: 'cancelled',
        recipient: null,
        createdAt: '2030-01-11T01:00:00.000Z',
        sentAt: null,
        attempts: [],
      },
    ];
    const { fetchMock, calls } = adminFetch({ AdminSessionEmails: () => ({ data: { session: { id: 's1', emails } } }) });
    vi.stubGlobal('fetch', fetchMock);
    renderAdmin(<SessionEmailsSection sessionId="s1" />);
    const attempts = await screen.findByRole('region', { name: 'Attempts of the invitation to a•••@example.test' });
    expect(within(attempts).getAllByRole('row')).toHaveLength(3);
    expect(within(attempts).getByText('451 4.3.0 try again later')).toBeTruthy();
    expect(within(attempts).getByText('Retry')).toBeTruthy();
    expect(screen.getByText('Sent', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Reminder')).toBeTruthy();
    expect(screen.getByText('(erased)')).toBeTruthy();
    expect(calls).toEqual([{ operationName: 'AdminSessionEmails', variables: { id: 's1' } }]);
  });

  it('says when there are none', async () => {
    vi.stubGlobal('fetch', adminFetch({ AdminSessionEmails: () => ({ data: { session: { id: 's1', emails: [] } } }) }).fetchMock);
    renderAdmin(<SessionEmailsSection sessionId="s1" />);
    expect(await screen.findByText('No emails for this session.')).toBeTruthy();
  });
});
