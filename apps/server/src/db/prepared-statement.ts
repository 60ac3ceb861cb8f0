import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A fixed SQL statement of a hot path (status poll, API-key check, session insert), run as a
 * named prepared statement: PostgreSQL parses and plans it once per connection instead of on every
 * request, and no query builder or entity hydration runs in Node. Measured in `npm run bench`
 * (docs/benchmarks.md). Everything else goes through MikroORM.
 */
export interface PreparedStatement {
  /** Unique per statement text: pg keeps one prepared statement of this name per connection. */
  readonly name: string;
  /** SQL with $1, $2 … placeholders. */
  readonly text: string;
}

interface PgConnection {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

interface PooledClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

/**
 * Runs `statement` on a connection of the ORM's own pool, so the pool's size, timeouts (a down
 * database fails within seconds, never hangs) and type parsing (timestamps arrive as text, as
 * MikroORM configures them) are the same as for every other query. A statement that writes part
 * of a transaction says so (`joinTransaction`) and runs on the transaction's connection (knex
 * hands that one out), so it commits or rolls back with the rest; any other statement refuses to
 * run inside one, since it would silently read outside the caller's snapshot or locks.
 */
export async function runPrepared<Row>(
  em: EntityManager,
  statement: PreparedStatement,
  values: readonly unknown[],
  options: { joinTransaction?: boolean } = {},
): Promise<Row[]> {
  const transaction = em.getTransactionContext<{ client: unknown }>();
  if (transaction && !options.joinTransaction) {
    throw new Error(`Prepared statement ${statement.name} cannot join a transaction`);
  }
  const client = (transaction?.client ?? em.getConnection().getKnex().client) as PooledClient;
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query({ name: statement.name, text: statement.text, values });
    return result.rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}
