import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  assertStorableText,
  canonicalLocale,
  checkClaim,
  describeDetails,
  ErrorCode,
  type ErrorDetail,
  hasControlCharacter,
  isUuid,
  quotePricePerPlace,
  sessionNow,
  validateLocale,
} from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { Logger } from '../../../logger.js';
import type { SessionAccess } from '../access/session-access.js';
import type { Participant } from '../participant.entity.js';
import type { PaymentCallService } from '../payments/payment-call.service.js';
import type { PaymentStartService } from '../payments/payment-start.service.js';
import type { PaymentRepository } from '../payments/payment.repository.js';
import type { Session } from '../session.entity.js';
import { MAX_DISPLAY_NAME_LENGTH } from '../session-plan.js';
import type { SessionRepository } from '../session.repository.js';
import { joinCodeMatches } from './open-group-reads.service.js';
import type { OpenGroupRepository } from './open-group.repository.js';
import { openGroupOf, termsOf } from './open-group-state.js';

/** Someone claiming places, as both transports hand it over. */
export interface JoinCommand {
  displayName: string;
  email: string;
  places: number;
  locale?: string | null;
}

/** A claim made and its checkout: what the payer's page, cookie and browser need. */
export interface Joined {
  participantId: string;
  /** The payer's own access (their invite token): the cookie the join sets. */
  token: string;
  redirectUrl: string;
  reservedUntil: Date;
  amountMinor: bigint;
  pricePerPlaceMinor: bigint;
  expiresAt: Date;
}

export interface OpenGroupJoinOptions {
  sessions: SessionRepository;
  claims: OpenGroupRepository;
  payments: PaymentRepository;
  paymentStart: PaymentStartService;
  access: SessionAccess;
  announcer: SessionChangeAnnouncer;
  /** Cancels a checkout opened for a claim given back. */
  calls: PaymentCallService;
  logger?: Logger;
  /** OPEN_GROUP_RESERVATION_SECONDS: how long a claim keeps its places while its payer pays. */
  reservationSeconds: number;
  now?: () => Date;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** OPEN_GROUP_RESERVATION_SECONDS unless set: a quarter of an hour to get through a checkout. */
export const DEFAULT_RESERVATION_SECONDS = 900;

/** Joining an open group (docs/plans/open-groups.md §4): a claim reserved under the session's lock, then the checkout. */
export class OpenGroupJoinService {
  private readonly now: () => Date;

