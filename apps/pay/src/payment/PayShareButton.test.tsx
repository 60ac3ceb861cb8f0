// @vitest-environment jsdom
import '../test-support/navigation-stub';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../navigation';
import { graphQLError, graphQLFetch } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { PayShareButton } from './PayShareButton';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PayShareButton', () => {
  it('starts the payment and goes straight to the checkout', async () => {
    const { fetchMock, calls } = graphQLFetch({
      StartPayment: () => ({ data: { startPayment: { paymentId: 'pay_1', redirectUrl: 'https://checkout.example/c/1' } } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<PayShareButton sessionId="s1" amountMinor="15000" currency="NZD" />);
    fireEvent.click(screen.getByRole('button', { name: /^Pay .*150\.00$/ }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://checkout.example/c/1'));
    expect(calls).toEqual([{ operationName: 'StartPayment', variables: { sessionId: 's1' } }]);
    expect((screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains a failed partner call and lets the payer try again', async () => {
    let attempts = 0;
    const { fetchMock } = graphQLFetch({
      StartPayment: () =>
        ++attempts === 1
          ? graphQLError('PARTNER_CALL_FAILED', 'The merchant did not answer')
          : { data: { startPayment: { paymentId: 'pay_2', redirectUrl: 'https://checkout.example/c/2' } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<PayShareButton sessionId="s1" amountMinor="15000" currency="NZD" />);
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/couldn’t open the payment page.*not been charged/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://checkout.example/c/2'));
  });

  it('never follows a checkout address that is not a web address', async () => {
    vi.stubGlobal(
      'fetch',
      graphQLFetch({ StartPayment: () => ({ data: { startPayment: { paymentId: 'p', redirectUrl: 'javascript:alert(1)' } } }) }).fetchMock,
    );
    renderWithQuery(<PayShareButton sessionId="s1" amountMinor="15000" currency="NZD" />);
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
