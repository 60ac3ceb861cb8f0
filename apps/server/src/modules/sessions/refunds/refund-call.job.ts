import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMinorAsMajor, requireCurrency } from '@paysplit/domain';
import { queueTable } from '../../../db/job-queue.repository.js';
import { kindSettings, type QueueJobKind, type QueueKindSettings } from '../../../jobs/job-kind.js';
import type { Logger } from '../../../logger.js';
import type { SigningSecretsService } from '../../integrations/index.js';
import { PartnerRefundClient, type PartnerRefundOutcome } from './partner-refund-client.js';
import { REFUND_CHANNEL, type RefundCall, type RefundRepository } from './refund.repository.js';
import type { RefundService } from './refund.service.js';

/**
 * The refund table as the queue of partner refund calls. Answered (even `pending`) or given up,
 * the calls end: the refund's own status says how.
 */
export const REFUND_CALL_QUEUE = queueTable('refund', REFUND_CHANNEL, 'call_status', {
  waiting: ['due'],
  running: 'calling',
  done: 'done',
  failed: 'done',
  retry: 'due',
});

/** The schedule is REFUND_RETRY_SCHEDULE; the lease outlasts any call (twice its timeout and more). */
export interface RefundCallJobOptions extends QueueKindSettings {
  em: () => EntityManager;
  refunds: RefundService;
  refundRecords: RefundRepository;
  signingSecrets: SigningSecretsService;
  /** PARTNER_TIMEOUT_MS. */
  timeoutMs: number;
  logger: Logger;
  /** Test-mode calls may reach private addresses (PRIVATE_TEST_URLS); default true. */
  privateTestUrls?: boolean;
}

/**
 * The partner refund call (issue 15) as a job kind: one signed POST per attempt, every attempt
 * recorded; RefundService decides what the answer (or the lack of one) does to the refund.
 */
export function refundCallJob(options: RefundCallJobOptions): QueueJobKind<RefundCall, PartnerRefundOutcome> {
  const client = new PartnerRefundClient({ timeoutMs: options.timeoutMs, privateTestUrls: options.privateTestUrls ?? true });
  return {
    name: 'refund-call',
    queue: REFUND_CALL_QUEUE,
    ...kindSettings(options, 4),
    load: (em, ids) => options.refundRecords.callsOf(em, ids),
    async run(call) {
      const answer = await callPartner(call);
      return {
        outcome: answer.kind === 'answered' ? { kind: 'done' } : { kind: 'retry', reason: answer.reason },
        result: answer,
      };
    },
    async record(tx, call, attempt, answer) {
      const { conflict } = await options.refunds.applyCallAnswer(tx, call.id, answer, attempt.decision.kind === 'failed');
      // Settled otherwise meanwhile (the merchant's settle call): the attempt is still recorded.
      if (conflict) options.logger.warn({ refundId: call.id, err: conflict }, 'refund answer conflicts with how it was settled');
      await options.refundRecords.recordCallAttempt(tx, {
        refundId: call.id,
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
        refundId: call.id,
        paymentId: call.payment_id,
        attempt: attempt.attempt,
        httpStatus: answer.httpStatus,
        durationMs: attempt.durationMs,
      };
      if (answer.kind === 'answered') options.logger.info({ ...log, status: answer.status }, 'refund call answered');
      else {
        const final = attempt.decision.kind === 'failed';
        options.logger.warn(
          { ...log, error: answer.reason, final },
          final ? 'refund call failed for good; the refund failed' : 'refund call failed; will retry',
        );
      }
    },
  };

  async function callPartner(call: RefundCall): Promise<PartnerRefundOutcome> {
    const url = call.partner_refund_url;
    if (!url) return { kind: 'no_answer', reason: 'the integration has no partnerRefundUrl', httpStatus: null, excerpt: null };
    const mode = call.mode === 'test' ? 'test' : 'live';
    if (mode === 'live' && !url.startsWith('https://')) {
      return { kind: 'no_answer', reason: 'live mode requires an https partnerRefundUrl', httpStatus: null, excerpt: null };
    }
    let secret: Awaited<ReturnType<SigningSecretsService['currentSecrets']>>['partner'];
    try {
      secret = (await options.signingSecrets.currentSecrets(options.em(), call.integration_id)).partner;
    } catch (error) {
      // Counted as a failed attempt (retried on the schedule, then failed) rather than thrown: a
      // throw here recorded nothing, and the refund was claimed again every lease, for ever.
      options.logger.warn({ refundId: call.id, err: error }, 'refund call: the signing secret could not be read');
      return { kind: 'no_answer', reason: 'the signing secret could not be read', httpStatus: null, excerpt: null };
    }
    const amountMinor = BigInt(call.amount_minor);
    return client.requestRefund(url, secret, {
      type: 'partner.refund.create',
      refundId: call.id,
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
    });
  }
}
