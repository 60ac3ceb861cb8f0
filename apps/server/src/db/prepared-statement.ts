import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * A fixed SQL statement of a hot path (status poll, API-key check, session insert), run as a
 * named prepared statement: PostgreSQL parses and plans it once per connection instead of on every
 * request, and no query builder or entity hydration runs in Node. Measured in `npm run bench`
 * (docs/benchmarks.md). Everything else goes through MikroORM, whose queries (knex on pg) are
 * never named. Behind a pooler that cannot carry named statements they run unnamed (below).
 */
export interface PreparedStatement {
  /** Unique per statement text: pg keeps one prepared statement of this name per connection. */
  readonly name: string;
  /** SQL with $1, $2 … placeholders. */
  readonly text: string;
}

interface PgConnection {
  query(config: { name?: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * ORMs (by their configuration, shared by every fork) whose hot-path statements go unnamed: a
 * transaction-mode pooler such as PgBouncer 1.18 hands each transaction a different server
 * connection, where a statement this client prepared elsewhere does not exist (or another
 * client's of the same name does). Unnamed, the text is parsed on every call, which it can carry.
 */
const unnamedStatements = new WeakSet<object>();

/** DATABASE_PREPARED_STATEMENTS for one ORM (on unless switched off here). */
export function usePreparedStatements(orm: MikroORM, on: boolean): void {
  if (on) unnamedStatements.delete(orm.config);
  else unnamedStatements.add(orm.config);
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
    const named = !unnamedStatements.has(em.config);
    const result = await connection.query({ ...(named ? { name: statement.name } : {}), text: statement.text, values });
    return result.rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}
