import type { EntityManager } from '@mikro-orm/postgresql';
import type { CaptureMethod, SessionStatus, SplitMode } from '@paysplit/domain';
import { type PreparedStatement, runPrepared } from '../../db/prepared-statement.js';
import type { ParticipantStatus } from './participant.entity.js';
import {
  type ClaimFields,
  claimOfJson,
  OPEN_GROUP_PARTICIPANT_JSON,
  OPEN_GROUP_SESSION_COLUMNS,
  type OpenGroupParticipantJson,
  type OpenGroupRow,
  openGroupOfRow,
} from './open-groups/open-group-columns.js';
import type { OpenGroupFields } from './open-groups/open-group-state.js';

/**
 * What the host's roster shows per participant with an email, read with the pay page in one
 * statement (the emails module reads the same facts for its loaders and turns them into a status).
 */
export interface EmailFacts {
  participant_id: string;
  invited_at: Date | null;
  last_reminded_at: Date | null;
  last_manual_remind_at: Date | null;
  unsubscribed_at: Date | null;
}

/** A session as the pay app shows it, as plain values, with what deciding the viewer needs (hashes, never tokens). */
export interface PaySessionRecord {
  id: string;
  status: SessionStatus;
  captureMethod: CaptureMethod;
  currency: string;
  amountMinor: bigint;
  paidMinor: bigint;
  splitMode: SplitMode | null;
  description: string | null;
  /** The merchant's language for the session, or null. */
  locale: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  version: number;
  expiresAt: Date;
  updatedAt: Date;
  /** Test mode: the session's frozen clock once advanced (an open group counts its reservations by it). */
  testClockAt: Date | null;
  /** An open group's terms and state; null for a closed session. */
  openGroup: OpenGroupFields | null;
  merchant: { name: string; displayName: string | null; logoUrl: string | null; accentColor: string | null; timeZone: string };
  hostTokenHash: string;
  /** The participant whose stored token hash equals the one presented, if any (to verify in constant time). */
  tokenHolder: { id: string; tokenHash: string } | null;
  /** In display order (by position). */
  participants: PayParticipantRecord[];
}

export interface PayParticipantRecord extends ClaimFields {
  id: string;
  displayName: string;
  email: string | null;
  isHost: boolean;
  amountMinor: bigint;
  status: ParticipantStatus;
  coveredByPaymentId: string | null;
  /**
   * What was refunded to this payer (succeeded) and is asked for (pending), booking money and
   * duplicate payments apart; read with the session when it is there.
   */
  refundTotals?: RefundTotals;
  /** The host's roster: what was emailed to this participant (only for participants with an email). */
  emailFacts?: EmailFacts | null;
}

export interface RefundTotals {
  succeeded: bigint;
  pending: bigint;
  /** The same of this payer's duplicate payments (refund purpose `duplicate`), never counted above. */
  duplicateSucceeded: bigint;
  duplicatePending: bigint;
  /** The same of an open group's price drops (refund purpose `price_drop`), never counted above. */
  priceDropSucceeded: bigint;
  priceDropPending: bigint;
}

interface PaySessionRow extends OpenGroupRow {
  id: string;
  status: SessionStatus;
  capture_method: CaptureMethod;
  currency: string;
  amount_minor: string;
  paid_minor: string;
  split_mode: SplitMode | null;
  description: string | null;
  locale: string | null;
  success_url: string | null;
  cancel_url: string | null;
  version: number;
  expires_at: string | Date;
  updated_at: string | Date;
  test_clock_at: string | Date | null;
  merchant_name: string;
  merchant_display_name: string | null;
  merchant_logo_url: string | null;
  merchant_accent_color: string | null;
  merchant_time_zone: string;
  host_token_hash: string;
  token_holder_id: string | null;
  token_holder_hash: string | null;
  participants: ({
    id: string;
    display_name: string;
    email: string | null;
    is_host: boolean;
    amount_minor: string;
    status: ParticipantStatus;
    covered_by_payment_id: string | null;
    refunded_minor: string;
    refund_pending_minor: string;
    duplicate_refunded_minor: string;
    duplicate_refund_pending_minor: string;
    price_drop_refunded_minor: string;
    price_drop_refund_pending_minor: string;
    invited_at: string | null;
    last_reminded_at: string | null;
    last_manual_remind_at: string | null;
    unsubscribed_at: string | null;
  } & OpenGroupParticipantJson)[];
}

