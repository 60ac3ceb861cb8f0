import { configOrExit, exitOnStartFailure, startServer, stopOnSignals } from './server.js';

/** The PaySplit server: config -> database -> app -> listen. */
async function main(): Promise<void> {
  const running = await startServer(configOrExit());
  stopOnSignals(running.logger, running.stop);
}

main().catch(exitOnStartFailure);
