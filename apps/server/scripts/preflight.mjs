// `npm start` runs this before building, so a taken port is named at once instead of after a build
// and a stack trace. Plain JavaScript: it must run before anything is compiled. dev-stack.ts uses it
// too, for starts that skip this step.
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

/** The ports `npm start` needs, from the same variables and defaults the server and the merchant read. */
export function startPorts(env = process.env) {
  return [
    { variable: 'PORT', port: Number(env.PORT || 3000), what: 'PaySplit' },
    { variable: 'MERCHANT_DEMO_PORT', port: Number(env.MERCHANT_DEMO_PORT || 3001), what: 'the reference merchant' },
  ];
}

function isFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code !== 'EADDRINUSE' && error.code !== 'EACCES'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A message naming each taken port and the variable that moves it, or undefined when all are free. */
export async function describeTakenPorts(ports = startPorts(), host = process.env.HOST || '0.0.0.0') {
  const taken = [];
  for (const entry of ports) if (!(await isFree(entry.port, host))) taken.push(entry);
  if (taken.length === 0) return undefined;
  const lines = taken.map(({ variable, port, what }) => `  Port ${port} (${what}, set by ${variable}) is already in use.`);
  const others = ports.map(({ variable, port }) => `${variable}=${port + 100}`).join(' ');
  return [
    'PaySplit cannot start:',
    ...lines,
    '',
    'Is PaySplit already running in another terminal? Stop it there with Ctrl+C.',
    `Or start on other ports:  ${others} npm start`,
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
