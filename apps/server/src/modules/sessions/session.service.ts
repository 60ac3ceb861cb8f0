import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type PreparedStatement, runPrepared } from '../../db/prepared-statement.js';
import { LockMode } from '@mikro-orm/core';
import {
  allocateSplit,
  AppError,
  configure,
  ErrorCode,
  isUuid,
  requireCurrency,
  type SessionStatus,
  type SplitMode,
} from '@paysplit/domain';
import type { SessionAccess, Viewer } from '../access/session-access.js';
import type { FeedCache } from '../live/feed-cache.js';
import { announceSessionChange } from '../live/session-changes.js';
import { endSession } from './session-ending.js';
import { LIVE_PAYMENT_STATUSES, Payment } from '../payments/payment.entity.js';
import type { SecretBox } from '../../security/secret-box.js';
import { generateAccessToken, hashSecret, type KeyMode } from '../../security/tokens.js';
import { Integration } from '../integrations/integration.entity.js';
import type { MerchantPrincipal } from '../integrations/api-key-authentication.service.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { Participant } from './participant.entity.js';
import {
  assertStorableText,
  checkParticipantFields,
  type CreateSessionCommand,
  describeDetails,
  type ParticipantCommand,
  planSession,
  type SessionPlan,
  toSplitPart,
} from './session-plan.js';
import { Session } from './session.entity.js';

/** What a creation returns; plain data so an idempotent replay can return it byte for byte. */
export interface CreatedSession {
  sessionId: string;
  hostToken: string;
  participantIds: string[];
  mode: KeyMode;
  status: SessionStatus;
  message: string;
  sessionUrl: string;
  expiresAt: string;
  amountMinor: string;
  currency: string;
}

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const IDEMPOTENCY_WINDOW_HOURS = 24;
// How long a repeat waits for the first request with its key before answering "in progress".
const IDEMPOTENCY_WAIT = '3s';
const LOCK_NOT_AVAILABLE = '55P03';

export interface SessionServiceOptions {
  publicBaseUrl: string;
  secretBox: SecretBox;
  access: SessionAccess;
  now?: () => Date;
  /** Public progress by session; the server keeps it true with the change feed. */
  statusCache?: FeedCache<SessionProgress>;
}

/** What the public status poll reports (decisions §7). */
export interface SessionProgress {
  sessionId: string;
  status: SessionStatus;
  currency: string;
  amountMinor: bigint;
  paidMinor: bigint;
  expiresAt: Date;
  updatedAt: Date;
  participantCount: number;
  paidCount: number;
}

interface StatusRow {
  id: string;
  status: SessionStatus;
  currency: string;
  amount_minor: string;
  paid_minor: string;
  expires_at: string | Date;
  updated_at: string | Date;
  participant_count: string;
  paid_count: string;
}

/** The host's new participant list (host first) and split (decisions §2). */
export interface ConfigureSessionCommand {
  sessionId: string;
  splitMode: SplitMode;
  participants: readonly (ParticipantCommand & { participantId?: string | null })[];
}

export const SESSION_STATUS_STATEMENT: PreparedStatement = {
  name: 'session_status',
  text: `select s.id, s.status, s.currency, s.amount_minor, s.paid_minor, s.expires_at, s.updated_at,
                (select count(*) from participant p where p.session_id = s.id) as participant_count,
                (select count(*) from participant p where p.session_id = s.id and p.status = 'paid') as paid_count
           from session s where s.id = $1`,
};

/** The row a participant-less session starts as (the defaults of the Session entity). */
const INSERT_SESSION_STATEMENT: PreparedStatement = {
  name: 'insert_session',
  text: `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, split_mode, host_token_hash,
                               order_reference, metadata, success_url, cancel_url, expires_at, version, created_at, updated_at, description)
         values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12, $13, 1, $14, $14, $15)`,
};

export class SessionService {
  private readonly now: () => Date;

