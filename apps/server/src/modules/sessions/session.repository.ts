import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CaptureMethod, OpenGroupTerms, ParticipantChangePlan, SessionStatus, SplitMode } from '@paysplit/domain';
import { type PreparedStatement, runPrepared } from '../../db/prepared-statement.js';
import type { KeyMode } from '../../security/tokens.js';
import { Participant } from './participant.entity.js';
import { Session } from './session.entity.js';

/** What the public status poll reports (decisions §7). */
export interface SessionProgress {
  sessionId: string;
  status: SessionStatus;
  currency: string;
  amountMinor: bigint;
  paidMinor: bigint;
  refundedMinor: bigint;
  expiresAt: Date;
  updatedAt: Date;
  participantCount: number;
  paidCount: number;
}

/** Every column a new session is written with. */
export interface NewSession {
  id: string;
  integrationId: string;
  mode: KeyMode;
  status: SessionStatus;
  currency: string;
  amountMinor: bigint;
  splitMode: SplitMode | null;
  hostTokenHash: string;
  orderReference: string | null;
  metadata: Record<string, unknown>;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: Date;
  createdAt: Date;
  description: string | null;
  captureMethod: CaptureMethod;
  locale: string | null;
  /** An open group's terms, organiser and join code's hash; null for a closed session. */
  openGroup: { terms: OpenGroupTerms; organiserName: string | null; organiserEmail: string | null; joinCodeHash: string } | null;
}

export interface NewParticipant {
  id: string;
  displayName: string;
  email: string | null;
  amountMinor: bigint;
  isHost: boolean;
  tokenHash: string | null;
}

/** The host's names and emails for each entry of a participant change, in the new order. */
export interface ParticipantChangeWrite {
  session: Session;
  current: readonly Participant[];
  plan: ParticipantChangePlan;
  people: readonly { displayName: string; email: string | null }[];
  splitMode: SplitMode;
  status: SessionStatus;
  now: Date;
  inviteTokenHash(participantId: string): string;
}

interface StatusRow {
  id: string;
  status: SessionStatus;
  currency: string;
  amount_minor: string;
  paid_minor: string;
  refunded_minor: string;
  expires_at: string | Date;
  updated_at: string | Date;
  participant_count: string;
  paid_count: string;
}

export const SESSION_STATUS_STATEMENT: PreparedStatement = {
  name: 'session_status',
  text: `select s.id, s.status, s.currency, s.amount_minor, s.paid_minor, s.refunded_minor, s.expires_at, s.updated_at,
                (select count(*) from participant p where p.session_id = s.id and p.status not in ('left', 'lapsed')) as participant_count,
                (select count(*) from participant p where p.session_id = s.id and p.status = 'paid') as paid_count
           from session s where s.id = $1`,
};

