import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type ClaimedRow, JobQueueRepository } from '../db/job-queue.repository.js';
import { NotificationListener } from '../db/notification-listener.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../logger.js';
import type { FinishedAttempt, PeriodicJobKind, QueueJobKind } from './job-kind.js';
import { decide } from './retry-policy.js';

/** application_name of each instance's one LISTEN connection for every job kind. */
export const JOBS_APPLICATION_NAME = 'paysplit-jobs';

/** Announces that instances died: every instance sweeps at once and takes their claims over. */
export const JOBS_CHANNEL = 'paysplit_jobs';

/** How often an instance says it is alive (instances silent for INSTANCE_SILENCE_MS are removed). */
export const HEARTBEAT_MS = 2_000;

export interface JobRunnerOptions {
  orm: MikroORM;
  /** PostgreSQL itself (not a transaction pooler): the LISTEN connection. */
  databaseUrl: string;
  logger: Logger;
  metrics?: Metrics;
  /** Names this process in job_instance. */
  application?: string;
  /** Upper bound between sweeps of a kind when nothing wakes it (a missed NOTIFY). */
  maxIdleMs?: number;
  heartbeatMs?: number;
  random?: () => number;
}

interface QueueState {
  kind: QueueJobKind<{ id: string }>;
  inFlight: Set<Promise<void>>;
  sweeping: Promise<void> | undefined;
  wakeAgain: boolean;
  timer: NodeJS.Timeout | undefined;
}

interface PeriodicState {
  kind: PeriodicJobKind;
  running: Promise<void> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** A claim taken over by another instance before this one finished: its result is discarded. */
class LostClaim extends Error {}

/**
 * The one job runner. Each kind is a handler its module registers; the runner wakes it on NOTIFY
 * (one LISTEN connection for all kinds) and by a timer for the next due row or lapsing claim,
 * claims with FOR UPDATE SKIP LOCKED, applies the one retry rule, and ends each claim in one
 * transaction with the handler's attempt row, fenced on this instance's id.
 *
 * Liveness: every instance heartbeats its job_instance row every HEARTBEAT_MS and removes
 * instances silent for INSTANCE_SILENCE_MS; a claim whose instance is gone is taken over at once,
 * so work a killed process held resumes within seconds. An instance that finds its own row gone
 * (it stalled, and others took its claims) aborts what it was doing and registers afresh.
 */
export class JobRunner {
  private readonly queues = new Map<string, QueueState>();
  private readonly periodic = new Map<string, PeriodicState>();
  private listener: NotificationListener | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private heartbeating: Promise<void> | undefined;
  private stopped = true;
  private instanceId = randomUUID();
  private claims = new AbortController();
  private readonly repository = new JobQueueRepository();
  private readonly application: string;

  constructor(private readonly options: JobRunnerOptions) {
    this.application = options.application ?? 'paysplit';
  }

  register<Job extends { id: string }, Result>(kind: QueueJobKind<Job, Result>): this {
    this.queues.set(kind.name, {
      kind: kind as unknown as QueueJobKind<{ id: string }>,
      inFlight: new Set(),
      sweeping: undefined,
      wakeAgain: false,
      timer: undefined,
    });
    return this;
  }

  registerPeriodic(kind: PeriodicJobKind): this {
    this.periodic.set(kind.name, { kind, running: undefined, timer: undefined });
    return this;
  }

