import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueueTable } from '../db/job-queue.repository.js';
import type { AttemptOutcome, RetryDecision } from './retry-policy.js';

/** What configuration decides for each queue kind. */
export interface QueueKindSettings {
  /** Delay before retry n; after the last one the job has failed. */
  retryScheduleMs: readonly number[];
  /** How long a claim lasts in a live instance: longer than an attempt can take. */
  leaseMs: number;
  /** How many jobs of the kind one instance works on at once. */
  concurrency?: number;
}

/** A kind's settings as configured, with the kind's own number of jobs at once when none is set. */
export function kindSettings(settings: QueueKindSettings, defaultConcurrency: number): Required<QueueKindSettings> {
  const { retryScheduleMs, leaseMs, concurrency = defaultConcurrency } = settings;
  return { retryScheduleMs, leaseMs, concurrency };
}

/** What a handler knows about the attempt it is making. */
export interface AttemptContext {
  /** Counting from 1. */
  attempt: number;
  /** No retry follows if this one fails (the schedule is used up). */
  last: boolean;
  /** Aborted when this instance loses its claims (it was found dead) or stops for good. */
  signal: AbortSignal;
}

/** One attempt, finished: what `record` writes beside the job's new state. */
export interface FinishedAttempt {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  outcome: AttemptOutcome;
  decision: RetryDecision;
}

/**
 * A kind of job kept in a domain table (webhook deliveries, partner refund calls, emails): the
 * handler its module registers. The runner claims, retries and fences; the handler loads, makes
 * one attempt, and records it.
 */
export interface QueueJobKind<Job extends { id: string } = { id: string }, Result = unknown> extends Required<QueueKindSettings> {
  name: string;
  queue: QueueTable;
  /** Runs before each claim (e.g. cancelling work nobody wants any more). */
  beforeClaim?(em: EntityManager): Promise<void>;
  /** What the attempts need, for claimed rows (in any order; a row that is gone is left out). */
  load(em: EntityManager, ids: readonly string[]): Promise<Job[]>;
  /** One attempt. Resolves with its outcome (and what `record` should keep of it); throws only on a bug. */
  run(job: Job, context: AttemptContext): Promise<{ outcome: AttemptOutcome; result: Result }>;
  /** Writes the attempt row and the domain's effects, in the transaction that ends the claim. */
  record(tx: EntityManager, job: Job, attempt: FinishedAttempt, result: Result): Promise<void>;
  /** After the claim ended (committed): logs and metrics of the kind's own. */
  after?(job: Job, attempt: FinishedAttempt, result: Result): void;
}

/** Work done every `everyMs` by one instance of all (the tick is claimed in job_schedule). */
export interface PeriodicJobKind {
  name: string;
  everyMs: number;
  /** One run; what it resolves with is handed to `runNow`'s caller. */
  run(em: EntityManager): Promise<unknown>;
}
