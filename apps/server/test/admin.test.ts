import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getIntrospectionQuery } from 'graphql';
import { Webhook } from 'standardwebhooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { maskEmailAddress } from '@paysplit/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DashboardDatabase } from '../src/db/dashboard-database.js';
import { AdminClient, errorCode } from './support/admin-client.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let stub: MerchantStub;
let alice: AdminClient;
let bob: AdminClient;
/** Alice's integration (its webhook and partner URLs are the stub's) and Bob's. */
let integrationA: { id: string; apiKey: string };
let integrationB: { id: string; apiKey: string };

const INTEGRATION_FIELDS = `id name webhookUrl partnerCreatePaymentUrl redirectAllowlist eventSubscriptions enabled ownerEmail
  payoutOnboarding { status legalName bankAccountMasked contactEmail completedAt }
  apiKeys { id name mode last4 createdAt lastUsedAt revokedAt }
  signingSecrets { kind rotatedAt previousValidUntil }`;
const CREATE_INTEGRATION = `mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { ${INTEGRATION_FIELDS} } }`;
const CREATE_KEY = `mutation($id: ID!, $mode: Mode!, $name: String) { createApiKey(integrationId: $id, mode: $mode, name: $name) { apiKey key { id mode last4 name } } }`;
const ROTATE = `mutation($id: ID!, $kind: SigningSecretKind!) { rotateSigningSecret(integrationId: $id, kind: $kind) { secret kind previousValidUntil } }`;
const SEND_TEST_EVENT = `mutation($id: ID!) { sendTestEvent(integrationId: $id) { eventId type deliveries { id status } } }`;

async function makeIntegration(client: AdminClient, name: string, urls: { webhookUrl?: string; partnerCreatePaymentUrl?: string } = {}) {
  const created = await client.ok(CREATE_INTEGRATION, { input: { name, redirectAllowlist: ['https://shop.example.com'], ...urls } });
  const key = await client.ok(CREATE_KEY, { id: created.createIntegration.id, mode: 'TEST', name: 'server' });
  return { id: created.createIntegration.id as string, apiKey: key.createApiKey.apiKey as string };
}

/**
 * The SQL both pools run during `work`: the admin area reads on the dashboard pool, which is
 * caught from the fork the first admin request makes.
 */
async function statementsDuring(client: AdminClient, work: () => Promise<unknown>): Promise<string[]> {
  const fork = vi.spyOn(DashboardDatabase.prototype, 'fork');
  await client.ok('{ integrations { id } }');
  const dashboardEm = fork.mock.results.at(-1)?.value as EntityManager;
  fork.mockRestore();
  const knexes = [server.orm.em.getConnection().getKnex(), dashboardEm.getConnection().getKnex()];
  const statements: string[] = [];
  const listen = (query: { sql: string }) => statements.push(query.sql);
  for (const knex of knexes) knex.on('query', listen);
  try {
    await work();
  } finally {
    for (const knex of knexes) knex.off('query', listen);
  }
  return statements;
}

