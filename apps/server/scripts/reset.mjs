// `npm run reset`: deletes the development data directory (PAYSPLIT_DATA_DIR, default .data): the
// embedded PostgreSQL cluster, the generated development SECRETS_KEY and the demo merchant's
// integration. The next `npm start` begins afresh. Refuses while the embedded database runs.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.PAYSPLIT_DATA_DIR || '.data');

function runningClusterPid() {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

if (!existsSync(dataDir)) {
  process.stdout.write(`Nothing to reset: ${dataDir} does not exist.\n`);
} else if (runningClusterPid() !== undefined) {
  process.stderr.write(
    `PaySplit is still running on ${dataDir}: stop it first (Ctrl+C where npm start runs), then run npm run reset again.\n`,
  );
  process.exit(1);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`Deleted ${dataDir}: the embedded database and the development keys. The next npm start begins afresh.\n`);
}
if (process.env.DATABASE_URL) {
  process.stdout.write('DATABASE_URL is set: that database was not touched; empty it yourself if you mean to.\n');
}
