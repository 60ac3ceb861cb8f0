import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedCache } from '../src/feed/feed-cache.js';
import { CHANGE_FEED_APPLICATION_NAME } from '../src/feed/session-changes.js';
import { ApiKeyAuthenticationService } from '../src/modules/integrations/api-key-authentication.service.js';
import { type ApiKeyRow, IntegrationRepository } from '../src/modules/integrations/integration.repository.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

/**
 * The status poll and API-key checks are served from caches that the change feed (LISTEN/NOTIFY)
 * keeps true. Changes made outside this server, in SQL as another instance or an operator would,
 * must reach its answers; and while the feed is down nothing may be served from memory.
 */
let server: TestServer;
let merchant: { integrationId: string; apiKey: string };

beforeAll(async () => {
  server = await startTestServer({ environment: { RATE_LIMITS: 'off' } });
  merchant = await server.provision({ name: 'Cached merchant' });
});

afterAll(async () => {
  await server?.close();
});

async function createSession(apiKey = merchant.apiKey, integrationId = merchant.integrationId, extra: Record<string, unknown> = {}) {
  return postJson<{ sessionId: string; code?: string; mode?: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId, amountMinor: '4800', ...extra },
    { 'x-service-api-key': apiKey },
  );
}

async function pollStatus(sessionId: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/payments/unified?sessionId=${sessionId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

/** Polls `read` until it returns `expected`; returns how long that took. */
async function timeUntil(read: () => Promise<unknown>, expected: unknown, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await read()) === expected) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still not ${String(expected)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The change feed's connection of this file's server, and nothing else: other test files share the
 * cluster, and the job runner listens on channels of its own.
 */
const THIS_HUB = `datname = current_database() and application_name = '${CHANGE_FEED_APPLICATION_NAME}'`;

async function feedListening(): Promise<boolean> {
  const rows = await server.query(`select 1 from pg_stat_activity where ${THIS_HUB}`);
  return rows.length > 0 && server.paysplit.services.live.listening;
}

describe('status poll cache', () => {
  it('shows a change another instance announced within a second', async () => {
    const { body } = await createSession();
    expect(await pollStatus(body.sessionId)).toBe('unconfigured');
    expect(await pollStatus(body.sessionId)).toBe('unconfigured'); // now cached
    // What another instance does: change the row and announce it in the same transaction.
    await server.query(`begin; update session set status = 'cancelled' where id = '${body.sessionId}';
      select pg_notify('paysplit_session_changed', '${body.sessionId}'); commit;`);
    expect(await timeUntil(() => pollStatus(body.sessionId), 'cancelled', 1_000)).toBeLessThan(1_000);
  });

  it('shows even an unannounced change after at most the cache lifetime (2 s)', async () => {
    const { body } = await createSession();
    expect(await pollStatus(body.sessionId)).toBe('unconfigured');
    await server.query(`update session set status = 'expired' where id = ?`, [body.sessionId]);
    expect(await timeUntil(() => pollStatus(body.sessionId), 'expired', 3_000)).toBeLessThan(2_500);
  });

  it('reads the database while the change feed is disconnected, and caches again once it is back', async () => {
    const { body } = await createSession();
    expect(await pollStatus(body.sessionId)).toBe('unconfigured');
    await server.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${THIS_HUB}`);
    await timeUntil(() => Promise.resolve(server.paysplit.services.live.listening), false, 2_000);
    // Unannounced, so only a read of the database can see it: at once, not after the cache lifetime.
    await server.query(`update session set status = 'cancelled' where id = ?`, [body.sessionId]);
    expect(await pollStatus(body.sessionId)).toBe('cancelled');

    await timeUntil(feedListening, true, 5_000);
    const { body: later } = await createSession();
    expect(await pollStatus(later.sessionId)).toBe('unconfigured');
    await server.query(`begin; update session set status = 'cancelled' where id = '${later.sessionId}';
      select pg_notify('paysplit_session_changed', '${later.sessionId}'); commit;`);
    expect(await timeUntil(() => pollStatus(later.sessionId), 'cancelled', 1_000)).toBeLessThan(1_000);
  });
});

describe('API-key cache', () => {
  it('refuses a key revoked in SQL, after it was used, within a second', async () => {
    const own = await server.provision({ name: 'Revoked by hand' });
    expect((await createSession(own.apiKey, own.integrationId)).status).toBe(200);
    await server.query(`update api_key set revoked_at = now() where integration_id = ?`, [own.integrationId]);
    const code = async () => (await createSession(own.apiKey, own.integrationId)).body.code;
    expect(await timeUntil(code, 'INVALID_API_KEY', 1_000)).toBeLessThan(1_000);
  });

  it('applies an integration disabled in SQL within a second, and enabled again', async () => {
    const own = await server.provision({ name: 'Disabled by hand' });
    expect((await createSession(own.apiKey, own.integrationId)).status).toBe(200);
    await server.query(`update integration set enabled = false where id = ?`, [own.integrationId]);
    const code = async () => (await createSession(own.apiKey, own.integrationId)).body.code;
    expect(await timeUntil(code, 'INTEGRATION_DISABLED', 1_000)).toBeLessThan(1_000);
    await server.query(`update integration set enabled = true where id = ?`, [own.integrationId]);
    expect(await timeUntil(code, undefined, 1_000)).toBeLessThan(1_000);
  });

  it('refuses a key revoked through this instance on the very next request', async () => {
    const own = await server.provision({ name: 'Revoked here' });
    expect((await createSession(own.apiKey, own.integrationId)).status).toBe(200);
    await server.paysplit.services.apiKeys.revokeApiKey(server.orm.em.fork(), own.apiKey);
    expect((await createSession(own.apiKey, own.integrationId)).body.code).toBe('INVALID_API_KEY');
  });

  it('applies every setting authentication reads when it changes in SQL: allowlist, key mode, payout onboarding', async () => {
    const own = await server.provision({ name: 'Settings by hand', redirectAllowlist: ['https://shop.example.com'] });
    const withSuccessUrl = async () =>
      (await createSession(own.apiKey, own.integrationId, { successUrl: 'https://shop.example.com/done' })).body.code;
    expect(await withSuccessUrl()).toBeUndefined();
    await server.query(`update integration set redirect_allowlist = '["https://elsewhere.example.com"]' where id = ?`, [own.integrationId]);
    expect(await timeUntil(withSuccessUrl, 'REDIRECT_URL_NOT_ALLOWED', 1_000)).toBeLessThan(1_000);

    const code = async () => (await createSession(own.apiKey, own.integrationId)).body.code;
    await server.query(`update api_key set mode = 'live' where integration_id = ?`, [own.integrationId]);
    expect(await timeUntil(code, 'PAYOUT_ONBOARDING_REQUIRED', 1_000)).toBeLessThan(1_000);
    await server.query(`update integration set payout_onboarded = true where id = ?`, [own.integrationId]);
    expect(await timeUntil(code, undefined, 1_000)).toBeLessThan(1_000);
    expect((await createSession(own.apiKey, own.integrationId)).body.mode).toBe('live');
  });

  it('drops a key changed through the ORM at flush, without waiting for the notification', async () => {
    // A cache that hears nothing from the feed: only the flush subscriber can empty it.
    const cache = new FeedCache<ApiKeyRow>({ ttlMs: 60_000, maxEntries: 10, isListening: () => true });
    const isolated = new ApiKeyAuthenticationService(new IntegrationRepository(), { keyCache: cache });
    server.orm.em.getEventManager().registerSubscriber(isolated.keyCacheInvalidator());
    const own = await server.provision({ name: 'Flushed' });
    await isolated.authenticate(server.orm.em.fork(), own.apiKey);
    expect(cache.size).toBe(1);
    await server.paysplit.services.apiKeys.revokeApiKey(server.orm.em.fork(), own.apiKey);
    expect(cache.size).toBe(0);
    await expect(isolated.authenticate(server.orm.em.fork(), own.apiKey)).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('still records when a key was last used, once a minute', async () => {
    const own = await server.provision({ name: 'Used' });
    const lastUsed = async () =>
      (
        await server.query<{ last_used_at: Date | string | null }>(`select last_used_at from api_key where integration_id = ?`, [
          own.integrationId,
        ])
      )[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await createSession(own.apiKey, own.integrationId)).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await createSession(own.apiKey, own.integrationId)).status).toBe(200);
    expect(await lastUsed()).toEqual(first);
  });
});
