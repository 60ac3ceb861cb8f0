import type { ExportKind } from './exports.js';

/**
 * How a column's values are written. In JSON lines a value is a string, a boolean or null; in CSV
 * null is an empty field and a boolean is `true` / `false`.
 *
 * - `id`: a UUID; `text`: as stored (the merchant's own references and reasons); `code`: one of a
 *   fixed set of lowercase words (statuses, reasons, modes)
 * - `minor`: an integer amount in the currency's minor units, as digits (`"12050"`)
 * - `major`: the same amount in major units as an exact decimal (`"120.50"`, `"500"` for JPY,
 *   `"1.250"` for KWD), never a float
 * - `instant`: UTC, ISO 8601 with milliseconds (`"2026-11-01T09:30:00.000Z"`)
 * - `boolean`; `fee`: always empty (null) for now: PaySplit does not know what the processor charged
 */
export type ExportValueType = 'id' | 'text' | 'code' | 'minor' | 'major' | 'instant' | 'boolean' | 'fee';

export interface ExportColumn {
  readonly name: string;
  readonly type: ExportValueType;
  /** Can the value be empty (null) on a row? Fee columns always are. */
  readonly nullable: boolean;
  readonly description: string;
}

const column = (name: string, type: ExportValueType, description: string, nullable = false): ExportColumn =>
  Object.freeze({ name, type, nullable: nullable || type === 'fee', description });

/** An amount as two columns, `<name>_minor` then `<name>`, and the fee pair after the row's amount. */
function money(name: string, what: string): ExportColumn[] {
  return [column(`${name}_minor`, 'minor', `${what}, in minor units`), column(name, 'major', `${what}, in major units`)];
}

const FEE = [
  column(
    'fee_minor',
    'fee',
    "The processor's fee in minor units: empty, PaySplit does not know it (kept so the columns stay when it does)",
  ),
  column('fee', 'fee', "The processor's fee in major units: empty, like fee_minor"),
];

const SESSION_ID = column('session_id', 'id', 'The session');
const ORDER_REFERENCE = column('order_reference', 'text', 'merchantOrderRef as sent at creation', true);
const MODE = column('mode', 'code', 'test or live: the mode of the key that created the session (an export holds one)');
const CURRENCY = column('currency', 'code', "ISO 4217 code, upper case (the session's)");
const PAYMENT_ID = column('payment_id', 'id', 'The payment (the paymentId of the partner create-payment call)');
const PARTICIPANT_ID = column('participant_id', 'id', 'Who paid: the participant (kept after the host removes them)');
const PAYMENT_PROCESSOR_REFERENCE = column(
  'processor_reference',
  'text',
  "The payment's processor reference, as recorded with it (record action authorize)",
  true,
);
const CREATED_AT = (what: string) => column('created_at', 'instant', `When ${what} was created`);
const SETTLED_AT = (what: string) => column('settled_at', 'instant', `When ${what} succeeded or failed; empty while pending`, true);
const CALL_STATUS = (what: string) => column('status', 'code', `pending, succeeded or failed: what became of the ${what}`);
const FAILURE_REASON = column(
  'failure_reason',
  'text',
  "With failed: why (the merchant's words, or that its endpoint never answered)",
  true,
);

/**
 * The columns of each export, in order: the contract of the CSV header and the JSON lines' keys
 * (docs/exports.md). Columns are only ever added at the end; none is renamed, moved or removed.
 */
