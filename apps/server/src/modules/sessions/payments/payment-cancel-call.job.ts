import type { PartnerPaymentCancelPayload } from '@paysplit/sdk';
import { queueTable } from '../../../db/job-queue.repository.js';
import type { QueueJobKind } from '../../../jobs/job-kind.js';
import { beforeOrderReference, type PartnerCallJobOptions, partnerCallJob } from '../../../jobs/partner-call.job.js';
import { replyText } from '../../../security/signed-partner-call.js';
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

/** The schedule is PAYMENT_CALL_RETRY_SCHEDULE. */
export interface PaymentCancelCallJobOptions extends PartnerCallJobOptions {
  calls: PaymentCallService;
  callRecords: PaymentCallRepository;
}

/** The fields a payment call's answer adds to the contract's status. */
export function readPaymentCallAnswer(reply: Record<string, unknown>) {
  return { processorReference: replyText(reply, 'processorReference', 255), failureReason: replyText(reply, 'failureReason', 200) };
}

/**
 * `partner.payment.cancel` as a job kind: the same cancelId (webhook-id) on every attempt;
 * PaymentCallService decides what the answer (or the lack of one) does to the call.
 */
export function paymentCancelCallJob(options: PaymentCancelCallJobOptions): QueueJobKind<PaymentCallJob, PaymentCallAnswer> {
  const { calls, callRecords } = options;
  return partnerCallJob<PaymentCallJob, ReturnType<typeof readPaymentCallAnswer>>(
    {
      name: 'payment-cancel-call',
      queue: PAYMENT_CANCEL_CALL_QUEUE,
      noun: 'cancel',
      outcomeNoun: 'cancellation',
      idField: 'cancelId',
      urlSetting: 'partnerCancelUrl',
      userAgent: 'PaySplit-Payments/1',
      load: (em, ids) => callRecords.callsOf(em, ids),
      body: (call, common): PartnerPaymentCancelPayload => ({
        type: 'partner.payment.cancel',
        cancelId: call.id,
        ...beforeOrderReference(common, { reason: call.reason }),
      }),
      readAnswer: readPaymentCallAnswer,
      apply: (tx, call, answer, exhausted) => calls.applyCallAnswer(tx, call.id, answer, exhausted),
      recordAttempt: (tx, record) => callRecords.recordCallAttempt(tx, record),
      logFields: (call) => ({ reason: call.reason }),
    },
    options,
  );
}
