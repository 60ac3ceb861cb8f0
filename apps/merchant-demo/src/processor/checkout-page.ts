import { html, renderPage, type SafeHtml } from '../html.js';
import { formatMinor } from '@paysplit/sdk';
import type { Checkout } from '../store.js';
import { refundedMinor, type ProcessorRefund } from './processor-refunds.js';
import type { PayField, PayFormErrors, PayFormValues } from './pay-form.js';

const BANNER = 'Test processor — no real money';

/** Where the checkout form's script is served (a file: the CSP allows no inline script). */
export const CHECKOUT_SCRIPT_PATH = '/processor/assets/checkout-form.js';

export interface CheckoutFormState {
  /**
   * What the person typed in this same form, shown back after an error so a typo is corrected
   * rather than typed again. Sent only in the response to their own POST (never stored, logged
   * or put in a URL), and the page is served with Cache-Control: no-store.
   */
  values?: Partial<PayFormValues>;
  /** One message per field, shown beside it. */
  errors?: PayFormErrors;
}

const FIELD_LABELS: Record<PayField, string> = { cardNumber: 'Card number', expiry: 'Expiry date', cvc: 'CVC' };
const FIELD_ORDER: PayField[] = ['cardNumber', 'expiry', 'cvc'];

interface FieldOptions {
  name: PayField;
  label: string;
  autocomplete: string;
  placeholder: string;
  maxlength: number;
  hint?: SafeHtml;
  value: string;
  error: string | undefined;
  autofocus: boolean;
}

function fieldInput(options: FieldOptions): SafeHtml {
  const errorId = `${options.name}-error`;
  const hintId = `${options.name}-hint`;
  const describedBy = [options.error ? errorId : '', options.hint ? hintId : ''].filter(Boolean).join(' ');
  return html`<label for="${options.name}">${options.label}</label>
    <input
      id="${options.name}"
      name="${options.name}"
      type="text"
      inputmode="numeric"
      autocomplete="${options.autocomplete}"
      placeholder="${options.placeholder}"
      maxlength="${options.maxlength}"
      spellcheck="false"
      value="${options.value}"
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
      ${options.error ? html`aria-invalid="true"` : ''}
      ${options.autofocus ? html`autofocus` : ''}
    />
    ${options.error ? html`<p class="field-error" id="${errorId}">${options.error}</p>` : ''}
    ${options.hint ? html`<p class="hint" id="${hintId}">${options.hint}</p>` : ''}`;
}

export function renderCheckoutPage(checkout: Checkout, state: CheckoutFormState = {}): string {
  const amount = formatMinor(checkout.amountMinor, checkout.currency);
  const errors = state.errors ?? {};
  const values = state.values ?? {};
  const failed = FIELD_ORDER.filter((name) => errors[name] !== undefined);
  const field = (options: Omit<FieldOptions, 'value' | 'error' | 'autofocus'>) =>
    fieldInput({ ...options, value: values[options.name] ?? '', error: errors[options.name], autofocus: failed[0] === options.name });
  // With one problem, the message beside its field (which gets the focus) says it all; with
  // more, a list at the top says how many and links to each.
  const summary =
    failed.length > 1
      ? html`<div class="error" role="alert">
          <h2>Check ${failed.length} things before paying</h2>
          <ul>
            ${failed.map((name) => html`<li><a href="#${name}">${FIELD_LABELS[name]}: ${errors[name]}</a></li>`)}
          </ul>
        </div>`
      : '';
  // Who is paid leads, as on any checkout people trust; the amount follows in large type.
  const payee = checkout.businessName ?? amount;
  const body = html` <h1>Pay ${payee}</h1>
    <div class="card">
      <div class="payee">
        <p class="amount">${amount}</p>
        <p>
          ${
            checkout.description ??
            (checkout.payerRole === 'host' ? 'Your share as the host of a split payment' : 'Your share of a split payment')
          }
        </p>
      </div>
      ${summary}
      <form method="post" action="/processor/checkout/${encodeURIComponent(checkout.id)}/pay" novalidate data-checkout>
        ${field({
          name: 'cardNumber',
          label: FIELD_LABELS.cardNumber,
          autocomplete: 'cc-number',
          placeholder: '1234 1234 1234 1234',
          maxlength: 23,
          hint:
            checkout.captureMethod === 'manual'
              ? html`Test cards: 4242 4242 4242 4242 is held, 4000 0000 0000 0002 is declined, 4000 0000 0000 0101 is held for a minute
                only, 4000 0000 0000 0341 is held but its capture is declined`
              : html`Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined`,
        })}
        <div class="pair">
          <div class="field">
            ${field({
              name: 'expiry',
              label: FIELD_LABELS.expiry,
              autocomplete: 'cc-exp',
              placeholder: 'MM/YY',
              maxlength: 7,
            })}
          </div>
          <div class="field">
            ${field({ name: 'cvc', label: FIELD_LABELS.cvc, autocomplete: 'cc-csc', placeholder: '123', maxlength: 4 })}
          </div>
        </div>
        <p class="hint">Expiry and CVC are optional in test mode: any future date, any 3 digits.</p>
        ${
          checkout.captureMethod === 'manual'
            ? html`<p class="hint" data-hold-notice>
                Paying places a hold of ${amount} on your card. ${checkout.businessName ?? 'The merchant'} charges it later, or releases it;
                a hold not charged within 7 days is released by itself.
              </p>`
            : ''
        }
        <button type="submit">Pay ${amount}</button>
      </form>
      <p><a href="${checkout.cancelUrl}">Cancel and go back</a></p>
    </div>
    <p class="hint">This is a test processor. No card is charged and no money moves.</p>`;
  return renderPage({
    title: `${failed.length > 0 ? 'Error: ' : ''}Pay ${checkout.businessName ? `${payee} ${amount}` : amount} — test checkout`,
    body,
    banner: BANNER,
    site: 'processor',
    scripts: [CHECKOUT_SCRIPT_PATH],
  });
}

