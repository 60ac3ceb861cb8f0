import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import { errorCodeOf } from '../graphql/client';
import { type Translator, useT } from '../i18n/translator';
import { isWebUrl, navigateTo } from '../navigation';
import { sessionQueryKey } from '../session/session-query';

const messages = defineMessages({
  partnerFailed: {
    id: 'checkout.error.partner',
    defaultMessage: 'We couldn’t open the payment page just now. You have not been charged — please try again.',
    description: 'The merchant did not give a checkout',
  },
  notPayable: {
    id: 'checkout.error.notPayable',
    defaultMessage: 'This payment can’t be taken any more.',
    description: 'The session ended or is not taking payments',
  },
  noConnection: {
    id: 'checkout.error.network',
    defaultMessage: 'No connection. Check your internet and try again.',
    description: 'The request did not reach the server',
  },
  tooMany: {
    id: 'checkout.error.rateLimit',
    defaultMessage: 'Too many tries at once. Wait a few seconds, then try again.',
    description: 'Too many attempts in a short time',
  },
  unknown: {
    id: 'checkout.error.unknown',
    defaultMessage: 'Something went wrong starting your payment. You have not been charged — please try again.',
    description: 'Any other failure',
  },
  idle: {
    id: 'checkout.idle',
    defaultMessage: 'You will pay on the merchant’s secure checkout page.',
    description: 'Under the Pay button',
  },
  opening: { id: 'checkout.opening', defaultMessage: 'Opening the secure checkout…', description: 'After Pay was pressed' },
});

/** Refusals that mean the session moved on (paid by someone else, ended): the page should show what it is now. */
const SESSION_MOVED_ON = new Set(['SESSION_NOT_PAYABLE', 'INVALID_STATE']);

/**
 * Starts a payment (`start` asks PaySplit, which asks the merchant for a checkout) and, with the
 * checkout's address, leaves for it. `busy` stays true after success: the page is on its way
 * there, and a second press must not start another payment.
 */
export function useStartCheckout(sessionId: string, start: () => Promise<{ redirectUrl: string }>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      const { redirectUrl } = await start();
      if (!isWebUrl(redirectUrl)) throw new Error('The checkout address is not a web address');
      return redirectUrl;
    },
    onSuccess: (redirectUrl) => navigateTo(redirectUrl),
    onError: (error) => {
      if (SESSION_MOVED_ON.has(errorCodeOf(error) ?? '')) void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) });
    },
  });
  return { ...mutation, busy: mutation.isPending || mutation.isSuccess };
}

export type StartCheckout = ReturnType<typeof useStartCheckout>;

/** Why a payment could not start, in words; `alreadyPaid` says it for what was being paid. */
export function startErrorMessage(t: Translator, code: string | undefined, alreadyPaid: string): string {
  switch (code) {
    case 'PARTNER_CALL_FAILED':
      return t(messages.partnerFailed);
    case 'INVALID_STATE':
      return alreadyPaid;
    case 'SESSION_NOT_PAYABLE':
      return t(messages.notPayable);
    case 'NETWORK_ERROR':
      return t(messages.noConnection);
    case 'RATE_LIMIT_EXCEEDED':
      return t(messages.tooMany);
    default:
      return t(messages.unknown);
  }
}

/** The button that starts the payment, off while it starts and after (see useStartCheckout). */
export function StartCheckoutButton(props: { checkout: StartCheckout; className: string; statusId: string; children: ReactNode }) {
  const { checkout, className, statusId, children } = props;
  return (
    <button type="button" className={className} disabled={checkout.busy} aria-describedby={statusId} onClick={() => checkout.mutate()}>
      {children}
    </button>
  );
}

/** Under a pay button: where the payer will pay (`idle`), then that they are on their way. */
export function CheckoutStatus(props: { id: string; checkout: Pick<StartCheckout, 'busy'>; idle?: string }) {
  const t = useT();
  const { id, checkout, idle = t(messages.idle) } = props;
  return (
    <p id={id} className="hint" role="status">
      {checkout.busy ? t(messages.opening) : idle}
    </p>
  );
}
