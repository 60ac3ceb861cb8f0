import { errorCodeOf, execute } from '../graphql/client';
import { StartPaymentDocument } from '../graphql/operations';
import { formatMoney } from '../money';
import { CheckoutStatus, StartCheckoutButton, startErrorMessage, useStartCheckout } from './start-checkout';

interface Props {
  sessionId: string;
  amountMinor: string;
  currency: string;
  /** Under the button until it is pressed; the host's page leaves it out (they came from that checkout). */
  idleHint?: string;
}

/** One tap: PaySplit asks the merchant for a checkout, and the payer goes straight there. */
export function PayShareButton({ sessionId, amountMinor, currency, idleHint }: Props) {
  const start = useStartCheckout(sessionId, async () => (await execute(StartPaymentDocument, { sessionId })).startPayment);

  if (start.isError) {
    return (
      <div className="payment-error" role="alert">
        <p>{startErrorMessage(errorCodeOf(start.error), 'Your share is already paid.')}</p>
        <button type="button" className="button-primary" onClick={() => start.mutate()}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="pay-action">
      <StartCheckoutButton checkout={start} className="button-primary button-pay" statusId="pay-status">
        Pay {formatMoney(amountMinor, currency)}
      </StartCheckoutButton>
      <CheckoutStatus id="pay-status" checkout={start} {...(idleHint === undefined ? {} : { idle: idleHint })} />
    </div>
  );
}
