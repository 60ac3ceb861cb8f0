import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMinorAsMajor, requireCurrency } from '@paysplit/domain';
import type { QueueTable } from '../db/job-queue.repository.js';
import type { Logger } from '../logger.js';
import type { Listeners } from '../listen/listeners.js';
import type { SigningSecretsService } from '../modules/integrations/index.js';
import { postSignedCall, type SignedCallOutcome } from '../security/signed-partner-call.js';
import { kindSettings, type FinishedAttempt, type QueueJobKind, type QueueKindSettings } from './job-kind.js';

/** What every signed call about one payment reads from its row (the repository's `callsOf`). */
export interface PartnerCallRow {
  /** The call's id: the webhook-id of every attempt, and the merchant's idempotency key. */
  id: string;
  session_id: string;
  payment_id: string;
  payer_id: string;
  amount_minor: string;
  currency: string;
  mode: string;
  order_reference: string | null;
  processor_reference: string | null;
  integration_id: string;
  /** The merchant's endpoint for this kind of call (null: not configured). */
  url: string | null;
}

/** The fields every call's body carries about its payment, in the wire's spelling. */
export interface PartnerCallCommonBody {
  paymentId: string;
  sessionId: string;
  participantId: string;
  amountMinor: string;
  amount: string;
  currency: string;
  mode: 'test' | 'live';
  processorReference: string | null;
  orderReference: string | null;
}

/**
 * The common fields with a kind's own ones where the wire has them: after processorReference,
 * before orderReference (the bodies' key order is part of the contract).
 */
export function beforeOrderReference<Fields extends object>(
  common: PartnerCallCommonBody,
  fields: Fields,
): Omit<PartnerCallCommonBody, 'orderReference'> & Fields & { orderReference: string | null } {
  const { orderReference, ...rest } = common;
  return { ...rest, ...fields, orderReference };
}

type NoAnswer = Extract<SignedCallOutcome, { kind: 'no_answer' }>;

/** What the merchant's endpoint made of one call: an answer of the contract with the kind's own fields, or none usable. */
export type PartnerCallAnswer<Fields extends object> =
  ({ kind: 'answered'; status: 'succeeded' | 'pending' | 'failed'; httpStatus: number; excerpt: string } & Fields) | NoAnswer;

/** One attempt as the kind's attempt table keeps it (the administration area shows them). */
export interface PartnerCallAttemptRecord {
  callId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  httpStatus: number | null;
  /** succeeded / pending / failed (the answer), or error (no usable answer). */
  outcome: string;
  excerpt: string | null;
}

/** What makes one kind of signed partner call (refund, cancel, capture) different from the others. */
export interface PartnerCallSpec<Row extends PartnerCallRow, Fields extends object> {
  /** The job kind's name (metrics, logs). */
  name: string;
  queue: QueueTable;
  /** The call in messages ('refund', 'cancel', 'capture') and what fails with it ('refund', 'cancellation', 'capture'). */
  noun: string;
  outcomeNoun: string;
  /** The id's name in logs (`refundId`). */
  idField: string;
  /** The integration setting holding the URL, for messages (`partnerRefundUrl`). */
  urlSetting: string;
  userAgent: string;
  load(em: EntityManager, ids: readonly string[]): Promise<Row[]>;
  /** The signed body: the kind's type, id and fields around the common ones. */
  body(row: Row, common: PartnerCallCommonBody): { mode: 'test' | 'live' };
  /** The kind's own fields of an answer. */
  readAnswer(reply: Record<string, unknown>): Fields;
  /**
   * What the answer does to the call, in the transaction recording the attempt; `exhausted` when no
   * attempt follows. A call settled otherwise meanwhile returns the conflict instead of throwing.
   */
  apply(tx: EntityManager, row: Row, answer: PartnerCallAnswer<Fields>, exhausted: boolean): Promise<{ conflict?: Error }>;
  recordAttempt(tx: EntityManager, record: PartnerCallAttemptRecord): Promise<void>;
  /** Further fields for the kind's log lines. */
  logFields?(row: Row): Record<string, unknown>;
}

/** What configuration and the app give every kind. The lease outlasts any call (twice its timeout and more). */
export interface PartnerCallJobOptions extends QueueKindSettings {
  em: () => EntityManager;
  signingSecrets: SigningSecretsService;
  /** PARTNER_TIMEOUT_MS. */
  timeoutMs: number;
  logger: Logger;
  /** Test-mode calls may reach private addresses (PRIVATE_TEST_URLS); default true. */
  privateTestUrls?: boolean;
  /** While the integration has a listener (`paysplit listen`), its test-mode calls go there instead. */
  listeners?: Listeners;
}

