import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findFreePort } from '../db/embedded-database.js';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in all. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon against one endpoint; `rate` fixes the overall request rate (open loop). */
export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
  rate?: number;
  /** Paths to send in turn (one shared rotation over all connections) instead of the URL's own. */
  paths?: readonly string[];
}): Promise<LoadResult> {
  let turn = 0;
  const paths = options.paths;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: paths ? [{ setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length]! }) }] : undefined,
    duration: options.seconds,
    connections: options.connections,
    overallRate: options.rate,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  rssMb(): Promise<number>;
  /** CPU time the process has used so far (user + system), from /proc. */
  cpuSeconds(): Promise<number>;
  /** The same for its main thread alone (the one that answers requests), without worker threads and V8's helpers. */
  mainThreadCpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts a built entry point of this package as a separate process and waits until it answers. */
export async function startChild(
  entry: string,
  environment: Record<string, string>,
  readyPath: string,
  /** Node options for the child (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, fileURLToPath(new URL(entry, import.meta.url))], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: url, ...environment },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}${readyPath}`).then(
        (response) => response.status < 500,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`${entry} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return Math.round(kb / 1024);
    },
    cpuSeconds: () => cpuSecondsOf(`/proc/${child.pid}/stat`),
    mainThreadCpuSeconds: () => cpuSecondsOf(`/proc/${child.pid}/task/${child.pid}/stat`),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** User + system CPU time in a /proc stat file (a process's or one thread's). */
async function cpuSecondsOf(statPath: string): Promise<number> {
  const stat = await readFile(statPath, 'utf8').catch(() => '');
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