// The pay page's read and its viewer in one round trip: the session with its integration's brand,
// its participants as JSON (amounts as text, bigint-safe) and the participant holding the presented
// token's hash ($2), found through the unique token_hash index as the per-token lookup did.
export const PAY_SESSION_STATEMENT: PreparedStatement = {
  name: 'pay_session',
  text: `select s.id, s.status, s.capture_method, s.currency, s.amount_minor, s.paid_minor, s.split_mode, s.description, s.locale, s.success_url, s.cancel_url,
                s.version, s.expires_at, s.updated_at, s.test_clock_at, ${OPEN_GROUP_SESSION_COLUMNS}, i.name as merchant_name, i.display_name as merchant_display_name,
                i.logo_url as merchant_logo_url, i.accent_color as merchant_accent_color, i.time_zone as merchant_time_zone, s.host_token_hash,
                holder.id as token_holder_id, holder.token_hash as token_holder_hash,
                coalesce((select json_agg(json_build_object('id', p.id, 'display_name', p.display_name, 'email', p.email,
                                                            'is_host', p.is_host, 'amount_minor', p.amount_minor::text,
                                                            'status', p.status, 'covered_by_payment_id', p.covered_by_payment_id,
                                                            'refunded_minor', coalesce(r.succeeded, 0)::text,
                                                            'refund_pending_minor', coalesce(r.pending, 0)::text,
                                                            'duplicate_refunded_minor', coalesce(r.duplicate_succeeded, 0)::text,
                                                            'duplicate_refund_pending_minor', coalesce(r.duplicate_pending, 0)::text,
                                                            'price_drop_refunded_minor', coalesce(r.price_drop_succeeded, 0)::text,
                                                            'price_drop_refund_pending_minor', coalesce(r.price_drop_pending, 0)::text,
                                                            'invited_at', e.invited_at, 'last_reminded_at', e.last_reminded_at,
                                                            'last_manual_remind_at', e.last_manual_remind_at,
                                                            'unsubscribed_at', p.email_unsubscribed_at, ${OPEN_GROUP_PARTICIPANT_JSON})
                                          order by p.position)
                            from participant p
                            left join lateral (select sum(amount_minor) filter (where status = 'succeeded' and purpose = 'booking') as succeeded,
                                                      sum(amount_minor) filter (where status = 'pending' and purpose = 'booking') as pending,
                                                      sum(amount_minor) filter (where status = 'succeeded' and purpose = 'duplicate')
                                                        as duplicate_succeeded,
                                                      sum(amount_minor) filter (where status = 'pending' and purpose = 'duplicate')
                                                        as duplicate_pending,
                                                      sum(amount_minor) filter (where status = 'succeeded' and purpose = 'price_drop')
                                                        as price_drop_succeeded,
                                                      sum(amount_minor) filter (where status = 'pending' and purpose = 'price_drop')
                                                        as price_drop_pending
                                                 from refund where session_id = s.id and payer_id = p.id) r on true
                            left join lateral (select max(coalesce(m.sent_at, m.created_at))
                                                        filter (where m.kind = 'invitation' and m.status <> 'cancelled') as invited_at,
                                                      max(coalesce(m.sent_at, m.created_at))
                                                        filter (where m.kind = 'reminder' and m.status <> 'cancelled') as last_reminded_at,
                                                      max(m.created_at)
                                                        filter (where m.kind = 'reminder' and m.reason like 'remind:%') as last_manual_remind_at
                                                 from email_message m where m.participant_id = p.id and p.email is not null) e on true
                           where p.session_id = s.id), '[]') as participants
           from session s
           join integration i on i.id = s.integration_id
           left join participant holder on holder.session_id = s.id and holder.token_hash = $2
          where s.id = $1`,
};

/** The pay app's hot read (every pay page and reconnect): one statement, plain values, no unit of work. */
export class PaySessionRecordRepository {
  async findForToken(em: EntityManager, sessionId: string, tokenHash: string): Promise<PaySessionRecord | undefined> {
    const [row] = await runPrepared<PaySessionRow>(em, PAY_SESSION_STATEMENT, [sessionId, tokenHash]);
    return row && toPaySessionRecord(row);
  }
}

function toPaySessionRecord(row: PaySessionRow): PaySessionRecord {
  return {
    id: row.id,
    status: row.status,
    captureMethod: row.capture_method,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    paidMinor: BigInt(row.paid_minor),
    splitMode: row.split_mode,
    description: row.description,
    locale: row.locale,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    version: row.version,
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    testClockAt: row.test_clock_at === null ? null : new Date(row.test_clock_at),
    openGroup: openGroupOfRow(row),
    merchant: {
      name: row.merchant_name,
      displayName: row.merchant_display_name,
      logoUrl: row.merchant_logo_url,
      accentColor: row.merchant_accent_color,
      timeZone: row.merchant_time_zone,
    },
    hostTokenHash: row.host_token_hash,
    tokenHolder: row.token_holder_id && row.token_holder_hash ? { id: row.token_holder_id, tokenHash: row.token_holder_hash } : null,
    participants: row.participants.map((participant) => ({
      id: participant.id,
      displayName: participant.display_name,
      email: participant.email,
      isHost: participant.is_host,
      amountMinor: BigInt(participant.amount_minor),
      status: participant.status,
      coveredByPaymentId: participant.covered_by_payment_id,
      refundTotals: {
        succeeded: BigInt(participant.refunded_minor),
        pending: BigInt(participant.refund_pending_minor),
        duplicateSucceeded: BigInt(participant.duplicate_refunded_minor),
        duplicatePending: BigInt(participant.duplicate_refund_pending_minor),
        priceDropSucceeded: BigInt(participant.price_drop_refunded_minor),
        priceDropPending: BigInt(participant.price_drop_refund_pending_minor),
      },
      emailFacts: participant.email
        ? {
            participant_id: participant.id,
            invited_at: dateOrNull(participant.invited_at),
            last_reminded_at: dateOrNull(participant.last_reminded_at),
            last_manual_remind_at: dateOrNull(participant.last_manual_remind_at),
            unsubscribed_at: dateOrNull(participant.unsubscribed_at),
          }
        : null,
      ...claimOfJson(participant),
    })),
  };
}

/** JSON carries timestamps as text. */
function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}