async function createSession(apiKey: string, integrationId: string, body: Record<string, unknown> = {}) {
  const created = await postJson<{ sessionId: string; hostToken: string; code?: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId, amountMinor: '2500', unconfigured: false, splitMode: 'equal', participants: [{ displayName: 'Solo' }], ...body },
    { 'x-service-api-key': apiKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  stub = new MerchantStub();
  await stub.start();
  server = await startTestServer({ webhookRetrySchedule: '100ms,100ms', webhookTimeoutMs: 1000 });
  alice = new AdminClient(server.baseUrl);
  bob = new AdminClient(server.baseUrl);
  await alice.register('alice@shop.example', PASSWORD);
  await bob.register('bob@other.example', PASSWORD);
  integrationA = await makeIntegration(alice, 'Alice Tours', { webhookUrl: stub.webhookUrl, partnerCreatePaymentUrl: stub.partnerUrl });
  integrationB = await makeIntegration(bob, 'Bob Bikes', { webhookUrl: stub.webhookUrl });
  // The stub verifies signatures: give it the secrets, revealed by rotating them.
  stub.partnerSecret = (await alice.ok(ROTATE, { id: integrationA.id, kind: 'PARTNER' })).rotateSigningSecret.secret;
  stub.webhookSecret = (await alice.ok(ROTATE, { id: integrationA.id, kind: 'WEBHOOK' })).rotateSigningSecret.secret;
  const bobWebhook = (await bob.ok(ROTATE, { id: integrationB.id, kind: 'WEBHOOK' })).rotateSigningSecret.secret;
  stub.extraSecrets.push({ partner: '', webhook: bobWebhook });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await stub?.stop();
});

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie and answers me with the viewer and a CSRF token', async () => {
    const client = new AdminClient(server.baseUrl);
    const reply = await client.login('ALICE@shop.example ', PASSWORD);
    expect(reply.data.login).toMatchObject({ email: 'alice@shop.example', role: 'MERCHANT', mustChangePassword: false });
    const cookie = reply.headers.getSetCookie().find((line) => line.startsWith('ps_admin='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect((await client.ok('{ me { email csrfToken } }')).me).toEqual({ email: 'alice@shop.example', csrfToken: client.csrfToken });
    expect((await new AdminClient(server.baseUrl).ok('{ me { email } }')).me).toBeNull();
  });

  it('refuses a request without the CSRF token (FORBIDDEN) and changes nothing', async () => {
    const before = await server.query(`select name from integration where id = ?`, [integrationA.id]);
    const reply = await alice.gql(
      `mutation($id: ID!) { updateIntegration(id: $id, input: { name: "Hijacked" }) { name } }`,
      { id: integrationA.id },
      { csrf: false },
    );
    expect(errorCode(reply)).toBe('FORBIDDEN');
    const wrong = new AdminClient(server.baseUrl);
    wrong.cookie = alice.cookie;
    wrong.csrfToken = 'not-the-token';
    expect(errorCode(await wrong.gql('{ integrations { id } }'))).toBe('FORBIDDEN');
    expect(await server.query(`select name from integration where id = ?`, [integrationA.id])).toEqual(before);
  });

  it('refuses the admin area without a sign-in (UNAUTHENTICATED)', async () => {
    const reply = await new AdminClient(server.baseUrl).gql('{ integrations { id } }');
    expect(errorCode(reply)).toBe('UNAUTHENTICATED');
  });

  it('slows sign-in after five wrong passwords: RATE_LIMIT_EXCEEDED with Retry-After, even for the right one', async () => {
    const client = new AdminClient(server.baseUrl);
    await new AdminClient(server.baseUrl).register('carol@shop.example', PASSWORD);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(errorCode(await client.login('carol@shop.example', `wrong password ${attempt}`))).toBe('UNAUTHENTICATED');
    }
    const refused = await client.login('carol@shop.example', PASSWORD);
    expect(errorCode(refused)).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(client.cookie).toBe('');
  });

  it('ends the other sign-ins of an account when its password changes', async () => {
    await new AdminClient(server.baseUrl).register('dave@shop.example', PASSWORD);
    const laptop = new AdminClient(server.baseUrl);
    const phone = new AdminClient(server.baseUrl);
    await laptop.login('dave@shop.example', PASSWORD);
    await phone.login('dave@shop.example', PASSWORD);
    const tooShort = await laptop.gql(`mutation { changePassword(currentPassword: "${PASSWORD}", newPassword: "short") { email } }`);
    expect(tooShort.errors![0]!.extensions).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'newPassword' }] });
    await laptop.ok(`mutation { changePassword(currentPassword: "${PASSWORD}", newPassword: "a much better passphrase") { email } }`);
    expect((await laptop.ok('{ me { email } }')).me.email).toBe('dave@shop.example');
    expect((await phone.ok('{ me { email } }')).me).toBeNull();
    expect(errorCode(await new AdminClient(server.baseUrl).login('dave@shop.example', PASSWORD))).toBe('UNAUTHENTICATED');
  });

  it('creates the first operator with the CLI; its one-time password only allows choosing a new one', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, 'operator', 'create', '--email', 'ops@paysplit.example', '--json'],
      {
        env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'warn' },
      },
    );
    const created = JSON.parse(stdout) as { email: string; role: string; oneTimePassword: string };
    expect(created).toMatchObject({ email: 'ops@paysplit.example', role: 'operator' });
    expect(created.oneTimePassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const stored = await server.query<{ password_hash: string }>(`select password_hash from account where email = 'ops@paysplit.example'`);
    expect(stored[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(stored[0]!.password_hash).not.toContain(created.oneTimePassword);

    const operator = new AdminClient(server.baseUrl);
    expect((await operator.login('ops@paysplit.example', created.oneTimePassword)).data.login).toMatchObject({
      role: 'OPERATOR',
      mustChangePassword: true,
    });
    expect(errorCode(await operator.gql('{ integrations { id } }'))).toBe('FORBIDDEN');
    await operator.ok(
      `mutation($c: String!) { changePassword(currentPassword: $c, newPassword: "operator passphrase 1") { mustChangePassword } }`,
      {
        c: created.oneTimePassword,
      },
    );
    const seen = (await operator.ok('{ integrations { id ownerEmail } }')).integrations.map((row: { id: string }) => row.id);
    expect(seen).toEqual(expect.arrayContaining([integrationA.id, integrationB.id]));
  });

  it('lets operators create tokens for server-side dashboards (Bearer, no CSRF); revoked tokens stop working', async () => {
    const operator = new AdminClient(server.baseUrl);
    await operator.login('ops@paysplit.example', 'operator passphrase 1');
    const created = await operator.ok(`mutation { createOperatorToken(name: "grafana") { token record { id last4 } } }`);
    const token = created.createOperatorToken.token as string;
    expect(token.slice(-4)).toBe(created.createOperatorToken.record.last4);
    expect(JSON.stringify(await server.query('select * from operator_token'))).not.toContain(token);

    const dashboard = new AdminClient(server.baseUrl);
    dashboard.bearer = token;
    const stats = await dashboard.ok(`query($r: DateRangeInput!) { stats(range: $r) { sessionCount } }`, {
      r: { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(stats.stats.sessionCount).toBeGreaterThanOrEqual(0);
    expect(errorCode(await alice.gql(`mutation { createOperatorToken(name: "sneaky") { token } }`))).toBe('FORBIDDEN');

    await operator.ok(`mutation($id: ID!) { revokeOperatorToken(id: $id) { revokedAt } }`, { id: created.createOperatorToken.record.id });
    expect(errorCode(await dashboard.gql('{ integrations { id } }'))).toBe('UNAUTHENTICATED');
  });
});

describe('integration settings', () => {
  it('updates settings with field-level errors, and a disabled integration refuses sessions', async () => {
    const bad = await alice.gql(
      `mutation($id: ID!) { updateIntegration(id: $id, input: { webhookUrl: "ftp://nope", name: "x" }) { name } }`,
      {
        id: integrationA.id,
      },
    );
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'webhookUrl' }] });
    expect((await server.query(`select name from integration where id = ?`, [integrationA.id]))[0]).toEqual({ name: 'Alice Tours' });

    const updated = await alice.ok(
      `mutation($id: ID!, $input: IntegrationSettingsInput!) { updateIntegration(id: $id, input: $input) { eventSubscriptions enabled } }`,
      {
        id: integrationA.id,
        input: { eventSubscriptions: ['SERVICE_SESSION_CANCELLED'], enabled: false },
      },
    );
    expect(updated.updateIntegration).toEqual({
      eventSubscriptions: ['SERVICE_SESSION_COMPLETED', 'SERVICE_SESSION_CANCELLED'],
      enabled: false,
    });
    const refused = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: integrationA.id, amountMinor: '1000', unconfigured: true },
      { 'x-service-api-key': integrationA.apiKey },
    );
    expect(refused.body).toMatchObject({ code: 'INTEGRATION_DISABLED' });
    await alice.ok(`mutation($id: ID!) { updateIntegration(id: $id, input: { enabled: true, eventSubscriptions: [] }) { enabled } }`, {
      id: integrationA.id,
    });
  });

  it('reports every bad reminder time at once: one VALIDATION_ERROR, one detail per bad value, nothing saved', async () => {
    const UPDATE = `mutation($id: ID!, $input: IntegrationSettingsInput!) { updateIntegration(id: $id, input: $input) { reminderOffsetsMinutes } }`;
    const before = await server.query<{ offsets: number[] }>(`select reminder_offsets_minutes as offsets from integration where id = ?`, [
      integrationA.id,
    ]);
    const bad = await alice.gql(UPDATE, { id: integrationA.id, input: { reminderOffsetsMinutes: [4, 1440, 120, 1440, 50_000, 120] } });
    expect(bad.errors).toHaveLength(1);
    expect(bad.errors![0]!.extensions).toEqual({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'reminderOffsetsMinutes[0]', message: '4 is not whole minutes from 5 to 43200 (30 days)' },
        { path: 'reminderOffsetsMinutes[3]', message: '1440 repeats the offset at index 1: give each offset once' },
        { path: 'reminderOffsetsMinutes[4]', message: '50000 is not whole minutes from 5 to 43200 (30 days)' },
        { path: 'reminderOffsetsMinutes[5]', message: '120 repeats the offset at index 2: give each offset once' },
      ],
    });
    expect(bad.errors![0]!.message).toBe(
      'reminderOffsetsMinutes[0]: 4 is not whole minutes from 5 to 43200 (30 days) (and 3 more problems)',
    );
    const tooMany = await alice.gql(UPDATE, {
      id: integrationA.id,
      input: { reminderOffsetsMinutes: Array.from({ length: 12 }, (_, i) => 3 + i) },
    });
    expect(tooMany.errors).toHaveLength(1);
    expect(tooMany.errors![0]!.extensions!.details!.map((detail) => detail.path)).toEqual([
      'reminderOffsetsMinutes',
      'reminderOffsetsMinutes[0]',
      'reminderOffsetsMinutes[1]',
    ]);
    const created = await alice.gql(`mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { id } }`, {
      input: { name: 'Schedule check', reminderOffsetsMinutes: [60, 60, 60] },
    });
    expect(created.errors![0]!.extensions!.details!.map((detail) => detail.path)).toEqual([
      'reminderOffsetsMinutes[1]',
      'reminderOffsetsMinutes[2]',
    ]);
    expect(await server.query(`select id from integration where name = 'Schedule check'`)).toEqual([]);
    expect(await server.query(`select reminder_offsets_minutes as offsets from integration where id = ?`, [integrationA.id])).toEqual(
      before,
    );
  });

  it('shows a new key once; lists keep only its last 4; revoking it stops it at once', async () => {
    const created = await alice.ok(CREATE_KEY, { id: integrationA.id, mode: 'TEST', name: 'temporary' });
    const apiKey = created.createApiKey.apiKey as string;
    expect(apiKey).toMatch(/^ps_test_/);
    const listed = await alice.ok(`query($id: ID!) { integration(id: $id) { ${INTEGRATION_FIELDS} } }`, { id: integrationA.id });
    expect(JSON.stringify(listed)).not.toContain(apiKey);
    expect(listed.integration.apiKeys).toContainEqual(
      expect.objectContaining({ name: 'temporary', last4: apiKey.slice(-4), revokedAt: null }),
    );
    await alice.ok(`mutation($i: ID!, $k: ID!) { revokeApiKey(integrationId: $i, keyId: $k) { revokedAt } }`, {
      i: integrationA.id,
      k: created.createApiKey.key.id,
    });
    const refused = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: integrationA.id, amountMinor: '1000', unconfigured: true },
      { 'x-service-api-key': apiKey },
    );
    expect(refused.body).toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('lists the keys of a page of integrations in one query, each integration’s own, newest first', async () => {
    const carol = new AdminClient(server.baseUrl);
    await carol.register('carol@many.example', PASSWORD);
    const LIST = '{ integrations { id name apiKeys { id name revokedAt } } }';
    const keyQueriesOfList = async () => {
      let listed: { integrations: { id: string; name: string; apiKeys: { name: string }[] }[] } | undefined;
      const statements = await statementsDuring(carol, async () => (listed = await carol.ok(LIST)));
      return { listed: listed!, keyQueries: statements.filter((sql) => /from "api_key"/.test(sql)) };
    };

    const first = await makeIntegration(carol, 'Carol 1');
    const one = await keyQueriesOfList();
    expect(one.listed.integrations).toHaveLength(1);
    expect(one.keyQueries, one.keyQueries.join('\n')).toHaveLength(1);

    for (let index = 2; index <= 6; index += 1) await makeIntegration(carol, `Carol ${index}`);
    await carol.ok(CREATE_KEY, { id: first.id, mode: 'TEST', name: 'backup' });
    const six = await keyQueriesOfList();
    expect(six.keyQueries, six.keyQueries.join('\n')).toHaveLength(1);
    expect(six.listed.integrations.map((row) => row.name)).toEqual(['Carol 6', 'Carol 5', 'Carol 4', 'Carol 3', 'Carol 2', 'Carol 1']);
    const keyNames = six.listed.integrations.map((row) => row.apiKeys.map((key) => key.name));
    expect(keyNames).toEqual([['server'], ['server'], ['server'], ['server'], ['server'], ['backup', 'server']]);

    // Keys a mutation changes are listed as they are now by a later field of the same document.
    const backupId = (await carol.ok(`query($id: ID!) { integration(id: $id) { apiKeys { id } } }`, { id: first.id })).integration
      .apiKeys[0].id;
    const changed = await carol.ok(
      `mutation($i: ID!, $k: ID!) {
        before: updateIntegration(id: $i, input: {}) { apiKeys { id revokedAt } }
        revokeApiKey(integrationId: $i, keyId: $k) { id }
        after: updateIntegration(id: $i, input: {}) { apiKeys { id revokedAt } } }`,
      { i: first.id, k: backupId },
    );
    expect(changed.before.apiKeys[0]).toEqual({ id: backupId, revokedAt: null });
    expect(changed.after.apiKeys[0]).toEqual({ id: backupId, revokedAt: expect.any(String) });
  });

  it('requires payout onboarding before live keys; validates the bank account and keeps it sealed; live URLs must be public https', async () => {
    const live = await makeIntegration(alice, 'Alice Live', { webhookUrl: stub.webhookUrl });
    expect(errorCode(await alice.gql(CREATE_KEY, { id: live.id, mode: 'LIVE' }))).toBe('PAYOUT_ONBOARDING_REQUIRED');

    const ONBOARD = `mutation($id: ID!, $input: PayoutOnboardingInput!) { submitPayoutOnboarding(integrationId: $id, input: $input) { payoutOnboarding { status legalName bankAccountMasked contactEmail } } }`;
    const invalid = await alice.gql(ONBOARD, {
      id: live.id,
      input: { legalName: 'Alice Tours Ltd', bankAccount: 'GB00WEST12345698765432', contactEmail: 'not-an-email' },
    });
    expect(invalid.errors![0]!.extensions!.code).toBe('VALIDATION_ERROR');
    expect(invalid.errors![0]!.extensions!.details!.map((detail) => detail.path).sort()).toEqual(['bankAccount', 'contactEmail']);
    const complete = await alice.ok(ONBOARD, {
      id: live.id,
      input: { legalName: 'Alice Tours Ltd', bankAccount: 'GB82 WEST 1234 5698 7654 32', contactEmail: 'money@shop.example' },
    });
    expect(complete.submitPayoutOnboarding.payoutOnboarding).toEqual({
      status: 'COMPLETE',
      legalName: 'Alice Tours Ltd',
      bankAccountMasked: '••••••••5432',
      contactEmail: 'money@shop.example',
    });
    expect(JSON.stringify(await server.query(`select * from integration where id = ?`, [live.id]))).not.toContain('GB82WEST12345698765432');

    // Loopback http URLs are fine in test mode, not for live money.
    expect((await alice.gql(CREATE_KEY, { id: live.id, mode: 'LIVE' })).errors![0]!.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'webhookUrl' }],
    });
    await alice.ok(
      `mutation($id: ID!) { updateIntegration(id: $id, input: { webhookUrl: "https://1.1.1.1/paysplit", partnerCreatePaymentUrl: "https://1.1.1.1/pay" }) { id } }`,
      { id: live.id },
    );
    const liveKey = await alice.ok(CREATE_KEY, { id: live.id, mode: 'LIVE', name: 'production' });
    expect(liveKey.createApiKey.apiKey).toMatch(/^ps_live_/);
    // With a live key in place, the URLs cannot go back to a private address.
    const backToPrivate = await alice.gql(
      `mutation($id: ID!) { updateIntegration(id: $id, input: { webhookUrl: "https://10.0.0.5/hook" }) { id } }`,
      { id: live.id },
    );
    expect(backToPrivate.errors![0]!.extensions).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'webhookUrl' }] });
    const session = await postJson(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: live.id, amountMinor: '1000', unconfigured: true },
      { 'x-service-api-key': liveKey.createApiKey.apiKey },
    );
    expect(session.body).toMatchObject({ success: true, mode: 'live' });
  });

  it('after a rotation signs with both secrets until the grace window ends, then with the new one only', async () => {
    const oldSecret = stub.webhookSecret;
    const rotated = await alice.ok(ROTATE, { id: integrationA.id, kind: 'WEBHOOK' });
    expect(new Date(rotated.rotateSigningSecret.previousValidUntil).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const newSecret = rotated.rotateSigningSecret.secret as string;
    stub.webhookSecret = newSecret;
    const before = stub.webhookCalls.length;
    await alice.ok(SEND_TEST_EVENT, { id: integrationA.id });
    const [call] = (await stub.waitForWebhooks(before + 1)).slice(before);
    expect(String(call!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret])
      expect(() => new Webhook(secret).verify(call!.body, call!.headers as Record<string, string>)).not.toThrow();
    expect(call!.json).toMatchObject({ type: 'SERVICE_TEST_EVENT', integrationId: integrationA.id });

    await server.query(`update integration set webhook_signing_secret_previous_until = now() - interval '1 second' where id = ?`, [
      integrationA.id,
    ]);
    await alice.ok(SEND_TEST_EVENT, { id: integrationA.id });
    const [later] = (await stub.waitForWebhooks(before + 2)).slice(before + 1);
    expect(String(later!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(later!.body, later!.headers as Record<string, string>)).toThrow();
  });
});

