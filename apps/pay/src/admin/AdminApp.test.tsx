// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphQLError } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import AdminApp from './AdminApp';
import { adminFetch, makeIntegration, merchant } from './test-support/admin-fixtures';
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

const SESSION = '3f9c1c8e-5b7a-4c7e-9a55-0d1f2f0b6a11';
const listed = {
  id: 'r-1',
  at: '2030-03-12T09:30:00.000Z',
  method: 'POST',
  path: '/api/v1/payments/sessions',
  status: 422,
  errorCode: 'INVALID_AMOUNT',
  requestId: 'req_abc',
  durationMs: 3.25,
  sessionId: SESSION,
};

describe('the request log', () => {
  it('reads its filter from the address, lists the requests, and links each to its page and its session', async () => {
    const { fetchMock, calls } = adminFetch({
      AdminMe: () => ({ data: { me: merchant } }),
      AdminIntegration: () => ({ data: { integration: makeIntegration() } }),
      AdminMerchantRequests: () => ({
        data: { merchantRequests: { edges: [{ node: listed }], pageInfo: { hasNextPage: false, endCursor: null } } },
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    boot(`/admin/integrations/int-1/requests?status=4xx&session=${SESSION}&path=%2Fapi%2Fv1`);
    expect(await screen.findByRole('heading', { name: 'Requests · Shop' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'POST /api/v1/payments/sessions' });
    expect(link.getAttribute('href')).toBe('/admin/integrations/int-1/requests/r-1');
    expect(screen.getByText('INVALID_AMOUNT')).toBeTruthy();
    expect(screen.getByRole('link', { name: `3f9c1c8e (session ${SESSION})` }).getAttribute('href')).toBe(`/admin/sessions/${SESSION}`);
    expect(calls.find((call) => call.operationName === 'AdminMerchantRequests')?.variables).toEqual({
      filter: { integrationId: 'int-1', statusClass: 4, sessionId: SESSION, path: '/api/v1' },
      first: 25,
      after: null,
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('4xx');
  });

  it('marks a filter it cannot send, and sends nothing until it is right', async () => {
    const { fetchMock, calls } = adminFetch({
      AdminMe: () => ({ data: { me: merchant } }),
      AdminIntegration: () => ({ data: { integration: makeIntegration() } }),
      AdminMerchantRequests: () => ({ data: { merchantRequests: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    boot('/admin/integrations/int-1/requests');
    expect(await screen.findByText('No requests match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Path starts with'), { target: { value: 'api/v1' } });
    fireEvent.change(screen.getByLabelText('Session id'), { target: { value: '3f9c1c8e' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Check the highlighted filters.')).toBeTruthy();
    expect(screen.getByLabelText('Path starts with').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Session id').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.operationName === 'AdminMerchantRequests')).toHaveLength(1);
    expect(window.location.search).toBe('');
  });

  it("shows one request's bodies and the way to its session's other requests and outgoing calls", async () => {
    vi.stubGlobal(
      'fetch',
      adminFetch({
        AdminMe: () => ({ data: { me: merchant } }),
        AdminMerchantRequest: () => ({
          data: {
            merchantRequest: {
              ...listed,
              integrationId: 'int-1',
              apiKeyId: 'key-1234-5678',
              mode: 'TEST',
              idempotencyKey: 'order-1',
              requestBody: '{"integrationId":"int-1","amount":0.30000000000000001,"metadata":{"email":"[EMAIL]"}}',
              responseBody: '{"success":false,"code":"INVALID_AMOUNT"}',
            },
          },
        }),
      }).fetchMock,
    );
    boot('/admin/integrations/int-1/requests/r-1');
    expect(await screen.findByRole('heading', { name: 'POST /api/v1/payments/sessions' })).toBeTruthy();
    // A number beyond a double is shown as kept, not rounded by the browser; an answer is laid out.
    expect(screen.getByRole('region', { name: 'Request body as kept' }).textContent).toContain('0.30000000000000001');
    expect(screen.getByRole('region', { name: 'Response body as kept' }).textContent).toBe(
      '{\n  "success": false,\n  "code": "INVALID_AMOUNT"\n}',
    );
    expect(screen.getByRole('link', { name: 'Every request about this session' }).getAttribute('href')).toBe(
      `/admin/integrations/int-1/requests?session=${SESSION}`,
    );
    expect(screen.getByRole('link', { name: 'Webhooks sent about this session' }).getAttribute('href')).toBe(
      `/admin/sessions/${SESSION}#events`,
    );
  });

  it("shows a request of another integration's address as not found", async () => {
    vi.stubGlobal(
      'fetch',
      adminFetch({
        AdminMe: () => ({ data: { me: merchant } }),
        AdminMerchantRequest: () => graphQLError('NOT_FOUND'),
      }).fetchMock,
    );
    boot('/admin/integrations/int-1/requests/r-9');
    expect(await screen.findByRole('heading', { name: 'We can’t find this request' })).toBeTruthy();
  });
});
