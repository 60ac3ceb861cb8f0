// `npm start` runs this before building, so a port that cannot be had is named at once instead of
// after a build and a stack trace. Plain JavaScript: it must run before anything is compiled.
// dev-stack.ts uses it too, for starts that skip this step.
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

const ALL_INTERFACES = '0.0.0.0';
const LOOPBACK = '127.0.0.1';

/**
 * Every port `npm start` binds, from the same variables and defaults the processes read:
 * PaySplit (PORT, on HOST), its /metrics listener when METRICS_PORT is set, the reference merchant
 * (MERCHANT_DEMO_PORT, on every interface) and the development inbox when MAILDEV_WEB_PORT is set
 * (on loopback; it starts only in development without SMTP_URL, and unset it takes 1080 or any free
 * port by itself). The embedded PostgreSQL and the inbox's SMTP side take free ports: nothing to check.
 */
export function startPorts(env = process.env) {
  const host = env.HOST || ALL_INTERFACES;
  const ports = [
    { variable: 'PORT', value: env.PORT || '3000', host, what: 'PaySplit' },
    { variable: 'MERCHANT_DEMO_PORT', value: env.MERCHANT_DEMO_PORT || '3001', host: ALL_INTERFACES, what: 'the reference merchant' },
  ];
  if (env.METRICS_PORT) ports.push({ variable: 'METRICS_PORT', value: env.METRICS_PORT, host, what: "PaySplit's /metrics" });
  const inboxStarts = (env.NODE_ENV || 'development') === 'development' && !env.SMTP_URL;
  if (inboxStarts && env.MAILDEV_WEB_PORT) {
    ports.push({ variable: 'MAILDEV_WEB_PORT', value: env.MAILDEV_WEB_PORT, host: LOOPBACK, what: 'the development email inbox' });
  }
  return ports.map(({ value, ...entry }) => ({ ...entry, port: /^\d{1,5}$/.test(value.trim()) ? Number(value) : Number.NaN }));
}

function isFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code !== 'EADDRINUSE' && error.code !== 'EACCES'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first of port+100, port+200, … that is free and not wanted by another variable. */
async function freeAlternative(entry, wanted) {
  for (let step = 1; step <= 20; step += 1) {
    const candidate = entry.port + step * 100;
    if (candidate > 65_535) break;
    if (!wanted.has(candidate) && (await isFree(candidate, entry.host))) return candidate;
  }
  return undefined;
}

/**
 * A message naming each port that cannot be had (not a port, wanted twice, or taken by another
 * program) and the variable that moves it, or undefined when every one is free. Port 0 means "any
 * free port" and is never a problem.
 */
export async function describeTakenPorts(ports = startPorts()) {
  const lines = [];
  const moves = [];
  let taken = false;
  const wanted = new Set(ports.map((entry) => entry.port));
  const seen = new Map();
  for (const entry of ports) {
    if (!Number.isInteger(entry.port) || entry.port > 65_535) {
      lines.push(`  ${entry.variable} (${entry.what}) is not a port number: use 1 to 65535.`);
      continue;
    }
    if (entry.port === 0) continue;
    const other = seen.get(entry.port);
    seen.set(entry.port, entry);
    let problem;
    if (other) problem = `  Port ${entry.port} (${entry.what}, set by ${entry.variable}) is also ${other.what}'s (${other.variable}).`;
    else if (!(await isFree(entry.port, entry.host))) {
      taken = true;
      problem = `  Port ${entry.port} (${entry.what}, set by ${entry.variable}) is already in use.`;
    }
    if (!problem) continue;
    lines.push(problem);
    const free = await freeAlternative(entry, wanted);
    if (free !== undefined) {
      wanted.add(free);
      moves.push(`${entry.variable}=${free}`);
    }
  }
  if (lines.length === 0) return undefined;
  return [
    'PaySplit cannot start:',
    ...lines,
    '',
    ...(taken ? ['Is PaySplit already running in another terminal? Stop it there with Ctrl+C.'] : []),
    ...(moves.length > 0 ? [`Or start on free ports:  ${moves.join(' ')} npm start`] : []),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = await describeTakenPorts();
  if (problem) {
    process.stderr.write(problem);
    process.exit(1);
  }
}
