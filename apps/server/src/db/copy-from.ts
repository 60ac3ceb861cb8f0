import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** PostgreSQL's data exceptions (SQLSTATE 22…): a row the table refuses, which no retry fixes; the connection is as it was. */
export function isDataException(error: unknown): boolean {
  return /^22/.test(String((error as { code?: unknown } | null)?.code ?? ''));
}

/**
 * One connection of its own that only appends rows with `COPY … FROM STDIN`, as lines of its text
 * format (copy-text.ts); the request log's thread writes with one. For a table written only in
 * batches, where PostgreSQL parsing the rows is most of what a batch costs it: COPY reads text
 * straight into the columns, where an INSERT of the same rows from a JSON parameter first parses
 * the JSON and builds a record of each row (docs/benchmarks.md, "The request log's cost"). The
 * connection is opened when first needed, and again after it failed or was lost while idle.
 */
export class CopyConnection {
  /** The connection being opened or open; the one that connected. */
  private opening: Promise<pg.Client> | undefined;
  private open: pg.Client | undefined;

  constructor(private readonly config: pg.ClientConfig) {}

  /** One statement: all the lines are written or none. Resolves once PostgreSQL has them. */
  async copy(statement: string, lines: readonly string[]): Promise<void> {
    const client = await (this.opening ??= this.connect());
    try {
      const stream = client.query(copyFrom(statement));
      stream.end(`${lines.join('\n')}\n`);
      await finished(stream);
    } catch (error) {
      if (!isDataException(error)) this.drop(client);
      throw error;
    }
  }

  async end(): Promise<void> {
    const opening = this.opening;
    this.opening = undefined;
    this.open = undefined;
    await opening?.then((client) => client.end()).catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    client.on('error', () => this.drop(client));
    try {
      await client.connect();
    } catch (error) {
      this.opening = undefined;
      throw error;
    }
    this.open = client;
    return client;
  }

  /** Forgets a connection that failed (the next batch opens another) and closes it. */
  private drop(client: pg.Client): void {
    if (this.open === client) {
      this.open = undefined;
      this.opening = undefined;
    }
    void client.end().catch(() => undefined);
  }
}
