import type { Pool, PoolClient } from 'pg';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<Pool | PoolClient, 'query'>;

export type BookingStatus = 'awaiting_payment' | 'paid';

export interface Booking {
  id: string;
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
  createdAt: Date;
}

/** `expired`: the merchant expired it before it was paid (a checkout PaySplit said will not be used); it can no longer be paid. */
export type CheckoutStatus = 'open' | 'succeeded' | 'declined' | 'expired';
export type PayerRole = 'host' | 'participant';

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
  status text not null default 'awaiting_payment' check (status in ('awaiting_payment', 'paid')),
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
  status text not null default 'open' check (status in ('open', 'succeeded', 'declined', 'expired')),
  card_last4 text null,
  success_url text not null,
  cancel_url text not null,
  idempotency_key text null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table merchant_demo.checkout add column if not exists business_name text null;
alter table merchant_demo.checkout add column if not exists description text null;
-- Expired checkouts (partner.payment.cancel): a database made before them gets the status and its time.
alter table merchant_demo.checkout add column if not exists expired_at timestamptz null;
alter table merchant_demo.checkout drop constraint if exists checkout_status_check;
alter table merchant_demo.checkout add constraint checkout_status_check check (status in ('open', 'succeeded', 'declined', 'expired'));

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

const bookingColumns = `id, title, amount_minor::text as amount_minor, currency, order_ref, session_id, status,
  paid_at, paid_event_id, cancelled_at, created_at`;

interface BookingRow {
  id: string;
  title: string;
  amount_minor: string;
  currency: string;
  order_ref: string;
  session_id: string | null;
  status: BookingStatus;
  paid_at: Date | null;
  paid_event_id: string | null;
  cancelled_at: Date | null;
  created_at: Date;
}

function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    title: row.title,
    amountMinor: row.amount_minor,
    currency: row.currency,
    orderRef: row.order_ref,
    sessionId: row.session_id,
    status: row.status,
    paidAt: row.paid_at,
    paidEventId: row.paid_event_id,
    cancelledAt: row.cancelled_at,
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

const checkoutColumns = `id, payment_id, session_id, payer_role, amount_minor::text as amount_minor, currency, status,
  card_last4, expired_at, business_name, description, success_url, cancel_url, created_at, updated_at`;

interface CheckoutRow {
  id: string;
  payment_id: string;
  session_id: string;
  payer_role: PayerRole;
  amount_minor: string;
  currency: string;
  status: CheckoutStatus;
  card_last4: string | null;
  expired_at: Date | null;
  business_name: string | null;
  description: string | null;
  success_url: string;
  cancel_url: string;
  created_at: Date;
  updated_at: Date;
}

function toCheckout(row: CheckoutRow): Checkout {
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
    idempotencyKey: string | null;
  },
): Promise<Checkout> {
  const { rows } = await db.query<CheckoutRow>(
    `insert into merchant_demo.checkout
       (id, payment_id, session_id, payer_role, amount_minor, currency, success_url, cancel_url, idempotency_key,
        business_name, description)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
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
 * Settles a charge attempt. A succeeded or expired checkout is final: the update only applies while
 * the checkout is open or declined, so a double-submitted form cannot change a paid checkout and an
 * expired one cannot be paid, however the two race.
 */
export async function settleCheckout(
  db: Queryable,
  input: { checkoutId: string; status: 'succeeded' | 'declined'; cardLast4: string },
): Promise<Checkout | undefined> {
  const { rows } = await db.query<CheckoutRow>(
    `update merchant_demo.checkout set status = $2, card_last4 = $3, updated_at = now()
     where id = $1 and status in ('open', 'declined')
     returning ${checkoutColumns}`,
    [input.checkoutId, input.status, input.cardLast4],
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
