import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../src/db/embedded-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database on the test cluster whose role may create databases. */
    postgresAdminUrl: string;
    /** Where the fuzz suites add their request counts (fuzzing.ts), summed when the run ends. */
    fuzzTallyFile: string;
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when set (CI with a server), else an
 * embedded cluster in a temporary folder. Each test file then creates its own database on it.
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
    project.provide('postgresAdminUrl', process.env.DATABASE_URL);
    return reportFuzzing;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-test-'));
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'postgres', ephemeral: true });
  project.provide('postgresAdminUrl', database.url);
  return async () => {
    await reportFuzzing();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
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
