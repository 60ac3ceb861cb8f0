#!/usr/bin/env node
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '@paysplit/domain';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { printPaySplitSchema } from '../graphql/schema.js';
import { createLogger } from '../logger.js';
import { createServices } from '../services.js';
import type { IntegrationServices } from '../modules/integrations/index.js';
import type { AccountService } from '../modules/accounts/index.js';
import { CLI_ACTOR } from '../modules/audit/index.js';
import { testClockAuditEntry } from '../modules/sessions/index.js';
import type { AppServices } from '../services.js';

const USAGE = `Usage: paysplit <command>  (from the repo: npm run paysplit -- <command>)

  integration create --name N [--partner-url U] [--refund-url U] [--cancel-url U] [--webhook-url U]
                     [--allow-origin O]... [--subscribe EVENT_TYPE]... [--live] [--onboarded] [--json]
                     [--display-name D] [--logo-url https://…] [--accent-color #RRGGBB]
                     [--time-zone Pacific/Auckland]
                     [--capture-method automatic|manual] [--capture-url U] [--hold-lifetime SECONDS]
      Creates an integration and its first API key (ps_test_…, or ps_live_… with --live).
      The display name, logo and accent colour are what payers see on the pay pages; emails
      give times in the time zone (an IANA name, default UTC). With --capture-method manual
      each share is only held, and captured at --capture-url once every share is held (needs
      --cancel-url too, which releases holds); holds last --hold-lifetime (default 604800, 7 days).
      Prints {integrationId, apiKey, partnerCreatePaymentSigningSecret, webhookSigningSecret, mode}.
      The key and secrets are shown only once.
  integration disable <integrationId>
  integration enable <integrationId>
  key create <integrationId> [--live] [--json]      Prints {apiKey}.
  key revoke <apiKey | last 4 characters | key id>
  session advance-clock <sessionId> (--seconds N | --to ISO-TIME) [--json]
                                                      Test mode only: moves a test session's clock forward (at most
                                                      60 days) and runs what falls due on the way, in order: reminders,
                                                      holds about to lapse, the deadline. The clock then stays there
                                                      until advanced again. Prints the clock and what ran.
  operator create --email E [--json]                 Creates an operator (PaySplit staff) account for the
                                                      administration area at /admin and prints a one-time
                                                      password, which must be changed at first sign-in.
  db migrate                                          Applies pending migrations.
  schema print                                        Prints the GraphQL schema (SDL).

The CLI uses DATABASE_URL, or the embedded database under PAYSPLIT_DATA_DIR (default .data/),
joining it when the server is running.`;

interface Command {
  run(context: {
    em: EntityManager;
    integrations: IntegrationServices;
    accounts: AccountService;
    services: AppServices;
    json: boolean;
  }): Promise<unknown>;
}

