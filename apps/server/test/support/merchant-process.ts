import { type ChildProcess, spawn } from 'node:child_process';

/** A merchant (ours or an example) running as its own process. */
export interface MerchantProcess {
  baseUrl: string;
  /** Everything it printed, for a failing test to show. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `command args` with `env` (PATH added) and waits until `<baseUrl>/healthz` answers 2xx;
 * if the process exits first or the wait runs out, the error carries what it printed.
 */
export async function startMerchantProcess(options: {
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  env: Record<string, string>;
  baseUrl: string;
  startTimeoutMs: number;
}): Promise<MerchantProcess> {
  let output = '';
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited:\n${output}`);
    const healthy = await fetch(`${options.baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`${options.name} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl: options.baseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
