import { html, renderPage } from '../html.js';
import { formatMinor } from '@paysplit/sdk';
import type { Checkout } from '../store.js';

const BANNER = 'Test processor — no real money';

export interface CheckoutFormState {
  error?: string;
  /** Only the expiry is echoed back after an error; the card number and CVC never are. */
  expiry?: string;
}

export function renderCheckoutPage(checkout: Checkout, state: CheckoutFormState = {}): string {
  const amount = formatMinor(checkout.amountMinor, checkout.currency);
  const errorId = 'checkout-error';
  const described = state.error ? `${errorId} card-hint` : 'card-hint';
  const body = html` <h1>Pay ${amount}</h1>
    <div class="card">
      <p>
        You are paying <strong class="amount">${amount}</strong> ${checkout.payerRole === 'host' ? 'as the host' : 'as a participant'} of a
        split payment.
      </p>
      ${state.error ? html`<p class="error" id="${errorId}" role="alert">${state.error}</p>` : ''}
      <form method="post" action="/processor/checkout/${encodeURIComponent(checkout.id)}/pay" novalidate>
        <label for="cardNumber">Card number</label>
        <input
          id="cardNumber"
          name="cardNumber"
          type="text"
          inputmode="numeric"
          autocomplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxlength="23"
          required
          aria-describedby="${described}"
          ${state.error ? html`aria-invalid="true"` : ''}
        />
        <p class="hint" id="card-hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined</p>
        <div class="row">
          <div>
            <label for="expiry">Expiry (MM/YY)</label>
            <input
              id="expiry"
              name="expiry"
              type="text"
              inputmode="numeric"
              autocomplete="cc-exp"
              placeholder="12/30"
              maxlength="7"
              value="${state.expiry ?? ''}"
            />
          </div>
          <div>
            <label for="cvc">CVC</label>
            <input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" />
          </div>
        </div>
        <button type="submit">Pay ${amount}</button>
      </form>
      <p><a href="${checkout.cancelUrl}">Cancel and go back</a></p>
    </div>
    <p class="hint">This is a test processor. No card is charged and no money moves.</p>`;
  return renderPage({ title: `Pay ${amount} — test checkout`, body, banner: BANNER, site: 'processor' });
}

export function renderCheckoutPaidPage(checkout: Checkout): string {
  const amount = formatMinor(checkout.amountMinor, checkout.currency);
  const continueUrl = successRedirectUrl(checkout);
  const body = html` <h1>Payment complete</h1>
    <div class="card">
      <p class="ok" role="status">${amount} was paid with the card ending ${checkout.cardLast4 ?? '····'}.</p>
      <p><a href="${continueUrl}">Continue</a></p>
    </div>`;
  return renderPage({ title: 'Payment complete — test checkout', body, banner: BANNER, site: 'processor' });
}

export function renderCheckoutNotFoundPage(): string {
  const body = html`<h1>Checkout not found</h1>
    <div class="card"><p>This checkout link is not valid.</p></div>`;
  return renderPage({ title: 'Checkout not found — test checkout', body, banner: BANNER, site: 'processor' });
}

/** The success URL with `checkout_id` added, keeping any query the merchant put there. */
export function successRedirectUrl(checkout: Checkout): string {
  const url = new URL(checkout.successUrl);
  url.searchParams.set('checkout_id', checkout.id);
  return url.toString();
}
