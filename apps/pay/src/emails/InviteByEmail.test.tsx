// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SplitEditor } from '../split/SplitEditor';
import { graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function type(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const saveButton = () => screen.getByRole('button', { name: 'Save split' }) as HTMLButtonElement;

describe('“Send invite by email” in the split editor', () => {
  it('appears once a person has an email, ticked; sends sendInvite for the people left ticked', async () => {
    const session = makeSession({ status: 'UNCONFIGURED', splitMode: null, amountMinor: '9000', remainingMinor: '9000' });
    const { fetchMock, calls } = graphQLFetch({ ConfigureSession: () => ({ data: { configureSession: { ...session, status: 'OPEN' } } }) });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<SplitEditor session={session} />, session);
    fireEvent.click(screen.getByRole('button', { name: 'Add participant' }));
    type('Your name', 'Sam');
    type('Name of participant 2', 'Alex');
    type('Name of participant 3', 'Kim');
    expect(screen.queryByLabelText('Send invite by email to participant 2')).toBeNull();
    type('Email of participant 2 (optional)', 'alex@example.test');
    type('Email of participant 3 (optional)', 'kim@example.test');
    expect((screen.getByLabelText('Send invite by email to participant 2') as HTMLInputElement).checked).toBe(true);
    const kim = screen.getByLabelText('Send invite by email to participant 3') as HTMLInputElement;
    expect(kim.checked).toBe(true);
    fireEvent.click(kim);
    expect(kim.checked).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]?.variables.input as { participants: unknown[] }).participants).toEqual([
      { displayName: 'Sam', email: null },
      { displayName: 'Alex', email: 'alex@example.test', sendInvite: true },
      { displayName: 'Kim', email: 'kim@example.test' },
    ]);
  });

  it('leaves an address the person already had unticked (it was saved without an invite), and ticks a new one', () => {
    const session = makeSession({
      status: 'OPEN',
      splitMode: 'EQUAL',
      participants: [
        makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, isYou: true }),
        makeParticipant({ id: 'p-alex', displayName: 'Alex', email: 'alex@example.test', emailStatus: null }),
      ],
    });
    renderWithQuery(<SplitEditor session={session} />, session);
    expect((screen.getByLabelText('Send invite by email to participant 2') as HTMLInputElement).checked).toBe(false);
    type('Email of participant 2 (optional)', 'alex.new@example.test');
    expect((screen.getByLabelText('Send invite by email to participant 2') as HTMLInputElement).checked).toBe(true);
  });

  it('says the invite went out instead of offering it again, until the address changes', () => {
    const invited = { invitedAt: '2030-01-10T01:00:00.000Z', lastRemindedAt: null, nextRemindAllowedAt: null, unsubscribed: false };
    const session = makeSession({
      status: 'OPEN',
      splitMode: 'EQUAL',
      participants: [
        makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, isYou: true }),
        makeParticipant({ id: 'p-alex', displayName: 'Alex', email: 'alex@example.test', emailStatus: invited }),
      ],
    });
    renderWithQuery(<SplitEditor session={session} />, session);
    expect(screen.getByText('Invite sent to this address.')).toBeTruthy();
    expect(screen.queryByLabelText('Send invite by email to participant 2')).toBeNull();
    type('Email of participant 2 (optional)', 'alex.new@example.test');
    expect(screen.getByLabelText('Send invite by email to participant 2')).toBeTruthy();
  });
});
