import { finished } from 'node:stream/promises';
import pg, { type Submittable } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A node-postgres connection (a Client, or one a pool handed out). */
export interface Queryable {
  query<T extends Submittable>(submittable: T): T;
}

/**
 * Rows appended with `COPY … FROM STDIN`, as lines of its text format (copy-text.ts). For a table
 * written only in batches, where PostgreSQL parsing the rows is most of what a batch costs it: COPY
 * reads text straight into the columns, where an INSERT of the same rows from a JSON parameter
 * first parses the JSON and builds a record of each row (docs/benchmarks.md, "The request log's
 * cost"). One statement: all the rows are written or none. Resolves once PostgreSQL has them.
 */
export async function copyLines(connection: Queryable, statement: string, lines: readonly string[]): Promise<void> {
  const stream = connection.query(copyFrom(statement));
  stream.end(`${lines.join('\n')}\n`);
  await finished(stream);
}

/** PostgreSQL's data exceptions (22…): a row the table refuses; the connection is as it was. */
const DATA_EXCEPTION = /^22/;

/**
 * One connection of its own that only appends rows by COPY (the request log's thread writes with
 * one): opened when first needed, and again after it failed or was lost while idle.
 */
export class CopyConnection {
  private client: Promise<pg.Client> | undefined;

  constructor(private readonly config: pg.ClientConfig) {}

  async copy(statement: string, lines: readonly string[]): Promise<void> {
    const client = await (this.client ?? this.open());
    try {
      await copyLines(client, statement, lines);
    } catch (error) {
      if (!DATA_EXCEPTION.test(String((error as { code?: unknown }).code ?? ''))) this.drop(client);
      throw error;
    }
  }

  async end(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.then((open) => open.end()).catch(() => undefined);
  }

  private open(): Promise<pg.Client> {
    const opening = (async () => {
      const client = new pg.Client(this.config);
      client.on('error', () => this.drop(client));
      await client.connect();
      return client;
    })();
    opening.catch(() => {
      if (this.client === opening) this.client = undefined;
    });
    return (this.client = opening);
  }

  private drop(client: pg.Client): void {
    void this.client?.then((current) => {
      if (current === client) this.client = undefined;
    });
    void client.end().catch(() => undefined);
  }
}
