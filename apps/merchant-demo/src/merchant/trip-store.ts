import { findBooking, type Booking, type Queryable } from '../store.js';

/**
 * The shop's record of a group trip: a booking sold as a PaySplit open group. What it knows of the
 * group comes from the create reply and PaySplit's group events, never from a browser.
 */
export interface Trip {
  booking: Booking;
  organiserName: string;
  organiserEmail: string;
  /** The link the organiser shares (PaySplit's joinUrl: its own code, never the hostToken); null until the session exists. */
  joinUrl: string | null;
  minPlaces: number;
  maxPlaces: number;
  /** Places whose payers' payments count, as of the newest group event applied. */
  placesSold: number;
  /** What one more place costs now, as of the newest group event (it falls as more join). */
  pricePerPlaceMinor: string | null;
  /** What each place finally costs, once the group is full (its SERVICE_GROUP_FULL). */
  finalPricePerPlaceMinor: string | null;
  tippedAt: Date | null;
  fullAt: Date | null;
}

export interface TripTraveller {
  participantId: string;
  displayName: string;
  places: number;
  /** What their places were held or paid at when they joined. */
  amountMinor: string;
  joinedAt: Date;
}

interface TripRow {
  organiser_name: string;
  organiser_email: string;
  join_url: string | null;
  min_places: number;
  max_places: number;
  places_sold: number;
  price_per_place_minor: string | null;
  final_price_per_place_minor: string | null;
  tipped_at: Date | null;
  full_at: Date | null;
}

const tripColumns = `organiser_name, organiser_email, join_url, min_places, max_places, places_sold,
  price_per_place_minor::text as price_per_place_minor, final_price_per_place_minor::text as final_price_per_place_minor, tipped_at, full_at`;

function toTrip(booking: Booking, row: TripRow): Trip {
  return {
    booking,
    organiserName: row.organiser_name,
    organiserEmail: row.organiser_email,
    joinUrl: row.join_url,
    minPlaces: row.min_places,
    maxPlaces: row.max_places,
    placesSold: row.places_sold,
    pricePerPlaceMinor: row.price_per_place_minor,
    finalPricePerPlaceMinor: row.final_price_per_place_minor,
    tippedAt: row.tipped_at,
    fullAt: row.full_at,
  };
}

export async function insertTrip(
  db: Queryable,
  input: {
    title: string;
    amountMinor: string;
    currency: string;
    orderRef: string;
    organiserName: string;
    organiserEmail: string;
    minPlaces: number;
    maxPlaces: number;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into merchant_demo.booking (kind, title, amount_minor, currency, order_ref, organiser_name, organiser_email, min_places, max_places)
     values ('open_group', $1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      input.title,
      input.amountMinor,
      input.currency,
      input.orderRef,
      input.organiserName,
      input.organiserEmail,
      input.minPlaces,
      input.maxPlaces,
    ],
  );
  return rows[0]!.id;
}

/**
 * Stores the open group's handles from PaySplit's create reply. The sessionUrl (with its hostToken)
 * opens the organiser's page: only the organiser's redirect reads it back (`sessionUrlOf`). The
 * joinUrl is meant to be shared and is shown on the trip's page.
 */
export async function attachOpenGroup(
  db: Queryable,
  bookingId: string,
  group: { sessionId: string; hostToken: string; sessionUrl: string; joinUrl: string; pricePerPlaceMinor: string },
): Promise<void> {
  await db.query(
    `update merchant_demo.booking
     set session_id = $2, host_token = $3, session_url = $4, join_url = $5, price_per_place_minor = coalesce(price_per_place_minor, $6)
     where id = $1 and kind = 'open_group'`,
    [bookingId, group.sessionId, group.hostToken, group.sessionUrl, group.joinUrl, group.pricePerPlaceMinor],
  );
}

export async function findTrip(db: Queryable, bookingId: string): Promise<Trip | undefined> {
  const booking = await findBooking(db, bookingId);
  if (booking?.kind !== 'open_group') return undefined;
  const { rows } = await db.query<TripRow>(`select ${tripColumns} from merchant_demo.booking where id = $1`, [bookingId]);
  return rows[0] && toTrip(booking, rows[0]);
}

/** The group trips among `bookings`, by booking id (for the bookings page). */
export async function tripsOf(db: Queryable, bookings: readonly Booking[]): Promise<Map<string, Trip>> {
  const trips = bookings.filter((booking) => booking.kind === 'open_group');
  if (trips.length === 0) return new Map();
  const { rows } = await db.query<TripRow & { id: string }>(
    `select id, ${tripColumns} from merchant_demo.booking where id = any($1::uuid[])`,
    [trips.map((booking) => booking.id)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Map(trips.flatMap((booking) => (byId.has(booking.id) ? [[booking.id, toTrip(booking, byId.get(booking.id)!)] as const] : [])));
}

export async function listTravellers(db: Queryable, bookingId: string): Promise<TripTraveller[]> {
  const { rows } = await db.query<{
    participant_id: string;
    display_name: string;
    places: number;
    amount_minor: string;
    joined_at: Date;
  }>(
    `select participant_id, display_name, places, amount_minor::text as amount_minor, joined_at
     from merchant_demo.trip_traveller where booking_id = $1 order by joined_at, participant_id`,
    [bookingId],
  );
  return rows.map((row) => ({
    participantId: row.participant_id,
    displayName: row.display_name,
    places: row.places,
    amountMinor: row.amount_minor,
    joinedAt: row.joined_at,
  }));
}

/** A payer joined (their payment counts): on the passenger list once, whatever PaySplit repeats. */
export async function addTraveller(db: Queryable, bookingId: string, traveller: TripTraveller): Promise<void> {
  await db.query(
    `insert into merchant_demo.trip_traveller (participant_id, booking_id, display_name, places, amount_minor, joined_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (participant_id) do nothing`,
    [traveller.participantId, bookingId, traveller.displayName, traveller.places, traveller.amountMinor, traveller.joinedAt],
  );
}

/**
 * How the group stands as one group event tells it. Counts apply only when the event is newer
 * (its sessionVersion) than the last one applied, so a late delivery never undoes a newer one;
 * tipping, filling up and the final price are facts that stay, whenever their event arrives.
 */
export async function applyGroupProgress(
  db: Queryable,
  bookingId: string,
  progress: {
    sessionVersion: number;
    placesSold: number;
    pricePerPlaceMinor?: string;
    tippedAt?: Date;
    fullAt?: Date;
    finalPricePerPlaceMinor?: string;
  },
): Promise<void> {
  await db.query(
    `update merchant_demo.booking set
       places_sold = case when group_version is null or group_version < $2 then $3 else places_sold end,
       price_per_place_minor = case when (group_version is null or group_version < $2) and $4::bigint is not null
         then $4::bigint else price_per_place_minor end,
       group_version = greatest(coalesce(group_version, $2), $2),
       tipped_at = coalesce(tipped_at, $5),
       full_at = coalesce(full_at, $6),
       final_price_per_place_minor = coalesce(final_price_per_place_minor, $7)
     where id = $1 and kind = 'open_group'`,
    [
      bookingId,
      progress.sessionVersion,
      progress.placesSold,
      progress.pricePerPlaceMinor ?? null,
      progress.tippedAt ?? null,
      progress.fullAt ?? null,
      progress.finalPricePerPlaceMinor ?? null,
    ],
  );
}
