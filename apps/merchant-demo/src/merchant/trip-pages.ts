import { formatMinor } from '@paysplit/sdk';
import { html, renderPage, type SafeHtml } from '../html.js';
import type { Trip, TripTraveller } from './trip-store.js';

/**
 * The group trip this shop sells as a PaySplit open group. A chartered boat costs the same however
 * many come, so the price is the boat's, shared (`split_total`): each place costs less as more
 * join, and nobody is charged more than the price they saw when they joined.
 */
export const GROUP_TRIP = {
  title: 'Harbour sailing trip',
  amountMinor: '120000',
  currency: 'NZD',
  minPlaces: 4,
  maxPlaces: 10,
} as const;

/** What one place costs when `places` share the boat (rounded up to the minor unit, as PaySplit quotes it). */
export function pricePerPlace(places: number): string {
  const total = BigInt(GROUP_TRIP.amountMinor);
  const count = BigInt(places);
  return ((total + count - 1n) / count).toString();
}

export interface OrganiserForm {
  values: { organiserName: string; organiserEmail: string };
  errors: Partial<Record<'organiserName' | 'organiserEmail', string>>;
}

const FIELDS = [
  { name: 'organiserName', label: 'Your name', type: 'text', autocomplete: 'name', maxlength: 80 },
  { name: 'organiserEmail', label: 'Your email', type: 'email', autocomplete: 'email', maxlength: 254 },
] as const;

/** The home page's second card: start a group trip, as its organiser. */
export function tripCard(form?: OrganiserForm): SafeHtml {
  const total = formatMinor(GROUP_TRIP.amountMinor, GROUP_TRIP.currency);
  const most = formatMinor(pricePerPlace(GROUP_TRIP.minPlaces), GROUP_TRIP.currency);
  const least = formatMinor(pricePerPlace(GROUP_TRIP.maxPlaces), GROUP_TRIP.currency);
  const errors = form?.errors ?? {};
  const firstError = FIELDS.find((field) => errors[field.name] !== undefined)?.name;
  return html`<div class="card" id="group-trip">
    <h2>${GROUP_TRIP.title} — ${total} for the boat, shared</h2>
    <p>
      A day on the harbour on our yacht with a skipper, for ${GROUP_TRIP.minPlaces} to ${GROUP_TRIP.maxPlaces} people. Start a group and
      share its link: each person takes their places and pays their part of the boat. The trip goes ahead once ${GROUP_TRIP.minPlaces}
      places are taken, and the more join, the less each place costs: ${most} with ${GROUP_TRIP.minPlaces}, ${least} with
      ${GROUP_TRIP.maxPlaces}. If fewer than ${GROUP_TRIP.minPlaces} join by the deadline, the trip is off and nobody pays.
    </p>
    <form method="post" action="/trips" novalidate>
      ${FIELDS.map((field) => {
        const error = errors[field.name];
        return html`<label for="${field.name}">${field.label}</label>
          <input
            id="${field.name}"
            name="${field.name}"
            type="${field.type}"
            autocomplete="${field.autocomplete}"
            maxlength="${field.maxlength}"
            required
            value="${form?.values[field.name] ?? ''}"
            ${error ? html`aria-invalid="true" aria-describedby="${field.name}-error"` : ''}
            ${firstError === field.name ? html`autofocus` : ''}
          />
          ${error ? html`<p class="field-error" id="${field.name}-error">${error}</p>` : ''}`;
      })}
      <p class="hint">You organise it: PaySplit sends you the group's news. You take a place through the link like everyone else.</p>
      <button type="submit">Start a group trip</button>
    </form>
  </div>`;
}

/** "5 of 10 places taken (4 needed)": where the group stands. */
export function placesText(trip: Trip): string {
  const taken = `${trip.placesSold} of ${trip.maxPlaces} places taken`;
  return trip.tippedAt || trip.placesSold >= trip.minPlaces ? taken : `${taken} (${trip.minPlaces} needed)`;
}