describe('sessions explorer and dashboards', () => {
  const PAGE = `query($filter: SessionFilter, $after: String, $first: Int) { sessions(filter: $filter, first: $first, after: $after) {
    edges { cursor node { id integrationId status mode amountMinor orderReference createdAt
      participants { id displayName status } payments { id status amountMinor }
      events { eventId type deliveries { status attempts { statusCode durationMs responseExcerpt } } } } }
    pageInfo { hasNextPage endCursor } } }`;

  it('pages 55 sessions newest first, 50 with participants, payments and events in at most 6 SQL queries', async () => {
    for (let index = 0; index < 55; index += 1) {
      await createSession(integrationA.apiKey, integrationA.id, { amountMinor: String(1000 + index), merchantOrderRef: `page-${index}` });
    }
    // Both pools: the page's reads run on the dashboard pool, its sign-in check on the main one.
    let first: any;
    const queries = await statementsDuring(alice, async () => {
      first = await alice.ok(PAGE, { filter: { integrationId: integrationA.id }, first: 50 });
    });
    // The job runner shares the main pool: leave out its claims, idle timers and heartbeats, count what the request ran.
    const requestQueries = queries.filter((sql) => !/skip locked|least\(|job_instance|job_schedule|pg_notify|listen/i.test(sql));
    expect(first.sessions.edges).toHaveLength(50);
    expect(
      requestQueries.some((sql) => /from "?payment"?/i.test(sql)),
      requestQueries.join('\n'),
    ).toBe(true);
    expect(requestQueries.length, requestQueries.join('\n')).toBeLessThanOrEqual(6);
    expect(first.sessions.edges[0].node.orderReference).toBe('page-54');
    expect(first.sessions.edges[0].node.participants).toHaveLength(1);

    const second = await alice.ok(PAGE, {
      filter: { integrationId: integrationA.id },
      first: 50,
      after: first.sessions.pageInfo.endCursor,
    });
    const seen = new Set([...first.sessions.edges, ...second.sessions.edges].map((edge: { node: { id: string } }) => edge.node.id));
    expect(seen.size).toBe(first.sessions.edges.length + second.sessions.edges.length);
    expect(second.sessions.pageInfo.hasNextPage).toBe(false);
  });

  it('filters by status, mode, order reference, amount range and date range', async () => {
    const ids = async (filter: Record<string, unknown>) =>
      (await alice.ok(PAGE, { filter: { integrationId: integrationA.id, ...filter }, first: 100 })).sessions.edges.map(
        (edge: { node: { orderReference: string } }) => edge.node.orderReference,
      );
    expect(await ids({ orderReference: 'page-7' })).toEqual(['page-7']);
    expect(await ids({ amountMinorMin: '1050', amountMinorMax: '1052' })).toEqual(['page-52', 'page-51', 'page-50']);
    expect(await ids({ status: ['COMPLETED'], orderReference: 'page-3' })).toEqual([]);
    expect(await ids({ mode: 'LIVE' })).toEqual([]);
    expect(await ids({ createdFrom: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(errorCode(await alice.gql(PAGE, { first: 1000 }))).toBe('VALIDATION_ERROR');
    expect(errorCode(await alice.gql(PAGE, { after: 'garbage' }))).toBe('VALIDATION_ERROR');
  });

  it('shows a paid session with its event and every delivery attempt; redelivers it and replays failed ones by range', async () => {
    stub.webhookStatuses = [500];
    stub.webhookCalls.length = 0;
    const created = await createSession(integrationA.apiKey, integrationA.id, { merchantOrderRef: 'explorer-paid' });
    const host = new PayBrowser(server.baseUrl);
    await host.open(created.sessionId, created.hostToken);
    const started = await host.startPayment(created.sessionId);
    const recorded = await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: started.data.startPayment.paymentId, action: 'authorize' },
      { 'x-service-api-key': integrationA.apiKey },
    );
    expect(recorded.body.sessionStatus).toBe('completed');
    const SESSION = `query($id: ID!) { session(id: $id) { status payments { status } events { eventId type deliveries { status attemptCount attempts { statusCode durationMs responseExcerpt } } } } }`;
    const failed = await waitFor(async () => {
      const view = (await alice.ok(SESSION, { id: created.sessionId })).session;
      return view.events[0]?.deliveries[0]?.status === 'failed' ? view : undefined;
    });
    expect(failed.events[0].deliveries[0].attempts).toHaveLength(3);
    expect(failed.events[0].deliveries[0].attempts[0]).toMatchObject({ statusCode: 500, responseExcerpt: 'not now' });
    const eventId = failed.events[0].eventId;

    stub.webhookStatuses = [200];
    await alice.ok(`mutation($e: ID!) { redeliverEvent(eventId: $e) { status } }`, { e: eventId });
    const delivered = await waitFor(async () => {
      const view = (await alice.ok(SESSION, { id: created.sessionId })).session;
      return view.events[0].deliveries[0].status === 'succeeded' ? view : undefined;
    });
    expect(delivered.events[0].deliveries[0].attemptCount).toBe(4);
    expect(stub.webhookCalls.at(-1)!.json.eventId).toBe(eventId);

    // A failing test event, then "replay all failed deliveries" of the last hour.
    stub.webhookStatuses = [500];
    const before = stub.webhookCalls.length;
    const test = await alice.ok(SEND_TEST_EVENT, { id: integrationA.id });
    const deliveryFailed = async () =>
      (
        await server.query<{ status: string }>(`select status from webhook_delivery where id = ?`, [test.sendTestEvent.deliveries[0].id])
      )[0]!.status;
    await waitFor(async () => (await deliveryFailed()) === 'failed');
    stub.webhookStatuses = [200];
    const range = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 1000).toISOString() };
    const replay = await alice.ok(
      `mutation($i: ID!, $r: DateRangeInput!) { replayFailedDeliveries(integrationId: $i, range: $r) { requeued } }`,
      { i: integrationA.id, r: range },
    );
    expect(replay.replayFailedDeliveries.requeued).toBe(1);
    await waitFor(async () => (await deliveryFailed()) === 'succeeded');
    expect(stub.webhookCalls.slice(before).every((call) => call.json.eventId === test.sendTestEvent.eventId)).toBe(true);

    const stats = await alice.ok(
      `query($r: DateRangeInput!, $i: ID) { stats(range: $r, integrationId: $i) { sessionCount countsByStatus { status count } collected { currency amountMinor } medianSecondsToComplete deliverySuccessRate } }`,
      { r: range, i: integrationA.id },
    );
    expect(stats.stats.countsByStatus).toContainEqual({ status: 'COMPLETED', count: 1 });
    expect(stats.stats.collected).toEqual([{ currency: 'NZD', amountMinor: '2500' }]);
    expect(stats.stats.medianSecondsToComplete).toBeGreaterThan(0);
    expect(stats.stats.deliverySuccessRate).toBe(1);

    // Refunded totals: what succeeded refunds gave back, per currency (the refund flow keeps session.refunded_minor).
    const refundedStats = async () =>
      (
        await alice.ok(`query($r: DateRangeInput!, $i: ID) { stats(range: $r, integrationId: $i) { refunded { currency amountMinor } } }`, {
          r: range,
          i: integrationA.id,
        })
      ).stats.refunded;
    expect(await refundedStats()).toEqual([]);
    await server.query(`update session set refunded_minor = 900 where integration_id = ? and status = 'completed'`, [integrationA.id]);
    try {
      expect(await refundedStats()).toEqual([{ currency: 'NZD', amountMinor: '900' }]);
    } finally {
      await server.query(`update session set refunded_minor = 0 where integration_id = ?`, [integrationA.id]);
    }
  });

  it('records settings changes, keys, rotations and redeliveries in the audit log, without any secret', async () => {
    const log = await alice.ok(
      `query($i: ID) { auditLog(integrationId: $i, first: 100) { edges { node { actor action summary integrationId } } } }`,
      { i: integrationA.id },
    );
    const actions = log.auditLog.edges.map((edge: { node: { action: string } }) => edge.node.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'integration.created',
        'api_key.created',
        'api_key.revoked',
        'signing_secret.rotated',
        'integration.updated',
        'event.redelivered',
        'event.replayed_failed',
        'event.test_sent',
      ]),
    );
    expect(log.auditLog.edges.every((edge: { node: { actor: string } }) => edge.node.actor === 'alice@shop.example')).toBe(true);
    const stored = JSON.stringify(await server.query('select * from audit_entry'));
    expect(stored).not.toMatch(/whsec_|ps_(test|live)_[0-9A-Za-z]{43}|GB82WEST/);
  });

  it('refuses queries nested too deep or too costly', async () => {
    const deepest = `{ sessions { edges { node { events { deliveries { attempts { statusCode } } } participants { id } } } } }`;
    expect((await alice.gql(deepest)).errors).toBeUndefined();
    expect((await alice.gql(getIntrospectionQuery())).errors).toBeUndefined();
    const ofTypes = (levels: number): string => (levels === 0 ? 'name' : `ofType { ${ofTypes(levels - 1)} }`);
    const tooDeep = await alice.gql(`{ __schema { types { fields { type { ${ofTypes(12)} } } } } }`);
    expect(errorCode(tooDeep)).toBe('VALIDATION_ERROR');
    expect(tooDeep.errors![0]!.message).toMatch(/depth/i);
    const costly = `{ ${Array.from({ length: 10 }, (_, index) => `s${index}: sessions(first: 100) { edges { node { id status amountMinor participants { id displayName status amountMinor } payments { id status } events { eventId deliveries { status attempts { statusCode } } } } } }`).join(' ')} }`;
    const refused = await alice.gql(costly);
    expect(errorCode(refused)).toBe('VALIDATION_ERROR');
    expect(refused.errors![0]!.message).toMatch(/costs \d+ points/);
  });
});

