import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorCodeOf, execute } from '../graphql/client';
import { StartPaymentDocument } from '../graphql/operations';
import { formatMoney } from '../money';
import { isWebUrl, navigateTo } from '../navigation';
import { sessionQueryKey } from '../session/session-query';

interface Props {
  sessionId: string;
  amountMinor: string;
  currency: string;
}

/** One tap: PaySplit asks the merchant for a checkout, and the payer goes straight there. */
export function PayShareButton({ sessionId, amountMinor, currency }: Props) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: async () => {
      const { startPayment } = await execute(StartPaymentDocument, { sessionId });
      if (!isWebUrl(startPayment.redirectUrl)) throw new Error('The checkout address is not a web address');
      return startPayment.redirectUrl;
    },
    onSuccess: (redirectUrl) => navigateTo(redirectUrl),
    onError: (error) => {
      // The session moved on (paid by someone else, expired): show what it is now.
      if (errorCodeOf(error) === 'SESSION_NOT_PAYABLE') void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) });
    },
  });
  const label = `Pay ${formatMoney(amountMinor, currency)}`;

  if (start.isError) {
    return (
      <div className="payment-error" role="alert">
        <p>{startErrorMessage(errorCodeOf(start.error))}</p>
        <button type="button" className="button-primary" onClick={() => start.mutate()}>
          Try again
        </button>
      </div>
    );
  }

  // Kept disabled after success too: the page is on its way to the checkout.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className="pay-action">
      <button
        type="button"
        className="button-primary button-pay"
        disabled={busy}
        aria-describedby="pay-status"
        onClick={() => start.mutate()}
      >
        {label}
      </button>
      <p id="pay-status" className="hint" role="status">
        {busy ? 'Opening the secure checkout…' : 'You will pay on the merchant’s secure checkout page.'}
      </p>
    </div>
  );
}

function startErrorMessage(code: string | undefined): string {
  switch (code) {
    case 'PARTNER_CALL_FAILED':
      return 'We couldn’t open the payment page just now. You have not been charged — please try again.';
    case 'SESSION_NOT_PAYABLE':
      return 'This payment can’t be taken any more.';
    case 'NETWORK_ERROR':
      return 'No connection. Check your internet and try again.';
    case 'RATE_LIMIT_EXCEEDED':
      return 'Too many tries at once. Wait a few seconds, then try again.';
    default:
      return 'Something went wrong starting your payment. You have not been charged — please try again.';
  }
}