function parseCommand(argv: string[]): { command: Command | 'migrate' | 'schema'; json: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      seconds: { type: 'string' },
      to: { type: 'string' },
      'partner-url': { type: 'string' },
      'refund-url': { type: 'string' },
      'cancel-url': { type: 'string' },
      'capture-url': { type: 'string' },
      'capture-method': { type: 'string' },
      'hold-lifetime': { type: 'string' },
      'webhook-url': { type: 'string' },
      'display-name': { type: 'string' },
      'logo-url': { type: 'string' },
      'accent-color': { type: 'string' },
      'time-zone': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      subscribe: { type: 'string', multiple: true },
      live: { type: 'boolean', default: false },
      onboarded: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [group, action, argument] = positionals;
  const json = values.json ?? false;
  const requireArgument = (what: string): string => {
    if (!argument) throw new UsageError(`Missing ${what}`);
    return argument;
  };
  if (values.help || !group) throw new UsageError();
  const mode = values.live ? 'live' : 'test';
  switch (`${group} ${action ?? ''}`.trim()) {
    case 'integration create':
      if (!values.name) throw new UsageError('integration create needs --name');
      return {
        json,
        command: {
          async run({ em, integrations }) {
            const created = await integrations.integrationSettings.createIntegration(em, {
              name: values.name!,
              partnerCreatePaymentUrl: values['partner-url'],
              partnerRefundUrl: values['refund-url'],
              partnerCancelUrl: values['cancel-url'],
              partnerCaptureUrl: values['capture-url'],
              captureMethod: values['capture-method'],
              holdLifetimeSeconds: values['hold-lifetime'] === undefined ? undefined : Number(values['hold-lifetime']),
              webhookUrl: values['webhook-url'],
              redirectAllowlist: values['allow-origin'] ?? [],
              eventSubscriptions: values.subscribe ?? [],
              keyMode: mode,
              payoutOnboarded: values.onboarded,
              displayName: values['display-name'],
              logoUrl: values['logo-url'],
              accentColor: values['accent-color'],
              timeZone: values['time-zone'],
            });
            return {
              integrationId: created.integration.id,
              apiKey: created.apiKey,
              partnerCreatePaymentSigningSecret: created.partnerCreatePaymentSigningSecret,
              webhookSigningSecret: created.webhookSigningSecret,
              mode,
            };
          },
        },
      };
    case 'integration disable':
    case 'integration enable': {
      const id = requireArgument('integration id');
      return {
        json,
        command: {
          async run({ em, integrations }) {
            const integration = await integrations.integrationSettings.setEnabled(em, id, action === 'enable');
            return { integrationId: integration.id, enabled: integration.enabled };
          },
        },
      };
    }
    case 'key create': {
      const id = requireArgument('integration id');
      return {
        json,
        command: {
          async run({ em, integrations }) {
            const { apiKey } = await integrations.apiKeys.createApiKey(em, id, mode);
            return { apiKey };
          },
        },
      };
    }
    case 'key revoke': {
      const reference = requireArgument('API key, its last 4 characters, or key id');
      return {
        json,
        command: {
          async run({ em, integrations }) {
            const key = await integrations.apiKeys.revokeApiKey(em, reference);
            return { keyId: key.id, last4: key.last4, revokedAt: key.revokedAt?.toISOString() };
          },
        },
      };
    }
    case 'operator create':
      if (!values.email) throw new UsageError('operator create needs --email');
      return {
        json,
        command: {
          async run({ em, accounts }) {
            const { account, oneTimePassword } = await accounts.createAccount(em, { email: values.email!, role: 'operator' });
            return { accountId: account.id, email: account.email, role: 'operator', oneTimePassword };
          },
        },
      };
    case 'session advance-clock': {
      const sessionId = requireArgument('session id');
      if ((values.seconds === undefined) === (values.to === undefined))
        throw new UsageError('session advance-clock needs --seconds or --to');
      return {
        json,
        command: {
          async run({ em, services }) {
            const request = { seconds: values.seconds === undefined ? undefined : Number(values.seconds), to: values.to };
            const advance = await services.testClocks.advance(em, {}, sessionId, request, (tx, done, session) =>
              services.audit.record(tx, CLI_ACTOR, testClockAuditEntry(done, session.integration.id)),
            );
            const ran = advance.ran.map((run) => ({ ...run, at: run.at.toISOString() }));
            return {
              sessionId: advance.sessionId,
              status: advance.status,
              testClockAt: advance.to.toISOString(),
              ran: json ? ran : ran.length,
            };
          },
        },
      };
    }
    case 'db migrate':
      return { json, command: 'migrate' };
    case 'schema print':
      return { json, command: 'schema' };
    default:
      throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  }
}

class UsageError extends Error {}

function print(result: unknown, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    process.stdout.write(`${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}\n`);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    const message = error instanceof UsageError || error instanceof TypeError ? error.message : String(error);
    process.stderr.write(`${message ? `${message}\n\n` : ''}${USAGE}\n`);
    return 64; // EX_USAGE
  }
  if (parsed.command === 'schema') {
    // Needs no database: the schema is built from the resolvers alone.
    process.stdout.write(await printPaySplitSchema());
    return 0;
  }
  const config = loadConfig();
  // Logs go to stderr so stdout carries only the command's result (JSON for scripts).
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', destination: process.stderr });
  const database = await openDatabase(config, logger, { migrate: parsed.command !== 'migrate' });
  try {
    if (parsed.command === 'migrate') {
      const applied = await database.migrate();
      print({ applied: applied.length === 0 ? 'nothing to apply' : applied }, parsed.json);
      return 0;
    }
    // The same services as the server's, made the same way; the CLI starts no job runner and no change feed.
    const services = createServices({ config, orm: database.orm, databaseUrl: database.directUrl, logger, secretBox: database.secretBox });
    const result = await (parsed.command as Command).run({
      em: database.orm.em.fork(),
      integrations: services,
      accounts: services.accounts,
      services,
      json: parsed.json,
    });
    print(result, parsed.json);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`${error.code}: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `paysplit: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