describe('payers’ addresses in the administration area', () => {
  const ADDRESSES = ['ana.whetu-alexander@guests.example', 'ben@other-guests.example'];

  it('are masked by the one rule in every admin read (list, session, operator token) and whole for the merchant’s API key', async () => {
    const created = await createSession(integrationA.apiKey, integrationA.id, {
      amountMinor: '4000',
      merchantOrderRef: 'masked-addresses',
      description: 'Dinner for 2',
      participants: ADDRESSES.map((email, index) => ({ displayName: `Payer ${index}`, email })),
    });
    const masked = ADDRESSES.map(maskEmailAddress);
    expect(masked).toEqual(['a•••@guests.example', 'b•••@other-guests.example']);

    const session = await alice.gql(`query($id: ID!) { session(id: $id) { participants { email } } }`, { id: created.sessionId });
    expect(session.data.session.participants.map((p: { email: string }) => p.email)).toEqual(masked);
    const list = await alice.gql(
      `query($f: SessionFilter) { sessions(filter: $f) { edges { node { description refundedMinor participants { email } } } } }`,
      { f: { orderReference: 'masked-addresses' } },
    );
    expect(list.data.sessions.edges).toEqual([
      { node: { description: 'Dinner for 2', refundedMinor: '0', participants: masked.map((email) => ({ email })) } },
    ]);
    await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), {
      email: 'masking-ops@paysplit.example',
      password: PASSWORD,
      role: 'operator',
    });
    const operator = new AdminClient(server.baseUrl);
    await operator.login('masking-ops@paysplit.example', PASSWORD);
    const token = (await operator.ok(`mutation { createOperatorToken(name: "masking check") { token } }`)).createOperatorToken.token;
    const dashboard = new AdminClient(server.baseUrl);
    dashboard.bearer = token;
    const operatorRead = await dashboard.gql(`query($id: ID!) { session(id: $id) { participants { email } } }`, { id: created.sessionId });
    expect(operatorRead.data.session.participants.map((p: { email: string }) => p.email)).toEqual(masked);
    // Nowhere in those replies, not even in part.
    for (const reply of [session, list, operatorRead]) {
      for (const address of ADDRESSES) expect(JSON.stringify(reply)).not.toContain(address.split('@')[0]);
    }

    // The merchant reads them whole, over GraphQL and REST: it (or its host) gave them.
    const merchantRead = await postJson<{ data: { session: { participants: { email: string }[] } } }>(
      `${server.baseUrl}/graphql`,
      { query: 'query($id: ID!) { session(id: $id) { participants { email } } }', variables: { id: created.sessionId } },
      { 'x-service-api-key': integrationA.apiKey },
    );
    expect(merchantRead.body.data.session.participants.map((p) => p.email)).toEqual(ADDRESSES);
    const rest = await fetch(`${server.baseUrl}/api/v1/payments/sessions/${created.sessionId}`, {
      headers: { 'x-service-api-key': integrationA.apiKey },
    });
    expect(((await rest.json()) as { participants: { email: string }[] }).participants.map((p) => p.email)).toEqual(ADDRESSES);
  });
});

