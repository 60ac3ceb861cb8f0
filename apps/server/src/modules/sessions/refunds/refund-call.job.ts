import { queueTable } from '../../../db/job-queue.repository.js';
import type { QueueJobKind } from '../../../jobs/job-kind.js';
import {
  beforeOrderReference,
  type PartnerCallAnswer,
  type PartnerCallJobOptions,
  partnerCallJob,
} from '../../../jobs/partner-call.job.js';
import { replyText } from '../../../security/signed-partner-call.js';
import type { RefundService } from './refund.service.js';
import { REFUND_CHANNEL, type RefundCall, type RefundRepository } from './refund.repository.js';

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

/** The fields a refund's answer adds to the contract's status. */
export interface RefundAnswerFields {
  processorRefundReference: string | null;
  failureReason: string | null;
}

/** What the merchant's refund endpoint made of one call. */
export type PartnerRefundOutcome = PartnerCallAnswer<RefundAnswerFields>;

/** The schedule is REFUND_RETRY_SCHEDULE. */
export interface RefundCallJobOptions extends PartnerCallJobOptions {
  refunds: RefundService;
  refundRecords: RefundRepository;
}

/**
 * The partner refund call (issue 15), `partner.refund.create`, as a job kind: the twin of the
 * create-payment call, webhook-id = refundId, so a merchant that receives it twice refunds once.
 * RefundService decides what the answer (or the lack of one) does to the refund.
 */
export function refundCallJob(options: RefundCallJobOptions): QueueJobKind<RefundCall, PartnerRefundOutcome> {
  const { refunds, refundRecords } = options;
  return partnerCallJob<RefundCall, RefundAnswerFields>(
    {
      name: 'refund-call',
      queue: REFUND_CALL_QUEUE,
      noun: 'refund',
      outcomeNoun: 'refund',
      idField: 'refundId',
      urlSetting: 'partnerRefundUrl',
      userAgent: 'PaySplit-Refunds/1',
      load: (em, ids) => refundRecords.callsOf(em, ids),
      body: (call, common) => ({
        type: 'partner.refund.create',
        refundId: call.id,
        ...beforeOrderReference(common, { reason: call.reason }),
      }),
      readAnswer: (reply) => ({
        processorRefundReference: replyText(reply, 'processorRefundReference', 255),
        failureReason: replyText(reply, 'failureReason', 200),
      }),
      apply: (tx, call, answer, exhausted) => refunds.applyCallAnswer(tx, call.id, answer, exhausted),
      recordAttempt: (tx, record) => refundRecords.recordCallAttempt(tx, record),
    },
    options,
  );
}