  constructor(private readonly options: SessionServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async createSession(
    em: EntityManager,
    principal: MerchantPrincipal,
    command: CreateSessionCommand,
    idempotencyKey?: string | null,
  ): Promise<CreatedSession> {
    const integration = this.authorizeCreation(principal, command.integrationId);
    const plan = planSession(command, integration.redirectAllowlist);
    if (idempotencyKey == null) {
      // A session without participants yet is one row: one INSERT is atomic by itself, so it skips
      // the BEGIN/COMMIT round trips. With participants, session and shares commit together.
      return plan.participants.length === 0
        ? this.persist(em, principal.integrationId, principal.mode, plan, { singleRow: true })
        : em.transactional((tx) => this.persist(tx, principal.integrationId, principal.mode, plan));
    }
    if (idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new AppError(ErrorCode.ValidationError, `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`, [
        { path: 'Idempotency-Key', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` },
      ]);
    }
    return this.createIdempotently(em, principal.integrationId, principal.mode, plan, idempotencyKey, fingerprint(command));
  }

  async findForMerchant(em: EntityManager, principal: MerchantPrincipal, sessionId: string): Promise<Session> {
    const session = isUuid(sessionId)
      ? await em.findOne(Session, { id: sessionId, integration: principal.integrationId }, { populate: ['participants'] })
      : null;
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return session;
  }

  /**
   * The host sets who is in and how the total splits. Paid shares are locked: they stay, with
   * their amounts; the mode divides the rest among the unpaid. Live payment attempts of
   * participants whose share changed or who were removed are abandoned (an authorization that
   * arrives for them later is kept and flagged for refund).
   */
  async configureSession(em: EntityManager, command: ConfigureSessionCommand): Promise<Session> {
    assertStorableText(command);
    return em.transactional(async (tx) => {
      const session = await tx.findOne(Session, { id: command.sessionId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${command.sessionId} not found`);
      const status = configure(session.status, session.paidMinor);
      if (session.expiresAt.getTime() <= this.now().getTime()) throw new AppError(ErrorCode.InvalidState, 'This session has expired');
      const existing = await tx.find(
        Participant,
        { session: session.id },
        { orderBy: { position: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const byId = new Map(existing.map((participant) => [participant.id, participant]));
      const host = existing.find((participant) => participant.isHost);

      const details = checkParticipantFields(command.participants);
      const kept = command.participants.map((input, index) => {
        // The first entry is always the host; others name an existing participant or are new.
        if (index === 0) return host;
        if (input.participantId == null) return undefined;
        const match = byId.get(input.participantId);
        if (!match || match.isHost)
          details.push({ path: `participants[${index}].participantId`, message: 'is not a participant of this session' });
        return match && !match.isHost ? match : undefined;
      });
      const keptIds = new Set(kept.filter((participant) => participant !== undefined).map((participant) => participant.id));
      if (keptIds.size !== kept.filter((participant) => participant !== undefined).length) {
        details.push({ path: 'participants', message: 'a participant is listed twice' });
      }
      for (const participant of existing) {
        if (participant.status === 'paid' && !keptIds.has(participant.id)) {
          details.push({ path: 'participants', message: `${participant.displayName} has paid and cannot be removed` });
        }
      }
      if (details.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);

      const currency = requireCurrency(session.currency);
      const amounts = allocateSplit(
        session.amountMinor,
        command.splitMode,
        command.participants.map((input, index) => {
          const participant = kept[index];
          return participant?.status === 'paid' ? { lockedAmountMinor: participant.amountMinor } : toSplitPart(input, index);
        }),
        currency,
      );

      const removed = existing.filter((participant) => !keptIds.has(participant.id));
      const changed = kept.filter((participant, index) => participant && participant.amountMinor !== amounts[index]);
      const stale = [...removed, ...changed].map((participant) => participant!.id);
      if (stale.length > 0) {
        await tx.nativeUpdate(
          Payment,
          { participant: { $in: stale }, status: { $in: [...LIVE_PAYMENT_STATUSES] } },
          { status: 'abandoned' },
        );
      }
      // Positions are unique per session: park the rows that stay at free negative positions and
      // remove the others first, so renumbering never collides (all through the unit of work, so
      // its snapshots stay true).
      existing.forEach((participant, index) => {
        if (keptIds.has(participant.id)) participant.position = -1 - index;
      });
      for (const participant of removed) tx.remove(participant);
      await tx.flush();

      const now = this.now();
      command.participants.forEach((input, index) => {
        const fields = {
          position: index,
          displayName: input.displayName.trim(),
          email: input.email?.trim() || null,
          amountMinor: amounts[index]!,
          updatedAt: now,
        };
        const participant = kept[index];
        if (participant) {
          tx.assign(participant, fields);
        } else {
          const created = tx.create(Participant, { session, isHost: index === 0, createdAt: now, ...fields });
          if (index > 0) created.tokenHash = this.options.access.participantTokenHash(created.id);
        }
      });
      session.splitMode = command.splitMode;
      session.status = status;
      session.version += 1;
      await tx.flush();
      await announceSessionChange(tx, session.id);
      await tx.populate(session, ['participants'], { refresh: true });
      return session;
    });
  }

  /** The merchant cancels (decisions §2); cancelling a cancelled session returns it unchanged. */
  async cancelForMerchant(em: EntityManager, principal: MerchantPrincipal, sessionId: string): Promise<Session> {
    if (!isUuid(sessionId)) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    await this.cancel(em, { id: sessionId, integration: principal.integrationId }, 'merchant');
    return this.findForMerchant(em.fork(), principal, sessionId);
  }

  /** The host cancels, only while nothing is paid (decisions §2). */
  async cancelForHost(em: EntityManager, viewer: Viewer): Promise<Session> {
    if (viewer.role !== 'host') throw new AppError(ErrorCode.Forbidden, 'Only the host can cancel this session');
    await this.cancel(em, { id: viewer.sessionId }, 'host');
    return this.findForViewer(em.fork(), viewer);
  }

  private async cancel(em: EntityManager, where: { id: string; integration?: string }, by: 'merchant' | 'host'): Promise<void> {
    await em.transactional(async (tx) => {
      const session = await tx.findOne(Session, where, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['integration'] });
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${where.id} not found`);
      await endSession(tx, session, { to: 'cancelled', by }, this.now());
    });
  }

  /**
   * Expires due sessions, a batch at a time. Rows are claimed with SKIP LOCKED, so workers on
   * several instances share the work and each session expires exactly once.
   */
  async expireDueSessions(em: EntityManager, limit = 50): Promise<string[]> {
    return em.transactional(async (tx) => {
      const now = this.now();
      const due = await tx.execute<{ id: string }[]>(
        `select id from session where status in ('unconfigured', 'open', 'partially_paid') and expires_at <= ?
          order by expires_at limit ? for update skip locked`,
        [now, limit],
      );
      if (due.length === 0) return [];
      const sessions = await tx.find(Session, { id: { $in: due.map((row) => row.id) } }, { populate: ['integration'] });
      for (const session of sessions) await endSession(tx, session, { to: 'expired' }, now);
      return sessions.map((session) => session.id);
    });
  }

  /** The public status of decisions §7: no names, no emails, no tokens. */
  async findStatus(em: EntityManager, sessionId: string): Promise<SessionProgress> {
    if (!isUuid(sessionId)) {
      throw new AppError(ErrorCode.ValidationError, 'sessionId must be a UUID', [{ path: 'sessionId', message: 'must be a UUID' }]);
    }
    // The hottest read (pay pages poll it): from the cache while the session is unchanged, else
    // one prepared statement without entity hydration.
    const load = async (): Promise<SessionProgress | undefined> => {
      const [row] = await runPrepared<StatusRow>(em, SESSION_STATUS_STATEMENT, [sessionId]);
      return row && toProgress(row);
    };
    const cache = this.options.statusCache;
    const progress = cache
      ? await cache.get(sessionId.toLowerCase(), async () => {
          const loaded = await load();
          return loaded && { value: loaded, group: loaded.sessionId };
        })
      : await load();
    if (!progress) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return progress;
  }

  /** The session as a payer or host sees it in the pay app. */
  async findForViewer(em: EntityManager, viewer: Viewer): Promise<Session> {
    // The integration too: the pay pages lead with the merchant's brand.
    const session = await em.findOne(Session, { id: viewer.sessionId }, { populate: ['participants', 'integration'] });
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${viewer.sessionId} not found`);
    return session;
  }

  inviteUrl(sessionId: string, participantId: string): string {
    return `${this.options.publicBaseUrl}/pay/${sessionId}?token=${this.options.access.participantToken(participantId)}`;
  }

  sessionUrl(sessionId: string, hostToken: string): string {
    return `${this.options.publicBaseUrl}/pay/${sessionId}?host=1&hostToken=${encodeURIComponent(hostToken)}`;
  }

  /** Key checks come before body checks beyond the id: a stranger learns nothing from our validation. */
  private authorizeCreation(principal: MerchantPrincipal, integrationId: string): MerchantPrincipal['integration'] {
    if (typeof integrationId !== 'string' || !isUuid(integrationId)) {
      throw new AppError(ErrorCode.ValidationError, 'integrationId must be the UUID of your integration', [
        { path: 'integrationId', message: 'must be a UUID' },
      ]);
    }
    if (integrationId.toLowerCase() !== principal.integrationId) {
      throw new AppError(ErrorCode.IntegrationMismatch, 'The API key belongs to another integration than integrationId');
    }
    const integration = principal.integration;
    if (!integration.enabled) throw new AppError(ErrorCode.IntegrationDisabled, 'This integration is disabled');
    if (principal.mode === 'live' && !integration.payoutOnboarded) {
      throw new AppError(ErrorCode.PayoutOnboardingRequired, 'Live mode requires completed payout onboarding for this integration');
    }
    return integration;
  }

  private async createIdempotently(
    em: EntityManager,
    integrationId: string,
    mode: KeyMode,
    plan: SessionPlan,
    key: string,
    requestHash: string,
  ): Promise<CreatedSession> {
    // Two rounds at most: the second follows the removal of an expired record holding the key.
    for (let round = 0; round < 2; round += 1) {
      let claimed = false;
      try {
        const created = await em.transactional(async (tx) => {
          await tx.execute(`set local lock_timeout = '${IDEMPOTENCY_WAIT}'`);
          // Concurrent requests with one key queue on this unique row until the first commits.
          const inserted = await tx.execute<{ id: string }[]>(
            `insert into idempotency_record (id, integration_id, key, request_hash, created_at, expires_at)
             values (gen_random_uuid(), ?, ?, ?, now(), now() + interval '${IDEMPOTENCY_WINDOW_HOURS} hours')
             on conflict (integration_id, key) do nothing returning id`,
            [integrationId, key, requestHash],
          );
          const recordId = inserted[0]?.id;
          if (!recordId) return undefined;
          claimed = true;
          const result = await this.persist(tx, integrationId, mode, plan);
          await tx.nativeUpdate(
            IdempotencyRecord,
            { id: recordId },
            { responseSealed: this.options.secretBox.seal(JSON.stringify(result)) },
          );
          return result;
        });
        if (created) return created;
      } catch (error) {
        if (!claimed && (error as { code?: string }).code === LOCK_NOT_AVAILABLE) {
          throw new AppError(
            ErrorCode.IdempotencyInProgress,
            'A request with this Idempotency-Key is still being processed; retry shortly',
          );
        }
        throw error;
      }
      const existing = await em.fork().findOne(IdempotencyRecord, { integration: integrationId, key });
      if (!existing) continue;
      if (existing.expiresAt.getTime() <= this.now().getTime()) {
        await em.fork().nativeDelete(IdempotencyRecord, { id: existing.id, expiresAt: { $lte: this.now() } });
        continue;
      }
      if (existing.requestHash !== requestHash) {
        throw new AppError(ErrorCode.IdempotencyKeyReused, 'This Idempotency-Key was already used with a different request body');
      }
      if (!existing.responseSealed) {
        throw new AppError(ErrorCode.IdempotencyInProgress, 'A request with this Idempotency-Key is still being processed; retry shortly');
      }
      return JSON.parse(this.options.secretBox.open(existing.responseSealed)) as CreatedSession;
    }
    throw new AppError(ErrorCode.IdempotencyInProgress, 'A request with this Idempotency-Key is still being processed; retry shortly');
  }

  private async persist(
    em: EntityManager,
    integrationId: string,
    mode: KeyMode,
    plan: SessionPlan,
    options: { singleRow?: boolean } = {},
  ): Promise<CreatedSession> {
    const hostToken = generateAccessToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + plan.expiresInSeconds * 1000);
    let sessionId: string;
    let participantIds: string[] = [];
    if (options.singleRow) {
      // The most frequent write: one prepared INSERT, no unit of work around a single row.
      sessionId = randomUUID();
      await runPrepared(em, INSERT_SESSION_STATEMENT, [
        sessionId,
        integrationId,
        mode,
        plan.status,
        plan.currency,
        plan.amountMinor.toString(),
        plan.splitMode,
        hashSecret(hostToken),
        plan.orderReference,
        JSON.stringify(plan.metadata),
        plan.successUrl,
        plan.cancelUrl,
        expiresAt,
        now,
        plan.description,
      ]);
    } else {
      const session = em.create(Session, {
        integration: em.getReference(Integration, integrationId),
        mode,
        status: plan.status,
        currency: plan.currency,
        amountMinor: plan.amountMinor,
        splitMode: plan.splitMode,
        hostTokenHash: hashSecret(hostToken),
        orderReference: plan.orderReference,
        description: plan.description,
        metadata: plan.metadata,
        successUrl: plan.successUrl,
        cancelUrl: plan.cancelUrl,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const participants = plan.participants.map((participant, position) =>
        em.create(Participant, { session, position, ...participant, createdAt: now, updatedAt: now }),
      );
      for (const participant of participants) {
        if (!participant.isHost) participant.tokenHash = this.options.access.participantTokenHash(participant.id);
      }
      await em.flush();
      sessionId = session.id;
      participantIds = participants.map((participant) => participant.id);
    }
    return {
      sessionId,
      hostToken,
      participantIds,
      mode,
      status: plan.status,
      message: creationMessage(plan.status, participantIds.length),
      sessionUrl: this.sessionUrl(sessionId, hostToken),
      expiresAt: expiresAt.toISOString(),
      amountMinor: plan.amountMinor.toString(),
      currency: plan.currency,
    };
  }
}

function toProgress(row: StatusRow): SessionProgress {
  return {
    sessionId: row.id,
    status: row.status,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    paidMinor: BigInt(row.paid_minor),
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    participantCount: Number(row.participant_count),
    paidCount: Number(row.paid_count),
  };
}

function creationMessage(status: SessionStatus, participantCount: number): string {
  return status === 'unconfigured'
    ? 'Session created. The host must configure the participants and the split before inviting participants.'
    : `Session created with ${participantCount} participant${participantCount === 1 ? '' : 's'}; the host can share the invite links now.`;
}

/** Same request, same fingerprint: keys sorted so field order in the JSON does not matter. */
function fingerprint(command: CreateSessionCommand): string {
  return createHash('sha256').update(canonicalJson(command)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined && entry !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