describe('another merchant’s ids are not found, for every admin query and mutation', () => {
  let sessionB: string;
  let eventB: string;
  let keyB: string;

  beforeAll(async () => {
    sessionB = (await createSession(integrationB.apiKey, integrationB.id, { merchantOrderRef: 'bob-secret-order' })).sessionId;
    eventB = (await bob.ok(SEND_TEST_EVENT, { id: integrationB.id })).sendTestEvent.eventId;
    // Let its delivery settle, so the before/after snapshots below see only what the calls change.
    await waitFor(async () => {
      const rows = await server.query<{ status: string }>(
        `select d.status from webhook_delivery d where d.event_id = ? and d.status in ('succeeded', 'failed')`,
        [eventB],
      );
      return rows.length === 1;
    });
    keyB = (await bob.ok(`query($id: ID!) { integration(id: $id) { apiKeys { id } } }`, { id: integrationB.id })).integration.apiKeys[0].id;
  });

  const range = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });
  const cases: [string, string, () => Record<string, unknown>][] = [
    ['integration', `query($id: ID!) { integration(id: $id) { id } }`, () => ({ id: integrationB.id })],
    ['session', `query($id: ID!) { session(id: $id) { id } }`, () => ({ id: sessionB })],
    [
      'stats',
      `query($i: ID, $r: DateRangeInput!) { stats(range: $r, integrationId: $i) { sessionCount } }`,
      () => ({ i: integrationB.id, r: range() }),
    ],
    ['auditLog', `query($i: ID) { auditLog(integrationId: $i) { edges { node { id } } } }`, () => ({ i: integrationB.id })],
    [
      'updateIntegration',
      `mutation($id: ID!) { updateIntegration(id: $id, input: { name: "Mine now", enabled: false }) { id } }`,
      () => ({ id: integrationB.id }),
    ],
    ['createApiKey', CREATE_KEY, () => ({ id: integrationB.id, mode: 'TEST' })],
    [
      'revokeApiKey',
      `mutation($i: ID!, $k: ID!) { revokeApiKey(integrationId: $i, keyId: $k) { id } }`,
      () => ({ i: integrationB.id, k: keyB }),
    ],
    [
      'revokeApiKey (own integration, their key)',
      `mutation($i: ID!, $k: ID!) { revokeApiKey(integrationId: $i, keyId: $k) { id } }`,
      () => ({ i: integrationA.id, k: keyB }),
    ],
    ['rotateSigningSecret', ROTATE, () => ({ id: integrationB.id, kind: 'WEBHOOK' })],
    [
      'submitPayoutOnboarding',
      `mutation($id: ID!) { submitPayoutOnboarding(integrationId: $id, input: { legalName: "Evil", bankAccount: "GB82WEST12345698765432", contactEmail: "e@evil.test" }) { id } }`,
      () => ({ id: integrationB.id }),
    ],
    ['sendTestEvent', SEND_TEST_EVENT, () => ({ id: integrationB.id })],
    ['redeliverEvent', `mutation($e: ID!) { redeliverEvent(eventId: $e) { id } }`, () => ({ e: eventB })],
    [
      'replayFailedDeliveries',
      `mutation($i: ID!, $r: DateRangeInput!) { replayFailedDeliveries(integrationId: $i, range: $r) { requeued } }`,
      () => ({ i: integrationB.id, r: range() }),
    ],
  ];

  it.each(cases)('%s', async (_name, query, variables) => {
    const snapshot = async () =>
      JSON.stringify([
        await server.query(`select * from integration where id = ?`, [integrationB.id]),
        await server.query(`select id, revoked_at from api_key where integration_id = ? order by id`, [integrationB.id]),
        await server.query(`select count(*) from webhook_event where integration_id = ?`, [integrationB.id]),
        await server.query(
          `select d.status, d.attempt_count from webhook_delivery d join webhook_event e on e.id = d.event_id where e.integration_id = ? order by d.id`,
          [integrationB.id],
        ),
      ]);
    const before = await snapshot();
    const reply = await alice.gql(query, variables());
    expect(reply.data ?? null).toBeNull();
    expect(['NOT_FOUND', 'SESSION_NOT_FOUND']).toContain(errorCode(reply));
    expect(JSON.stringify(reply)).not.toMatch(/Bob Bikes|bob-secret-order/);
    expect(await snapshot()).toEqual(before);
  });

  it('lists only the caller’s own integrations, sessions and deliveries', async () => {
    const mine = await alice.ok(
      `{ integrations { id } sessions(first: 100) { edges { node { integrationId } } } webhookDeliveries(first: 100) { edges { node { integrationId } } } }`,
    );
    const integrationIds = new Set([
      ...mine.integrations.map((row: { id: string }) => row.id),
      ...mine.sessions.edges.map((edge: { node: { integrationId: string } }) => edge.node.integrationId),
      ...mine.webhookDeliveries.edges.map((edge: { node: { integrationId: string } }) => edge.node.integrationId),
    ]);
    expect(integrationIds.has(integrationB.id)).toBe(false);
    expect(integrationIds.has(integrationA.id)).toBe(true);
    const filtered = await alice.ok(`query($i: ID) { sessions(filter: { integrationId: $i }) { edges { node { id } } } }`, {
      i: integrationB.id,
    });
    expect(filtered.sessions.edges).toEqual([]);
    const deliveries = await alice
      .ok(`query($i: ID) { webhookDeliveries(filter: { integrationId: $i }) { edges { node { eventId } } } operatorTokens { id } }`, {
        i: integrationB.id,
      })
      .catch((error: Error) => error.message);
    // Operator-only parts of a document fail the whole request for a merchant user.
    expect(String(deliveries)).toContain('FORBIDDEN');
    const onlyDeliveries = await alice.ok(
      `query($i: ID) { webhookDeliveries(filter: { integrationId: $i }) { edges { node { eventId } } } }`,
      {
        i: integrationB.id,
      },
    );
    expect(onlyDeliveries.webhookDeliveries.edges).toEqual([]);
  });
});