  /** This instance's id in job_instance while started. */
  get instance(): string {
    return this.instanceId;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.repository.registerInstance(this.options.orm.em.fork(), this.instanceId, this.application);
    const channels = new Map<string, string[]>();
    for (const { kind } of this.queues.values()) channels.set(kind.queue.channel, [...(channels.get(kind.queue.channel) ?? []), kind.name]);
    this.listener = new NotificationListener({
      databaseUrl: this.options.databaseUrl,
      channels: [...channels.keys(), JOBS_CHANNEL],
      applicationName: JOBS_APPLICATION_NAME,
      logger: this.options.logger,
      onNotification: (channel) => {
        for (const name of channels.get(channel) ?? [...this.queues.keys()]) this.wake(name);
      },
      // Also after a reconnection: a NOTIFY sent while the connection was down is never heard.
      onConnected: () => this.wakeAll(),
    });
    await this.listener.start();
    this.heartbeatTimer = setInterval(() => void this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    for (const name of this.periodic.keys()) this.tick(name);
  }

  /** Stops claiming, lets in-flight attempts finish, and leaves job_instance. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.heartbeatTimer);
    for (const state of this.queues.values()) clearTimeout(state.timer);
    for (const state of this.periodic.values()) clearTimeout(state.timer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.stop();
    await this.heartbeating;
    for (const state of this.queues.values()) await state.sweeping;
    await Promise.allSettled([...this.queues.values()].flatMap((state) => [...state.inFlight]));
    for (const state of this.periodic.values()) await state.running;
    await this.repository
      .removeInstance(this.options.orm.em.fork(), this.instanceId)
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not leave job_instance'));
  }

  /** Sweeps a kind now (or right after its current sweep). */
  wake(name: string): void {
    const state = this.queues.get(name);
    if (this.stopped || !state) return;
    if (state.sweeping) {
      state.wakeAgain = true;
      return;
    }
    state.sweeping = this.sweep(state)
      .catch((error: unknown) => this.options.logger.error({ err: error, kind: name }, 'job sweep failed'))
      .finally(() => {
        state.sweeping = undefined;
        if (state.wakeAgain) {
          state.wakeAgain = false;
          this.wake(name);
        }
      });
  }

  wakeAll(): void {
    for (const name of this.queues.keys()) this.wake(name);
  }

  /** Runs a periodic kind now, whether or not its tick is due or claimed elsewhere (tests, the CLI). */
  async runNow(name: string): Promise<unknown> {
    const state = this.periodic.get(name);
    if (!state) throw new Error(`no periodic job kind ${name}`);
    return state.kind.run(this.options.orm.em.fork());
  }

  private async sweep(state: QueueState): Promise<void> {
    const { kind } = state;
    for (;;) {
      if (this.stopped) return;
      const free = kind.concurrency - state.inFlight.size;
      if (free <= 0) {
        await Promise.race(state.inFlight);
        continue;
      }
      const em = this.options.orm.em.fork();
      await kind.beforeClaim?.(em);
      const claimed = await this.repository.claim(em, kind.queue, this.instanceId, free, kind.leaseMs);
      if (claimed.length === 0) break;
      const reclaimed = claimed.filter((row) => row.reclaimed).length;
      if (reclaimed > 0) {
        this.options.metrics?.jobsReclaimed.inc({ kind: kind.name }, reclaimed);
        this.options.logger.info({ kind: kind.name, jobs: reclaimed }, 'took over claims of a dead or stalled instance');
      }
      const loaded = await kind.load(
        this.options.orm.em.fork(),
        claimed.map((row) => row.id),
      );
      const jobs = new Map(loaded.map((job) => [job.id, job]));
      for (const row of claimed) {
        const job = jobs.get(row.id);
        if (!job) {
          this.options.logger.error({ kind: kind.name, jobId: row.id }, 'a claimed job could not be loaded');
          continue;
        }
        const attempt: Promise<void> = this.attempt(kind, job, row, this.instanceId, this.claims.signal)
          .catch((error: unknown) => {
            if (error instanceof LostClaim) {
              this.options.metrics?.jobClaimsLost.inc({ kind: kind.name });
              this.options.logger.warn(
                { kind: kind.name, jobId: row.id },
                'the claim was taken over before the attempt finished; its result is discarded',
              );
            } else this.options.logger.error({ err: error, kind: kind.name, jobId: row.id }, 'job bookkeeping failed');
          })
          .finally(() => {
            state.inFlight.delete(attempt);
            this.options.metrics?.jobsInFlight.dec({ kind: kind.name });
            // The outcome may have scheduled a retry: sweep again so the timer tracks it.
            this.wake(kind.name);
          });
        this.options.metrics?.jobsInFlight.inc({ kind: kind.name });
        state.inFlight.add(attempt);
      }
    }
    if (this.stopped) return;
    const maxIdleMs = this.options.maxIdleMs ?? 30_000;
    const nextInMs = await this.repository.msUntilNext(this.options.orm.em.fork(), kind.queue);
    const delayMs = nextInMs === null ? maxIdleMs : Math.max(0, Math.min(maxIdleMs, Math.ceil(nextInMs)));
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.wake(kind.name), delayMs);
    state.timer.unref();
  }

