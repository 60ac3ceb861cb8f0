// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeParticipant, makeSession } from '../test-support/fixtures';
import { InviteList } from './InviteList';
import { qrPath } from './qr-path';

const session = makeSession({
  participants: [
    makeParticipant({ id: 'h', displayName: 'Sam', isHost: true, isYou: true }),
    makeParticipant({ id: 'a', displayName: 'Alex', inviteUrl: 'https://pay.example/pay/s?token=t-alex' }),
  ],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubNavigator(extra: Record<string, unknown>) {
  vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator), extra));
}

describe('InviteList', () => {
  it('lists a link for each participant but the host', () => {
    render(<InviteList session={session} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect((screen.getByLabelText('Invite link for Alex') as HTMLInputElement).value).toBe('https://pay.example/pay/s?token=t-alex');
  });

  it('copies the link to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator({ clipboard: { writeText } });
    render(<InviteList session={session} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://pay.example/pay/s?token=t-alex');
  });

  it('selects the link for copying by hand when the clipboard is refused', async () => {
    stubNavigator({ clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    render(<InviteList session={session} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/Link selected/)).toBeTruthy();
    const input = screen.getByLabelText('Invite link for Alex') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  });

  it('leads with the share sheet where the browser has one, with copying beside it, and copying alone elsewhere', () => {
    const share = vi.fn(async () => undefined);
    stubNavigator({ share });
    render(<InviteList session={session} />);
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Share Alex’s link', 'Copy link', 'Show QR code']);
    fireEvent.click(screen.getByRole('button', { name: 'Share Alex’s link' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://pay.example/pay/s?token=t-alex' }));
    cleanup();
    stubNavigator({ share: undefined });
    render(<InviteList session={session} />);
    expect(screen.queryByRole('button', { name: /^Share/ })).toBeNull();
  });

  it('draws a QR code of the link in the page', async () => {
    render(<InviteList session={session} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    const code = await screen.findByRole('img', { name: 'QR code of the link for Alex' });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(screen.getByRole('button', { name: 'Hide QR code' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('qrPath', () => {
  it('draws each run of dark modules as one rectangle', () => {
    const dark = [
      [1, 1, 0],
      [0, 1, 1],
      [0, 0, 0],
    ];
    expect(qrPath(3, (row, col) => dark[row]![col] === 1)).toBe('M0 0h2v1h-2zM1 1h2v1h-2z');
  });
});
