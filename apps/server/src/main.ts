import { runInOwnProcessGroup } from './process-group.js';
import { configOrExit, exitOnStartFailure, startServer, stopOnSignals } from './server.js';

/** The PaySplit server: config -> database -> app -> listen. */
async function main(): Promise<void> {
  // At a terminal, Ctrl+C must stop the server before its embedded database (see process-group.ts).
  if (process.stdin.isTTY && runInOwnProcessGroup()) return;
  const running = await startServer(configOrExit());
  stopOnSignals(running.logger, running.stop);
}

main().catch(exitOnStartFailure);
