// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostView } from '../screens/HostView';
import { sessionQueryKey } from '../session/session-query';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { type EmailStatus, formatClock } from './email-status';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = Date.parse('2030-01-10T03:00:00.000Z');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
const noEmails: EmailStatus = { invitedAt: null, lastRemindedAt: null, nextRemindAllowedAt: null, unsubscribed: false };

function hostSession(alexStatus: EmailStatus | null, overrides: Parameters<typeof makeParticipant>[0] = {}) {
  return makeSession({
    status: 'OPEN',
    participants: [
      makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, isYou: true }),
      makeParticipant({ id: 'p-alex', displayName: 'Alex', email: 'alex@example.test', emailStatus: alexStatus, ...overrides }),
      makeParticipant({ id: 'p-kim', displayName: 'Kim', email: null, emailStatus: null }),
    ],
  });
}

const remindButton = () => screen.queryByRole('button', { name: 'Remind Alex' }) as HTMLButtonElement | null;

describe('the host’s roster: email status and Remind', () => {
  it('shows what was sent and offers Remind only for unpaid people with an email', () => {
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) });
    renderWithQuery(<HostView session={session} now={NOW} />, session);
    expect(screen.getByText('Invite sent')).toBeTruthy();
    expect(remindButton()?.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /Remind Kim/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remind Sam/ })).toBeNull();
  });

  it('reminds with remindParticipant, shows it sent, and keeps the button off until the next allowed time', async () => {
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) });
    const after = hostSession({ ...noEmails, invitedAt: minutes(-90), lastRemindedAt: minutes(0), nextRemindAllowedAt: minutes(60) });
    const { fetchMock, calls } = graphQLFetch({ RemindParticipant: () => ({ data: { remindParticipant: { ...after, version: 2 } } }) });
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, rerender } = renderWithQuery(<HostView session={session} now={NOW} />, session);
    fireEvent.click(remindButton()!);
    expect(await screen.findByText('Reminder sent to Alex.')).toBeTruthy();
    expect(calls).toEqual([{ operationName: 'RemindParticipant', variables: { sessionId: session.id, participantId: 'p-alex' } }]);
    const cached = queryClient.getQueryData<typeof session>(sessionQueryKey(session.id));
    expect(cached?.participants[1]?.emailStatus?.lastRemindedAt).toBe(minutes(0));
    rerender(
      <QueryClientProvider client={queryClient}>
        <HostView session={cached!} now={NOW} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(`Reminded ${formatClock(minutes(0), NOW)}`)).toBeTruthy();
    expect(remindButton()?.disabled).toBe(true);
    expect(screen.getByText(`Can remind again ${formatClock(minutes(60), NOW)}`)).toBeTruthy();
  });

  it('says when the limit lets the host remind again, from the server’s retryAfterSeconds', async () => {
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) });
    const { fetchMock } = graphQLFetch({
      RemindParticipant: () => ({
        errors: [{ message: 'Too many reminders', extensions: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 1200 } }],
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderWithQuery(<HostView session={session} now={NOW} />, session);
    fireEvent.click(remindButton()!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Alex was reminded recently. You can remind them again at ${formatClock(minutes(20), NOW)}.`);
    await waitFor(() => expect(remindButton()?.disabled).toBe(true));
    vi.restoreAllMocks();
  });

  it('explains other refusals clearly', async () => {
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) });
    vi.stubGlobal('fetch', graphQLFetch({ RemindParticipant: () => graphQLError('INVALID_STATE', 'Already paid') }).fetchMock);
    renderWithQuery(<HostView session={session} now={NOW} />, session);
    fireEvent.click(remindButton()!);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Alex can’t be reminded now: they have paid, or this payment has ended/);
    expect(remindButton()?.disabled).toBe(false);
  });

  it('shows Unsubscribed and no button; nothing for paid people or an ended session', () => {
    const unsubscribed = hostSession({ ...noEmails, invitedAt: minutes(-90), unsubscribed: true });
    renderWithQuery(<HostView session={unsubscribed} now={NOW} />, unsubscribed);
    expect(screen.getByText('Unsubscribed')).toBeTruthy();
    expect(remindButton()).toBeNull();
    cleanup();
    const paid = hostSession({ ...noEmails, invitedAt: minutes(-90) }, { status: 'PAID' });
    renderWithQuery(<HostView session={paid} now={NOW} />, paid);
    expect(screen.queryByText('Invite sent')).toBeNull();
    cleanup();
    const ended = makeSession({ ...hostSession({ ...noEmails, invitedAt: minutes(-90) }), status: 'EXPIRED' });
    renderWithQuery(<HostView session={ended} now={NOW} />, ended);
    expect(remindButton()).toBeNull();
  });
});
