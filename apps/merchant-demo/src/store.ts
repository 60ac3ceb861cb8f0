import type { Pool, PoolClient } from 'pg';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<Pool | PoolClient, 'query'>;

/**
 * `expired` / `cancelled`: PaySplit's session ended before everyone paid (its expired or cancelled
 * event said so); the table is not booked. A paid booking the shop later cancels stays `paid`
 * (`cancelledAt` says it was cancelled; its refunds say where the money is).
 */
export type BookingStatus = 'awaiting_payment' | 'paid' | 'expired' | 'cancelled';

/**
 * `split`: a booking whose host splits the bill with people they name (the dinner). `open_group`:
 * a group trip sold as a PaySplit open group: anyone with its join link takes places, and it is
 * booked only if enough places are taken by its deadline (its progress: `trip-store.ts`).
 */
export type BookingKind = 'split' | 'open_group';

export interface Booking {
  id: string;
  kind: BookingKind;
  title: string;
  /** Integer minor units as a string (pg returns bigint as text, which keeps it exact). */
  amountMinor: string;
  currency: string;
  orderRef: string;
  sessionId: string | null;
  status: BookingStatus;
  paidAt: Date | null;
  paidEventId: string | null;
  /** When the shop cancelled the booking and asked PaySplit to refund it (null: not cancelled). */
  cancelledAt: Date | null;
  /** When PaySplit said the session expired or was cancelled before everyone paid (null: it did not). */
  endedAt: Date | null;
  createdAt: Date;
}

/**
 * `expired`: the merchant expired it before it was paid (a checkout PaySplit said will not be used); it can no longer be paid.
 * `succeeded`: the money was taken (charged at once, or a hold captured).
 * Authorize-only checkouts (capture method `manual`) only: `authorized`, a hold on the card that the
 * merchant captures or releases; `released`, a hold that ended without taking money (cancelled by the
 * merchant, or lapsed at its expiry).
 */
export type CheckoutStatus = 'open' | 'succeeded' | 'declined' | 'expired' | 'authorized' | 'released';
export type PayerRole = 'host' | 'participant';
/** `automatic`: paying charges the card. `manual`: paying places a hold, charged only when captured. */
export type CaptureMethod = 'automatic' | 'manual';
/** Why a hold ended without a capture: the merchant cancelled it, or it reached its expiry. */
export type ReleaseReason = 'cancelled' | 'expired';

export interface Checkout {
  id: string;
  paymentId: string;
  sessionId: string;
  payerRole: PayerRole;
  amountMinor: string;
  currency: string;
  status: CheckoutStatus;
  cardLast4: string | null;
  /** When it was expired (null: never); set once. */
  expiredAt: Date | null;
  captureMethod: CaptureMethod;
  /** Until when the hold stands (authorize-only checkouts, once paid); uncaptured by then, it lapses. */
  holdExpiresAt: Date | null;
  /** Set by the test card whose capture the issuer declines (decided when the hold is placed). */
  captureDeclines: boolean;
  capturedAt: Date | null;
  /**
   * What the capture took (at most the hold; the rest of the hold went back with it); null until
   * captured, and for a charge taken at once (then `amountMinor` was taken).
   */
  capturedMinor: string | null;
  releasedAt: Date | null;
  releaseReason: ReleaseReason | null;
  /** Who is paid and for what, as the merchant named them (a real processor shows both). */
  businessName: string | null;
  description: string | null;
  successUrl: string;
  cancelUrl: string;
  createdAt: Date;
  updatedAt: Date;
}

// An arbitrary constant: serialises schema creation when several processes boot at once.
const SCHEMA_LOCK_KEY = 7_310_042;

