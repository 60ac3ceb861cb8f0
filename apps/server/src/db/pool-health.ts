import type { MikroORM } from '@mikro-orm/postgresql';

/** What the pool's Knex client exposes about its connections (tarn.js). */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** Connections of the ORM's pool by state, for /metrics; undefined before the pool exists. */
export function poolConnections(orm: MikroORM): { used: number; free: number; waiting: number } | undefined {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: PoolCounts }).pool;
  if (!pool) return undefined;
  return { used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires() };
}

/** Resolves when the database answers a trivial query within `timeoutMs` (readiness), else rejects. */
export async function pingDatabase(orm: MikroORM, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      orm.em.getConnection().execute('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), timeoutMs);
        timer.unref();
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
