// @vitest-environment jsdom
import '../test-support/navigation-stub';
import { act, cleanup, screen } from '@testing-library/react';
import { render } from '../test-support/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../navigation';
import { makeParticipant, makeSession } from '../test-support/fixtures';
import { CompletedScreen, CONTINUE_DELAY_MS, ExpiredScreen } from './EndScreens';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const completed = (viewerRole: 'HOST' | 'PARTICIPANT', successUrl: string | null, cancelUrl: string | null = null) =>
  makeSession({ status: 'COMPLETED', viewerRole, successUrl, cancelUrl });

describe('CompletedScreen', () => {
  it('thanks the host once, says where they are going, and goes to the success page after a moment', () => {
    vi.useFakeTimers();
    render(<CompletedScreen session={completed('HOST', 'https://shop.example/thanks')} />);
    expect(screen.getByRole('heading', { name: 'Everyone has paid' })).toBeTruthy();
    // Still says who was paid and for what.
    expect(screen.getByText('Harbour Table')).toBeTruthy();
    expect(screen.getByText('Dinner for 4')).toBeTruthy();
    expect(screen.getAllByText(/thank/i)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Taking you back to Harbour Table in 4 seconds…');
    expect(screen.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe('https://shop.example/thanks');
    act(() => {
      vi.advanceTimersByTime(CONTINUE_DELAY_MS - 1);
    });
    expect(navigateTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(navigateTo).toHaveBeenCalledWith('https://shop.example/thanks');
  });

  it('keeps a participant on the all-set screen, with a link back to the shop', () => {
    vi.useFakeTimers();
    render(<CompletedScreen session={completed('PARTICIPANT', 'https://shop.example/bookings/7/thanks')} />);
    expect(screen.getByRole('heading', { name: 'You’re all set' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Harbour Table' }).getAttribute('href')).toBe('https://shop.example/');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('tells a payer whose share the host covered who paid it', () => {
    const host = makeParticipant({ id: 'h', displayName: 'Sam', isHost: true });
    const kim = makeParticipant({ id: 'k', displayName: 'Kim', isYou: true, amountMinor: '15000', status: 'PAID', coveredByHost: true });
    render(<CompletedScreen session={{ ...completed('PARTICIPANT', null), participants: [host, kim] }} />);
    expect(screen.getByRole('heading', { name: 'You’re all set' })).toBeTruthy();
    expect(screen.getByText('Sam paid your NZ$150.00 share, so there’s nothing for you to pay.')).toBeTruthy();
  });

  it('finds the shop from the cancel address when there is no success page (named by its address when it has no name)', () => {
    render(<CompletedScreen session={{ ...completed('PARTICIPANT', null, 'http://localhost:4000/cart'), merchantName: '' }} />);
    expect(screen.getByRole('link', { name: 'Back to localhost:4000' }).getAttribute('href')).toBe('http://localhost:4000/');
  });

  it('stays put without a success page', () => {
    vi.useFakeTimers();
    render(<CompletedScreen session={completed('HOST', null)} />);
    expect(screen.queryByRole('link', { name: 'Go now' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(navigateTo).not.toHaveBeenCalled();
  });
});

describe('ExpiredScreen', () => {
  it('never tells the organiser to ask the organiser', () => {
    render(<ExpiredScreen session={makeSession({ status: 'EXPIRED', viewerRole: 'HOST' })} />);
    expect(screen.getByText('To book again, start a new payment at Harbour Table.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('ask the organiser');
    cleanup();
    render(<ExpiredScreen session={makeSession({ status: 'EXPIRED', viewerRole: 'PARTICIPANT' })} />);
    expect(screen.getByText('If you still need to pay, ask the organiser to start again.')).toBeTruthy();
  });
});
