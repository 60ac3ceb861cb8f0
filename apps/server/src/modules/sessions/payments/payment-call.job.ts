import type { PartnerPaymentCancelPayload, PartnerPaymentCapturePayload } from '@paysplit/sdk';
import { queueTable } from '../../../db/job-queue.repository.js';
import type { QueueJobKind } from '../../../jobs/job-kind.js';
import { beforeOrderReference, type PartnerCallJobOptions, type PartnerCallSpec, partnerCallJob } from '../../../jobs/partner-call.job.js';
import { replyText } from '../../../security/signed-partner-call.js';
import type { PaymentCallKind } from './payment-call.entity.js';
import type { PaymentCallAnswer, PaymentCallService } from './payment-call.service.js';
import { PAYMENT_CALL_CHANNEL, type PaymentCallJob, type PaymentCallRepository } from './payment-call.repository.js';

/** The payment_call table as the queue of one kind of call. Answered (even `pending`) or given up, the calls end: the row's status says how. */
function paymentCallQueue(kind: PaymentCallKind) {
  return queueTable(
    'payment_call',
    PAYMENT_CALL_CHANNEL,
    'call_status',
    { waiting: ['due'], running: 'calling', done: 'done', failed: 'done', retry: 'due' },
    { claimableWhere: `kind = '${kind}'` },
  );
}

export const PAYMENT_CANCEL_CALL_QUEUE = paymentCallQueue('cancel');
export const PAYMENT_CAPTURE_CALL_QUEUE = paymentCallQueue('capture');

/** The schedule is PAYMENT_CALL_RETRY_SCHEDULE. */
export interface PaymentCallJobOptions extends PartnerCallJobOptions {
  calls: PaymentCallService;
  callRecords: PaymentCallRepository;
}

type AnswerFields = { processorReference: string | null; failureReason: string | null };
type KindSpec = Pick<
  PartnerCallSpec<PaymentCallJob, AnswerFields>,
  'name' | 'queue' | 'noun' | 'outcomeNoun' | 'idField' | 'urlSetting' | 'body'
>;

const KINDS: Record<PaymentCallKind, KindSpec> = {
  cancel: {
    name: 'payment-cancel-call',
    queue: PAYMENT_CANCEL_CALL_QUEUE,
    noun: 'cancel',
    outcomeNoun: 'cancellation',
    idField: 'cancelId',
    urlSetting: 'partnerCancelUrl',
    body: (call, common): PartnerPaymentCancelPayload => ({
      type: 'partner.payment.cancel',
      cancelId: call.id,
      ...beforeOrderReference(common, { reason: call.reason as PartnerPaymentCancelPayload['reason'] }),
    }),
  },
  capture: {
    name: 'payment-capture-call',
    queue: PAYMENT_CAPTURE_CALL_QUEUE,
    noun: 'capture',
    outcomeNoun: 'capture',
    idField: 'captureId',
    urlSetting: 'partnerCaptureUrl',
    body: (call, common): PartnerPaymentCapturePayload => ({
      type: 'partner.payment.capture',
      captureId: call.id,
      ...beforeOrderReference(common, {
        holdExpiresAt: call.hold_expires_at === null ? null : new Date(call.hold_expires_at).toISOString(),
      }),
    }),
  },
};

/**
 * `partner.payment.cancel` and `partner.payment.capture` as job kinds: the same id (webhook-id) on
 * every attempt; PaymentCallService decides what the answer (or the lack of one) does to the call.
 */
export function paymentCallJob(kind: PaymentCallKind, options: PaymentCallJobOptions): QueueJobKind<PaymentCallJob, PaymentCallAnswer> {
  const { calls, callRecords } = options;
  return partnerCallJob<PaymentCallJob, AnswerFields>(
    {
      ...KINDS[kind],
      userAgent: 'PaySplit-Payments/1',
      load: (em, ids) => callRecords.callsOf(em, ids),
      readAnswer: (reply) => ({
        processorReference: replyText(reply, 'processorReference', 255),
        failureReason: replyText(reply, 'failureReason', 200),
      }),
      apply: (tx, call, answer, exhausted) => calls.applyCallAnswer(tx, call, answer, exhausted),
      recordAttempt: (tx, record) => callRecords.recordCallAttempt(tx, record),
      logFields: (call) => ({ reason: call.reason }),
    },
    options,
  );
}
