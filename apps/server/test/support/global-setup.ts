import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../src/db/embedded-database.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { asAdmin, dropDatabase } from './admin-connection.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database on the test cluster whose role may create databases. */
    postgresAdminUrl: string;
    /** The run's migrated template database, which test databases are copies of (test-database.ts). */
    postgresTemplateDatabase: string;
    /** Where the fuzz suites add their request counts (fuzzing.ts), summed when the run ends. */
    fuzzTallyFile: string;
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when set (CI with a server), else an
 * embedded cluster in a temporary folder. On it, one template database migrated once; each test
 * file then creates its own database as a copy of it (test-database.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tallyDir = await mkdtemp(path.join(tmpdir(), 'paysplit-fuzz-'));
  const tallyFile = path.join(tallyDir, 'tally.jsonl');
  project.provide('fuzzTallyFile', tallyFile);
  const reportFuzzing = async () => {
    if (existsSync(tallyFile)) printFuzzSummary(readFileSync(tallyFile, 'utf8'));
    await rm(tallyDir, { recursive: true, force: true });
  };
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    const template = await createTemplateDatabase(adminUrl);
    project.provide('postgresAdminUrl', adminUrl);
    project.provide('postgresTemplateDatabase', template.name);
    return async () => {
      await reportFuzzing();
      // A server outlives the run: leave no template behind on it.
      await template.drop();
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-test-'));
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'postgres', ephemeral: true });
  const template = await createTemplateDatabase(database.url).catch(async (error: unknown) => {
    // No teardown runs when setup throws: stop the cluster here rather than leave it running.
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('postgresAdminUrl', database.url);
  project.provide('postgresTemplateDatabase', template.name);
  return async () => {
    await reportFuzzing();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * Creates the run's template and applies every migration to it with the server's own migrator, once.
 * Named for this run, so two runs against one `DATABASE_URL` server never share (or drop) each other's.
 */
async function createTemplateDatabase(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `paysplit_template_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const orm = await openOrm({ databaseUrl: url.toString(), poolMax: 1 });
  try {
    await migrate(orm);
  } finally {
    // PostgreSQL copies a database only while nobody is connected to it.
    await orm.close(true);
  }
  // And nobody may connect from now on, so no copy can fail on a stray connection to it.
  await asAdmin(adminUrl, (admin) => admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
  return {
    name,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/** One line for the whole run: how many fuzz requests the suites sent, and how many failed on our side. */
function printFuzzSummary(lines: string): void {
  const suites = lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { suite: string; requests: number; serverErrors: number; internalErrors: number });
  const sum = (field: 'requests' | 'serverErrors' | 'internalErrors') => suites.reduce((total, suite) => total + suite[field], 0);
  process.stdout.write(
    `[fuzz] ${sum('requests')} requests across ${suites.map((suite) => `${suite.suite} (${suite.requests})`).join(', ')}: ` +
      `${sum('serverErrors')} statuses >= 500, ${sum('internalErrors')} INTERNAL_ERROR answers\n`,
  );
}
