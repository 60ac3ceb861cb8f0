import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  assertStorableText,
  configure,
  ErrorCode,
  planParticipantChange,
  requireCurrency,
  sessionNow,
  type SplitMode,
} from '@paysplit/domain';
import type { SessionEventBus } from './events.js';
import type { SessionAccess } from './access/session-access.js';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import type { PaymentCallService } from './payments/payment-call.service.js';
import type { PaymentRepository } from './payments/payment.repository.js';
import { checkParticipantFields, type ParticipantCommand } from './session-plan.js';
import type { Participant } from './participant.entity.js';
import type { Session } from './session.entity.js';
import type { SessionRepository } from './session.repository.js';

/** The host's new participant list (host first) and split (decisions §2). */
export interface ConfigureSessionCommand {
  sessionId: string;
  splitMode: SplitMode;
  participants: readonly (ParticipantCommand & { participantId?: string | null; sendInvite?: boolean | null })[];
}

export interface SessionConfigurationOptions {
  sessions: SessionRepository;
  payments: PaymentRepository;
  access: SessionAccess;
  announcer: SessionChangeAnnouncer;
  /** Invitations are the emails module's reaction to the saved split. */
  events: SessionEventBus;
  /** Tells the merchant the checkouts of attempts whose share changed will not be used (with a partnerCancelUrl). */
  calls?: PaymentCallService;
  now?: () => Date;
}

/** The host sets who is in and how the total splits. */
export class SessionConfigurationService {
  private readonly now: () => Date;

  constructor(private readonly options: SessionConfigurationOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Applies the host's change under row locks. The rules (what may change once shares are paid,
   * the new amounts) are the domain's planParticipantChange. Live payment attempts of
   * participants whose share changed or who were removed are abandoned (an authorization that
   * arrives for them later is kept and flagged for refund) and, with a partnerCancelUrl, their
   * checkouts cancelled. Returns the session with its participants and integration.
   */
  async configureSession(em: EntityManager, command: ConfigureSessionCommand): Promise<Session> {
    assertStorableText(command);
    const { sessions, payments, access, announcer } = this.options;
    const configured = await em.transactional(async (tx) => {
      const session = await sessions.lockSession(tx, { id: command.sessionId });
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${command.sessionId} not found`);
      if (session.openGroupPricing !== null) {
        throw new AppError(ErrorCode.InvalidState, 'An open group has no split to set: payers join through its link');
      }
      const status = configure(session.status, session.paidMinor);
      // The session's own time: real time, or its test clock.
      const now = sessionNow(session, this.now());
      if (session.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.InvalidState, 'This session has expired');
      // A closed session's participants are only ever pending or paid (left and lapsed are an open group's).
      const current = (await sessions.lockParticipantsOfSession(tx, session.id)) as (Participant & { status: 'pending' | 'paid' })[];
      const plan = planParticipantChange({
        current,
        requested: command.participants,
        splitMode: command.splitMode,
        totalMinor: session.amountMinor,
        currency: requireCurrency(session.currency),
        fieldProblems: checkParticipantFields(command.participants),
      });
      const stale = await payments.abandonLiveAttempts(tx, plan.staleIds);
      await this.options.calls?.requestCancels(tx, session, stale, 'share_changed');
      const changed = await sessions.applyParticipantChange(tx, {
        session,
        current,
        plan,
        people: command.participants.map((input) => ({ displayName: input.displayName.trim(), email: input.email?.trim() || null })),
        splitMode: command.splitMode,
        status,
        now,
        inviteTokenHash: (participantId) => access.participantTokenHash(participantId),
      });
      // Invitations for the people the host ticked, in the same transaction (the participants at
      // the command's positions: the new order is the command's order).
      const chosen = changed.participants
        .getItems()
        .filter((participant) => command.participants[participant.position]?.sendInvite === true);
      await this.options.events.publish(tx, 'splitSaved', { session: changed, invite: chosen, at: now });
      await announcer.announce(tx, session.id);
      return changed;
    });
    // After the commit, as the view needs it: the integration row is not locked with the session.
    await sessions.loadIntegration(em, configured);
    return configured;
  }
}