export const EXPORT_COLUMNS: Readonly<Record<ExportKind, readonly ExportColumn[]>> = Object.freeze({
  sessions: Object.freeze([
    SESSION_ID,
    ORDER_REFERENCE,
    MODE,
    column('capture_method', 'code', 'automatic or manual (hold, then charge), fixed when the session was created'),
    column(
      'status',
      'code',
      'unconfigured, open, partially_paid, capturing, completed, expired or cancelled, when the export ran; a refund leaves it as it was',
    ),
    CURRENCY,
    ...money('amount', 'The total to split'),
    ...money('paid', 'What the shares paid so far (a hold counts while it is held)'),
    ...money('refunded', 'What succeeded refunds gave back'),
    ...FEE,
    CREATED_AT('the session'),
    column('completed_at', 'instant', 'When the session completed; empty unless completed', true),
    column('expires_at', 'instant', 'The deadline for paying'),
  ]),
  payments: Object.freeze([
    PAYMENT_ID,
    SESSION_ID,
    ORDER_REFERENCE,
    PARTICIPANT_ID,
    column('payer_role', 'code', 'host or participant'),
    PAYMENT_PROCESSOR_REFERENCE,
    MODE,
    column('capture_method', 'code', 'automatic (charged when authorized) or manual (held when authorized, then captured)'),
    column(
      'status',
      'code',
      'creating, redirected, authorized, failed, abandoned (a newer attempt replaced it); manual only: captured, capture_failed, released. Money was taken when automatic and authorized, or captured',
    ),
    column('refund_required', 'boolean', 'Money the session could not use (a share paid twice, a session ended): owed back'),
    column('duplicate_of', 'id', 'For a payment of shares another payment had already paid: that payment', true),
    CURRENCY,
    ...money('amount', 'The amount of the attempt'),
    ...money('refunded', 'What succeeded refunds of this payment gave back'),
    ...FEE,
    CREATED_AT('the attempt'),
    column('authorized_at', 'instant', 'When the merchant recorded it authorized (manual: held); empty otherwise', true),
    column('captured_at', 'instant', 'Manual only: when its capture succeeded', true),
    column('released_at', 'instant', 'Manual only: when its hold was released', true),
  ]),
  captures: Object.freeze([
    column('capture_id', 'id', 'The capture (the webhook-id of the partner.payment.capture calls)'),
    PAYMENT_ID,
    SESSION_ID,
    ORDER_REFERENCE,
    PARTICIPANT_ID,
    PAYMENT_PROCESSOR_REFERENCE,
    column('processor_capture_reference', 'text', 'What the merchant answered or settled the capture with', true),
    MODE,
    CALL_STATUS('capture'),
    FAILURE_REASON,
    CURRENCY,
    ...money('amount', 'The amount captured (the whole hold)'),
    ...FEE,
    CREATED_AT('the capture (every share held)'),
    SETTLED_AT('the capture'),
  ]),
  releases: Object.freeze([
    column('cancel_id', 'id', 'The cancel (the webhook-id of the partner.payment.cancel calls)'),
    PAYMENT_ID,
    SESSION_ID,
    ORDER_REFERENCE,
    PARTICIPANT_ID,
    PAYMENT_PROCESSOR_REFERENCE,
    column('processor_cancel_reference', 'text', 'What the merchant answered or settled the cancel with', true),
    MODE,
    column(
      'reason',
      'code',
      'replaced, share_changed, share_paid, duplicate, session_expired, session_cancelled, capture_failed or hold_lapsed',
    ),
    column('held', 'boolean', 'true: the payment was a hold (manual capture), and this releases it; false: a checkout that took no money'),
    CALL_STATUS('cancel'),
    FAILURE_REASON,
    CURRENCY,
    ...money('amount', 'The amount of the checkout or hold'),
    ...FEE,
    CREATED_AT('the cancel'),
    SETTLED_AT('the cancel'),
  ]),
  refunds: Object.freeze([
    column('refund_id', 'id', 'The refund (the webhook-id of the partner.refund.create calls)'),
    PAYMENT_ID,
    SESSION_ID,
    ORDER_REFERENCE,
    PARTICIPANT_ID,
    PAYMENT_PROCESSOR_REFERENCE,
    column('processor_refund_reference', 'text', "Your processor's refund id, as answered or settled", true),
    MODE,
    column('source', 'code', 'automatic (money the session could not use) or merchant (asked for over the API)'),
    column(
      'purpose',
      'code',
      'booking; duplicate: it gives back a payment of shares already paid; price_drop: what an open group’s payer paid above their final amount',
    ),
    column('reason', 'text', 'Why, as the merchant sent it', true),
    CALL_STATUS('refund'),
    FAILURE_REASON,
    CURRENCY,
    ...money('amount', 'The amount refunded'),
    ...FEE,
    CREATED_AT('the refund'),
    SETTLED_AT('the refund'),
  ]),
});

/** The column holding a major amount's minor units (`amount` -> `amount_minor`). */
export function minorColumnOf(majorColumn: string): string {
  return `${majorColumn}_minor`;
}