/** Where the trip stands, in a sentence, with its status for the badge. */
function tripStanding(trip: Trip): { badge: SafeHtml; words: string; ok: boolean } {
  const { booking } = trip;
  const currency = booking.currency;
  if (booking.status === 'paid') {
    const final = trip.finalPricePerPlaceMinor ? ` at ${formatMinor(trip.finalPricePerPlaceMinor, currency)} a place` : '';
    return {
      badge: html`<span class="status paid">PAID</span>`,
      words: `Booked: ${trip.placesSold} places${final}, and every payment is taken.`,
      ok: true,
    };
  }
  if (booking.status === 'expired') {
    return {
      badge: html`<span class="status failed">CANCELLED</span>`,
      words: `The group did not reach ${trip.minPlaces} places by its deadline, so the trip is off. Nobody pays: every hold is released and any payment refunded.`,
      ok: false,
    };
  }
  if (booking.status === 'cancelled') {
    return {
      badge: html`<span class="status failed">CANCELLED</span>`,
      words: 'The group was cancelled, so the trip is off. Nobody pays: every hold is released and any payment refunded.',
      ok: false,
    };
  }
  if (trip.fullAt) {
    return {
      badge: html`<span class="status waiting">FULL</span>`,
      words: 'Every place is taken: the trip goes ahead, and each payment is being taken at the final price.',
      ok: true,
    };
  }
  if (trip.tippedAt) {
    return { badge: html`<span class="status waiting">GOING AHEAD</span>`, words: `It's on: ${placesText(trip)}.`, ok: true };
  }
  return {
    badge: html`<span class="status waiting">Gathering</span>`,
    words: `Waiting for people to join: ${placesText(trip)}.`,
    ok: false,
  };
}

export function tripBadge(trip: Trip): SafeHtml {
  return tripStanding(trip).badge;
}

/** What the organiser sees after starting the group: the link to share, their page, and who joined. */
export function renderTripPage(trip: Trip, travellers: readonly TripTraveller[]): string {
  const { booking } = trip;
  const standing = tripStanding(trip);
  const open = booking.status === 'awaiting_payment' && !trip.fullAt;
  const pricePerPlaceMinor = trip.finalPricePerPlaceMinor ?? trip.pricePerPlaceMinor;
  const body = html` <h1>${booking.title}</h1>
    <div class="card">
      <p>
        Organised by ${trip.organiserName}. ${formatMinor(booking.amountMinor, booking.currency)} for the boat, shared by ${trip.minPlaces}
        to ${trip.maxPlaces} people. Order reference <code>${booking.orderRef}</code>.
      </p>
      <p class="${standing.ok ? 'ok' : ''}" role="status">${standing.badge} ${standing.words}</p>
      ${
        pricePerPlaceMinor && booking.status !== 'expired' && booking.status !== 'cancelled'
          ? html`<p>
              ${trip.finalPricePerPlaceMinor ? 'Each place costs' : 'One more place costs'}
              <strong>${formatMinor(pricePerPlaceMinor, booking.currency)}</strong>${trip.finalPricePerPlaceMinor ? '.' : ' now.'}
            </p>`
          : ''
      }
    </div>
    ${
      trip.joinUrl && open
        ? html`<div class="card">
            <h2><label for="join-link">Share this link</label></h2>
            <p>Everyone who comes joins through it: they choose their places and pay their part.</p>
            <input id="join-link" type="url" readonly value="${trip.joinUrl}" />
            <p><a href="${trip.joinUrl}">Open the join page</a></p>
          </div>`
        : ''
    }
    ${
      booking.sessionId
        ? html`<p><a class="button neutral" href="/trips/${booking.id}/organiser">Open the organiser's page</a></p>`
        : html`<form method="post" action="/trips/${booking.id}/start"><button type="submit">Try again</button></form>`
    }
    <div class="card">
      <h2>Who is coming</h2>
      ${
        travellers.length === 0
          ? html`<p>Nobody yet. Share the link.</p>`
          : html`<ul>
              ${travellers.map(
                (traveller) => html`<li>${traveller.displayName}: ${traveller.places} ${traveller.places === 1 ? 'place' : 'places'}</li>`,
              )}
            </ul>`
      }
      <p class="hint">This page shows what PaySplit's signed events said. <a href="/trips/${booking.id}">Check again</a></p>
    </div>
    <p><a href="/bookings">See all bookings</a></p>`;
  return renderPage({ title: `${booking.title} — Harbour Table`, body });
}
