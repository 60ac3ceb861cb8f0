import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { graphQLFetch } from '../../test-support/fixtures';
import { type AdminViewer, createAdminQueryClient, meQueryKey, ViewerProvider } from '../auth/viewer';
import type { AdminIntegrationFieldsFragment } from '../gql/graphql';

export const merchant: AdminViewer = {
  accountId: 'acc-1',
  email: 'owner@shop.example',
  role: 'MERCHANT',
  mustChangePassword: false,
  csrfToken: 'csrf-1',
};

export function makeIntegration(overrides: Partial<AdminIntegrationFieldsFragment> = {}): AdminIntegrationFieldsFragment {
  return {
    id: 'int-1',
    name: 'Shop',
    displayName: null,
    logoUrl: null,
    accentColor: null,
    partnerCreatePaymentUrl: 'https://shop.example/pay',
    partnerRefundUrl: null,
    partnerCancelUrl: null,
    captureMethod: 'AUTOMATIC',
    partnerCaptureUrl: null,
    holdLifetimeSeconds: 604800,
    webhookUrl: 'https://shop.example/hooks',
    redirectAllowlist: ['https://shop.example'],
    eventSubscriptions: ['SERVICE_SESSION_COMPLETED'],
    enabled: true,
    reminderOffsetsMinutes: [1440, 120],
    timeZone: 'UTC',
    ownerEmail: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    payoutOnboarding: { status: 'PENDING', legalName: null, bankAccountMasked: null, contactEmail: null, completedAt: null },
    apiKeys: [],
    signingSecrets: [],
    ...overrides,
  };
}

/** graphQLFetch, also recording each request's X-CSRF-Token header. */
export function adminFetch(handlers: Parameters<typeof graphQLFetch>[0]) {
  const { fetchMock, calls } = graphQLFetch(handlers);
  const csrfHeaders: (string | null)[] = [];
  const withHeaders = (url: RequestInfo | URL, init?: RequestInit) => {
    csrfHeaders.push(new Headers(init?.headers).get('X-CSRF-Token'));
    return fetchMock(url, init);
  };
  return { fetchMock: withHeaders, calls, csrfHeaders };
}

/** Renders inside the admin's own query cache, signed in as `viewer` (or at the login screen with null). */
export function renderAdmin(ui: ReactElement, viewer: AdminViewer | null = merchant) {
  const queryClient = createAdminQueryClient();
  queryClient.setQueryData(meQueryKey, viewer);
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>{viewer ? <ViewerProvider value={viewer}>{ui}</ViewerProvider> : ui}</QueryClientProvider>,
    ),
  };
}
