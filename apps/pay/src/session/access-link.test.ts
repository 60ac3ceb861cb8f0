// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearReturnParams, takeAccessLink } from './access-link';

function open(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => open('/'));

describe('takeAccessLink', () => {
  it('takes the host token and removes it and host=1 from the address bar at once', () => {
    open('/pay/abc?host=1&hostToken=SECRET-host');
    const entries = window.history.length;
    const access = takeAccessLink(window.location, window.history);
    expect(access).toEqual({ token: 'SECRET-host', asHost: true, notice: null });
    expect(window.location.pathname).toBe('/pay/abc');
    expect(window.location.search).toBe('');
    expect(window.location.href).not.toContain('SECRET');
    // Rewritten in place: Back cannot bring the token back.
    expect(window.history.length).toBe(entries);
  });

  it('takes a participant token from /session/ links too, keeping other parameters and the hash', () => {
    open('/session/abc?token=SECRET-invite&utm=x#top');
    expect(takeAccessLink(window.location, window.history).token).toBe('SECRET-invite');
    expect(window.location.search).toBe('?utm=x');
    expect(window.location.hash).toBe('#top');
  });

  it('keeps the checkout-return flags until the notice is shown', () => {
    open('/pay/abc?resume=participant&payment=pay_1');
    expect(takeAccessLink(window.location, window.history)).toEqual({ token: null, asHost: false, notice: 'payment-received' });
    expect(window.location.search).toBe('?resume=participant&payment=pay_1');
    clearReturnParams(window.location, window.history);
    expect(window.location.search).toBe('');

    open('/pay/abc?cancelled=1');
    expect(takeAccessLink(window.location, window.history).notice).toBe('payment-cancelled');
  });

  it('leaves a plain reload alone', () => {
    open('/pay/abc');
    const entries = window.history.length;
    expect(takeAccessLink(window.location, window.history)).toEqual({ token: null, asHost: false, notice: null });
    expect(window.history.length).toBe(entries);
  });
});
