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
 * MikroORM configures them) are the same as for every other query. Outside transactions only:
 * a statement that must commit with other writes belongs in the unit of work.
 */
export async function runPrepared<Row>(em: EntityManager, statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]> {
  if (em.isInTransaction()) throw new Error(`Prepared statement ${statement.name} cannot join a transaction`);
  const client = em.getConnection().getKnex().client as unknown as PooledClient;
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query({ name: statement.name, text: statement.text, values });
    return result.rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}
