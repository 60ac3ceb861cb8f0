// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphQLError } from '../../test-support/fixtures';
import { adminFetch, makeIntegration, renderAdmin } from '../test-support/admin-fixtures';
import { ApiKeysSection } from './ApiKeysSection';
import { integrationQueryKey } from './IntegrationScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FULL_KEY = 'ps_test_Q2hlY2sgdGhhdCB0aGlzIGlzIHNob3duIG9ubHkgb25jZQ';
const newKey = {
  id: 'key-1',
  name: 'web',
  mode: 'TEST' as const,
  last4: 'bmNl',
  createdAt: '2030-01-02T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('API keys: the new key is shown once', () => {
  it('shows the full key once with a warning and Copy, then only its last 4 once hidden', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { fetchMock, calls } = adminFetch({
      AdminCreateApiKey: () => ({ data: { createApiKey: { apiKey: FULL_KEY, key: { id: 'key-1', last4: 'bmNl', mode: 'TEST' } } } }),
      AdminIntegration: () => ({ data: { integration: makeIntegration({ apiKeys: [newKey] }) } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const integration = makeIntegration();
    const { queryClient } = renderAdmin(<ApiKeysSection integration={integration} />);
    queryClient.setQueryData(integrationQueryKey(integration.id), integration);

    fireEvent.change(screen.getByLabelText('Key name (optional)'), { target: { value: ' web ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const box = await screen.findByRole('region', { name: 'New test API key' });
    expect((within(box).getByLabelText(/New test API key/) as HTMLInputElement).value).toBe(FULL_KEY);
    expect(within(box).getByText(/won’t be shown again/)).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(calls[0]).toEqual({ operationName: 'AdminCreateApiKey', variables: { integrationId: 'int-1', mode: 'TEST', name: 'web' } });

    fireEvent.click(within(box).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FULL_KEY));
    expect(await within(box).findByText('Copied.')).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: /hide/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New test API key' })).toBeNull());
    expect(document.body.innerHTML).not.toContain(FULL_KEY);
  });

  it('sends a live key request and explains PAYOUT_ONBOARDING_REQUIRED', async () => {
    const { fetchMock, calls } = adminFetch({ AdminCreateApiKey: () => graphQLError('PAYOUT_ONBOARDING_REQUIRED') });
    vi.stubGlobal('fetch', fetchMock);
    renderAdmin(<ApiKeysSection integration={makeIntegration()} />);
    fireEvent.click(screen.getByLabelText('Live'));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Complete payout onboarding before creating live keys.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to payout onboarding' }).getAttribute('href')).toBe('#payout');
    expect(calls[0]?.variables).toEqual({ integrationId: 'int-1', mode: 'LIVE', name: null });
  });

  it('lists keys by last 4 only, and revokes after a confirmation', async () => {
    const { fetchMock, calls } = adminFetch({
      AdminRevokeApiKey: () => ({ data: { revokeApiKey: { id: 'key-1', revokedAt: '2030-01-03T00:00:00.000Z' } } }),
      AdminIntegration: () => ({ data: { integration: makeIntegration() } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAdmin(<ApiKeysSection integration={makeIntegration({ apiKeys: [newKey] })} />);
    const row = screen.getByRole('row', { name: /web/ });
    expect(within(row).getByText('…bmNl')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke web' }));
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(calls[0]).toEqual({ operationName: 'AdminRevokeApiKey', variables: { integrationId: 'int-1', keyId: 'key-1' } }),
    );
  });
});