const schemaSql = `
create schema if not exists merchant_demo;

create table if not exists merchant_demo.booking (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  order_ref text not null unique,
  session_id uuid null,
  host_token text null,
  status text not null default 'awaiting_payment',
  paid_at timestamptz null,
  paid_event_id uuid null,
  created_at timestamptz not null default now()
);

create table if not exists merchant_demo.processed_event (
  event_id uuid primary key,
  type text not null,
  received_at timestamptz not null default now()
);

create table if not exists merchant_demo.checkout (
  id text primary key,
  payment_id uuid not null,
  session_id uuid not null,
  payer_role text not null check (payer_role in ('host', 'participant')),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  status text not null default 'open',
  card_last4 text null,
  success_url text not null,
  cancel_url text not null,
  idempotency_key text null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table merchant_demo.checkout add column if not exists business_name text null;
alter table merchant_demo.checkout add column if not exists description text null;
-- Expired checkouts (partner.payment.cancel): a database made before them gets the time (the status
-- check below lists every status).
alter table merchant_demo.checkout add column if not exists expired_at timestamptz null;

-- Authorize-only checkouts (hold, then capture or release). Hold state lives on the checkout row, so
-- it is kept like everything else the processor knows (a restart changes nothing).
alter table merchant_demo.checkout add column if not exists capture_method text not null default 'automatic';
alter table merchant_demo.checkout add column if not exists hold_expires_at timestamptz null;
alter table merchant_demo.checkout add column if not exists capture_declines boolean not null default false;
alter table merchant_demo.checkout add column if not exists captured_at timestamptz null;
alter table merchant_demo.checkout add column if not exists released_at timestamptz null;
alter table merchant_demo.checkout add column if not exists release_reason text null;
alter table merchant_demo.checkout drop constraint if exists checkout_status_check;
alter table merchant_demo.checkout add constraint checkout_status_check
  check (status in ('open', 'succeeded', 'declined', 'expired', 'authorized', 'released'));
alter table merchant_demo.checkout drop constraint if exists checkout_capture_method_check;
alter table merchant_demo.checkout add constraint checkout_capture_method_check check (capture_method in ('automatic', 'manual'));
alter table merchant_demo.checkout drop constraint if exists checkout_release_reason_check;
alter table merchant_demo.checkout add constraint checkout_release_reason_check
  check ((status = 'released') = (release_reason is not null) and (release_reason is null or release_reason in ('cancelled', 'expired')));
alter table merchant_demo.checkout drop constraint if exists checkout_hold_check;
alter table merchant_demo.checkout add constraint checkout_hold_check
  check (status not in ('authorized', 'released') or capture_method = 'manual' and hold_expires_at is not null);

-- What a capture took: the whole hold, or less (a group whose price per place fell as more joined
-- takes each payer's final part); the rest of the hold is released with the capture.
alter table merchant_demo.checkout add column if not exists captured_minor bigint null;
alter table merchant_demo.checkout drop constraint if exists checkout_captured_minor_check;
alter table merchant_demo.checkout add constraint checkout_captured_minor_check
  check (captured_minor is null or captured_minor > 0 and captured_minor <= amount_minor);

-- Each capture asked of a hold, kept whether it took the money or not (as refunds are).
create table if not exists merchant_demo.processor_capture (
  id text primary key,
  checkout_id text not null references merchant_demo.checkout (id),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  status text not null check (status in ('succeeded', 'failed')),
  failure_code text null,
  failure_reason text null,
  created_at timestamptz not null default now()
);
create index if not exists processor_capture_checkout on merchant_demo.processor_capture (checkout_id);
-- At most one capture takes the money of a checkout, whatever keys race.
create unique index if not exists processor_capture_one_success on merchant_demo.processor_capture (checkout_id)
  where status = 'succeeded';

-- The processor's saved answers to requests sent with an Idempotency-Key (capture, cancel): the same
-- key gets the first answer back, byte for byte, and has no second effect.
create table if not exists merchant_demo.processor_idempotency (
  idempotency_key text primary key,
  operation text not null,
  checkout_id text not null,
  http_status integer not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- The shop's own record of the checkout it opened for each PaySplit payment, so a cancel that names
-- only the paymentId (nothing recorded yet) still finds it.
create table if not exists merchant_demo.shop_checkout (
  payment_id uuid primary key,
  checkout_id text not null,
  created_at timestamptz not null default now()
);

-- The test processor's refunds against its charges (a failed refund is kept too, with its reason).
create table if not exists merchant_demo.processor_refund (
  id text primary key,
  checkout_id text not null references merchant_demo.checkout (id),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  status text not null check (status in ('succeeded', 'failed')),
  failure_reason text null,
  reason text null,
  idempotency_key text null unique,
  created_at timestamptz not null default now()
);
create index if not exists processor_refund_checkout on merchant_demo.processor_refund (checkout_id);

-- The shop's view of PaySplit's refunds: one row per refundId, whoever tells us first (the
-- cancel reply, PaySplit's partner refund call or its refund events).
alter table merchant_demo.booking add column if not exists cancelled_at timestamptz null;
alter table merchant_demo.booking add column if not exists session_url text null;
create table if not exists merchant_demo.paysplit_refund (
  refund_id uuid primary key,
  booking_id uuid null references merchant_demo.booking (id),
  payment_id uuid not null,
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  processor_refund_id text null,
  processor_status text null check (processor_status in ('succeeded', 'failed')),
  failure_reason text null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists paysplit_refund_booking on merchant_demo.paysplit_refund (booking_id);
-- Whether PaySplit said the refund is of a duplicate payment (a share paid twice): true or false once
-- its reply or an event said, null while only its partner call has been seen. Only refunds known
-- not to be of duplicates count against the booking. Rows from before the column counted: false.
alter table merchant_demo.paysplit_refund add column if not exists duplicate boolean null default false;
alter table merchant_demo.paysplit_refund alter column duplicate drop default;

-- Bookings whose session ended unpaid (PaySplit's expired and cancelled events).
alter table merchant_demo.booking add column if not exists ended_at timestamptz null;
alter table merchant_demo.booking drop constraint if exists booking_status_check;
alter table merchant_demo.booking add constraint booking_status_check check (status in ('awaiting_payment', 'paid', 'expired', 'cancelled'));

-- Group trips sold as PaySplit open groups: who organised it, the link to share, and how the group
-- stands as PaySplit's group events tell it (applied in sessionVersion order: deliveries may come
-- out of order, and an older one never undoes a newer one).
alter table merchant_demo.booking add column if not exists kind text not null default 'split';
alter table merchant_demo.booking drop constraint if exists booking_kind_check;
alter table merchant_demo.booking add constraint booking_kind_check check (kind in ('split', 'open_group'));
alter table merchant_demo.booking add column if not exists organiser_name text null;
alter table merchant_demo.booking add column if not exists organiser_email text null;
alter table merchant_demo.booking add column if not exists join_url text null;
alter table merchant_demo.booking add column if not exists min_places integer null;
alter table merchant_demo.booking add column if not exists max_places integer null;
alter table merchant_demo.booking add column if not exists places_sold integer not null default 0;
alter table merchant_demo.booking add column if not exists price_per_place_minor bigint null;
alter table merchant_demo.booking add column if not exists group_version integer null;
alter table merchant_demo.booking add column if not exists tipped_at timestamptz null;
alter table merchant_demo.booking add column if not exists full_at timestamptz null;
alter table merchant_demo.booking add column if not exists final_price_per_place_minor bigint null;

-- Who joined a group trip (PaySplit's SERVICE_GROUP_JOINED, one per participant): the trip's
-- passenger list.
create table if not exists merchant_demo.trip_traveller (
  participant_id uuid primary key,
  booking_id uuid not null references merchant_demo.booking (id),
  display_name text not null,
  places integer not null check (places > 0),
  amount_minor bigint not null check (amount_minor >= 0),
  joined_at timestamptz not null
);
create index if not exists trip_traveller_booking on merchant_demo.trip_traveller (booking_id, joined_at);
`;