  private async attempt(
    kind: QueueJobKind<{ id: string }>,
    job: { id: string },
    row: ClaimedRow,
    instanceId: string,
    signal: AbortSignal,
  ): Promise<void> {
    const startedAt = new Date();
    const last = row.attempt > kind.retryScheduleMs.length;
    const { outcome, result } = await kind.run(job, { attempt: row.attempt, last, signal });
    const durationMs = Date.now() - startedAt.getTime();
    const decision = decide(outcome, row.attempt, kind.retryScheduleMs, this.options.random);
    const finished: FinishedAttempt = { attempt: row.attempt, startedAt, durationMs, outcome, decision };
    await this.options.orm.em.fork().transactional(async (tx) => {
      const dueInMs = decision.kind === 'retry' ? decision.delayMs : 0;
      if (!(await this.repository.finish(tx, kind.queue, { id: job.id, instanceId, status: decision.kind, dueInMs })))
        throw new LostClaim();
      await kind.record(tx, job, finished, result);
    });
    this.options.metrics?.jobAttempts.inc({ kind: kind.name, outcome: decision.kind });
    this.options.metrics?.jobDuration.observe({ kind: kind.name }, durationMs / 1000);
    kind.after?.(job, finished, result);
  }

  private beat(): void {
    if (this.stopped || this.heartbeating) return;
    this.heartbeating = this.heartbeat()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'job heartbeat failed'))
      .finally(() => {
        this.heartbeating = undefined;
      });
  }

  private async heartbeat(): Promise<void> {
    const em = this.options.orm.em.fork();
    if (!(await this.repository.heartbeat(em, this.instanceId))) {
      // Others found this instance silent and may have taken its claims: whatever it is still
      // doing is stale. Abort it (its finish is fenced anyway) and come back as a new instance.
      this.options.logger.warn({ instance: this.instanceId }, 'this instance was presumed dead; its claims are abandoned');
      this.claims.abort();
      this.claims = new AbortController();
      this.instanceId = randomUUID();
      await this.repository.registerInstance(em, this.instanceId, this.application);
    }
    if ((await this.repository.removeSilentInstances(em)) > 0) {
      this.wakeAll();
      await this.repository.notify(em, JOBS_CHANNEL);
    }
  }

  private tick(name: string): void {
    const state = this.periodic.get(name)!;
    if (this.stopped || state.running) return;
    const { kind } = state;
    state.running = (async () => {
      const em = this.options.orm.em.fork();
      if (await this.repository.claimTick(em, kind.name, this.instanceId, kind.everyMs)) await kind.run(this.options.orm.em.fork());
      return this.repository.msUntilTick(em, kind.name);
    })()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, kind: name }, 'periodic job failed');
        return null;
      })
      .then((nextInMs) => {
        state.running = undefined;
        if (this.stopped) return;
        const delayMs = nextInMs === null ? kind.everyMs : Math.max(0, Math.min(kind.everyMs, Math.ceil(nextInMs)));
        clearTimeout(state.timer);
        state.timer = setTimeout(() => this.tick(name), delayMs);
        state.timer.unref();
      });
  }
}