/** Each refund of the charge, refused ones with their reason, and what went back in total. */
function refundsSection(checkout: Checkout, refunds: readonly ProcessorRefund[]): SafeHtml | string {
  if (refunds.length === 0) return '';
  const card = checkout.cardLast4 ?? '····';
  return html`<section aria-labelledby="refunds-heading">
    <h2 id="refunds-heading">Refunds</h2>
    <p>
      <strong data-refunded-minor="${refundedMinor(refunds)}">${formatMinor(refundedMinor(refunds), checkout.currency)}</strong>
      of ${formatMinor(checkout.capturedMinor ?? checkout.amountMinor, checkout.currency)} refunded to the card ending ${card}.
    </p>
    <ul class="refunds">
      ${refunds.map(
        (refund) =>
          html`<li data-refund-id="${refund.id}">
            ${formatMinor(refund.amountMinor, refund.currency)}:
            ${refund.status === 'succeeded' ? 'refunded' : html`refused (${refund.failureReason ?? 'no reason given'})`}
          </li>`,
      )}
    </ul>
  </section>`;
}

export function renderCheckoutPaidPage(checkout: Checkout, refunds: readonly ProcessorRefund[] = []): string {
  const charged = checkout.capturedMinor ?? checkout.amountMinor;
  const amount = formatMinor(charged, checkout.currency);
  const continueUrl = successRedirectUrl(checkout);
  // A capture of less than the hold: the rest went back to the card with it.
  const rest = BigInt(checkout.amountMinor) - BigInt(charged);
  const body = html` <h1>Payment complete</h1>
    <div class="card">
      <p class="ok" role="status">${amount} was paid with the card ending ${checkout.cardLast4 ?? '····'}.</p>
      ${
        rest > 0n
          ? html`<p>
              ${formatMinor(checkout.amountMinor, checkout.currency)} was held; the other ${formatMinor(rest.toString(), checkout.currency)}
              of the hold was released.
            </p>`
          : ''
      }
      ${refundsSection(checkout, refunds)}
      <p><a href="${continueUrl}">Continue</a></p>
    </div>`;
  return renderPage({ title: 'Payment complete — test checkout', body, banner: BANNER, site: 'processor' });
}

const holdUntil = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function whenUtc(date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}">${holdUntil.format(date)} UTC</time>`;
}

/** An authorize-only checkout, paid: the amount is held on the card, nothing is charged yet. */
export function renderCheckoutHeldPage(checkout: Checkout): string {
  const amount = formatMinor(checkout.amountMinor, checkout.currency);
  const body = html` <h1>Amount held</h1>
    <div class="card">
      <p class="ok" role="status">${amount} is held on the card ending ${checkout.cardLast4 ?? '····'}. Nothing has been charged yet.</p>
      <p>
        ${checkout.businessName ?? 'The merchant'} charges it later, or releases it. If it is not charged by
        ${checkout.holdExpiresAt ? whenUtc(checkout.holdExpiresAt) : 'its expiry'}, the hold is released by itself.
      </p>
      <p><a href="${successRedirectUrl(checkout)}">Continue</a></p>
    </div>`;
  return renderPage({ title: 'Amount held — test checkout', body, banner: BANNER, site: 'processor' });
}

/** A hold that ended without a charge: cancelled by the merchant, or lapsed at its expiry. */
export function renderCheckoutReleasedPage(checkout: Checkout): string {
  const amount = formatMinor(checkout.amountMinor, checkout.currency);
  const why =
    checkout.releaseReason === 'expired'
      ? html`The hold expired${checkout.releasedAt ? html` on ${whenUtc(checkout.releasedAt)}` : ''} before it was charged.`
      : html`${checkout.businessName ?? 'The merchant'} released it.`;
  const body = html` <h1>Hold released</h1>
    <div class="card">
      <p role="status">The hold of ${amount} on the card ending ${checkout.cardLast4 ?? '····'} was released. Nothing was charged.</p>
      <p>${why}</p>
      <p><a href="${checkout.cancelUrl}">Go back</a></p>
    </div>`;
  return renderPage({ title: 'Hold released — test checkout', body, banner: BANNER, site: 'processor' });
}

/** A checkout the merchant expired: nothing can be paid here, and the way back is the merchant's. */
export function renderCheckoutExpiredPage(checkout: Checkout): string {
  const body = html`<h1>This checkout has expired</h1>
    <div class="card">
      <p role="status">Nothing was charged. ${checkout.businessName ?? 'The merchant'} no longer takes payment here.</p>
      <p><a href="${checkout.cancelUrl}">Go back</a></p>
    </div>`;
  return renderPage({ title: 'Checkout expired — test checkout', body, banner: BANNER, site: 'processor' });
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
