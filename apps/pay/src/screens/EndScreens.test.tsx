// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../navigation';
import { makeSession } from '../test-support/fixtures';
import { CompletedScreen, CONTINUE_DELAY_MS } from './EndScreens';

vi.mock('../navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../navigation')>()),
  navigateTo: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(navigateTo).mockReset();
});

describe('CompletedScreen', () => {
  it('thanks everyone, shows Continue, and goes to the success page after a moment', () => {
    vi.useFakeTimers();
    render(<CompletedScreen session={makeSession({ status: 'COMPLETED', successUrl: 'https://shop.example/thanks' })} />);
    expect(screen.getByRole('heading', { name: 'Everyone has paid — thank you!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('https://shop.example/thanks');
    act(() => vi.advanceTimersByTime(CONTINUE_DELAY_MS - 1));
    expect(navigateTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(navigateTo).toHaveBeenCalledWith('https://shop.example/thanks');
  });

  it('stays put without a success page', () => {
    vi.useFakeTimers();
    render(<CompletedScreen session={makeSession({ status: 'COMPLETED', successUrl: null })} />);
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
