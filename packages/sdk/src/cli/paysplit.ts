#!/usr/bin/env node
// The merchant's `paysplit` command (npx paysplit listen). The server's operator CLI is another
// program; this one only ever talks to PaySplit's API with a test key.
import { parseArgs } from 'node:util';
import type { ForwardedCall } from '../listen/forward.js';
import { listen, type ListenEnd } from '../listen/listen.js';

const USAGE = `Usage: paysplit listen --forward-to <url> [options]

Forwards your integration's test-mode webhooks and partner calls (create-payment, refund, cancel,
capture) from PaySplit to your machine, signed with a secret of their own, and prints one line per
call. Live-mode traffic is never forwarded.

  --forward-to <url>          where webhooks go, e.g. http://localhost:4242/webhooks
  --forward-partner-to <url>  where partner calls go: this base followed by the path of the
                              integration's own URL for each (default: the origin of --forward-to)
  --api-key <key>             a test API key, ps_test_… (default: $PAYSPLIT_API_KEY)
  --base-url <url>            PaySplit's address (default: $PAYSPLIT_BASE_URL, else http://localhost:3000)
  -h, --help                  this help

Exit status: 0 after Ctrl+C, 1 when PaySplit refuses the key or another listener takes over, 2 for
a mistake in the command line.`;

/** Usage mistakes: said on stderr, exit 2. */
class UsageError extends Error {}

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'forward-to': { type: 'string' },
      'forward-partner-to': { type: 'string' },
      'api-key': { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help' as const;
  const [command, ...rest] = positionals;
  if (command !== 'listen') throw new UsageError(command === undefined ? 'name a command: listen' : `unknown command ${command}`);
  if (rest.length > 0) throw new UsageError(`unexpected ${rest.join(' ')}`);
  const apiKey = values['api-key'] ?? process.env.PAYSPLIT_API_KEY;
  if (!apiKey) throw new UsageError('--api-key (or PAYSPLIT_API_KEY) is required: a test key, ps_test_…');
  const forwardTo = values['forward-to'];
  if (!forwardTo) throw new UsageError('--forward-to is required, e.g. --forward-to http://localhost:4242/webhooks');
  return {
    apiKey,
    forwardTo,
    forwardPartnerTo: values['forward-partner-to'],
    baseUrl: values['base-url'] ?? process.env.PAYSPLIT_BASE_URL ?? 'http://localhost:3000',
  };
}

const time = (at: Date) => at.toTimeString().slice(0, 8);

/** One line per call: when, what, its id, the local answer and how long it took. */
function describeCall(call: ForwardedCall): string {
  const outcome = 'status' in call.outcome ? String(call.outcome.status) : `no answer: ${call.outcome.error}`;
  const attempt = call.attempt !== null && call.attempt > 1 ? `  (attempt ${call.attempt})` : '';
  return `${time(call.at)}  ${call.type.padEnd(32)} ${call.id}  ${outcome}  ${call.durationMs} ms${attempt}`;
}

function describeEnd(end: Extract<ListenEnd, { kind: 'refused' }>): string {
  return `paysplit listen: ${end.message} (${end.code})`;
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`paysplit: ${(error as Error).message}\nRun paysplit --help for the options.\n`);
    return 2;
  }
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { forwardTo, forwardPartnerTo, baseUrl } = parsed;
  let listening: ReturnType<typeof listen>;
  try {
    listening = listen({
      ...parsed,
      onReady(ready, again) {
        if (again) {
          process.stdout.write(`${time(new Date())}  Reconnected.\n`);
          return;
        }
        process.stdout.write(
          `Connected to ${baseUrl} for integration ${ready.integrationId} (test mode).\n` +
            `Ready! Your signing secret for webhooks and partner calls is ${ready.signingSecret} (Ctrl+C to quit)\n` +
            `  webhooks      -> ${forwardTo}\n` +
            `  partner calls -> ${forwardPartnerTo ?? new URL(forwardTo).origin} + the path of each partner URL of the integration\n`,
        );
      },
      onCall: (call) => process.stdout.write(`${describeCall(call)}\n`),
      onRetry: ({ reason, retryInMs }) =>
        process.stdout.write(`${time(new Date())}  Not connected: ${reason}; trying again in ${(retryInMs / 1000).toFixed(1)} s\n`),
    });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    process.stderr.write(`paysplit: ${error.message.replace(/^(forwardTo|forwardPartnerTo|baseUrl)/, (name) => flagOf(name))}\n`);
    return 2;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void listening.stop());
  const end = await listening.ended;
  if (end.kind === 'stopped') return 0;
  process.stderr.write(`${describeEnd(end)}\n`);
  return 1;
}

function flagOf(option: string): string {
  return { forwardTo: '--forward-to', forwardPartnerTo: '--forward-partner-to', baseUrl: '--base-url' }[option] ?? option;
}

process.exitCode = await main();
