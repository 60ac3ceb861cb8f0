import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, assertDeadlineWithinHold, type CaptureMethod, ErrorCode, isUuid, type SessionStatus } from '@paysplit/domain';
import type { SessionAccess } from './access/session-access.js';
import type { SecretBox } from '../../security/secret-box.js';
import { generateAccessToken, hashSecret, type KeyMode } from '../../security/tokens.js';
import type { MerchantPrincipal } from '../integrations/index.js';
import { type CreateSessionCommand, planSession, type SessionPlan } from './session-plan.js';
import type { SessionRepository } from './session.repository.js';
import { checkIdempotencyKey, fingerprint, runIdempotently } from './idempotency.js';
import type { SessionLinks } from './session-links.js';
import { assertCanGiveMoneyBack, type CreatedOpenGroup, createdOpenGroup } from './open-groups/open-group-creation.js';

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
  /** Open groups only: the link to share, and the group as it starts (plain values: a replay returns it as stored). */
  joinUrl?: string;
  openGroup?: CreatedOpenGroup;
}

/** A checked request with what the integration adds to every session it makes. */
type PlannedSession = SessionPlan & { captureMethod: CaptureMethod };

export interface SessionCreationOptions {
  sessions: SessionRepository;
  links: SessionLinks;
  secretBox: SecretBox;
  access: SessionAccess;
  /** HOLD_MARGIN in seconds: what a manual session's deadline must leave of its holds (HOLD_MARGIN_SECONDS unless set). */
  holdMarginSeconds?: number;
  now?: () => Date;
}

/** A merchant creates a session, optionally under an Idempotency-Key (decisions §1-§3). */
export class SessionCreationService {
  private readonly now: () => Date;

  constructor(private readonly options: SessionCreationOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async createSession(
    em: EntityManager,
    principal: MerchantPrincipal,
    command: CreateSessionCommand,
    idempotencyKey?: string | null,
  ): Promise<CreatedSession> {
    const integration = authorizeCreation(principal, command.integrationId);
    const { captureMethod } = integration;
    const plan = { ...planSession(command, integration.redirectAllowlist), captureMethod };
    // Held money must outlast the session: a deadline past the hold would leave nothing to capture.
    if (captureMethod === 'manual') {
      assertDeadlineWithinHold(plan.expiresInSeconds, integration.holdLifetimeSeconds, this.options.holdMarginSeconds);
    }
    if (plan.openGroup) assertCanGiveMoneyBack(integration);
    if (idempotencyKey == null) {
      // A session without participants yet is one row: one INSERT is atomic by itself, so it skips
      // the BEGIN/COMMIT round trips. With participants, session and shares commit together.
      return plan.participants.length === 0
        ? this.persist(em, principal.integrationId, principal.mode, plan)
        : em.transactional((tx) => this.persist(tx, principal.integrationId, principal.mode, plan));
    }
    checkIdempotencyKey(idempotencyKey);
    return this.createIdempotently(em, principal.integrationId, principal.mode, plan, idempotencyKey, fingerprint(command));
  }

  private createIdempotently(
    em: EntityManager,
    integrationId: string,
    mode: KeyMode,
    plan: PlannedSession,
    key: string,
    requestHash: string,
  ): Promise<CreatedSession> {
    return runIdempotently(em, { secretBox: this.options.secretBox, now: this.now }, { integrationId, key, requestHash }, (tx) =>
      this.persist(tx, integrationId, mode, plan),
    );
  }

  private async persist(em: EntityManager, integrationId: string, mode: KeyMode, plan: PlannedSession): Promise<CreatedSession> {
    const hostToken = generateAccessToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + plan.expiresInSeconds * 1000);
    const sessionId = randomUUID();
    const participants = plan.participants.map((participant) => {
      const id = randomUUID();
      return { ...participant, id, tokenHash: participant.isHost ? null : this.options.access.participantTokenHash(id) };
    });
    await this.options.sessions.insertSession(
      em,
      {
        id: sessionId,
        integrationId,
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
        expiresAt,
        createdAt: now,
        description: plan.description,
        captureMethod: plan.captureMethod,
        locale: plan.locale,
        openGroup: plan.openGroup && { ...plan.openGroup, joinCodeHash: this.options.access.joinCodeHash(sessionId) },
      },
      participants,
    );
    return {
      sessionId,
      hostToken,
      participantIds: participants.map((participant) => participant.id),
      mode,
      status: plan.status,
      message: creationMessage(plan.status, participants.length, plan.openGroup !== null),
      sessionUrl: this.options.links.sessionUrl(sessionId, hostToken),
      expiresAt: expiresAt.toISOString(),
      amountMinor: plan.amountMinor.toString(),
      currency: plan.currency,
      ...(plan.openGroup ? openGroupReply(plan.openGroup, this.options.links.joinUrl(sessionId)) : {}),
    };
  }
}

function openGroupReply(group: NonNullable<SessionPlan['openGroup']>, joinUrl: string): Pick<CreatedSession, 'joinUrl' | 'openGroup'> {
  return { joinUrl, openGroup: createdOpenGroup(group, joinUrl) };
}

/** Key checks come before body checks beyond the id: a stranger learns nothing from our validation. */
function authorizeCreation(principal: MerchantPrincipal, integrationId: string): MerchantPrincipal['integration'] {
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

function creationMessage(status: SessionStatus, participantCount: number, openGroup: boolean): string {
  if (openGroup)
    return 'Open group created. Share the joinUrl: anyone with it can claim places until the group is full or the deadline passes.';
  return status === 'unconfigured'
    ? 'Session created. The host must configure the participants and the split before inviting participants.'
    : `Session created with ${participantCount} participant${participantCount === 1 ? '' : 's'}; the host can share the invite links now.`;
}
