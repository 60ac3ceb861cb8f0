import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../src/modules/accounts/account.service.js';
import type { SessionListFilter } from '../src/modules/admin/explorer.service.js';
import { AdminClient, errorCode } from './support/admin-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 18: the sessions explorer pages by keyset (created_at, id) newest first. Paging through any
 * filter, in pages of any size, yields every matching session exactly once and in order, also
 * when many sessions share an instant or lie microseconds apart; a merchant user sees only the
 * sessions of the integrations they own.
 */
let server: TestServer;
let alice: AdminClient;
let aliceId: string;
const PASSWORD = 'correct horse battery staple';

interface Seeded {
  id: string;
  integrationId: string;
  status: string;
  mode: string;
  currency: string;
  amountMinor: bigint;
  /** Microseconds since the epoch: the order the explorer must follow, with id breaking ties. */
  micros: bigint;
}
const seeded: Seeded[] = [];
let owned: string[];
let foreign: string;

const CREATE_INTEGRATION = `mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { id } }`;
const STATUSES = ['open', 'completed', 'expired', 'cancelled', 'partially_paid', 'unconfigured'];
const BASE_MICROS = 1_790_000_000_000_000n;

function isoOfMicros(micros: bigint): string {
  const millis = micros / 1000n;
  const rest = (micros % 1000n).toString().padStart(3, '0');
  return new Date(Number(millis)).toISOString().replace('Z', `${rest}Z`);
}

beforeAll(async () => {
  server = await startTestServer();
  alice = new AdminClient(server.baseUrl);
  aliceId = (await alice.register('alice@keyset.example', PASSWORD)).data.registerAccount.accountId;
  const bob = new AdminClient(server.baseUrl);
  await bob.register('bob@keyset.example', PASSWORD);
  owned = [];
  for (const name of ['Keyset A', 'Keyset B']) owned.push((await alice.ok(CREATE_INTEGRATION, { input: { name } })).createIntegration.id);
  foreign = (await bob.ok(CREATE_INTEGRATION, { input: { name: 'Keyset C' } })).createIntegration.id;

  // 90 sessions: groups of six share one instant exactly, groups lie 1 µs to 1.5 ms apart.
  const integrations = [...owned, foreign];
  for (let index = 0; index < 90; index += 1) {
    const group = BigInt(Math.floor(index / 6));
    seeded.push({
      id: randomUUID(),
      integrationId: integrations[index % 3]!,
      status: STATUSES[index % STATUSES.length]!,
      mode: index % 4 === 0 ? 'test' : 'live',
      currency: index % 5 === 0 ? 'USD' : 'NZD',
      amountMinor: BigInt(1000 + ((index * 37) % 50) * 100),
      micros: BASE_MICROS + group * (group % 2n === 0n ? 1n : 1500n) + group * 400n,
    });
  }
  for (const row of seeded) {
    await server.query(
      `insert into session (id, integration_id, mode, status, currency, amount_minor, paid_minor, host_token_hash, metadata, expires_at,
                            version, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 0, md5(?), '{}', ?::timestamptz + interval '3 days', 1, ?::timestamptz, ?::timestamptz)`,
      [
        row.id,
        row.integrationId,
        row.mode,
        row.status,
        row.currency,
        row.amountMinor.toString(),
        row.id,
        ...Array(3).fill(isoOfMicros(row.micros)),
      ],
    );
  }
});

afterAll(async () => {
  await server?.close();
});

/** Newest first, id descending among equal instants (PostgreSQL orders uuids as their hex text). */
function expected(match: (row: Seeded) => boolean): string[] {
  return seeded
    .filter(match)
    .sort((a, b) => (a.micros === b.micros ? (a.id < b.id ? 1 : -1) : a.micros < b.micros ? 1 : -1))
    .map((row) => row.id);
}

const operator: AdminPrincipal = {
  accountId: randomUUID(),
  email: 'operator@keyset.example',
  role: 'operator',
  mustChangePassword: false,
  actor: 'test operator',
  via: 'login',
};

/** Every page of the list through the service, as the resolver calls it. */
async function pageThrough(principal: AdminPrincipal, filter: SessionListFilter, size: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 200; page += 1) {
    const result = await server.paysplit.services.explorer.listSessions(server.orm.em.fork(), principal, filter, size, after);
    ids.push(...result.items.map((item) => item.node.id));
    if (!result.hasNextPage) return ids;
    after = result.items.at(-1)!.cursor;
  }
  throw new Error('never reached the last page');
}

