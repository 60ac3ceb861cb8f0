import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationListener } from '../src/db/notification-listener.js';
import { openOrm } from '../src/db/orm.js';
import { createLogger } from '../src/logger.js';
import { SessionRepository } from '../src/modules/sessions/session.repository.js';
import { type RunningPgBouncer, startPgBouncer } from '../src/bench/pgbouncer.js';
import { createTestDatabase } from './support/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pooler: RunningPgBouncer;
const sessions = new SessionRepository();

beforeAll(async () => {
  database = await createTestDatabase();
  // One server connection shared by every client connection, as a busy pooler shares them.
  pooler = await startPgBouncer(database.url, { serverPoolSize: 1 });
});

afterAll(async () => {
  await pooler?.stop();
  await database?.drop();
});

/** Rounds of concurrent status polls (unknown ids: the statement runs all the same) through the pooler. */
async function pollConcurrently(preparedStatements: boolean): Promise<{ orm: MikroORM; failures: unknown[] }> {
  const orm = await openOrm({ databaseUrl: pooler.url, poolMax: 4, throughPooler: true, preparedStatements });
  const failures: unknown[] = [];
  for (let round = 0; round < 3; round += 1) {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => sessions.findProgress(orm.em.fork(), randomUUID())));
    for (const result of results) if (result.status === 'rejected') failures.push(result.reason);
  }
  return { orm, failures };
}

describe('PgBouncer 1.18 in transaction mode between PaySplit and PostgreSQL', () => {
  it('carries the status poll sent unnamed (DATABASE_PREPARED_STATEMENTS=off), leaving no prepared statement behind', async () => {
    const { orm, failures } = await pollConcurrently(false);
    try {
      expect(failures).toEqual([]);
      // The pool's one server connection is the one every poll ran on.
      const [row] = await orm.em.fork().getConnection().execute<{ count: string }[]>('select count(*) from pg_prepared_statements');
      expect(Number(row!.count)).toBe(0);
    } finally {
      await orm.close(true);
    }
  });

  it('lets no notification through to a LISTEN made through it; a direct one hears it (hence DATABASE_DIRECT_URL)', async () => {
    const heard: Record<'pooled' | 'direct', string[]> = { pooled: [], direct: [] };
    const listen = (route: 'pooled' | 'direct') =>
      new NotificationListener({
        databaseUrl: route === 'pooled' ? pooler.url : database.url,
        channels: ['pooler_probe'],
        applicationName: `pooler-probe-${route}`,
        logger: createLogger({ level: 'silent' }),
        onNotification: (_channel, payload) => heard[route].push(payload ?? ''),
      });
    const listeners = [listen('pooled'), listen('direct')];
    await Promise.all(listeners.map((listener) => listener.start()));
    const orm = await openOrm({ databaseUrl: database.url, poolMax: 1 });
    try {
      await orm.em.fork().getConnection().execute(`select pg_notify('pooler_probe', 'changed')`);
      const deadline = Date.now() + 1_000;
      while (heard.direct.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual({ pooled: [], direct: ['changed'] });
    } finally {
      await orm.close(true);
      await Promise.all(listeners.map((listener) => listener.stop()));
    }
  });

  it('refuses a pool that sends settings at connect, as a direct pool does (hence throughPooler)', async () => {
    const orm = await openOrm({ databaseUrl: pooler.url, poolMax: 1 });
    try {
      await expect(orm.em.fork().getConnection().execute('select 1')).rejects.toThrow(/unsupported startup parameter/);
    } finally {
      await orm.close(true);
    }
  });

  it('breaks the status poll under concurrent load when statements are named (why the setting exists)', async () => {
    const { orm, failures } = await pollConcurrently(true);
    await orm.close(true);
    expect(failures.length).toBeGreaterThan(0);
    // 42P05: another client's statement of that name exists; 26000: ours was prepared elsewhere.
    for (const failure of failures) expect(['42P05', '26000']).toContain((failure as { code?: string }).code);
  });
});
