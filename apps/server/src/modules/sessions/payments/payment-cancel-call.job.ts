import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMinorAsMajor, requireCurrency } from '@paysplit/domain';
import type { PartnerPaymentCancelPayload } from '@paysplit/sdk';
import { queueTable } from '../../../db/job-queue.repository.js';
import { kindSettings, type QueueJobKind, type QueueKindSettings } from '../../../jobs/job-kind.js';
import type { Logger } from '../../../logger.js';
import { postSignedCall, replyText } from '../../../security/signed-partner-call.js';
import type { SigningSecretsService } from '../../integrations/index.js';
import type { PaymentCallAnswer, PaymentCallService } from './payment-call.service.js';
import { PAYMENT_CALL_CHANNEL, type PaymentCallJob, type PaymentCallRepository } from './payment-call.repository.js';

/**
 * The payment_call table as the queue of cancel calls (capture calls will be a kind of their own on
 * the same table). Answered (even `pending`) or given up, the calls end: the row's status says how.
 */
export const PAYMENT_CANCEL_CALL_QUEUE = queueTable(
  'payment_call',
  PAYMENT_CALL_CHANNEL,
  'call_status',
  { waiting: ['due'], running: 'calling', done: 'done', failed: 'done', retry: 'due' },
  { claimableWhere: "kind = 'cancel'" },
);

/** The schedule is PAYMENT_CALL_RETRY_SCHEDULE; the lease outlasts any call (twice its timeout and more). */
export interface PaymentCancelCallJobOptions extends QueueKindSettings {
  em: () => EntityManager;
  calls: PaymentCallService;
  callRecords: PaymentCallRepository;
  signingSecrets: SigningSecretsService;
  /** PARTNER_TIMEOUT_MS. */
  timeoutMs: number;
  logger: Logger;
  /** Test-mode calls may reach private addresses (PRIVATE_TEST_URLS); default true. */
  privateTestUrls?: boolean;
}

/**
 * `partner.payment.cancel` as a job kind: one signed POST per attempt, with the same cancelId
 * (webhook-id) every time, every attempt recorded; PaymentCallService decides what the answer (or
 * the lack of one) does to the call.
 */
export function paymentCancelCallJob(options: PaymentCancelCallJobOptions): QueueJobKind<PaymentCallJob, PaymentCallAnswer> {
  const http = { timeoutMs: options.timeoutMs, privateTestUrls: options.privateTestUrls ?? true };
  return {
    name: 'payment-cancel-call',
    queue: PAYMENT_CANCEL_CALL_QUEUE,
    ...kindSettings(options, 4),
    load: (em, ids) => options.callRecords.callsOf(em, ids),
    async run(call) {
      const answer = await callPartner(call);
      return {
        outcome: answer.kind === 'answered' ? { kind: 'done' } : { kind: 'retry', reason: answer.reason },
        result: answer,
      };
    },
    async record(tx, call, attempt, answer) {
      const { conflict } = await options.calls.applyCallAnswer(tx, call.id, answer, attempt.decision.kind === 'failed');
      // Settled otherwise meanwhile (the merchant's settle call): the attempt is still recorded.
      if (conflict) options.logger.warn({ cancelId: call.id, err: conflict }, 'cancel answer conflicts with how it was settled');
      await options.callRecords.recordCallAttempt(tx, {
        callId: call.id,
        attempt: attempt.attempt,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        httpStatus: answer.httpStatus,
        outcome: answer.kind === 'answered' ? answer.status : 'error',
        excerpt: answer.kind === 'answered' ? answer.excerpt : (answer.excerpt ?? answer.reason),
      });
    },
    after(call, attempt, answer) {
      const log = {
        cancelId: call.id,
        paymentId: call.payment_id,
        reason: call.reason,
        attempt: attempt.attempt,
        httpStatus: answer.httpStatus,
        durationMs: attempt.durationMs,
      };
      if (answer.kind === 'answered') options.logger.info({ ...log, status: answer.status }, 'cancel call answered');
      else {
        const final = attempt.decision.kind === 'failed';
        options.logger.warn(
          { ...log, error: answer.reason, final },
          final ? 'cancel call failed for good; the cancellation failed' : 'cancel call failed; will retry',
        );
      }
    },
  };

  async function callPartner(call: PaymentCallJob): Promise<PaymentCallAnswer> {
    const url = call.partner_cancel_url;
    if (!url) return { kind: 'no_answer', reason: 'the integration has no partnerCancelUrl', httpStatus: null, excerpt: null };
    const mode = call.mode === 'test' ? 'test' : 'live';
    if (mode === 'live' && !url.startsWith('https://')) {
      return { kind: 'no_answer', reason: 'live mode requires an https partnerCancelUrl', httpStatus: null, excerpt: null };
    }
    let secret: Awaited<ReturnType<SigningSecretsService['currentSecrets']>>['partner'];
    try {
      secret = (await options.signingSecrets.currentSecrets(options.em(), call.integration_id)).partner;
    } catch (error) {
      // A failed attempt (retried, then failed), never a throw: a throw records nothing and the
      // call would be claimed again every lease, for ever.
      options.logger.warn({ cancelId: call.id, err: error }, 'cancel call: the signing secret could not be read');
      return { kind: 'no_answer', reason: 'the signing secret could not be read', httpStatus: null, excerpt: null };
    }
    const amountMinor = BigInt(call.amount_minor);
    const body: PartnerPaymentCancelPayload = {
      type: 'partner.payment.cancel',
      cancelId: call.id,
      paymentId: call.payment_id,
      sessionId: call.session_id,
      participantId: call.payer_id,
      amountMinor: amountMinor.toString(),
      amount: formatMinorAsMajor(amountMinor, requireCurrency(call.currency)),
      currency: call.currency,
      mode,
      processorReference: call.processor_reference,
      reason: call.reason,
      orderReference: call.order_reference,
    };
    const outcome = await postSignedCall({ url, secret, id: call.id, body, userAgent: 'PaySplit-Payments/1' }, http);
    if (outcome.kind === 'no_answer') return outcome;
    return {
      kind: 'answered',
      status: outcome.status,
      processorReference: replyText(outcome.reply, 'processorReference', 255),
      failureReason: replyText(outcome.reply, 'failureReason', 200),
      httpStatus: outcome.httpStatus,
      excerpt: outcome.excerpt,
    };
  }
}
