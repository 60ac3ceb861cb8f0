import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { usePreparedStatements } from './prepared-statement.js';

export interface OrmOptions {
  databaseUrl: string;
  poolMax?: number;
  logger?: Logger;
  /** PostgreSQL's statement_timeout on every connection of the pool (default 15 s). */
  statementTimeoutMs?: number;
  /** Names the pool's connections in pg_stat_activity. */
  applicationName?: string;
  /** Server settings for every connection of the pool (sent at connect, like `-c name=value`). */
  settings?: Record<string, string | number>;
  /**
   * The URL is a transaction-mode pooler: send no settings at connect. PgBouncer 1.18 refuses a
   * connection that carries statement_timeout or options, and a per-connection setting would leak
   * to other clients sharing the server connection; such settings belong on the role
   * (`ALTER ROLE … SET statement_timeout`, docs/operations.md) or on a direct pool.
   */
  throughPooler?: boolean;
  /** DATABASE_PREPARED_STATEMENTS (default on): hot-path statements named or sent unnamed. */
  preparedStatements?: boolean;
}

export function ormConfig(options: OrmOptions): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: options.databaseUrl,
    entities: ENTITIES,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    // While the database is unreachable a request fails within a few seconds (503), never hangs.
    pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000, acquireTimeoutMillis: 3_000, createTimeoutMillis: 2_000 },
    driverOptions: {
      connection: {
        ...(options.throughPooler ? {} : { statement_timeout: options.statementTimeoutMs ?? 15_000 }),
        connectionTimeoutMillis: 2_000,
        ...(options.applicationName ? { application_name: options.applicationName } : {}),
        ...(options.settings && !options.throughPooler
          ? {
              options: Object.entries(options.settings)
                .map(([name, value]) => `-c ${name}=${value}`)
                .join(' '),
            }
          : {}),
      },
    },
    // A forked EntityManager per request is the unit of work; the global one is never used for work.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ensureDatabase: false,
    debug: false,
    logger: (message) => options.logger?.debug({ orm: message }, 'orm'),
  };
}

export async function openOrm(options: OrmOptions): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(options));
  usePreparedStatements(orm, options.preparedStatements ?? true);
  return orm;
}

/** Applies every committed migration not yet applied; safe to run on every start. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((migration) => migration.name);
}
