import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  endOpenGroup,
  ErrorCode,
  finalAmounts,
  finalPricePerPlace,
  groupAmountMinor,
  isFull,
  isTipped,
  type OpenGroupTerms,
  quotePricePerPlace,
  sessionNow,
} from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { SessionEventBus } from '../events.js';
import type { Participant } from '../participant.entity.js';
import type { PaymentCallService } from '../payments/payment-call.service.js';
import type { PaymentRepository } from '../payments/payment.repository.js';
import { refundableOf } from '../refunds/refund.service.js';
import type { RefundRepository } from '../refunds/refund.repository.js';
import type { SessionEndingService } from '../session-ending.service.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import { countPlaces, openGroupOf, termsOf } from './open-group-state.js';

export interface OpenGroupEndOptions {
  sessions: SessionRepository;
  payments: PaymentRepository;
  calls: PaymentCallService;
  /** The price drops of an automatic `split_total` group, refunded when its integration has a partnerRefundUrl. */
  refunds: RefundRepository;
  /** A group that did not tip expires as any session does. */
  ending: SessionEndingService;
  announcer: SessionChangeAnnouncer;
  events: SessionEventBus;
  now?: () => Date;
}

/** Why a price drop is refunded, as the partner refund call says it. */
const PRICE_DROP_REASON = 'the group ended at a lower price per place than this payment paid';

/** What a deadline did to an open group: it ended at its final price, it expired, or nothing (it had ended). */
export type DeadlineOutcome = 'ended' | 'expired' | null;

/**
 * An open group's milestones and its end (docs/plans/open-groups.md §5), always in the caller's
 * transaction with the session row locked, its participants locked here. The arithmetic is the
 * domain's: `isTipped`, `isFull`, `finalAmounts`, `finalPricePerPlace`, `groupAmountMinor`.
 */
export class OpenGroupEndService {
  private readonly now: () => Date;

