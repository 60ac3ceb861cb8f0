import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { MiddlewareFn } from 'type-graphql';
import type { Logger } from '../logger.js';
import { openOrm } from './orm.js';

/** How the dashboard pool's connections are named in pg_stat_activity. */
export const DASHBOARD_APPLICATION_NAME = 'paysplit-dashboard';

/** PostgreSQL's query_canceled: statement_timeout (or a cancel request) stopped the statement. */
const QUERY_CANCELED = '57014';

/**
 * The administration area's reads (sessions explorer, stats, deliveries, audit log, integrations)
 * run on a pool of their own: DASHBOARD_POOL_MAX connections, each with statement_timeout set when
 * it connects. However many dashboards ask at once, they wait for these few connections (and get
 * SERVICE_UNAVAILABLE after the ORM's 3 s acquire timeout) instead of taking the ones that merchant
 * calls and payments use. Writes of the admin area stay on the main pool: they are small, and the
 * ORM's subscribers there keep the API-key cache true.
 */
export class DashboardDatabase {
  private constructor(private readonly orm: MikroORM) {}

  static async open(options: {
    databaseUrl: string;
    poolMax: number;
    statementTimeoutMs: number;
    logger?: Logger;
  }): Promise<DashboardDatabase> {
    const orm = await openOrm({
      databaseUrl: options.databaseUrl,
      poolMax: options.poolMax,
      statementTimeoutMs: options.statementTimeoutMs,
      applicationName: DASHBOARD_APPLICATION_NAME,
      // One process per statement: parallel workers would let each dashboard connection occupy
      // several cores, which the pool's size is meant to bound.
      settings: { max_parallel_workers_per_gather: 0 },
      logger: options.logger,
    });
    return new DashboardDatabase(orm);
  }

  /** A unit of work on the dashboard pool (one per request, like the main one). */
  fork(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }

  async close(): Promise<void> {
    await this.orm.close(true);
  }
}

/** A dashboard statement cut off by its statement_timeout, as the error the caller sees. */
export function dashboardTimeoutError(error: unknown): AppError | undefined {
  if ((error as { code?: unknown } | null)?.code !== QUERY_CANCELED) return undefined;
  return new AppError(
    ErrorCode.ServiceUnavailable,
    'This query took too long and was stopped; narrow it (a shorter date range, an integration, a smaller page) or try again later',
    undefined,
    { retryAfterSeconds: 5 },
  );
}

/** type-graphql middleware for the admin area's read resolvers: a statement timeout becomes SERVICE_UNAVAILABLE, not INTERNAL_ERROR. */
export const dashboardTimeouts: MiddlewareFn = async (_action, next) => {
  try {
    return (await next()) as unknown;
  } catch (error) {
    throw dashboardTimeoutError(error) ?? error;
  }
};
