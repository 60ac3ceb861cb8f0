import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../src/db/embedded-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database on the test cluster whose role may create databases. */
    postgresAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when set (CI with a server), else an
 * embedded cluster in a temporary folder. Each test file then creates its own database on it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('postgresAdminUrl', process.env.DATABASE_URL);
    return async () => undefined;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-test-'));
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'postgres', ephemeral: true });
  project.provide('postgresAdminUrl', database.url);
  return async () => {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