  constructor(private readonly options: OpenGroupEndOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * A payment has just counted for a claim (its participant is `paid`): the first time enough
   * places are held the group tips (`tippedAt`, SERVICE_GROUP_TIPPED, the emails), and when every
   * place is held it is full (`fullAt`, SERVICE_GROUP_FULL) and ends now. Both moments are set once;
   * a group full again after a declined capture ends again without a second event.
   */
  async afterCount(tx: EntityManager, session: Session, at: Date): Promise<void> {
    const group = openGroupOf(session);
    if (!group) return;
    const terms = termsOf(group, session.amountMinor);
    const participants = await this.options.sessions.lockParticipantsOfSession(tx, session.id);
    const { heldPlaces } = countPlaces(participants, at);
    if (session.tippedAt === null && isTipped(terms, heldPlaces)) {
      session.tippedAt = at;
      await this.options.sessions.save(tx);
      await this.options.events.publish(tx, 'groupTipped', {
        session,
        fields: {
          placesSold: heldPlaces,
          pricePerPlaceMinor: quotePricePerPlace(terms, heldPlaces, 1).toString(),
          minPlaces: terms.minPlaces,
          maxPlaces: terms.maxPlaces,
        },
        at,
      });
    }
    if (!isFull(terms, heldPlaces) || session.status !== 'partially_paid') return;
    if (session.fullAt === null) {
      session.fullAt = at;
      await this.options.sessions.save(tx);
      await this.options.events.publish(tx, 'groupFull', {
        session,
        fields: { placesSold: heldPlaces, finalPricePerPlaceMinor: finalPricePerPlace(terms, heldPlaces).toString() },
        at,
      });
    }
    await this.end(tx, session, terms, participants, at);
  }

  /**
   * The deadline (the expiry sweep, a test clock, or a payment recorded after it): a group whose
   * held places reach its minimum ends at its final price; any other expires as every session
   * does (holds released, payments refunded in full). No claim is still being paid then: a
   * reservation ends by the deadline at the latest, and its claim is lapsed first (the lapse sweep,
   * or here when it has not got to it). A group whose end began once and then lost a declined capture is past that: it expires, as a
   * manual session whose capture was declined does at its deadline. `recording` is a payment the
   * caller is recording, whose checkout was just paid: an expiry leaves it to the caller.
   */
  async atDeadline(tx: EntityManager, session: Session, at: Date, recording?: string): Promise<DeadlineOutcome> {
    const group = openGroupOf(session);
    if (!group) throw new AppError(ErrorCode.InternalError, `Session ${session.id} is not an open group`);
    const terms = termsOf(group, session.amountMinor);
    const participants = await this.options.sessions.lockParticipantsOfSession(tx, session.id);
    const { heldPlaces } = countPlaces(participants, at);
    if (session.status === 'partially_paid' && session.finalPricePerPlaceMinor === null && isTipped(terms, heldPlaces)) {
      session.version += 1;
      await this.end(tx, session, terms, participants, at);
      return 'ended';
    }
    // Claims past their reservation the sweep has not marked yet: their checkouts are cancelled with every other live attempt.
    for (const claim of participants) if (claim.status === 'pending') claim.status = 'lapsed';
    return (await this.options.ending.endSession(tx, session, { to: 'expired' }, at, recording)) ? 'expired' : null;
  }

  /**
   * The end: each paid participant's final amount (in the order they joined, so an odd unit goes to
   * the earlier payer), the session's final price per place, amount and paid sum. Manual: `capturing`, one capture per hold for its payer's final amount (the
   * payment's amount becomes it: it is what will be taken); completion waits for the captures.
   * Automatic: `completed` now, the completion event listing the final amounts, and a `split_total`
   * payer who paid more than their part refunded the difference (purpose `price_drop`).
   */
  private async end(
    tx: EntityManager,
    session: Session,
    terms: OpenGroupTerms,
    participants: readonly Participant[],
    at: Date,
  ): Promise<void> {
    const paid = participants
      .filter((participant) => participant.status === 'paid' && participant.places !== null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.position - b.position);
    const parts = finalAmounts(
      terms,
      paid.map((participant) => participant.places!),
    );
    const finalOf = new Map<string, bigint>();
    paid.forEach((participant, i) => {
      participant.finalAmountMinor = parts[i]!;
      finalOf.set(participant.id, parts[i]!);
    });
    const sold = paid.reduce((sum, participant) => sum + participant.places!, 0);
    session.amountMinor = groupAmountMinor(terms, sold);
    session.finalPricePerPlaceMinor = finalPricePerPlace(terms, sold);
    session.paidMinor = parts.reduce((sum, part) => sum + part, 0n);
    session.status = endOpenGroup(session.status, session.captureMethod);
    if (session.captureMethod === 'manual') await this.captureAtFinalAmounts(tx, session, finalOf);
    else await this.complete(tx, session, finalOf, at);
    await this.options.announcer.announce(tx, session.id);
  }

  /** Manual: each counted hold is captured for its payer's final amount, never more than it holds. */
  private async captureAtFinalAmounts(tx: EntityManager, session: Session, finalOf: ReadonlyMap<string, bigint>): Promise<void> {
    const held = await this.options.payments.heldPayments(tx, session.id);
    for (const payment of held) {
      const final = finalOf.get(payment.payerId);
      if (final === undefined || final > payment.amountMinor) {
        throw new AppError(
          ErrorCode.InternalError,
          `Payment ${payment.id} holds ${payment.amountMinor} but its payer's final amount is ${final ?? 'unknown'}: nothing is captured`,
        );
      }
      payment.amountMinor = final;
    }
    await this.options.payments.save(tx);
    await this.options.calls.requestCaptures(tx, session, held);
  }

  /** Automatic: every payment was charged when it counted; what each paid above its part goes back. */
  private async complete(tx: EntityManager, session: Session, finalOf: ReadonlyMap<string, bigint>, at: Date): Promise<void> {
    session.completedAt = at;
    await this.options.payments.save(tx);
    const counted = await this.options.payments.countedPayments(tx, session.id);
    const finalAmounts = new Map<string, bigint>();
    for (const payment of counted) {
      const final = finalOf.get(payment.payerId);
      if (final === undefined || final > payment.amountMinor) {
        throw new AppError(
          ErrorCode.InternalError,
          `Payment ${payment.id} paid ${payment.amountMinor} but its payer's final amount is ${final ?? 'unknown'}`,
        );
      }
      finalAmounts.set(payment.id, final);
    }
    await this.refundPriceDrops(tx, session, finalAmounts);
    await this.options.events.publish(tx, 'sessionCompleted', { session, payments: counted, finalAmounts, at });
  }

  /**
   * Automatic `split_total`: a payer charged at an earlier, higher quote gets back what they paid
   * above their final part, in the transaction that ended the group (payments locked after the
   * session). Not a duplicate: it counts in refundedMinor. Without a partnerRefundUrl nothing is
   * asked (creating an open group needs one, so this is for an integration that dropped it since).
   */
  private async refundPriceDrops(tx: EntityManager, session: Session, finalAmounts: ReadonlyMap<string, bigint>): Promise<void> {
    if (!session.integration.partnerRefundUrl) return;
    const payments = await this.options.refunds.lockCapturedPayments(tx, session.id);
    const createdAt = sessionNow(session, this.now());
    const drops = payments.flatMap((payment) => {
      const final = finalAmounts.get(payment.id);
      const drop = final === undefined ? 0n : payment.amountMinor - final;
      if (drop <= 0n || drop > refundableOf(payment)) return [];
      const { source, purpose, reason } = { source: 'automatic', purpose: 'price_drop', reason: PRICE_DROP_REASON } as const;
      return [{ session, payment, amountMinor: drop, source, purpose, reason, createdAt }];
    });
    await this.options.refunds.insertRefunds(tx, drops);
  }
}