export async function ensureSchema(pool: Pool): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await tx.query(schemaSql);
  });
}

export async function withTransaction<T>(pool: Pool, work: (tx: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// ---- bookings ---------------------------------------------------------------------------

const bookingColumns = `id, kind, title, amount_minor::text as amount_minor, currency, order_ref, session_id, status,
  paid_at, paid_event_id, cancelled_at, ended_at, created_at`;

interface BookingRow {
  id: string;
  kind: BookingKind;
  title: string;
  amount_minor: string;
  currency: string;
  order_ref: string;
  session_id: string | null;
  status: BookingStatus;
  paid_at: Date | null;
  paid_event_id: string | null;
  cancelled_at: Date | null;
  ended_at: Date | null;
  created_at: Date;
}

function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    amountMinor: row.amount_minor,
    currency: row.currency,
    orderRef: row.order_ref,
    sessionId: row.session_id,
    status: row.status,
    paidAt: row.paid_at,
    paidEventId: row.paid_event_id,
    cancelledAt: row.cancelled_at,
    endedAt: row.ended_at,
    createdAt: row.created_at,
  };
}

export async function insertBooking(
  db: Queryable,
  input: { title: string; amountMinor: string; currency: string; orderRef: string },
): Promise<Booking> {
  const { rows } = await db.query<BookingRow>(
    `insert into merchant_demo.booking (title, amount_minor, currency, order_ref)
     values ($1, $2, $3, $4) returning ${bookingColumns}`,
    [input.title, input.amountMinor, input.currency, input.orderRef],
  );
  return toBooking(rows[0]!);
}

/**
 * Stores the session handle. The hostToken and the sessionUrl carrying it are credentials: only
 * sessionUrlOf reads the URL back, for the host's way back to the split (a redirect, never a page).
 */
export async function attachSession(
  db: Queryable,
  bookingId: string,
  session: { sessionId: string; hostToken: string; sessionUrl: string },
): Promise<void> {
  await db.query('update merchant_demo.booking set session_id = $2, host_token = $3, session_url = $4 where id = $1', [
    bookingId,
    session.sessionId,
    session.hostToken,
    session.sessionUrl,
  ]);
}

