import type { GroupFullEventFields, GroupTippedEventFields, PlaceCounts } from '@paysplit/domain';
import type { DomainEvents } from '../../events/domain-events.js';
import type { Participant } from './participant.entity.js';
import type { PaymentCall } from './payments/payment-call.entity.js';
import type { Payment } from './payments/payment.entity.js';
import type { Refund } from './refunds/refund.entity.js';
import type { Session } from './session.entity.js';

/** How a session ended before completing. */
export type SessionOutcome = { to: 'expired' } | { to: 'cancelled'; by: 'merchant' | 'host' };

/**
 * What the sessions module tells the modules that react (webhooks, emails), each published inside
 * the transaction of the change, with the session row locked and its new state applied. `at` is
 * the moment of the change, on the module's clock.
 */
export interface SessionEvents {
  /** The host saved who is in and the split; `invite` are the participants they asked to email. */
  splitSaved: { session: Session; invite: readonly Participant[]; at: Date };
  /**
   * An open group's claim was paid (held, under manual capture) and counts: `counts` are its places
   * now, `placesLeft` and `pricePerPlaceMinor` (one place's quote now) what a newcomer would see.
   */
  groupJoined: {
    session: Session;
    participant: Participant;
    payment: Payment;
    counts: PlaceCounts;
    placesLeft: number;
    pricePerPlaceMinor: bigint;
    at: Date;
  };
  /** A payment's money now counts toward the session: its shares are paid. */
  sharePaid: { session: Session; payment: Payment; at: Date };
  /**
   * The last share was paid; `payments` are those that count toward the session. An automatic open
   * group's: `finalAmounts` (by paymentId) is what each is finally charged, where it paid more.
   */
  sessionCompleted: { session: Session; payments: readonly Payment[]; finalAmounts?: ReadonlyMap<string, bigint>; at: Date };
  /** An open group reached its minimum, once; `fields` are SERVICE_GROUP_TIPPED's. */
  groupTipped: { session: Session; fields: GroupTippedEventFields; at: Date };
  /** Every place of an open group is held, once; its end follows in the same transaction. */
  groupFull: { session: Session; fields: GroupFullEventFields; at: Date };
  /** The merchant recorded an authorized payment (counted, or kept and flagged for refund). */
  paymentRecorded: { session: Session; payment: Payment; at: Date };
  /** Expired or cancelled; `refundsOwed` reads the money to void or refund, only when someone needs it. */
  sessionEnded: { session: Session; outcome: SessionOutcome; refundsOwed: () => Promise<Payment[]>; at: Date };
  /** A refund of captured money succeeded or failed. */
  refundSettled: { session: Session; refund: Refund; at: Date };
  /** Manual capture: a held payment's capture succeeded (`call` is the capture). */
  paymentCaptured: { session: Session; payment: Payment; call: PaymentCall; at: Date };
  /** Manual capture: a held payment's capture was declined (`call` is the capture, with its failureReason). */
  paymentCaptureFailed: { session: Session; payment: Payment; call: PaymentCall; at: Date };
  /** Manual capture: a hold was released (`call` is the cancel that released it). */
  paymentReleased: { session: Session; payment: Payment; call: PaymentCall; at: Date };
  /** The merchant recorded that it voided or refunded a payment by hand (record action `refund`). */
  paymentRefundRecorded: { session: Session; payment: Payment; at: Date };
  /** Someone asked for a sign-in link to the host's address (`host` has one); it works until `expiresAt`. */
  hostSignInRequested: { session: Session; host: Participant; signInId: string; expiresAt: Date; at: Date };
}

export type SessionEventBus = DomainEvents<SessionEvents>;
