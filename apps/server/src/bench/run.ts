import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureWebhookLatency } from './webhook-latency.js';

/**
 * `npm run bench`: each figure is measured in this run against its target or floor, printed as
 * a table and written to apps/server/bench-results/<name>.json. Never part of `npm test`.
 */
const RESULTS_DIR = fileURLToPath(new URL('../../bench-results/', import.meta.url));
const sessions = Number(process.env.BENCH_SESSIONS ?? 500);

async function main(): Promise<void> {
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
  const latency = await measureWebhookLatency(sessions);
  await mkdir(RESULTS_DIR, { recursive: true });
  const at = new Date().toISOString();
  await writeFile(path.join(RESULTS_DIR, 'webhook-latency.json'), `${JSON.stringify({ at, machine, ...latency }, null, 2)}\n`);
  const rows = [
    ['benchmark', 'figure', 'target', 'ratio to target'],
    [
      `last record -> webhook received (${latency.sessions} sessions)`,
      `median ${latency.latencyMs.median.toFixed(1)} ms, p99 ${latency.latencyMs.p99.toFixed(1)} ms`,
      `p99 < ${latency.targetP99Ms} ms`,
      (latency.latencyMs.p99 / latency.targetP99Ms).toFixed(2),
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