/** Where the host's "Return to your split" goes: PaySplit's sessionUrl for the booking, if it has one. */
export async function sessionUrlOf(db: Queryable, bookingId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ session_url: string | null }>('select session_url from merchant_demo.booking where id = $1', [
    bookingId,
  ]);
  return rows[0]?.session_url ?? undefined;
}

export async function findBooking(db: Queryable, bookingId: string): Promise<Booking | undefined> {
  const { rows } = await db.query<BookingRow>(`select ${bookingColumns} from merchant_demo.booking where id = $1`, [bookingId]);
  return rows[0] && toBooking(rows[0]);
}

export async function findBookingByOrderRef(db: Queryable, orderRef: string): Promise<Booking | undefined> {
  const { rows } = await db.query<BookingRow>(`select ${bookingColumns} from merchant_demo.booking where order_ref = $1`, [orderRef]);
  return rows[0] && toBooking(rows[0]);
}

export async function listBookings(db: Queryable, limit = 100): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(`select ${bookingColumns} from merchant_demo.booking order by created_at desc, id limit $1`, [
    limit,
  ]);
  return rows.map(toBooking);
}

/** Marks an unpaid booking paid; returns false when it was already paid (by an earlier event). */
export async function markBookingPaid(db: Queryable, input: { bookingId: string; eventId: string; paidAt: Date }): Promise<boolean> {
  const result = await db.query(
    `update merchant_demo.booking set status = 'paid', paid_at = $2, paid_event_id = $3
     where id = $1 and status <> 'paid'`,
    [input.bookingId, input.paidAt, input.eventId],
  );
  return result.rowCount === 1;
}

/**
 * Records that the booking's session ended before everyone paid (PaySplit's expired or cancelled
 * event); returns false when the booking was not awaiting payment (already paid, or ended before).
 */
export async function markBookingEnded(
  db: Queryable,
  input: { bookingId: string; status: 'expired' | 'cancelled'; endedAt: Date },
): Promise<boolean> {
  const result = await db.query(
    `update merchant_demo.booking set status = $2, ended_at = $3 where id = $1 and status = 'awaiting_payment'`,
    [input.bookingId, input.status, input.endedAt],
  );
  return result.rowCount === 1;
}

/** Marks a paid booking cancelled (the first time only; the refund request is what follows). */
export async function markBookingCancelled(db: Queryable, bookingId: string): Promise<void> {
  await db.query(`update merchant_demo.booking set cancelled_at = coalesce(cancelled_at, now()) where id = $1 and status = 'paid'`, [
    bookingId,
  ]);
}

// ---- webhook events -----------------------------------------------------------------------

/** Returns true only for the first delivery of an eventId; the caller acts only then. */
export async function recordProcessedEvent(db: Queryable, event: { eventId: string; type: string }): Promise<boolean> {
  const result = await db.query(
    `insert into merchant_demo.processed_event (event_id, type) values ($1, $2) on conflict (event_id) do nothing`,
    [event.eventId, event.type],
  );
  return result.rowCount === 1;
}

// ---- test processor checkouts -----------------------------------------------------------

export const checkoutColumns = `id, payment_id, session_id, payer_role, amount_minor::text as amount_minor, currency, status,
  card_last4, expired_at, capture_method, hold_expires_at, capture_declines, captured_at, captured_minor::text as captured_minor,
  released_at, release_reason,
  business_name, description, success_url, cancel_url, created_at, updated_at`;

export interface CheckoutRow {
  id: string;
  payment_id: string;
  session_id: string;
  payer_role: PayerRole;
  amount_minor: string;
  currency: string;
  status: CheckoutStatus;
  card_last4: string | null;
  expired_at: Date | null;
  capture_method: CaptureMethod;
  hold_expires_at: Date | null;
  capture_declines: boolean;
  captured_at: Date | null;
  captured_minor: string | null;
  released_at: Date | null;
  release_reason: ReleaseReason | null;
  business_name: string | null;
  description: string | null;
  success_url: string;
  cancel_url: string;
  created_at: Date;
  updated_at: Date;
}

