import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import type { Metrics } from './metrics.js';

export type LimitName = 'createSession' | 'merchantApi' | 'poll' | 'accountSignup';

/** What a limited response reports (decisions §8). */
export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the budget is full again. */
  resetAt: number;
  /** Whole seconds to wait, >= 1, when refused. */
  retryAfter: number;
}

type Limiter = RateLimiterMemory | RateLimiterRedis | SteadyWithBurst;

/**
 * The limits of interface "Limits" and decisions §8, on rate-limiter-flexible: in memory for one
 * instance, in Redis (REDIS_URL) for several. When Redis cannot answer, requests are let through
 * (fail open), logged and counted: an outage of the counter store must not become an outage of
 * payments.
 */
export class RateLimits {
  private readonly limiters: Record<LimitName, { limiter: Limiter; limit: number }>;
  private readonly loginLimiters: { emailAddress: RateLimiterMemory | RateLimiterRedis; email: RateLimiterMemory | RateLimiterRedis };
  private readonly queryCost: { limiter: RateLimiterMemory | RateLimiterRedis; limit: number };

  constructor(
    private readonly options: {
      redis?: Redis;
      logger: Logger;
      metrics: Metrics;
      prefix?: string;
      windowSeconds?: number;
      enabled?: boolean;
      /** Query-cost points per window of an admin-area account or operator token (default 50,000). */
      queryCostPerWindow?: number;
    },
  ) {
    const window = options.windowSeconds ?? 60;
    const prefix = options.prefix ?? 'paysplit_rl';
    const make = (name: string, points: number, duration: number): RateLimiterMemory | RateLimiterRedis =>
      options.redis
        ? new RateLimiterRedis({
            storeClient: options.redis,
            keyPrefix: `${prefix}_${name}`,
            points,
            duration,
            rejectIfRedisNotReady: true,
          })
        : new RateLimiterMemory({ keyPrefix: `${prefix}_${name}`, points, duration });
    this.limiters = {
      createSession: { limiter: make('create', 100, window), limit: 100 },
      merchantApi: { limiter: make('api', 600, window), limit: 600 },
      // Self sign-up in the administration area, per client address.
      accountSignup: { limiter: make('signup', 10, window), limit: 10 },
      // 1 a second, with up to 2 extra in a burst (3 at once) refilled over 10 s; the headers count both.
      poll: { limiter: new SteadyWithBurst(make('poll', 1, 1), make('poll_burst', 2, 10)), limit: 3 },
    };
    // Generous point budgets: these count failures with penalty() and compare against 5 / 20 themselves.
    this.loginLimiters = { emailAddress: make('login_fail_ip', 1000, 60), email: make('login_fail', 1000, 3600) };
    const costBudget = options.queryCostPerWindow ?? 50_000;
    this.queryCost = { limiter: make('query_cost', costBudget, window), limit: costBudget };
  }

  /**
   * Spends an operation's estimated cost (graphql/query-limits.ts) from the budget of the
   * admin-area account or operator token `key`. Refused operations spend nothing; like the other
   * limits it is off with RATE_LIMITS=off and fails open when Redis cannot answer.
   */
  async chargeQueryCost(key: string, points: number): Promise<LimitDecision> {
    const { limiter, limit } = this.queryCost;
    const open = (): LimitDecision => ({ allowed: true, limit, remaining: limit, resetAt: Math.ceil(Date.now() / 1000), retryAfter: 0 });
    if (this.options.enabled === false || points <= 0) return open();
    try {
      return decision(true, limit, await limiter.consume(key, points));
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        // consume() counted the refused points too; give them back so that a refusal costs nothing.
        await limiter.reward(key, points).catch(() => undefined);
        this.options.metrics.rateLimited.inc({ limit: 'queryCost' });
        return decision(false, limit, outcome);
      }
      this.options.metrics.rateLimitStoreErrors.inc();
      this.options.logger.warn({ err: outcome, limit: 'queryCost' }, 'rate-limit store unavailable; letting the request through');
      return open();
    }
  }

  /**
   * Sign-in protection, always on (RATE_LIMITS=off is for load tests of the API): 5 wrong
   * passwords per minute for one email from one address, 20 per hour for one email from
   * anywhere. Only failures count; a success clears the per-address count.
   */
  async loginRefusal(email: string, address: string): Promise<LimitDecision | undefined> {
    const checks = await Promise.all([
      this.loginLimiters.emailAddress.get(`${email}|${address}`).catch(() => null),
      this.loginLimiters.email.get(email).catch(() => null),
    ]);
    const limits = [5, 20];
    for (const [index, result] of checks.entries()) {
      if (result && result.consumedPoints >= limits[index]!) return decision(false, limits[index]!, result);
    }
    return undefined;
  }

  async loginFailed(email: string, address: string): Promise<void> {
    await Promise.all([
      this.loginLimiters.emailAddress.penalty(`${email}|${address}`, 1).catch(() => undefined),
      this.loginLimiters.email.penalty(email, 1).catch(() => undefined),
    ]);
  }

  async loginSucceeded(email: string, address: string): Promise<void> {
    await this.loginLimiters.emailAddress.delete(`${email}|${address}`).catch(() => undefined);
  }

  async check(name: LimitName, key: string): Promise<LimitDecision> {
    const { limiter, limit } = this.limiters[name];
    if (this.options.enabled === false)
      return { allowed: true, limit, remaining: limit, resetAt: Math.ceil(Date.now() / 1000), retryAfter: 0 };
    try {
      const result = await limiter.consume(key);
      return decision(true, limit, result);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        this.options.metrics.rateLimited.inc({ limit: name });
        return decision(false, limit, outcome);
      }
      this.options.metrics.rateLimitStoreErrors.inc();
      this.options.logger.warn({ err: outcome, limit: name }, 'rate-limit store unavailable; letting the request through');
      return { allowed: true, limit, remaining: limit, resetAt: Math.ceil(Date.now() / 1000), retryAfter: 0 };
    }
  }
}

