import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from './support/admin-client.js';
import { createConfiguredSession, startTestServer, type TestServer } from './support/test-server.js';
import { accessCookieName } from '../src/http/cookies.js';

/**
 * The pay app's and the admin area's own queries run compiled (graphql/compiled-documents.ts) when
 * named by documentId, and through Apollo when the same text is sent (allowed outside production).
 * Every answer must be the same either way: status, content type, Retry-After and body.
 */

// Written by the pay app's build (npm test builds first).
const trusted = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../pay/dist/trusted-documents.json', import.meta.url)), 'utf8'),
) as Record<string, string>;
const idOf = (operation: string): string => {
  const found = Object.entries(trusted).find(([, text]) => new RegExp(`\\b${operation}\\b`).test(text));
  if (!found) throw new Error(`no trusted document defines ${operation}`);
  return found[0];
};

interface Reply {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  text: string;
}

let server: TestServer;
let session: { sessionId: string; hostToken: string };
let guestInvite: string;

async function post(body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    text: await response.text(),
  };
}

async function compiledRuns(): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(/^paysplit_graphql_compiled_operations_total (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

/** The same request by documentId (compiled) and by its text (Apollo): both replies, and whether only the first ran compiled. */
async function bothWays(operation: string, rest: Record<string, unknown>, headers: Record<string, string> = {}) {
  const before = await compiledRuns();
  const compiled = await post({ documentId: idOf(operation), ...rest }, headers);
  const afterCompiled = await compiledRuns();
  const apollo = await post({ query: trusted[idOf(operation)], ...rest }, headers);
  const afterApollo = await compiledRuns();
  return { compiled, apollo, ranCompiled: afterCompiled - before === 1 && afterApollo === afterCompiled };
}

const hostCookie = () => ({ cookie: `${accessCookieName(session.sessionId)}=${session.hostToken}` });

beforeAll(async () => {
  server = await startTestServer({ jobs: false, environment: { ADMIN_QUERY_COST_PER_MINUTE: '2500' } });
  const integration = await server.provision({ name: 'Compiled' });
  session = await createConfiguredSession(server.baseUrl, integration, { amountMinor: '48000', participants: ['Aroha', 'Ben', 'Caleb'] });
  const host = await post({ documentId: idOf('PaySession'), variables: { sessionId: session.sessionId } }, hostCookie());
  const view = JSON.parse(host.text) as { data: { paySession: { participants: { isHost: boolean; inviteUrl: string | null }[] } } };
  guestInvite = new URL(view.data.paySession.participants.find((participant) => !participant.isHost)!.inviteUrl!).searchParams.get(
    'token',
  )!;
});

afterAll(async () => {
  await server?.close();
});

describe('the pay page read, compiled and through Apollo', () => {
  it('answers the host and a guest alike, and only the documentId request skips Apollo', async () => {
    const variables = { sessionId: session.sessionId };
    const host = await bothWays('PaySession', { variables }, hostCookie());
    expect(host.ranCompiled).toBe(true);
    expect(host.compiled).toEqual(host.apollo);
    expect(host.compiled.status).toBe(200);
    expect(host.compiled.contentType).toBe('application/json; charset=utf-8');
    const data = JSON.parse(host.compiled.text) as {
      data: { paySession: { viewerRole: string; amountMinor: string; participants: unknown[] } };
    };
    expect(data.data.paySession).toMatchObject({ viewerRole: 'HOST', amountMinor: '48000' });
    expect(data.data.paySession.participants).toHaveLength(3);

    const guest = await bothWays('PaySession', { variables }, { cookie: `${accessCookieName(session.sessionId)}=${guestInvite}` });
    expect(guest.ranCompiled).toBe(true);
    expect(guest.compiled).toEqual(guest.apollo);
    expect(JSON.parse(guest.compiled.text).data.paySession.viewerRole).toBe('PARTICIPANT');
  });

  it.each([
    ['no cookie', { sessionId: 'S' }, {}],
    ['a cookie with a token of another session', { sessionId: 'S' }, { cookie: 'X' }],
    ['an unknown session', { sessionId: '2c1f4d7e-9a53-4d62-8f0e-3b6a1d2c5e7f' }, {}],
    ['a malformed session id', { sessionId: 'not-a-uuid' }, {}],
  ])('refuses %s with the same error either way', async (_case, shape, headerShape) => {
    const variables = { sessionId: shape.sessionId === 'S' ? session.sessionId : shape.sessionId };
    const headers: Record<string, string> =
      'cookie' in headerShape ? { cookie: `${accessCookieName(session.sessionId)}=${'A'.repeat(43)}` } : {};
    const { compiled, apollo, ranCompiled } = await bothWays('PaySession', { variables }, headers);
    expect(ranCompiled).toBe(true);
    expect(compiled).toEqual(apollo);
    const body = JSON.parse(compiled.text) as { errors: { extensions: { code: string } }[]; data: unknown };
    expect(body.errors[0]!.extensions.code).toMatch(/^(UNAUTHENTICATED|SESSION_NOT_FOUND|VALIDATION_ERROR)$/);
    expect(body.data).toBeNull();
  });

  it.each([
    ['missing', {}],
    ['of the wrong type', { sessionId: { id: 1 } }],
    ['null', { sessionId: null }],
  ])('refuses variables %s with 400 VALIDATION_ERROR either way, before anything runs', async (_case, variables) => {
    const { compiled, apollo, ranCompiled } = await bothWays('PaySession', { variables }, hostCookie());
    expect(ranCompiled).toBe(true);
    expect(compiled).toEqual(apollo);
    expect(compiled.status).toBe(400);
    expect(JSON.parse(compiled.text).errors[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('stops at 50 variable errors, as graphql-js does, for a list of 5,000 bad values', async () => {
    const variables = { first: 10, filter: { status: Array.from({ length: 5_000 }, () => 'NOT_A_STATUS') } };
    const { compiled, apollo, ranCompiled } = await bothWays('AdminSessions', { variables });
    expect(ranCompiled).toBe(true);
    expect(compiled).toEqual(apollo);
    expect(compiled.status).toBe(400);
    expect(JSON.parse(compiled.text).errors.length).toBeLessThanOrEqual(51);
  });

  it('answers application/graphql-response+json when the client prefers it', async () => {
    const { compiled, apollo, ranCompiled } = await bothWays(
      'PaySession',
      { variables: { sessionId: session.sessionId } },
      { ...hostCookie(), accept: 'application/graphql-response+json, application/json;q=0.9' },
    );
    expect(ranCompiled).toBe(true);
    expect(compiled).toEqual(apollo);
    expect(compiled.contentType).toBe('application/graphql-response+json; charset=utf-8');
  });

  it('leaves to Apollo what only Apollo answers: another operationName, extensions, variables not an object, an Accept it refuses', async () => {
    const variables = { sessionId: session.sessionId };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ variables, operationName: 'Other' }, {}],
      [{ variables, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }, {}],
      [{ variables: 'sessionId' }, {}],
      [{ variables: [session.sessionId] }, {}],
      [{ variables }, { accept: 'text/html' }],
    ];
    for (const [rest, headers] of cases) {
      const { compiled, apollo, ranCompiled } = await bothWays('PaySession', rest, { ...hostCookie(), ...headers });
      expect(ranCompiled, JSON.stringify(rest)).toBe(false);
      expect(compiled, JSON.stringify(rest)).toEqual(apollo);
    }
  });

  it('refuses an unknown operationName with 400 (Apollo answers it)', async () => {
    const reply = await post(
      { documentId: idOf('PaySession'), variables: { sessionId: session.sessionId }, operationName: 'Other' },
      hostCookie(),
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).errors[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('leaves requests without a JSON body to Apollo (GET, text/plain), never a 500', async () => {
    const get = await fetch(`${server.baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`);
    expect(get.status).toBeLessThan(500);
    const text = await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBeLessThan(500);
    expect(text.status).toBeGreaterThanOrEqual(400);
  });

  it('runs mutations through Apollo (only reads are compiled)', async () => {
    const before = await compiledRuns();
    const reply = await post({ documentId: idOf('OpenSession'), variables: { sessionId: session.sessionId, token: session.hostToken } });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text).data.openSession.id).toBe(session.sessionId);
    expect(await compiledRuns()).toBe(before);
  });
});

describe("the admin area's reads, compiled", () => {
  it('hands enum and input-object variables to the resolvers as Apollo does', async () => {
    const admin = new AdminClient(server.baseUrl);
    await admin.register(`compiled-filter-${Date.now()}@example.com`, 'a long enough password 1');
    const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken };
    const variables = {
      first: 5,
      filter: { status: ['OPEN', 'PARTIALLY_PAID'], mode: 'TEST', amountMinorMin: '100', createdFrom: '2026-01-01T00:00:00.000Z' },
    };
    const { compiled, apollo, ranCompiled } = await bothWays('AdminSessions', { variables }, headers);
    expect(ranCompiled).toBe(true);
    expect(compiled).toEqual(apollo);
    expect(compiled.status, compiled.text).toBe(200);
    expect(JSON.parse(compiled.text).errors).toBeUndefined();
  });

  it('charges the same cost budget and refuses with 429 and Retry-After either way once it is spent', async () => {
    const admin = new AdminClient(server.baseUrl);
    await admin.register(`compiled-${Date.now()}@example.com`, 'a long enough password 1');
    const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken };
    const variables = { range: { from: '2026-01-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' } };

    // Spend the budget by documentId: the compiled path charges it.
    let refused: Reply | undefined;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      const reply = await post({ documentId: idOf('AdminStats'), variables }, headers);
      if (reply.status === 429) refused = reply;
      else expect(reply.status, reply.text).toBe(200);
    }
    expect(refused, 'the compiled path never ran out of budget').toBeDefined();
    expect(JSON.parse(refused!.text).errors[0].extensions.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);

    // Apollo sees the same spent budget and answers alike.
    const apollo = await post({ query: trusted[idOf('AdminStats')], variables }, headers);
    expect(apollo.status).toBe(429);
    expect(apollo.contentType).toBe(refused!.contentType);
    expect(Number(apollo.retryAfter)).toBeGreaterThan(0);
    const strip = (reply: Reply) =>
      (JSON.parse(reply.text) as { errors: { extensions: Record<string, unknown> }[] }).errors.map(({ extensions: { code } }) => code);
    expect(strip(apollo)).toEqual(strip(refused!));
  });
});
