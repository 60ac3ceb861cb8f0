import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { loadSecretsKey, SecretBox } from '../security/secret-box.js';
import { startEmbeddedDatabase } from './embedded-database.js';
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
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase({ dataDir: config.dataDir, logger });
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
