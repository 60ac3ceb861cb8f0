// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EmailStatus, formatClock } from '../emails/email-status';
import { HostView } from '../screens/HostView';
import { sessionQueryKey } from '../session/session-query';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { englishTranslator, renderWithQuery } from '../test-support/render';

const en = englishTranslator();
import { PeopleList } from './PeopleList';
import { shareMessage } from './share-message';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOW = Date.parse('2030-01-10T03:00:00.000Z');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
const noEmails: EmailStatus = { invitedAt: null, lastRemindedAt: null, nextRemindAllowedAt: null, unsubscribed: false };
const ALEX_LINK = 'https://pay.example/pay/s?token=t-alex';

function hostSession(alexStatus: EmailStatus | null, overrides: Parameters<typeof makeParticipant>[0] = {}) {
  return makeSession({
    status: 'OPEN',
    participants: [
      makeParticipant({ id: 'p-host', displayName: 'Sam', isHost: true, isYou: true }),
      makeParticipant({
        id: 'p-alex',
        displayName: 'Alex',
        email: 'alex@example.test',
        emailStatus: alexStatus,
        inviteUrl: ALEX_LINK,
        ...overrides,
      }),
      makeParticipant({
        id: 'p-kim',
        displayName: 'Kim',
        email: null,
        emailStatus: null,
        inviteUrl: 'https://pay.example/pay/s?token=t-kim',
      }),
    ],
  });
}

function stubNavigator(extra: Record<string, unknown>) {
  vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator), extra));
}

const rowOf = (name: string) =>
  screen.getByRole('list', { name: 'Your group' }).querySelectorAll('li.person')[['Sam', 'Alex', 'Kim'].indexOf(name)] as HTMLElement;
const remindButton = () => screen.queryByRole('button', { name: 'Remind Alex' }) as HTMLButtonElement | null;

describe('the host’s group: one row per person', () => {
  it('holds each person’s name, share and status, with their link’s buttons and Remind where there is an email', () => {
    stubNavigator({ share: vi.fn(async () => undefined) });
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) });
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    const alex = within(rowOf('Alex'));
    expect(alex.getByText('Alex', { selector: '.person-name' })).toBeTruthy();
    expect(alex.getByText('NZ$160.00')).toBeTruthy();
    expect(alex.getByText('Waiting')).toBeTruthy();
    expect(alex.getByText('Invite sent')).toBeTruthy();
    expect(alex.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Share Alex’s link',
      'Copy Alex’s link',
      'QR code and link for Alex',
      'Remind Alex',
    ]);
    // No email, no Remind; the host's own row has nothing to send.
    expect(
      within(rowOf('Kim'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Share Kim’s link', 'Copy Kim’s link', 'QR code and link for Kim']);
    expect(within(rowOf('Sam')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('Sam')).getByText('(you)')).toBeTruthy();
  });

  it('shares a message that names the merchant, what it is for and the amount', async () => {
    const share = vi.fn(async () => undefined);
    stubNavigator({ share });
    const session = hostSession(null);
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    fireEvent.click(screen.getByRole('button', { name: 'Share Alex’s link' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: 'Your NZ$160.00 share at Harbour Table',
      text: 'Sam asked you to pay NZ$160.00, your share of Dinner for 4 at Harbour Table.',
      url: ALEX_LINK,
    });
    expect(shareMessage(en, { ...session, description: null }, { amountMinor: '16000' }).text).toBe(
      'Sam asked you to pay NZ$160.00, your share at Harbour Table.',
    );
  });

  it('offers no Share where the browser has no share sheet', () => {
    stubNavigator({ share: undefined });
    const session = hostSession(null);
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    expect(screen.queryByRole('button', { name: /^Share/ })).toBeNull();
  });

  it('copies the link, and selects it for copying by hand when the clipboard is refused', async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator({ clipboard: { writeText } });
    const session = hostSession(null);
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Alex’s link' }));
    expect(await within(rowOf('Alex')).findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(ALEX_LINK);
    cleanup();

    stubNavigator({ clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Alex’s link' }));
    expect(await screen.findByText(/Link selected/)).toBeTruthy();
    const input = screen.getByLabelText('Invite link for Alex') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  });

  it('shows the QR code with the link itself beneath it', async () => {
    const session = hostSession(null);
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    const toggle = screen.getByRole('button', { name: 'QR code and link for Alex' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const code = await screen.findByRole('img', { name: 'QR code of the link for Alex' });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect((screen.getByLabelText('Invite link for Alex') as HTMLInputElement).value).toBe(ALEX_LINK);
  });

  it('offers nothing to send for a paid share', () => {
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) }, { status: 'PAID' });
    renderWithQuery(<PeopleList session={session} now={NOW} />, session);
    expect(within(rowOf('Alex')).getByText('Paid')).toBeTruthy();
    expect(within(rowOf('Alex')).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Invite sent')).toBeNull();
  });
});

describe('the host’s group: Remind', () => {
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
    expect(
      within(rowOf('Alex')).getByText(
        `Reminded ${formatClock(en, minutes(0), NOW)} · can remind again ${formatClock(en, minutes(60), NOW)}`,
      ),
    ).toBeTruthy();
    expect(remindButton()?.disabled).toBe(true);
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
    expect(alert.textContent).toBe(`Alex was reminded recently. You can remind them again at ${formatClock(en, minutes(20), NOW)}.`);
    await waitFor(() => expect(remindButton()?.disabled).toBe(true));
  });

  it('explains other refusals clearly', async () => {
    const session = hostSession({ ...noEmails, invitedAt: minutes(-90) });
    vi.stubGlobal('fetch', graphQLFetch({ RemindParticipant: () => graphQLError('INVALID_STATE', 'Already paid') }).fetchMock);
    renderWithQuery(<HostView session={session} now={NOW} />, session);
    fireEvent.click(remindButton()!);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Alex can’t be reminded now: they have paid, or this payment has ended/);
    expect(remindButton()?.disabled).toBe(false);
  });

  it('shows Unsubscribed and no button', () => {
    const unsubscribed = hostSession({ ...noEmails, invitedAt: minutes(-90), unsubscribed: true });
    renderWithQuery(<HostView session={unsubscribed} now={NOW} />, unsubscribed);
    expect(within(rowOf('Alex')).getByText('Unsubscribed')).toBeTruthy();
    expect(remindButton()).toBeNull();
  });
});
