import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, type SessionStatus } from '@paysplit/domain';
import type { SecretBox } from '../../security/secret-box.js';
import { generateAccessToken, hashSecret, type KeyMode } from '../../security/tokens.js';
import { Integration } from '../integrations/integration.entity.js';
import { isUuid, type MerchantPrincipal } from '../integrations/integration.service.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { Participant } from './participant.entity.js';
import { type CreateSessionCommand, planSession, type SessionPlan } from './session-plan.js';
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
  now?: () => Date;
}

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
    const integration = await this.authorizeCreation(em, principal, command.integrationId);
    const plan = planSession(command, integration.redirectAllowlist);
    if (idempotencyKey == null) {
      return em.transactional((tx) => this.persist(tx, integration.id, principal.mode, plan));
    }
    if (idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new AppError(ErrorCode.ValidationError, `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`, [
        { path: 'Idempotency-Key', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` },
      ]);
    }
    return this.createIdempotently(em, integration.id, principal.mode, plan, idempotencyKey, fingerprint(command));
  }

  async findForMerchant(em: EntityManager, principal: MerchantPrincipal, sessionId: string): Promise<Session> {
    const session = isUuid(sessionId)
      ? await em.findOne(Session, { id: sessionId, integration: principal.integrationId }, { populate: ['participants'] })
      : null;
    if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return session;
  }

  sessionUrl(sessionId: string, hostToken: string): string {
    return `${this.options.publicBaseUrl}/pay/${sessionId}?host=1&hostToken=${encodeURIComponent(hostToken)}`;
  }

  /** Key checks come before body checks beyond the id: a stranger learns nothing from our validation. */
  private async authorizeCreation(em: EntityManager, principal: MerchantPrincipal, integrationId: string): Promise<Integration> {
    if (typeof integrationId !== 'string' || !isUuid(integrationId)) {
      throw new AppError(ErrorCode.ValidationError, 'integrationId must be the UUID of your integration', [
        { path: 'integrationId', message: 'must be a UUID' },
      ]);
    }
    if (integrationId.toLowerCase() !== principal.integrationId) {
      throw new AppError(ErrorCode.IntegrationMismatch, 'The API key belongs to another integration than integrationId');
    }
    const integration = await em.findOneOrFail(Integration, { id: principal.integrationId });
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

  private async persist(em: EntityManager, integrationId: string, mode: KeyMode, plan: SessionPlan): Promise<CreatedSession> {
    const hostToken = generateAccessToken();
    const now = this.now();
    const session = em.create(Session, {
      integration: em.getReference(Integration, integrationId),
      mode,
      status: plan.status,
      currency: plan.currency,
      amountMinor: plan.amountMinor,
      splitMode: plan.splitMode,
      hostTokenHash: hashSecret(hostToken),
      orderReference: plan.orderReference,
      metadata: plan.metadata,
      successUrl: plan.successUrl,
      cancelUrl: plan.cancelUrl,
      expiresAt: new Date(now.getTime() + plan.expiresInSeconds * 1000),
      createdAt: now,
      updatedAt: now,
    });
    const participants = plan.participants.map((participant, position) =>
      em.create(Participant, { session, position, ...participant, createdAt: now, updatedAt: now }),
    );
    await em.flush();
    return {
      sessionId: session.id,
      hostToken,
      participantIds: participants.map((participant) => participant.id),
      mode,
      status: session.status,
      message: creationMessage(session.status, participants.length),
      sessionUrl: this.sessionUrl(session.id, hostToken),
      expiresAt: session.expiresAt.toISOString(),
      amountMinor: session.amountMinor.toString(),
      currency: session.currency,
    };
  }
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