export function toCheckout(row: CheckoutRow): Checkout {
  return {
    id: row.id,
    paymentId: row.payment_id,
    sessionId: row.session_id,
    payerRole: row.payer_role,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    cardLast4: row.card_last4,
    expiredAt: row.expired_at,
    captureMethod: row.capture_method,
    holdExpiresAt: row.hold_expires_at,
    captureDeclines: row.capture_declines,
    capturedAt: row.captured_at,
    capturedMinor: row.captured_minor,
    releasedAt: row.released_at,
    releaseReason: row.release_reason,
    businessName: row.business_name,
    description: row.description,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Creates a checkout, or returns the one already created under the same idempotency key (a
 * retried partner call must not open a second checkout for the same payment).
 */
export async function insertCheckout(
  db: Queryable,
  input: {
    id: string;
    paymentId: string;
    sessionId: string;
    payerRole: PayerRole;
    amountMinor: string;
    currency: string;
    successUrl: string;
    cancelUrl: string;
    businessName?: string | undefined;
    description?: string | undefined;
    captureMethod?: CaptureMethod | undefined;
    idempotencyKey: string | null;
  },
): Promise<Checkout> {
  const { rows } = await db.query<CheckoutRow>(
    `insert into merchant_demo.checkout
       (id, payment_id, session_id, payer_role, amount_minor, currency, success_url, cancel_url, idempotency_key,
        business_name, description, capture_method)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (idempotency_key) do nothing
     returning ${checkoutColumns}`,
    [
      input.id,
      input.paymentId,
      input.sessionId,
      input.payerRole,
      input.amountMinor,
      input.currency,
      input.successUrl,
      input.cancelUrl,
      input.idempotencyKey,
      input.businessName ?? null,
      input.description ?? null,
      input.captureMethod ?? 'automatic',
    ],
  );
  if (rows[0]) return toCheckout(rows[0]);
  const existing = await db.query<CheckoutRow>(`select ${checkoutColumns} from merchant_demo.checkout where idempotency_key = $1`, [
    input.idempotencyKey,
  ]);
  return toCheckout(existing.rows[0]!);
}

export async function findCheckout(db: Queryable, checkoutId: string): Promise<Checkout | undefined> {
  const { rows } = await db.query<CheckoutRow>(`select ${checkoutColumns} from merchant_demo.checkout where id = $1`, [checkoutId]);
  return rows[0] && toCheckout(rows[0]);
}

/**
 * Settles a charge attempt: `succeeded` (charged), `authorized` (a hold, on an authorize-only
 * checkout, standing until `holdExpiresAt`) or `declined`. Anything but a decline is final: the
 * update only applies while the checkout is open or declined, so a double-submitted form cannot
 * change a paid or held checkout and an expired one cannot be paid, however the two race.
 */
export async function settleCheckout(
  db: Queryable,
  input:
    | { checkoutId: string; status: 'succeeded' | 'declined'; cardLast4: string }
    | { checkoutId: string; status: 'authorized'; cardLast4: string; holdExpiresAt: Date; captureDeclines: boolean },
): Promise<Checkout | undefined> {
  const hold = input.status === 'authorized' ? input : undefined;
  const { rows } = await db.query<CheckoutRow>(
    `update merchant_demo.checkout
     set status = $2, card_last4 = $3, hold_expires_at = $4, capture_declines = $5, updated_at = now()
     where id = $1 and status in ('open', 'declined')
     returning ${checkoutColumns}`,
    [input.checkoutId, input.status, input.cardLast4, hold?.holdExpiresAt ?? null, hold?.captureDeclines ?? false],
  );
  return rows[0] && toCheckout(rows[0]);
}

/**
 * Expires a checkout that can still be paid (open, or declined and waiting for another card); a
 * paid or already expired one is returned as it is. Undefined when there is no such checkout.
 */
export async function expireCheckout(db: Queryable, checkoutId: string): Promise<{ checkout: Checkout; expiredNow: boolean } | undefined> {
  const { rows } = await db.query<CheckoutRow>(
    `update merchant_demo.checkout set status = 'expired', expired_at = now(), updated_at = now()
     where id = $1 and status in ('open', 'declined')
     returning ${checkoutColumns}`,
    [checkoutId],
  );
  if (rows[0]) return { checkout: toCheckout(rows[0]), expiredNow: true };
  const existing = await findCheckout(db, checkoutId);
  return existing && { checkout: existing, expiredNow: false };
}

/** The shop remembers which checkout it opened for a PaySplit payment (the first one, if asked twice). */
export async function rememberShopCheckout(db: Queryable, paymentId: string, checkoutId: string): Promise<void> {
  await db.query(`insert into merchant_demo.shop_checkout (payment_id, checkout_id) values ($1, $2) on conflict (payment_id) do nothing`, [
    paymentId,
    checkoutId,
  ]);
}

/** The checkout the shop opened for a PaySplit payment, if it opened one. */
export async function findShopCheckout(db: Queryable, paymentId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ checkout_id: string }>(`select checkout_id from merchant_demo.shop_checkout where payment_id = $1`, [
    paymentId,
  ]);
  return rows[0]?.checkout_id;
}