/**
 * A signed call to the merchant about one payment as a job kind: one signed POST per attempt, with
 * the same id (webhook-id) every time, every attempt recorded beside the call; the kind's `apply`
 * decides what the answer (or the lack of one) does. Answered (even `pending`) or given up, the
 * calls end: the row's own status says how.
 */
export function partnerCallJob<Row extends PartnerCallRow, Fields extends object>(
  spec: PartnerCallSpec<Row, Fields>,
  options: PartnerCallJobOptions,
): QueueJobKind<Row, PartnerCallAnswer<Fields>> {
  const http = { timeoutMs: options.timeoutMs, privateTestUrls: options.privateTestUrls ?? true, listeners: options.listeners };
  const { logger } = options;
  return {
    name: spec.name,
    queue: spec.queue,
    ...kindSettings(options, 4),
    load: (em, ids) => spec.load(em, ids),
    async run(row, { attempt }) {
      const answer = await callPartner(row, attempt);
      return {
        outcome: answer.kind === 'answered' ? { kind: 'done' } : { kind: 'retry', reason: answer.reason },
        result: answer,
      };
    },
    async record(tx, row, attempt, answer) {
      const { conflict } = await spec.apply(tx, row, answer, attempt.decision.kind === 'failed');
      // Settled otherwise meanwhile (the merchant's settle call): the attempt is still recorded.
      if (conflict) logger.warn({ [spec.idField]: row.id, err: conflict }, `${spec.noun} answer conflicts with how it was settled`);
      await spec.recordAttempt(tx, {
        callId: row.id,
        attempt: attempt.attempt,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        httpStatus: answer.httpStatus,
        outcome: answer.kind === 'answered' ? answer.status : 'error',
        excerpt: answer.kind === 'answered' ? answer.excerpt : (answer.excerpt ?? answer.reason),
      });
    },
    after(row, attempt, answer) {
      logAttempt(row, attempt, answer);
    },
  };

  function logAttempt(row: Row, attempt: FinishedAttempt, answer: PartnerCallAnswer<Fields>): void {
    const log = {
      [spec.idField]: row.id,
      paymentId: row.payment_id,
      ...spec.logFields?.(row),
      attempt: attempt.attempt,
      httpStatus: answer.httpStatus,
      durationMs: attempt.durationMs,
    };
    if (answer.kind === 'answered') {
      logger.info({ ...log, status: answer.status }, `${spec.noun} call answered`);
      return;
    }
    const final = attempt.decision.kind === 'failed';
    logger.warn(
      { ...log, error: answer.reason, final },
      final ? `${spec.noun} call failed for good; the ${spec.outcomeNoun} failed` : `${spec.noun} call failed; will retry`,
    );
  }

  async function callPartner(row: Row, attempt: number): Promise<PartnerCallAnswer<Fields>> {
    const none = (reason: string): NoAnswer => ({ kind: 'no_answer', reason, httpStatus: null, excerpt: null });
    if (!row.url) return none(`the integration has no ${spec.urlSetting}`);
    const mode = row.mode === 'test' ? 'test' : 'live';
    if (mode === 'live' && !row.url.startsWith('https://')) return none(`live mode requires an https ${spec.urlSetting}`);
    let secret: Awaited<ReturnType<SigningSecretsService['currentSecrets']>>['partner'];
    try {
      secret = (await options.signingSecrets.currentSecrets(options.em(), row.integration_id)).partner;
    } catch (error) {
      // A failed attempt (retried on the schedule, then failed), never a throw: a throw records
      // nothing, and the call would be claimed again every lease, for ever.
      logger.warn({ [spec.idField]: row.id, err: error }, `${spec.noun} call: the signing secret could not be read`);
      return none('the signing secret could not be read');
    }
    const amountMinor = BigInt(row.amount_minor);
    const body = spec.body(row, {
      paymentId: row.payment_id,
      sessionId: row.session_id,
      participantId: row.payer_id,
      amountMinor: amountMinor.toString(),
      amount: formatMinorAsMajor(amountMinor, requireCurrency(row.currency)),
      currency: row.currency,
      mode,
      processorReference: row.processor_reference,
      orderReference: row.order_reference,
    });
    const outcome = await postSignedCall(
      { integrationId: row.integration_id, url: row.url, secret, id: row.id, attempt, body, userAgent: spec.userAgent },
      http,
    );
    if (outcome.kind === 'no_answer') return outcome;
    const { status, httpStatus, excerpt } = outcome;
    return { kind: 'answered', status, httpStatus, excerpt, ...spec.readAnswer(outcome.reply) };
  }
}
