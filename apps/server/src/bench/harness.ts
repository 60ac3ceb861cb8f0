import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { findFreePort, startEmbeddedDatabase } from '../db/embedded-database.js';
import { createLogger } from '../logger.js';
import { type RunningServer, startServer } from '../server.js';

/** A PaySplit server on a fresh embedded PostgreSQL, quiet, for measurements. */
export async function startBenchServer(
  environment: Record<string, string> = {},
): Promise<{ server: RunningServer; baseUrl: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-bench-'));
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'paysplit' });
  const port = await findFreePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    RATE_LIMITS: 'off',
    PAYSPLIT_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The bench's merchants listen on loopback and use test keys.
    PRIVATE_TEST_URLS: 'allow',
    SECRETS_KEY: '11'.repeat(32),
    DATABASE_POOL_MAX: '20',
    ...environment,
  });
  const server = await startServer(config, createLogger({ level: 'warn', destination: process.stderr }));
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A local HTTP server answering with `handler`; the merchant side of a benchmark. */
export async function startLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samples: readonly number[]): { count: number; median: number; p99: number; max: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return { count: sorted.length, median: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN, mean };
}
