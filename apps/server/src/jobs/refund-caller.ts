import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError, formatMinorAsMajor, requireCurrency } from '@paysplit/domain';
import { NotificationListener } from '../db/notification-listener.js';
import type { Logger } from '../logger.js';
import type { SigningSecretsService } from '../modules/integrations/signing-secrets.service.js';
import { PartnerRefundClient, type PartnerRefundOutcome } from '../modules/refunds/partner-refund-client.js';
import { type ClaimedRefundCall, REFUND_CHANNEL, type RefundRepository } from '../modules/refunds/refund.repository.js';
import type { RefundService } from '../modules/refunds/refund.service.js';

export interface RefundCallerOptions {
  orm: MikroORM;
  databaseUrl: string;
  signingSecrets: SigningSecretsService;
  refunds: RefundService;
  refundRecords: RefundRepository;
  logger: Logger;
  /** Delay before retry n (REFUND_RETRY_SCHEDULE); after the last one the refund fails. */
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  concurrency?: number;
  /** How long a claim lasts; a caller that dies mid-call loses its claim after this. */
  claimMs?: number;
  /** Upper bound between sweeps when no notification arrives. */
  maxIdleMs?: number;
  random?: () => number;
  /** Test-mode calls may reach private addresses (PRIVATE_TEST_URLS); default true. */
  privateTestUrls?: boolean;
}

/** application_name of the refund caller's LISTEN connection. */
export const REFUND_CALLER_APPLICATION_NAME = 'paysplit-refund-caller';

/** Why a refund fails when its calls are never answered. */
export const NO_ANSWER_REASON = "the merchant's refund endpoint did not answer";

/**
 * Makes the partner refund calls (issue 15). Woken at once by NOTIFY when a refund commits and by
 * a timer for the next due retry; refunds are claimed with FOR UPDATE SKIP LOCKED and a lease, so
 * instances never make one attempt twice and a crashed instance's calls are taken over. Every
 * attempt is recorded; the answer settles the refund (succeeded / failed) or leaves it pending.
 */
export class RefundCaller {
  private listener: NotificationListener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly client: PartnerRefundClient;

  constructor(private readonly options: RefundCallerOptions) {
    this.client = new PartnerRefundClient({ timeoutMs: options.timeoutMs, privateTestUrls: options.privateTestUrls ?? true });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.listener = new NotificationListener({
      databaseUrl: this.options.databaseUrl,
      channels: [REFUND_CHANNEL],
      applicationName: REFUND_CALLER_APPLICATION_NAME,
      logger: this.options.logger,
      onNotification: () => this.wake(),
      onConnected: () => this.wake(),
    });
    await this.listener.start();
  }

  /** Stops claiming and lets in-flight calls finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.stop();
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs a sweep now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.sweep()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'refund call sweep failed'))
      .finally(() => {
        this.running = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async sweep(): Promise<void> {
    const concurrency = this.options.concurrency ?? 4;
    const claimMs = this.options.claimMs ?? Math.max(60_000, this.options.timeoutMs * 2);
    for (;;) {
      if (this.stopped) return;
      const free = concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      const claimed = await this.options.refundRecords.claimDue(this.options.orm.em.fork(), free, claimMs);
      if (claimed.length === 0) break;
      for (const call of claimed) {
        const calling: Promise<void> = this.call(call)
          .catch((error: unknown) => this.options.logger.error({ err: error, refundId: call.id }, 'refund call bookkeeping failed'))
          .finally(() => {
            this.inFlight.delete(calling);
            this.wake();
          });
        this.inFlight.add(calling);
      }
    }
    if (this.stopped) return;
    const maxIdleMs = this.options.maxIdleMs ?? 30_000;
    const dueInMs = await this.options.refundRecords.msUntilNextDue(this.options.orm.em.fork());
    const delayMs = dueInMs === null ? maxIdleMs : Math.max(0, Math.min(maxIdleMs, Math.ceil(dueInMs)));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delayMs);
    this.timer.unref();
  }

  private async call(call: ClaimedRefundCall): Promise<void> {
    const startedAt = new Date();
    const outcome = await this.attempt(call);
    const durationMs = Date.now() - startedAt.getTime();
    const schedule = this.options.retryScheduleMs;
    const exhausted = call.attempt_count > schedule.length;
    const answered = outcome.kind === 'answered';
    let retryInMs = 0;
    if (!answered && !exhausted) {
      const base = schedule[call.attempt_count - 1]!;
      retryInMs = Math.round(base * (1 + ((this.options.random ?? Math.random)() * 0.2 - 0.1)));
    }
    const settle =
      outcome.kind === 'answered'
        ? outcome.status === 'pending'
          ? undefined
          : { status: outcome.status, processorRefundReference: outcome.processorRefundReference, failureReason: outcome.failureReason }
        : exhausted
          ? { status: 'failed' as const, failureReason: NO_ANSWER_REASON }
          : undefined;
    await this.options.orm.em.fork().transactional(async (tx) => {
      if (settle) {
        try {
          await this.options.refunds.settle(tx, call.id, settle);
        } catch (error) {
          // Settled otherwise meanwhile (the merchant's settle call): the attempt is still recorded.
          if (!(error instanceof AppError)) throw error;
          this.options.logger.warn({ refundId: call.id, err: error }, 'refund answer conflicts with how it was settled');
        }
      }
      await this.options.refundRecords.recordCallAttempt(tx, {
        refundId: call.id,
        attempt: call.attempt_count,
        startedAt,
        durationMs,
        httpStatus: outcome.httpStatus,
        outcome: outcome.kind === 'answered' ? outcome.status : 'error',
        excerpt: outcome.kind === 'answered' ? outcome.excerpt : (outcome.excerpt ?? outcome.reason),
        next: answered || exhausted ? { callStatus: 'done' } : { callStatus: 'due', retryInMs },
      });
    });
    const log = { refundId: call.id, paymentId: call.payment_id, attempt: call.attempt_count, httpStatus: outcome.httpStatus, durationMs };
    if (answered) this.options.logger.info({ ...log, status: outcome.status }, 'refund call answered');
    else
      this.options.logger.warn(
        { ...log, error: outcome.reason, final: exhausted },
        exhausted ? 'refund call failed for good; the refund failed' : 'refund call failed; will retry',
      );
  }

  private async attempt(call: ClaimedRefundCall): Promise<PartnerRefundOutcome> {
    const url = call.partner_refund_url;
    if (!url) return { kind: 'no_answer', reason: 'the integration has no partnerRefundUrl', httpStatus: null, excerpt: null };
    const mode = call.mode === 'test' ? 'test' : 'live';
    if (mode === 'live' && !url.startsWith('https://')) {
      return { kind: 'no_answer', reason: 'live mode requires an https partnerRefundUrl', httpStatus: null, excerpt: null };
    }
    let secret: Awaited<ReturnType<SigningSecretsService['currentSecrets']>>['partner'];
    try {
      secret = (await this.options.signingSecrets.currentSecrets(this.options.orm.em.fork(), call.integration_id)).partner;
    } catch (error) {
      // Counted as a failed attempt (retried on the schedule, then failed) rather than thrown: a
      // throw here recorded nothing, and the refund was claimed again every lease, for ever.
      this.options.logger.warn({ refundId: call.id, err: error }, 'refund call: the signing secret could not be read');
      return { kind: 'no_answer', reason: 'the signing secret could not be read', httpStatus: null, excerpt: null };
    }
    const amountMinor = BigInt(call.amount_minor);
    return this.client.requestRefund(url, secret, {
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
