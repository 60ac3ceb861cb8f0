// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphQLError } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import AdminApp from './AdminApp';
import { adminFetch, merchant } from './test-support/admin-fixtures';
import { rememberCsrfToken } from './transport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  rememberCsrfToken(null);
  window.history.replaceState(null, '', '/');
});

const noStats = {
  data: {
    stats: { sessionCount: 0, countsByStatus: [], collected: [], refunded: [], medianSecondsToComplete: null, deliverySuccessRate: null },
  },
};

function boot(path: string) {
  vi.stubGlobal('scrollTo', () => undefined);
  window.history.replaceState(null, '', path);
  return renderWithQuery(<AdminApp />);
}

describe('AdminApp', () => {
  it('shows the login when signed out, then the dashboard, sending the CSRF token from the login reply', async () => {
    const { fetchMock, calls, csrfHeaders } = adminFetch({
      AdminMe: () => ({ data: { me: null } }),
      AdminLogin: () => ({ data: { login: merchant } }),
      AdminStats: () => noStats,
      AdminIntegrations: () => ({ data: { integrations: [] } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    boot('/admin');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' owner@shop.example ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(calls[1]).toEqual({
      operationName: 'AdminLogin',
      variables: { email: 'owner@shop.example', password: 'correct horse battery' },
    });
    await waitFor(() => expect(calls.map((c) => c.operationName)).toContain('AdminStats'));
    // Nothing to send before there is a token; every request after login carries it.
    expect(csrfHeaders.slice(0, 2)).toEqual([null, null]);
    expect(csrfHeaders.slice(2).every((header) => header === 'csrf-1')).toBe(true);
  });

  it('shows what was collected and what was refunded, per currency, on the dashboard', async () => {
    const stats = {
      sessionCount: 3,
      countsByStatus: [{ status: 'COMPLETED', count: 3 }],
      collected: [{ currency: 'NZD', amountMinor: '144000' }],
      refunded: [
        { currency: 'AUD', amountMinor: '2500' },
        { currency: 'NZD', amountMinor: '48000' },
      ],
      medianSecondsToComplete: 60,
      deliverySuccessRate: 1,
    };
    vi.stubGlobal(
      'fetch',
      adminFetch({
        AdminMe: () => ({ data: { me: merchant } }),
        AdminStats: () => ({ data: { stats } }),
        AdminIntegrations: () => ({ data: { integrations: [] } }),
      }).fetchMock,
    );
    boot('/admin');
    const refunded = (await screen.findByRole('heading', { name: 'Refunded' })).closest('li')!;
    expect([...refunded.querySelectorAll('.stat-value')].map((value) => value.textContent)).toEqual(['A$25.00', 'NZ$480.00']);
  });

  it('says how long to wait after too many login attempts', async () => {
    vi.stubGlobal(
      'fetch',
      adminFetch({
        AdminMe: () => ({ data: { me: null } }),
        AdminLogin: () => ({
          errors: [{ message: 'Too many', extensions: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 30 } }],
        }),
      }).fetchMock,
    );
    boot('/admin/sessions');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/^Too many attempts, try again in (30|29) s\.$/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('after a reload takes the CSRF token from me, and forces a password change first when required', async () => {
    const { fetchMock, csrfHeaders } = adminFetch({
      AdminMe: () => ({ data: { me: { ...merchant, mustChangePassword: true, csrfToken: 'csrf-from-me' } } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    boot('/admin/integrations');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(csrfHeaders).toEqual([null, 'csrf-from-me']));
  });

  it('goes back to the login when a request answers UNAUTHENTICATED', async () => {
    vi.stubGlobal(
      'fetch',
      adminFetch({
        AdminMe: () => ({ data: { me: merchant } }),
        AdminIntegrations: () => graphQLError('UNAUTHENTICATED'),
      }).fetchMock,
    );
    boot('/admin/integrations');
    expect(await screen.findByRole('heading', { name: 'Log in to PaySplit' })).toBeTruthy();
  });

  it('shows a not-found page for a session of another account', async () => {
    vi.stubGlobal(
      'fetch',
      adminFetch({
        AdminMe: () => ({ data: { me: merchant } }),
        AdminSession: () => graphQLError('SESSION_NOT_FOUND'),
      }).fetchMock,
    );
    boot('/admin/sessions/not-mine');
    expect(await screen.findByRole('heading', { name: 'We can’t find this session' })).toBeTruthy();
  });
});
