import type { EntityManager } from '@mikro-orm/postgresql';
import { completeCapture, isTerminalStatus, sessionNow } from '@paysplit/domain';
import type { SessionChangeAnnouncer } from '../../../feed/session-changes.js';
import type { SessionEventBus } from '../events.js';
import type { RefundService } from '../refunds/refund.service.js';
import type { SessionEndingService } from '../session-ending.service.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { PaymentCall } from './payment-call.entity.js';
import type { PaymentCallService } from './payment-call.service.js';
import type { Payment } from './payment.entity.js';
import type { PaymentRepository } from './payment.repository.js';
import { reopenSharesOf } from './reopen-shares.js';

export interface PaymentCallOutcomeOptions {
  sessions: SessionRepository;
  payments: PaymentRepository;
  calls: PaymentCallService;
  ending: SessionEndingService;
  refunds?: RefundService;
  announcer: SessionChangeAnnouncer;
  events: SessionEventBus;
  now?: () => Date;
}

/**
 * What a settled call does to its payment and session under `captureMethod: manual`
 * (docs/plans/hold-then-charge.md §3), in the transaction that settled it, the session, payment and
 * call locked: a cancel that succeeded releases a hold; a capture that succeeded takes the money
 * and completes the session with the last one; a declined capture reopens its share (or, past the
 * deadline, ends the session). Automatic payments are never held, so nothing here touches them.
 */
export class PaymentCallOutcomeService {
  private readonly now: () => Date;

  constructor(private readonly options: PaymentCallOutcomeOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async settled(tx: EntityManager, session: Session, payment: Payment, call: PaymentCall): Promise<void> {
    if (payment.captureMethod !== 'manual') return;
    if (call.kind === 'cancel') {
      if (call.status === 'succeeded' && payment.status === 'authorized') await this.released(tx, session, payment, call);
    } else if (call.status === 'succeeded') {
      if (payment.status !== 'captured') await this.captured(tx, session, payment, call);
    } else if (payment.status === 'authorized') {
      await this.captureFailed(tx, session, payment, call);
    }
  }

  /** The hold is given back: nothing was taken, so nothing is refunded. */
  private async released(tx: EntityManager, session: Session, payment: Payment, call: PaymentCall): Promise<void> {
    const at = sessionNow(session, this.now());
    payment.status = 'released';
    payment.releasedAt = at;
    await this.changed(tx, session);
    await this.options.events.publish(tx, 'paymentReleased', { session, payment, call, at });
  }

  /**
   * The money is taken. The last capture of a capturing session completes it (one completion
   * event, backed by its unique index). Money taken for a session that has ended, or for a payment
   * that no longer counts, is owed back and refunded like a late payment.
   */
  private async captured(tx: EntityManager, session: Session, payment: Payment, call: PaymentCall): Promise<void> {
    const at = sessionNow(session, this.now());
    payment.status = 'captured';
    payment.capturedAt = at;
    let completes = false;
    if (isTerminalStatus(session.status) || payment.refundRequired) {
      payment.refundRequired = true;
      await this.options.payments.save(tx);
      await this.options.refunds?.refundOwed(tx, session, 'captured after the session ended', payment);
    } else if (session.status === 'capturing') {
      await this.options.payments.save(tx);
      const held = await this.options.payments.heldPayments(tx, session.id);
      session.status = completeCapture(session.status, held.length);
      completes = session.status === 'completed';
      if (completes) session.completedAt = at;
    }
    await this.changed(tx, session);
    await this.options.events.publish(tx, 'paymentCaptured', { session, payment, call, at });
    if (completes) {
      const counted = await this.options.payments.countedPayments(tx, session.id);
      await this.options.events.publish(tx, 'sessionCompleted', { session, payments: counted, at });
    }
  }

  /**
   * The capture was declined: the payment's shares are open again and what it paid no longer
   * counts; a cancel releases whatever remains of its hold. Before the deadline the session takes
   * payments again while the other holds stay; after it, the session expires (holds released,
   * captured money refunded).
   */
  private async captureFailed(tx: EntityManager, session: Session, payment: Payment, call: PaymentCall): Promise<void> {
    const at = sessionNow(session, this.now());
    payment.status = 'capture_failed';
    payment.failureReason = call.failureReason ?? 'the capture was declined';
    if (!isTerminalStatus(session.status) && !payment.refundRequired) await reopenSharesOf(this.options, tx, session, payment, at);
    await this.options.calls.requestCancels(
      tx,
      session,
      [{ id: payment.id, payerId: payment.payerId, amountMinor: payment.amountMinor, previousStatus: 'authorized' }],
      'capture_failed',
    );
    await this.changed(tx, session);
    await this.options.events.publish(tx, 'paymentCaptureFailed', { session, payment, call, at });
  }

  /** Every outcome is a change of the session: a new version for its events, and pay pages told. */
  private async changed(tx: EntityManager, session: Session): Promise<void> {
    session.version += 1;
    await this.options.payments.save(tx);
    await this.options.announcer.announce(tx, session.id);
  }
}