  constructor(private readonly options: OpenGroupJoinOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Reserves the places and writes the claim's payment in one transaction under the session's row
   * lock, so concurrent joins are counted one after another and the loser of the last place gets
   * GROUP_FULL before anything is written or any merchant is called. Then the partner
   * create-payment call, as a payer starting to pay makes it; when it fails the places are given
   * back at once.
   */
  async join(em: EntityManager, sessionId: string, code: string, command: JoinCommand): Promise<Joined> {
    const person = checkJoiner(command);
    const { sessions, payments, access } = this.options;
    const { session, participant, payment, quote } = await em.transactional(async (tx) => {
      const session = isUuid(sessionId) ? await sessions.lockSessionWithIntegration(tx, { id: sessionId }) : null;
      const group = session && joinCodeMatches(session, code) ? openGroupOf(session) : null;
      if (!session || !group) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
      const now = sessionNow(session, this.now());
      assertJoinable(session, now);
      const { lastPosition, ...counts } = await this.options.claims.placeCounts(tx, session.id, now);
      const terms = termsOf(group, session.amountMinor);
      checkClaim(terms, counts, command.places);
      const quote = quotePricePerPlace(terms, counts.heldPlaces, command.places);
      const reservedUntil = new Date(Math.min(now.getTime() + this.options.reservationSeconds * 1000, session.expiresAt.getTime()));
      const participant = await this.options.claims.addClaim(tx, session, lastPosition, {
        ...person,
        places: command.places,
        amountMinor: quote * BigInt(command.places),
        reservedUntil,
        at: now,
        tokenHash: (id) => access.participantTokenHash(id),
      });
      const payment = await payments.insertPayment(tx, {
        session,
        participant,
        payerRole: 'participant',
        amountMinor: participant.amountMinor,
        coversParticipantIds: null,
        captureMethod: session.captureMethod,
        createdAt: now,
      });
      session.version += 1;
      await sessions.save(tx);
      await this.options.announcer.announce(tx, session.id);
      return { session, participant, payment, quote };
    });
    try {
      const { redirectUrl } = await this.options.paymentStart.requestCheckout(em, session, payment);
      return {
        participantId: participant.id,
        token: access.participantToken(participant.id),
        redirectUrl,
        reservedUntil: participant.reservedUntil!,
        amountMinor: participant.amountMinor,
        pricePerPlaceMinor: quote,
        expiresAt: session.expiresAt,
      };
    } catch (error) {
      // Whatever failed once the claim was written (the merchant's call, or the database under a rush
      // of joins), its places are given back now rather than when its reservation runs out.
      await this.giveBack(em, session.id, participant.id).catch((failure: unknown) => {
        this.options.logger?.warn(
          { err: failure, sessionId: session.id, participantId: participant.id },
          'open group: a failed join could not give its places back; they are free when its reservation runs out',
        );
      });
      throw error;
    }
  }

  /**
   * The payer got no checkout: the claim lapses and its places are free again at once. A checkout
   * the merchant may have opened all the same (its answer was lost) is cancelled, as the lapse sweep
   * cancels one.
   */
  private async giveBack(em: EntityManager, sessionId: string, participantId: string): Promise<void> {
    const { sessions } = this.options;
    await em.fork().transactional(async (tx) => {
      const session = await sessions.lockSessionWithIntegration(tx, { id: sessionId });
      const participant = session && (await sessions.lockParticipant(tx, participantId, sessionId));
      if (!session || !participant || participant.status !== 'pending') return;
      await lapseClaims(this.options, tx, session, [participant]);
    });
  }
}

/** What lapsing claims needs: their checkouts, the cancels, the session's write and its announcement. */
export interface ClaimLapseDeps {
  sessions: SessionRepository;
  payments: PaymentRepository;
  calls: PaymentCallService;
  announcer: SessionChangeAnnouncer;
}

/**
 * Claims of a locked open group that no longer hold their places (their reservation ran out, or
 * their join failed after they were written): lapsed, their checkouts cancelled
 * (`reservation_lapsed`), the session's change announced.
 */
export async function lapseClaims(
  deps: ClaimLapseDeps,
  tx: EntityManager,
  session: Session,
  claims: readonly Participant[],
): Promise<void> {
  for (const claim of claims) claim.status = 'lapsed';
  const checkouts = await deps.payments.abandonLiveAttempts(
    tx,
    claims.map((claim) => claim.id),
  );
  await deps.calls.requestCancels(tx, session, checkouts, 'reservation_lapsed');
  session.version += 1;
  await deps.sessions.save(tx);
  await deps.announcer.announce(tx, session.id);
}

/** Only a group taking payments can be joined; anything else says what happened to it. */
function assertJoinable(session: Session, now: Date): void {
  const ended =
    session.status === 'expired' || session.expiresAt.getTime() <= now.getTime()
      ? 'This group has ended: its deadline passed'
      : session.status === 'cancelled'
        ? 'This group was cancelled'
        : session.status === 'capturing' || session.status === 'completed'
          ? session.fullAt
            ? 'This group is full: no places are left'
            : 'This group has ended'
          : null;
  if (ended) throw new AppError(ErrorCode.SessionNotPayable, ended);
}

/** The joiner's name, email and language, checked before anything is locked. */
function checkJoiner(command: JoinCommand): { displayName: string; email: string; locale: string | null } {
  assertStorableText(command);
  const details: ErrorDetail[] = [];
  const displayName = command.displayName.trim();
  if (displayName.length === 0 || [...displayName].length > MAX_DISPLAY_NAME_LENGTH || hasControlCharacter(displayName)) {
    details.push({ path: 'displayName', message: `must be one line of 1 to ${MAX_DISPLAY_NAME_LENGTH} characters` });
  }
  const email = command.email.trim();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) details.push({ path: 'email', message: 'must be an email address' });
  if (command.locale != null) details.push(...validateLocale(command.locale));
  if (!Number.isSafeInteger(command.places) || command.places < 1) {
    details.push({ path: 'places', message: 'must be a whole number of at least 1' });
  }
  if (details.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
  return { displayName, email, locale: command.locale == null ? null : (canonicalLocale(command.locale) ?? null) };
}
