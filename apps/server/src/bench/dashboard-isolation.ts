import type { MikroORM } from '@mikro-orm/postgresql';
import { AccountRepository } from '../modules/accounts/account.repository.js';
import { AccountService } from '../modules/accounts/account.service.js';
import { OperatorTokenService } from '../modules/accounts/operator-tokens.service.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { AuditService } from '../modules/audit/audit.service.js';
import { load, type LoadResult } from './load.js';

/** The most an operation may ask of `stats` under the cost limit (9 aliases), over all time. */
export const HEAVIEST_DASHBOARD_QUERY = JSON.stringify({
  query: `query Heaviest($r: DateRangeInput!) { ${Array.from(
    { length: 9 },
    (_, index) =>
      `s${index}: stats(range: $r) { sessionCount countsByStatus { status count } collected { currency amountMinor } medianSecondsToComplete deliverySuccessRate }`,
  ).join(' ')} }`,
  variables: { r: { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' } },
});

export interface DashboardIsolation {
  idle: LoadResult;
  busy: LoadResult;
  /** The dashboards' own experience: operations answered, refused (by code), and their latency. */
  dashboards: { answered: number; refused: Record<string, number>; p50Ms: number; p99Ms: number };
  clients: number;
  rate: number;
}

/**
 * A merchant's session creation at a fixed rate, alone and then while `clients` operator tokens
 * (they see every session, so their stats scan the most) send the heaviest query the cost limit
 * allows, as fast as they are answered. With RATE_LIMITS=off (as in the bench) no budget holds them
 * back: only the dashboard pool and its statement timeout stand between them and the payments.
 */
export async function measureDashboardIsolation(options: {
  orm: MikroORM;
  url: string;
  createHeaders: Record<string, string>;
  createBody: string;
  seconds: number;
  clients?: number;
  rate?: number;
}): Promise<DashboardIsolation> {
  const clients = options.clients ?? 8;
  const rate = options.rate ?? 100;
  const accountRepository = new AccountRepository();
  const audit = new AuditService(new AuditRepository());
  const accounts = new AccountService(accountRepository, audit);
  const operatorTokens = new OperatorTokenService(accountRepository, audit);
  const em = options.orm.em.fork();
  const { account } = await accounts.createAccount(em, {
    email: `bench-operator-${Date.now()}@example.com`,
    password: 'bench operator passphrase',
    role: 'operator',
  });
  const operator = {
    accountId: account.id,
    email: account.email,
    role: 'operator' as const,
    mustChangePassword: false,
    actor: account.email,
    via: 'login' as const,
  };
  const tokens: string[] = [];
  for (let index = 0; index < clients; index += 1)
    tokens.push((await operatorTokens.createOperatorToken(em, operator, `bench ${index}`)).token);

  const create = () =>
    load({
      url: `${options.url}/api/v1/payments/sessions`,
      method: 'POST',
      headers: options.createHeaders,
      body: options.createBody,
      seconds: options.seconds,
      connections: 10,
      rate,
    });
  const idle = await create();
  // Each token one query at a time, answered or not, from before the measurement until after it.
  let running = true;
  const dashboards = { answered: 0, refused: {} as Record<string, number>, durationsMs: [] as number[] };
  const hammer = Promise.all(
    tokens.map(async (token) => {
      while (running) {
        const started = performance.now();
        const reply = await fetch(`${options.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: HEAVIEST_DASHBOARD_QUERY,
        }).then(
          async (response) => (await response.json()) as { errors?: { extensions?: { code?: string } }[] },
          () => ({ errors: [{ extensions: { code: 'NETWORK' } }] }),
        );
        dashboards.durationsMs.push(performance.now() - started);
        const code = reply.errors?.[0]?.extensions?.code;
        if (code) dashboards.refused[code] = (dashboards.refused[code] ?? 0) + 1;
        else dashboards.answered += 1;
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const busy = await create();
  running = false;
  await hammer;
  const sorted = [...dashboards.durationsMs].sort((a, b) => a - b);
  return {
    idle,
    busy,
    dashboards: {
      answered: dashboards.answered,
      refused: dashboards.refused,
      p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    },
    clients,
    rate,
  };
}
