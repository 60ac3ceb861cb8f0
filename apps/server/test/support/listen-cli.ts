import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../../../packages/sdk/dist/cli/paysplit.js', import.meta.url));

/** `paysplit listen` (the SDK's bin, built) as its own process, with what it printed. */
export class ListenCli {
  private stdout = '';
  private stderr = '';
  readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static start(args: readonly string[], env: Record<string, string> = {}): ListenCli {
    if (!existsSync(CLI)) throw new Error('Build first (npm run build): this test runs packages/sdk/dist/cli/paysplit.js');
    return new ListenCli(
      spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  }

  get output(): string {
    return this.stdout;
  }

  get errors(): string {
    return this.stderr;
  }

  /** The first match of `pattern` in what it printed from `from` on, waiting up to `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 15_000, from = 0): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.stdout.slice(from).match(pattern);
      if (found) return found;
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`paysplit listen did not print ${pattern} (exit ${this.child.exitCode}):\n${this.stdout}\n${this.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The signing secret it printed once connected. */
  async signingSecret(): Promise<string> {
    return (await this.waitFor(/signing secret for webhooks and partner calls is (whsec_\S+)/))[1]!;
  }

  /** Ctrl+C, and its exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill('SIGINT');
    return this.exited;
  }
}