describe('the sessions explorer pages by keyset', () => {
  const from = isoOfMicros(BASE_MICROS + 3000n);
  const to = isoOfMicros(BASE_MICROS + 20_000n);
  // A filter naming an integration is made when the test runs, after the integrations exist.
  const cases: [string, SessionListFilter | (() => SessionListFilter), (row: Seeded) => boolean][] = [
    ['no filter', {}, () => true],
    ['one status', { status: ['expired'] }, (row) => row.status === 'expired'],
    ['statuses', { status: ['open', 'completed'] }, (row) => row.status === 'open' || row.status === 'completed'],
    ['a status named twice', { status: ['cancelled', 'open', 'cancelled'] }, (row) => row.status === 'open' || row.status === 'cancelled'],
    [
      'three statuses with mode and integration',
      () => ({ status: ['unconfigured', 'partially_paid', 'completed'], mode: 'live', integrationId: owned[1] }),
      (row) =>
        ['unconfigured', 'partially_paid', 'completed'].includes(row.status) && row.mode === 'live' && row.integrationId === owned[1],
    ],
    [
      'statuses in a created range',
      { status: ['open', 'expired', 'cancelled'], createdFrom: new Date(from), createdTo: new Date(to) },
      (row) =>
        ['open', 'expired', 'cancelled'].includes(row.status) &&
        row.micros >= BigInt(new Date(from).getTime()) * 1000n &&
        row.micros < BigInt(new Date(to).getTime()) * 1000n,
    ],
    ['mode', { mode: 'test' }, (row) => row.mode === 'test'],
    [
      'currency and amounts',
      { currency: 'nzd', amountMinorMin: '1500', amountMinorMax: '4000' },
      (row) => row.currency === 'NZD' && row.amountMinor >= 1500n && row.amountMinor <= 4000n,
    ],
    [
      'created range',
      { createdFrom: new Date(from), createdTo: new Date(to) },
      // The filter's bounds are milliseconds (Date); rows compare at microseconds.
      (row) => row.micros >= BigInt(new Date(from).getTime()) * 1000n && row.micros < BigInt(new Date(to).getTime()) * 1000n,
    ],
  ];

  for (const [name, filter, match] of cases) {
    it(`yields each session once, in order, for ${name}, whatever the page size (operator)`, async () => {
      const all = expected(match);
      expect(all.length).toBeGreaterThan(3);
      const made = typeof filter === 'function' ? filter() : filter;
      for (const size of [1, 4, 7, 100]) expect(await pageThrough(operator, made, size), `page size ${size}`).toEqual(all);
    });
  }

  it("shows a merchant user only their integrations' sessions, merged newest first, with every filter", async () => {
    const merchant: AdminPrincipal = { ...operator, accountId: aliceId, role: 'merchant' };
    const mine = (row: Seeded) => owned.includes(row.integrationId);
    for (const size of [1, 5, 100]) expect(await pageThrough(merchant, {}, size)).toEqual(expected(mine));
    expect(await pageThrough(merchant, { status: ['expired'] }, 2)).toEqual(expected((row) => mine(row) && row.status === 'expired'));
    expect(await pageThrough(merchant, { integrationId: owned[1] }, 3)).toEqual(expected((row) => row.integrationId === owned[1]));
    // Several statuses: within the scope (per owned integration), and within one owned integration (per status).
    const some = ['open', 'completed', 'partially_paid'];
    expect(await pageThrough(merchant, { status: some }, 2)).toEqual(expected((row) => mine(row) && some.includes(row.status)));
    expect(await pageThrough(merchant, { integrationId: owned[1], status: some }, 2)).toEqual(
      expected((row) => row.integrationId === owned[1] && some.includes(row.status)),
    );
    expect(await pageThrough(merchant, { integrationId: foreign, status: some }, 2)).toEqual([]);
    expect(await pageThrough(merchant, { integrationId: foreign }, 3)).toEqual([]);
  });

  it('pages the same over GraphQL: cursors from one page continue on the next', async () => {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: { sessions: { edges: { node: { id: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } =
        await alice.ok(
          `query($after: String) { sessions(first: 4, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`,
          { after },
        );
      ids.push(...page.sessions.edges.map((edge) => edge.node.id));
      after = page.sessions.pageInfo.hasNextPage ? page.sessions.pageInfo.endCursor : null;
    } while (after);
    expect(ids).toEqual(expected((row) => owned.includes(row.integrationId)));
  });

  it('accepts a cursor of milliseconds (as issued before) and refuses one that is not a cursor', async () => {
    const older = Buffer.from(
      `${new Date(Number(BASE_MICROS / 1000n) + 1).toISOString()}|${'f'.repeat(8)}-ffff-ffff-ffff-${'f'.repeat(12)}`,
    ).toString('base64url');
    const fromOlder = await alice.ok(`query($after: String) { sessions(first: 100, after: $after) { edges { node { id } } } }`, {
      after: older,
    });
    expect(fromOlder.sessions.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(
      expected((row) => owned.includes(row.integrationId) && row.micros < BASE_MICROS + 1000n),
    );
    for (const bad of [
      'nonsense',
      Buffer.from('2026-01-01|not-a-uuid').toString('base64url'),
      Buffer.from(`yesterday|${randomUUID()}`).toString('base64url'),
      // Dates JavaScript rolls over or PostgreSQL refuses: refused here, never a database error.
      Buffer.from(`2026-02-31T00:00:00Z|${randomUUID()}`).toString('base64url'),
      Buffer.from(`0000-01-01T00:00:00Z|${randomUUID()}`).toString('base64url'),
    ]) {
      const reply = await alice.gql(`query($after: String) { sessions(after: $after) { edges { node { id } } } }`, { after: bad });
      expect(errorCode(reply), bad).toBe('VALIDATION_ERROR');
    }
  });
});