/** The one way a session row is written (the columns the Session entity leaves to defaults are set here). */
const INSERT_SESSION_STATEMENT: PreparedStatement = {
  name: 'insert_session',
  text: `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, split_mode, host_token_hash, order_reference,
                               metadata, success_url, cancel_url, expires_at, version, created_at, updated_at, description, capture_method, locale,
                               open_group_pricing, open_group_min_places, open_group_max_places, open_group_max_places_per_payer,
                               price_per_place_minor, organiser_name, organiser_email, join_code_hash)
         values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12, $13, 1, $14, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
};

/** The statuses in which a session expires when its deadline passes (a capturing one waits for its captures). */
export const EXPIRING_STATUSES: readonly SessionStatus[] = ['unconfigured', 'open', 'partially_paid'];

/** Every query and write of the session, participant and idempotency_record tables. */
export class SessionRepository {
  /** One prepared statement, no hydration: the status poll is the hottest read. */
  async findProgress(em: EntityManager, sessionId: string): Promise<SessionProgress | undefined> {
    const [row] = await runPrepared<StatusRow>(em, SESSION_STATUS_STATEMENT, [sessionId]);
    return row && toProgress(row);
  }

  /**
   * Writes a session and its participants. Without participants it is one prepared INSERT (atomic
   * by itself, so callers may skip the transaction); with them, call it inside one. The session row
   * bypasses the unit of work: `em` knows it only as an unloaded reference afterwards, so read it
   * back through a fresh fork, never through `em`.
   */
  async insertSession(em: EntityManager, session: NewSession, participants: readonly NewParticipant[]): Promise<void> {
    await runPrepared(
      em,
      INSERT_SESSION_STATEMENT,
      [
        session.id,
        session.integrationId,
        session.mode,
        session.status,
        session.currency,
        session.amountMinor.toString(),
        session.splitMode,
        session.hostTokenHash,
        session.orderReference,
        JSON.stringify(session.metadata),
        session.successUrl,
        session.cancelUrl,
        session.expiresAt,
        session.createdAt,
        session.description,
        session.captureMethod,
        session.locale,
        ...openGroupColumns(session.openGroup),
      ],
      { joinTransaction: true },
    );
    if (participants.length === 0) return;
    const owner = em.getReference(Session, session.id);
    participants.forEach((participant, position) => addParticipant(em, owner, participant, position, session.createdAt));
    await em.flush();
  }

  findForMerchant(em: EntityManager, sessionId: string, integrationId: string): Promise<Session | null> {
    return em.findOne(Session, { id: sessionId, integration: integrationId }, { populate: ['participants', 'integration'] });
  }

  /** With the integration: the pay pages lead with the merchant's brand. */
  findForViewer(em: EntityManager, sessionId: string): Promise<Session | null> {
    return em.findOne(Session, { id: sessionId }, { populate: ['participants', 'integration'] });
  }

  /** Row lock on the session: every change of a session or its money starts here (lock order: session, participant, payment). */
  lockSession(em: EntityManager, where: { id: string; integration?: string }): Promise<Session | null> {
    return em.findOne(Session, where, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** lockSession, with the integration its events and partner calls need. */
  lockSessionWithIntegration(em: EntityManager, where: { id: string; integration?: string }): Promise<Session | null> {
    return em.findOne(Session, where, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['integration'] });
  }

  lockParticipantsOfSession(em: EntityManager, sessionId: string): Promise<Participant[]> {
    return em.find(Participant, { session: sessionId }, { orderBy: { position: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  lockParticipant(em: EntityManager, participantId: string, sessionId: string): Promise<Participant | null> {
    return em.findOne(Participant, { id: participantId, session: sessionId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  lockUnpaidParticipants(em: EntityManager, sessionId: string): Promise<Participant[]> {
    return em.find(
      Participant,
      { session: sessionId, status: 'pending' },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { position: 'asc' } },
    );
  }

  lockParticipants(em: EntityManager, participantIds: readonly string[]): Promise<Participant[]> {
    if (participantIds.length === 0) return Promise.resolve([]);
    return em.find(Participant, { id: { $in: [...participantIds] } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /**
   * Claims up to `limit` sessions past their deadline, each by its own clock: real time `now`, or
   * its test clock (two statements, so each reads its own partial index up to the deadlines due
   * instead of every running session); SKIP LOCKED, so instances share the work and claim each
   * session once.
   */
  async claimDueSessions(em: EntityManager, now: Date, limit: number): Promise<Session[]> {
    const statuses = EXPIRING_STATUSES.map(() => '?').join(', ');
    const byRealTime = await em.execute<{ id: string }[]>(
      `select id from session where status in (${statuses}) and expires_at <= ? and test_clock_at is null
        order by expires_at limit ? for update skip locked`,
      [...EXPIRING_STATUSES, now, limit],
    );
    const byTestClock = await em.execute<{ id: string }[]>(
      `select id from session where status in (${statuses}) and test_clock_at is not null and expires_at <= test_clock_at
        order by expires_at limit ? for update skip locked`,
      [...EXPIRING_STATUSES, Math.max(0, limit - byRealTime.length)],
    );
    const due = [...byRealTime, ...byTestClock];
    if (due.length === 0) return [];
    return em.find(Session, { id: { $in: due.map((row) => row.id) } }, { populate: ['integration'] });
  }

  /**
   * Applies a planned participant change to locked rows. Positions are unique per session: rows that stay are parked at
   * free negative positions and the others removed first, so renumbering never collides (all through the unit of work, so
   * its snapshots stay true).
   */
  async applyParticipantChange(em: EntityManager, write: ParticipantChangeWrite): Promise<Session> {
    const { session, plan, now } = write;
    const kept = new Set(plan.keptIds);
    const byId = new Map(write.current.map((participant) => [participant.id, participant]));
    write.current.forEach((participant, index) => {
      if (kept.has(participant.id)) participant.position = -1 - index;
      else em.remove(participant);
    });
    await em.flush();
    plan.entries.forEach((entry, index) => {
      const person = write.people[index]!;
      const fields = {
        position: entry.position,
        displayName: person.displayName,
        email: person.email,
        amountMinor: entry.amountMinor,
        updatedAt: now,
      };
      const existing = entry.keptId ? byId.get(entry.keptId) : undefined;
      if (existing) {
        em.assign(existing, fields);
      } else {
        const id = randomUUID();
        const tokenHash = entry.isHost ? null : write.inviteTokenHash(id);
        const { displayName, email, amountMinor } = fields;
        addParticipant(em, session, { id, isHost: entry.isHost, tokenHash, displayName, email, amountMinor }, entry.position, now);
      }
    });
    session.splitMode = write.splitMode;
    session.status = write.status;
    session.version += 1;
    await em.flush();
    // Fresh from the database: the view shows exactly what was committed.
    await em.populate(session, ['participants'], { refresh: true });
    return session;
  }

  /** Writes the changes made to loaded sessions and participants of this unit of work. */
  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }

  async loadIntegration(em: EntityManager, session: Session): Promise<void> {
    await em.populate(session, ['integration']);
  }
}

/** The open-group columns of the INSERT, in its order: all null for a closed session. */
function openGroupColumns(group: NewSession['openGroup']): unknown[] {
  if (group === null) return [null, null, null, null, null, null, null, null];
  const { terms } = group;
  return [
    terms.pricing,
    terms.minPlaces,
    terms.maxPlaces,
    terms.maxPlacesPerPayer,
    terms.pricePerPlaceMinor?.toString() ?? null,
    group.organiserName,
    group.organiserEmail,
    group.joinCodeHash,
  ];
}

function toProgress(row: StatusRow): SessionProgress {
  return {
    sessionId: row.id,
    status: row.status,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    paidMinor: BigInt(row.paid_minor),
    refundedMinor: BigInt(row.refunded_minor),
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    participantCount: Number(row.participant_count),
    paidCount: Number(row.paid_count),
  };
}

/** The one way a participant row is made: at creation and when a host's change adds someone. */
function addParticipant(em: EntityManager, session: Session, participant: NewParticipant, position: number, at: Date): Participant {
  return em.create(Participant, { ...participant, session, position, createdAt: at, updatedAt: at });
}
