import { type ChildServer, load, type LoadResult, startChild } from './load.js';
import { startPgBouncer } from './pgbouncer.js';

type Compare = (
  ours: () => Promise<LoadResult>,
  theirs: () => Promise<LoadResult>,
) => Promise<[LoadResult, LoadResult, { paysplit: number[]; floor: number[] }]>;

interface Comparison {
  pooled: LoadResult;
  direct: LoadResult;
  /** req/s of each round, pooled and direct alternately. */
  rounds: { pooled: number[]; direct: number[] };
}

export interface ThroughPoolerResult {
  poll: Comparison;
  create: Comparison;
}

/**
 * The uncached status poll and session creation on an instance whose DATABASE_URL is PgBouncer
 * 1.18 in transaction mode (prepared statements off, as it requires), beside `direct`, an instance
 * on PostgreSQL itself with the same environment. The pooler's server pool is as large as the
 * instance's pool, so what differs is the extra hop and the unnamed statements.
 */
export async function measureThroughPooler(options: {
  databaseUrl: string;
  environment: Record<string, string>;
  direct: ChildServer;
  /** Status-poll paths in turn, each answered from the database. */
  pollPaths: string[];
  createHeaders: Record<string, string>;
  createBody: string;
  seconds: number;
  compare: Compare;
}): Promise<ThroughPoolerResult> {
  const pooler = await startPgBouncer(options.databaseUrl, { serverPoolSize: Number(options.environment.DATABASE_POOL_MAX ?? 10) });
  const pooled = await startChild(
    '../main.js',
    {
      ...options.environment,
      DATABASE_URL: pooler.url,
      DATABASE_DIRECT_URL: options.databaseUrl,
      DATABASE_PREPARED_STATEMENTS: 'off',
    },
    '/readyz',
  );
  try {
    const poll = (server: ChildServer) => () =>
      load({ url: `${server.url}/api/payments/unified`, paths: options.pollPaths, seconds: options.seconds, connections: 20 });
    const create = (server: ChildServer) => () =>
      load({
        url: `${server.url}/api/v1/payments/sessions`,
        method: 'POST',
        headers: options.createHeaders,
        body: options.createBody,
        seconds: options.seconds,
        connections: 20,
      });
    const side = async (run: (server: ChildServer) => () => Promise<LoadResult>): Promise<Comparison> => {
      const [onPooled, onDirect, rounds] = await options.compare(run(pooled), run(options.direct));
      return { pooled: onPooled, direct: onDirect, rounds: { pooled: rounds.paysplit, direct: rounds.floor } };
    };
    return { poll: await side(poll), create: await side(create) };
  } finally {
    await pooled.stop();
    await pooler.stop();
  }
}
