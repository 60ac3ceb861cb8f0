import { html, renderPage, type SafeHtml } from '../html.js';
import { formatMinor } from '@paysplit/sdk';
import type { Booking } from '../store.js';
import { bookingRefundState, type BookingRefundState, type ShopRefund } from './refund-store.js';

export const MERCHANT_NAME = 'Harbour Table';

/** The waiting confirmation page's script (a file: the CSP allows no inline script). */
export const BOOKING_STATUS_SCRIPT_PATH = '/assets/booking-status.js';

export const DINNER = { title: 'Dinner for 4', amountMinor: '48000', currency: 'NZD' } as const;

const dateTime = new Intl.DateTimeFormat('en-NZ', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Pacific/Auckland',
});

function when(date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}">${dateTime.format(date)}</time>`;
}

export function renderHomePage(): string {
  const price = formatMinor(DINNER.amountMinor, DINNER.currency);
  const body = html` <h1>${DINNER.title} — ${price}, split the bill</h1>
    <div class="card">
      <p>A table for four at Harbour Table, Friday 7 pm: three courses and a glass of wine each.</p>
      <p class="amount">${price}</p>
      <p>Book now, then split the bill with your friends through PaySplit: you pay your share, they pay theirs.</p>
      <form method="post" action="/bookings">
        <button type="submit">Book and split the bill</button>
      </form>
    </div>
    <p><a href="/bookings">See all bookings</a></p>`;
  return renderPage({ title: `${DINNER.title} — Harbour Table`, body });
}

/**
 * One card per booking, at every width: the status sits beside the booking's name, where it is
 * read first and never behind a sideways scroll (a five-column table did not fit a phone).
 */
const REFUND_BADGES: Record<BookingRefundState, SafeHtml> = {
  refunded: html`<span class="status paid">REFUNDED</span>`,
  refund_pending: html`<span class="status waiting">REFUND PENDING</span>`,
  refund_failed: html`<span class="status failed">REFUND FAILED</span>`,
};

function statusBadge(booking: Booking, refundState: BookingRefundState | undefined): SafeHtml {
  if (refundState) return REFUND_BADGES[refundState];
  return booking.status === 'paid'
    ? html`<span class="status paid">PAID</span>`
    : html`<span class="status waiting">Awaiting payment</span>`;
}

/** What went back to the payers so far: the refunds PaySplit says succeeded. */
function refundedTotal(refunds: readonly ShopRefund[]): string {
  return refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + BigInt(refund.amountMinor), 0n)
    .toString();
}

/** "NZ$288.00 in 2 refunds": what went back, of how many refunds asked for. */
function refundedText(booking: Booking, refunds: readonly ShopRefund[]): string {
  return `${formatMinor(refundedTotal(refunds), booking.currency)} in ${refunds.length} ${refunds.length === 1 ? 'refund' : 'refunds'}`;
}

export function renderBookingsPage(bookings: Booking[], refunds: ReadonlyMap<string, ShopRefund[]> = new Map()): string {
  const cards = bookings.map((booking) => {
    const bookingRefunds = refunds.get(booking.id) ?? [];
    const refundState = bookingRefundState(booking.cancelledAt !== null, bookingRefunds);
    const cancellable = booking.status === 'paid' && booking.cancelledAt === null && bookingRefunds.length === 0;
    return html`<li class="card booking">
      <h2><a href="/bookings/${booking.id}/confirmation">${booking.title}</a></h2>
      ${statusBadge(booking, refundState)}
      <dl>
        <dt>Amount</dt>
        <dd>${formatMinor(booking.amountMinor, booking.currency)}</dd>
        <dt>Order ref</dt>
        <dd><code>${booking.orderRef}</code></dd>
        <dt>Confirmed</dt>
        <dd>${booking.paidAt ? when(booking.paidAt) : 'Not yet'}</dd>
        ${
          refundState
            ? html`<dt>Refunded</dt>
                <dd data-refunded-minor="${refundedTotal(bookingRefunds)}">${refundedText(booking, bookingRefunds)}</dd>`
            : ''
        }
      </dl>
      ${
        cancellable
          ? html`<form method="post" action="/bookings/${booking.id}/cancel" class="actions">
              <button type="submit" class="secondary">Cancel booking and refund</button>
            </form>`
          : ''
      }
    </li>`;
  });
  const body = html` <h1>Bookings</h1>
    ${
      bookings.length === 0
        ? html`<p>No bookings yet. <a href="/">Make one</a>.</p>`
        : html`<p class="hint">
              Newest first. PaySplit's completion webhook confirms each payment; cancelling a paid booking refunds every payer through
              PaySplit.
            </p>
            <ul class="bookings">
              ${cards}
            </ul>`
    }
    <p><a href="/">Make another booking</a></p>`;
  return renderPage({ title: 'Bookings — Harbour Table', body });
}

export function renderConfirmationPage(booking: Booking): string {
  const paid = booking.status === 'paid';
  const amount = formatMinor(booking.amountMinor, booking.currency);
  const body = html` <h1>Thank you!</h1>
    <div class="card">
      <p>${booking.title}, ${amount}. Order reference <code>${booking.orderRef}</code>.</p>
      ${
        paid
          ? html`<p class="ok" role="status">
              <strong>PAID</strong> — payment confirmed${booking.paidAt ? html` on ${when(booking.paidAt)}` : ''}. Your table is booked.
            </p>`
          : html`<div data-booking-status-url="/bookings/${booking.id}/status">
              <p role="status">Waiting for payment confirmation…</p>
              <p class="hint" data-when-watched hidden>This page updates by itself when the payment is confirmed.</p>
              <p><a href="/bookings/${booking.id}/confirmation">Check again</a></p>
            </div>`
      }
      <p class="hint">
        Your booking is confirmed when PaySplit's signed webhook says the whole bill is settled, not because you reached this page.
      </p>
    </div>
    ${booking.sessionId ? html`<p><a href="/bookings/${booking.id}/split">Return to your split</a></p>` : ''}
    <p><a href="/bookings">See all bookings</a></p>`;
  return renderPage({
    title: paid ? 'Booking confirmed — Harbour Table' : 'Waiting for payment — Harbour Table',
    body,
    scripts: paid ? [] : [BOOKING_STATUS_SCRIPT_PATH],
  });
}

export interface ErrorPageOptions {
  title: string;
  message: string;
  code?: string;
  requestId?: string;
  /** Extra content, e.g. a retry form. */
  actions?: SafeHtml;
}

export function renderErrorPage(options: ErrorPageOptions): string {
  const body = html` <h1>${options.title}</h1>
    <div class="card">
      <p class="error" role="alert">${options.message}</p>
      ${options.code ? html`<p>Error code: <code>${options.code}</code></p>` : ''}
      ${options.requestId ? html`<p>Request ID: <code>${options.requestId}</code> (quote it if you contact us)</p>` : ''}
      ${options.actions ?? ''}
    </div>
    <p><a href="/">Back to the booking page</a></p>`;
  return renderPage({ title: `${options.title} — Harbour Table`, body });
}
