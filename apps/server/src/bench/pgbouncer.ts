import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '../db/embedded-database.js';

export interface RunningPgBouncer {
  /** `databaseUrl` with host and port of the pooler instead of PostgreSQL's. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A throw-away PgBouncer (Debian's package; .ci/run installs it when missing) for the bench and
 * the tests (as a deployment puts one there, docs/operations.md), on loopback in transaction mode, in front of the PostgreSQL of `databaseUrl`, with that URL's user and password.
 * `serverPoolSize` bounds the server connections per database and user, as in production where
 * many clients share few connections.
 */
export async function startPgBouncer(databaseUrl: string, options: { serverPoolSize?: number } = {}): Promise<RunningPgBouncer> {
  const target = new URL(databaseUrl);
  const port = await findFreePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'paysplit-pgbouncer-'));
  const user = decodeURIComponent(target.username);
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  await writeFile(path.join(dir, 'userlist.txt'), `${quoted(user)} ${quoted(decodeURIComponent(target.password))}\n`);
  await writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'max_client_conn = 2000',
      `default_pool_size = ${options.serverPoolSize ?? 20}`,
      'log_connections = 0',
      'log_disconnections = 0',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; the embedded cluster's `postgres` system user exists then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o755);
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.on('error', () => reject(new Error('pgbouncer is not installed: run `apt-get install -y pgbouncer` (CI does this in .ci/run)')));
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('process up')) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', () => reject(new Error(`pgbouncer exited:\n${output}`)));
  });
  target.port = String(port);
  target.hostname = '127.0.0.1';
  return {
    url: target.toString(),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
