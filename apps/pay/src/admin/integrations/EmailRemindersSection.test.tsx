// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphQLError } from '../../test-support/fixtures';
import { adminFetch, makeIntegration, renderAdmin } from '../test-support/admin-fixtures';
import { EmailRemindersSection } from './EmailRemindersSection';
import { integrationQueryKey } from './IntegrationScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = () => screen.getByLabelText('Reminder times before the deadline') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save reminder times' }));

describe('Email reminders on the integration page', () => {
  it('shows the schedule in words and saves an edited one as minutes', async () => {
    const integration = makeIntegration();
    const { fetchMock, calls } = adminFetch({
      AdminUpdateEmailSettings: () => ({ data: { updateIntegration: makeIntegration({ reminderOffsetsMinutes: [2880, 90] }) } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderAdmin(<EmailRemindersSection integration={integration} />);
    expect(screen.getByTestId('reminder-schedule').textContent).toBe('24 h and 2 h before the deadline');
    expect(field().value).toBe('24 h, 2 h');
    fireEvent.change(field(), { target: { value: '1h30m, 2 days' } });
    save();
    expect(await screen.findByText('Reminder times saved.')).toBeTruthy();
    expect(calls).toEqual([
      { operationName: 'AdminUpdateEmailSettings', variables: { id: 'int-1', input: { reminderOffsetsMinutes: [2880, 90] } } },
    ]);
    expect(queryClient.getQueryData<typeof integration>(integrationQueryKey('int-1'))?.reminderOffsetsMinutes).toEqual([2880, 90]);
    expect(field().value).toBe('2 days, 1 h 30 min');
  });

  it('says what is wrong before asking the server, and shows the server’s own refusal on the field', async () => {
    const { fetchMock, calls } = adminFetch({
      AdminUpdateEmailSettings: () =>
        graphQLError('VALIDATION_ERROR', 'bad', [{ path: 'input.reminderOffsetsMinutes[0]', message: 'must be at most 43200 minutes' }]),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAdmin(<EmailRemindersSection integration={makeIntegration()} />);
    fireEvent.change(field(), { target: { value: '2 h, 120 min' } });
    save();
    expect(screen.getByText('2 h is there twice: give each time once.')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    fireEvent.change(field(), { target: { value: '3 h' } });
    save();
    expect(await screen.findByText('must be at most 43200 minutes')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});

describe('The time zone of times in emails', () => {
  const zoneField = () => screen.getByLabelText('Time zone of times in emails') as HTMLInputElement;
  const saveZone = () => fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));

  it('saves an IANA zone in its usual spelling, and refuses anything else before asking the server', async () => {
    const { fetchMock, calls } = adminFetch({
      AdminUpdateEmailSettings: () => ({ data: { updateIntegration: makeIntegration({ timeZone: 'Pacific/Auckland' }) } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderAdmin(<EmailRemindersSection integration={makeIntegration()} />);
    expect(zoneField().value).toBe('UTC');
    fireEvent.change(zoneField(), { target: { value: '+05:00' } });
    saveZone();
    expect(screen.getByText('Use a time zone name such as Pacific/Auckland, Europe/London or UTC.')).toBeTruthy();
    expect(zoneField().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    fireEvent.change(zoneField(), { target: { value: 'pacific/auckland' } });
    saveZone();
    expect(await screen.findByText('Time zone saved.')).toBeTruthy();
    expect(calls).toEqual([
      { operationName: 'AdminUpdateEmailSettings', variables: { id: 'int-1', input: { timeZone: 'Pacific/Auckland' } } },
    ]);
    expect(queryClient.getQueryData<ReturnType<typeof makeIntegration>>(integrationQueryKey('int-1'))?.timeZone).toBe('Pacific/Auckland');
  });
});
