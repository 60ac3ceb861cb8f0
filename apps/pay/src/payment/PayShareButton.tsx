import { defineMessages } from 'react-intl';
import { errorCodeOf, execute } from '../graphql/client';
import { StartPaymentDocument } from '../graphql/operations';
import { useT } from '../i18n/translator';
import { CheckoutStatus, StartCheckoutButton, startErrorMessage, useStartCheckout } from './start-checkout';

const messages = defineMessages({
  pay: { id: 'pay.button', defaultMessage: 'Pay {amount}', description: 'The button that pays the reader’s share' },
  alreadyPaid: {
    id: 'pay.alreadyPaid',
    defaultMessage: 'Your share is already paid.',
    description: 'Paying was refused: the share is paid',
  },
  tryAgain: { id: 'pay.tryAgain', defaultMessage: 'Try again', description: 'Starts the payment again after a failure' },
});

interface Props {
  sessionId: string;
  amountMinor: string;
  currency: string;
  /** Under the button until it is pressed; the host's page leaves it out (they came from that checkout). */
  idleHint?: string;
}

/** One tap: PaySplit asks the merchant for a checkout, and the payer goes straight there. */
export function PayShareButton({ sessionId, amountMinor, currency, idleHint }: Props) {
  const t = useT();
  const start = useStartCheckout(sessionId, async () => (await execute(StartPaymentDocument, { sessionId })).startPayment);

  if (start.isError) {
    return (
      <div className="payment-error" role="alert">
        <p>{startErrorMessage(t, errorCodeOf(start.error), t(messages.alreadyPaid))}</p>
        <button type="button" className="button-primary" onClick={() => start.mutate()}>
          {t(messages.tryAgain)}
        </button>
      </div>
    );
  }

  return (
    <div className="pay-action">
      <StartCheckoutButton checkout={start} className="button-primary button-pay" statusId="pay-status">
        {t(messages.pay, { amount: t.money(amountMinor, currency) })}
      </StartCheckoutButton>
      <CheckoutStatus id="pay-status" checkout={start} {...(idleHint === undefined ? {} : { idle: idleHint })} />
    </div>
  );
}