describe('every admin operation requires a sign-in (or an operator token)', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const range = { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' };
  const operations: [string, string, Record<string, unknown>][] = [
    ['integrations', '{ integrations { id } }', {}],
    ['integration', 'query($id: ID!) { integration(id: $id) { id } }', { id: someId }],
    ['sessions', '{ sessions { edges { cursor } } }', {}],
    ['session (no API key)', 'query($id: ID!) { session(id: $id) { id } }', { id: someId }],
    ['webhookDeliveries', '{ webhookDeliveries { edges { cursor } } }', {}],
    ['stats', 'query($r: DateRangeInput!) { stats(range: $r) { sessionCount } }', { r: range }],
    ['auditLog', '{ auditLog { edges { cursor } } }', {}],
    ['operatorTokens', '{ operatorTokens { id } }', {}],
    ['logout', 'mutation { logout }', {}],
    ['changePassword', 'mutation { changePassword(currentPassword: "x", newPassword: "a new passphrase") { email } }', {}],
    ['createIntegration', 'mutation { createIntegration(input: { name: "X" }) { id } }', {}],
    ['updateIntegration', 'mutation($id: ID!) { updateIntegration(id: $id, input: { name: "X" }) { id } }', { id: someId }],
    ['createApiKey', CREATE_KEY, { id: someId, mode: 'TEST' }],
    ['revokeApiKey', 'mutation($id: ID!) { revokeApiKey(integrationId: $id, keyId: $id) { id } }', { id: someId }],
    ['rotateSigningSecret', ROTATE, { id: someId, kind: 'WEBHOOK' }],
    [
      'submitPayoutOnboarding',
      'mutation($id: ID!) { submitPayoutOnboarding(integrationId: $id, input: { legalName: "X Ltd", bankAccount: "12-3140-0123456-00", contactEmail: "a@b.example" }) { id } }',
      { id: someId },
    ],
    ['sendTestEvent', SEND_TEST_EVENT, { id: someId }],
    ['redeliverEvent (no API key)', 'mutation($id: ID!) { redeliverEvent(eventId: $id) { id } }', { id: someId }],
    [
      'replayFailedDeliveries',
      'mutation($id: ID!, $r: DateRangeInput!) { replayFailedDeliveries(integrationId: $id, range: $r) { requeued } }',
      { id: someId, r: range },
    ],
    ['createOperatorToken', 'mutation { createOperatorToken(name: "x") { token } }', {}],
    ['revokeOperatorToken', 'mutation($id: ID!) { revokeOperatorToken(id: $id) { id } }', { id: someId }],
  ];

  it.each(operations)('%s: UNAUTHENTICATED without a sign-in, and with a forged cookie or token', async (_name, query, variables) => {
    expect(errorCode(await new AdminClient(server.baseUrl).gql(query, variables))).toBe('UNAUTHENTICATED');
    const forged = new AdminClient(server.baseUrl);
    forged.cookie = 'ps_admin=forged-token';
    forged.csrfToken = 'forged';
    expect(errorCode(await forged.gql(query, variables))).toBe('UNAUTHENTICATED');
    const badBearer = new AdminClient(server.baseUrl);
    badBearer.bearer = `pso_${'A'.repeat(43)}`;
    expect(errorCode(await badBearer.gql(query, variables))).toBe('UNAUTHENTICATED');
  });

  it('answers me with null, not an error, when signed out', async () => {
    const reply = await new AdminClient(server.baseUrl).gql('{ me { email } }');
    expect(reply.errors).toBeUndefined();
    expect(reply.data.me).toBeNull();
  });
});
