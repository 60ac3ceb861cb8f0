import { html, renderPage, type SafeHtml } from '../html.js';
import { formatMinor } from '@paysplit/sdk';
import type { Booking } from '../store.js';
import { bookingMoney, type BookingMoney, type BookingState } from './booking-state.js';
import type { ShopRefund } from './refund-store.js';
import { placesText, tripBadge, tripCard, type OrganiserForm } from './trip-pages.js';
import type { Trip } from './trip-store.js';

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

/** What the shop sells: the dinner (split the bill) and the group trip (an open group); `trip` keeps the trip form's input and errors. */
export function renderHomePage(trip?: OrganiserForm): string {
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
    ${tripCard(trip)}
    <p><a href="/bookings">See all bookings</a></p>`;
  return renderPage({ title: `${trip ? 'Error: ' : ''}${DINNER.title} — Harbour Table`, body });
}

const BADGES: Record<BookingState, SafeHtml> = {
  awaiting_payment: html`<span class="status waiting">Awaiting payment</span>`,
  expired: html`<span class="status failed">EXPIRED</span>`,
  cancelled: html`<span class="status failed">CANCELLED</span>`,
  paid: html`<span class="status paid">PAID</span>`,
  partly_refunded: html`<span class="status waiting">PARTLY REFUNDED</span>`,
  refunded: html`<span class="status paid">REFUNDED</span>`,
  refund_pending: html`<span class="status waiting">REFUND PENDING</span>`,
  refund_failed: html`<span class="status failed">REFUND FAILED</span>`,
};

function total(refunds: readonly ShopRefund[]): string {
  return refunds.reduce((sum, refund) => sum + BigInt(refund.amountMinor), 0n).toString();
}

/** "NZ$288.00 in 2 refunds": what went back of the booking's money, of how many refunds asked for. */
function refundedText(booking: Booking, money: BookingMoney): string {
  const count = money.refunds.length;
  return `${formatMinor(money.refundedMinor, booking.currency)} in ${count} ${count === 1 ? 'refund' : 'refunds'}`;
}

/** "NZ$240.00 paid twice, refunded": duplicate payments, which are not the booking's money. */
function duplicatesText(booking: Booking, refunds: readonly ShopRefund[]): string {
  const outcome = refunds.every((refund) => refund.status === 'succeeded')
    ? 'refunded'
    : refunds.some((refund) => refund.status === 'failed')
      ? 'refund failed'
      : 'refund pending';
  return `${formatMinor(total(refunds), booking.currency)} paid twice, ${outcome}`;
}

/**
 * One card per booking, at every width: the status sits beside the booking's name, where it is
 * read first and never behind a sideways scroll (a five-column table did not fit a phone).
 */
function bookingCard(booking: Booking, refunds: readonly ShopRefund[], trip: Trip | undefined): SafeHtml {
  const money = bookingMoney(booking, refunds);
  const showRefunded = money.refunds.length > 0 || money.state === 'refund_pending';
  // A group trip still gathering (or ended unpaid) says where its group stands; once paid, its money does.
  const badge = trip && booking.status !== 'paid' ? tripBadge(trip) : BADGES[money.state];
  return html`<li class="card booking">
    <h2><a href="${trip ? `/trips/${booking.id}` : `/bookings/${booking.id}/confirmation`}">${booking.title}</a></h2>
    ${badge}
    <dl>
      <dt>Amount</dt>
      <dd>${formatMinor(booking.amountMinor, booking.currency)}${trip ? ', shared' : ''}</dd>
      ${
        trip
          ? html`<dt>Places</dt>
              <dd data-places-sold="${trip.placesSold}">${placesText(trip)}</dd>`
          : ''
      }
      <dt>Order ref</dt>
      <dd><code>${booking.orderRef}</code></dd>
      ${
        booking.endedAt && !booking.paidAt
          ? html`<dt>Ended</dt>
              <dd>${when(booking.endedAt)}</dd>`
          : html`<dt>Confirmed</dt>
              <dd>${booking.paidAt ? when(booking.paidAt) : 'Not yet'}</dd>`
      }
      ${
        showRefunded
          ? html`<dt>Refunded</dt>
              <dd data-refunded-minor="${money.refundedMinor}">${refundedText(booking, money)}</dd>`
          : ''
      }
      ${
        money.duplicateRefunds.length > 0
          ? html`<dt>Duplicates</dt>
              <dd data-duplicate-minor="${total(money.duplicateRefunds)}">${duplicatesText(booking, money.duplicateRefunds)}</dd>`
          : ''
      }
    </dl>
    ${
      money.cancellable
        ? html`<p class="actions"><a class="button secondary" href="/bookings/${booking.id}/cancel">Cancel booking and refund</a></p>`
        : ''
    }
  </li>`;
}

export function renderBookingsPage(
  bookings: Booking[],
  refunds: ReadonlyMap<string, ShopRefund[]> = new Map(),
  trips: ReadonlyMap<string, Trip> = new Map(),
): string {
  const cards = bookings.map((booking) => bookingCard(booking, refunds.get(booking.id) ?? [], trips.get(booking.id)));
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

/**
 * The confirmation step before "Cancel booking and refund": it says what will happen to whose
 * money, and only its own form (a POST that says it was confirmed) refunds. A page of its own, so
 * it works the same without script.
 */
export function renderCancelConfirmPage(booking: Booking, refunds: readonly ShopRefund[]): string {
  const money = bookingMoney(booking, refunds);
  const left = (BigInt(booking.amountMinor) - BigInt(money.refundedMinor)).toString();
  const amount = formatMinor(left, booking.currency);
  const body = html` <h1>Cancel this booking?</h1>
    <div class="card">
      <p>${booking.title}, ${formatMinor(booking.amountMinor, booking.currency)}. Order reference <code>${booking.orderRef}</code>.</p>
      <p>
        The table is released and <strong>${amount}</strong> goes back to the people who paid, each to their own card, in proportion to what
        they paid. This cannot be undone.
      </p>
      <form method="post" action="/bookings/${booking.id}/cancel">
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" class="danger">Yes, cancel and refund ${amount}</button>
      </form>
      <p><a class="button neutral" href="/bookings">No, keep the booking</a></p>
    </div>`;
  return renderPage({ title: `Cancel ${booking.orderRef}? — Harbour Table`, body });
}

/** What the host reads about a booking whose split ended before everyone paid. */
const ENDED: Record<'expired' | 'cancelled', { heading: string; words: string }> = {
  expired: {
    heading: 'EXPIRED',
    words: 'Not everyone paid before the deadline, so the table is not booked. Anyone who paid gets their share back.',
  },
  cancelled: {
    heading: 'CANCELLED',
    words: 'The split payment was cancelled, so the table is not booked. Anyone who paid gets their share back.',
  },
};

export function renderConfirmationPage(booking: Booking): string {
  const paid = booking.status === 'paid';
  const ended = booking.status === 'expired' || booking.status === 'cancelled' ? ENDED[booking.status] : undefined;
  const amount = formatMinor(booking.amountMinor, booking.currency);
  const body = html` <h1>${ended ? 'Booking not made' : 'Thank you!'}</h1>
    <div class="card">
      <p>${booking.title}, ${amount}. Order reference <code>${booking.orderRef}</code>.</p>
      ${
        paid
          ? html`<p class="ok" role="status">
              <strong>PAID</strong> — payment confirmed${booking.paidAt ? html` on ${when(booking.paidAt)}` : ''}. Your table is booked.
            </p>`
          : ended
            ? html`<p class="error" role="status"><strong>${ended.heading}</strong> — ${ended.words}</p>`
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
  const waiting = !paid && !ended;
  return renderPage({
    title: paid ? 'Booking confirmed — Harbour Table' : ended ? 'Booking not made — Harbour Table' : 'Waiting for payment — Harbour Table',
    body,
    scripts: waiting ? [BOOKING_STATUS_SCRIPT_PATH] : [],
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