/**
 * Counts one request against a limit, puts the budget on the reply (decisions §8) and throws
 * RATE_LIMIT_EXCEEDED with Retry-After when it is spent. One helper for REST and GraphQL alike.
 */
export async function enforceLimit(
  limits: RateLimits,
  res: { setHeader(name: string, value: string): unknown },
  name: LimitName,
  key: string,
): Promise<void> {
  const decision = await limits.check(name, key);
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
  if (!decision.allowed) {
    res.setHeader('Retry-After', String(decision.retryAfter));
    throw new AppError(ErrorCode.RateLimitExceeded, 'Rate limit exceeded. Please try again later.');
  }
}

/** Spends an operation's query cost from an admin-area budget; RATE_LIMIT_EXCEEDED with retryAfterSeconds when it is spent. */
export async function chargeQueryCost(limits: RateLimits, key: string, points: number): Promise<void> {
  const decision = await limits.chargeQueryCost(key, points);
  if (!decision.allowed) {
    throw new AppError(
      ErrorCode.RateLimitExceeded,
      `The query budget of this account or token (${decision.limit} points a window) is spent; this operation costs ${points}. Try again later.`,
      undefined,
      { retryAfterSeconds: decision.retryAfter },
    );
  }
}

/**
 * A steady rate with a burst allowance on top, like rate-limiter-flexible's BurstyRateLimiter, but
 * its answers count what is left of both: X-RateLimit-Remaining says 0 only when the next request
 * would be refused.
 */
class SteadyWithBurst {
  constructor(
    private readonly steady: RateLimiterMemory | RateLimiterRedis,
    private readonly burst: RateLimiterMemory | RateLimiterRedis,
  ) {}

  async consume(key: string): Promise<RateLimiterRes> {
    let steady: RateLimiterRes;
    try {
      steady = await this.steady.consume(key);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      try {
        const burst = await this.burst.consume(key);
        // Allowed: X-RateLimit-Reset says when all of it is back, the burst included.
        return new RateLimiterRes(burst.remainingPoints, Math.max(refused.msBeforeNext, burst.msBeforeNext), burst.consumedPoints);
      } catch (burstRefused) {
        if (!(burstRefused instanceof RateLimiterRes)) throw burstRefused;
        // Refused until the sooner of: the steady window turning over, or the burst refilling.
        throw new RateLimiterRes(0, Math.min(refused.msBeforeNext, burstRefused.msBeforeNext), burstRefused.consumedPoints);
      }
    }
    const burst = await this.burst.get(key);
    const burstLeft = burst ? Math.max(0, burst.remainingPoints) : this.burst.points;
    const fullAgainMs = burst && burstLeft < this.burst.points ? Math.max(steady.msBeforeNext, burst.msBeforeNext) : steady.msBeforeNext;
    return new RateLimiterRes(steady.remainingPoints + burstLeft, fullAgainMs, steady.consumedPoints);
  }
}

/**
 * The status poll's key: per (session, client address). A UUID is the same in any case, so the
 * key is too (capitals buy no fresh allowance), and anything that is not one shares a key per
 * address, so junk ids cannot grow the limiter's table. REST and GraphQL use this one key.
 */
export function pollLimitKey(sessionId: unknown, clientAddress: string): string {
  return `${typeof sessionId === 'string' && isUuid(sessionId) ? sessionId.toLowerCase() : 'malformed'}|${clientAddress}`;
}

function decision(allowed: boolean, limit: number, result: RateLimiterRes): LimitDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, Math.min(limit, result.remainingPoints)),
    resetAt: Math.ceil((Date.now() + result.msBeforeNext) / 1000),
    retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  };
}
