import type { CaptureMethod, SessionStatus, SplitMode } from '@paysplit/domain';
import type { KeyMode } from '../../security/tokens.js';
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

/** A session and its participants as plain values: what a merchant's read shows, with no entity behind it. */
export interface SessionRecord {
  id: string;
  integrationId: string;
  status: SessionStatus;
  mode: KeyMode;
  captureMethod: CaptureMethod;
  currency: string;
  amountMinor: bigint;
  paidMinor: bigint;
  refundedMinor: bigint;
  /** The part of refundedMinor that gave back duplicate payments. */
  duplicateRefundedMinor: bigint;
  /**
   * The merchant reads duplicates apart from the booking's refunds (its integration has a
   * partnerCancelUrl): only the merchant's own read says so; every other read is false.
   */
  listsDuplicatesApart: boolean;
  splitMode: SplitMode | null;
  orderReference: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
  version: number;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  /** Test mode: the session's frozen clock once advanced; null runs on real time. */
  testClockAt: Date | null;
  /** In display order (by position). */
  participants: ParticipantRecord[];
  /** An open group's terms and state; null for a closed session. */
  openGroup: OpenGroupFields | null;
}

export interface ParticipantRecord extends ClaimFields {
  id: string;
  position: number;
  displayName: string;
  email: string | null;
  isHost: boolean;
  amountMinor: bigint;
  status: ParticipantStatus;
}

/** A row of SESSION_RECORD_COLUMNS. */
export interface SessionRow extends OpenGroupRow {
  id: string;
  integration_id: string;
  status: SessionStatus;
  mode: KeyMode;
  capture_method: CaptureMethod;
  currency: string;
  amount_minor: string;
  paid_minor: string;
  refunded_minor: string;
  duplicate_refunded_minor: string;
  /** Only in the merchant's read (MERCHANT_SESSION_STATEMENT). */
  lists_duplicates_apart?: boolean;
  split_mode: SplitMode | null;
  order_reference: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
  version: number;
  completed_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  expires_at: string | Date;
  test_clock_at: string | Date | null;
  participants: ({
    id: string;
    position: number;
    display_name: string;
    email: string | null;
    is_host: boolean;
    amount_minor: string;
    status: ParticipantStatus;
  } & OpenGroupParticipantJson)[];
}

/**
 * The columns of a SessionRecord, of `session s`. Participants ride along as JSON (amounts as text:
 * JSON numbers would lose bigint precision), so a read is one round trip and one planned statement.
 */
export const SESSION_RECORD_COLUMNS = `s.id, s.integration_id, s.status, s.mode, s.capture_method, s.currency, s.amount_minor, s.paid_minor,
                s.refunded_minor, s.duplicate_refunded_minor, s.split_mode, s.order_reference, s.description, s.metadata, s.version,
                s.completed_at, s.created_at, s.updated_at, s.expires_at, s.test_clock_at, ${OPEN_GROUP_SESSION_COLUMNS},
                coalesce((select json_agg(json_build_object('id', p.id, 'position', p.position, 'display_name', p.display_name,
                                                            'email', p.email, 'is_host', p.is_host, 'amount_minor', p.amount_minor::text,
                                                            'status', p.status, ${OPEN_GROUP_PARTICIPANT_JSON}) order by p.position)
                            from participant p where p.session_id = s.id), '[]') as participants`;

export function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    integrationId: row.integration_id,
    status: row.status,
    mode: row.mode,
    captureMethod: row.capture_method,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    paidMinor: BigInt(row.paid_minor),
    refundedMinor: BigInt(row.refunded_minor),
    duplicateRefundedMinor: BigInt(row.duplicate_refunded_minor),
    listsDuplicatesApart: row.lists_duplicates_apart ?? false,
    splitMode: row.split_mode,
    orderReference: row.order_reference,
    description: row.description,
    metadata: row.metadata,
    version: row.version,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    expiresAt: new Date(row.expires_at),
    testClockAt: row.test_clock_at === null ? null : new Date(row.test_clock_at),
    participants: row.participants.map((participant) => ({
      id: participant.id,
      position: participant.position,
      displayName: participant.display_name,
      email: participant.email,
      isHost: participant.is_host,
      amountMinor: BigInt(participant.amount_minor),
      status: participant.status,
      ...claimOfJson(participant),
    })),
    openGroup: openGroupOfRow(row),
  };
}
