import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionResponseSchema } from '../src/rest/create-session.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let integrationId: string;
let apiKey: string;

const V1 = '/api/v1/payments/sessions';
const LEGACY = '/api/payments/sessions';

async function create(body: Record<string, unknown>, headers: Record<string, string> = {}, path = V1) {
  return postJson(`${server.baseUrl}${path}`, body, { 'x-service-api-key': apiKey, ...headers });
}

beforeAll(async () => {
  server = await startTestServer();
  ({ integrationId, apiKey } = await server.provision());
});

afterAll(async () => {
  await server?.close();
});

describe('creating a session over REST', () => {
  it('creates an unconfigured session from the first request shape (amount in major units)', async () => {
    const response = await create({
      integrationId,
      amount: 480,
      merchantOrderRef: 'booking-42',
      successUrl: 'https://shop.example.com/thanks',
    });
    expect(response.status).toBe(200);
    const body = createSessionResponseSchema.parse(response.body);
    expect(body).toMatchObject({
      success: true,
      participantIds: [],
      mode: 'test',
      status: 'unconfigured',
      amountMinor: '48000',
      currency: 'NZD',
    });
    expect(body.message).toMatch(/host must configure/i);
    expect(body.sessionUrl).toBe(`${server.baseUrl}/pay/${body.sessionId}?host=1&hostToken=${body.hostToken}`);
    expect(body.hostToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresInMs = Date.parse(body.expiresAt) - Date.now();
    expect(expiresInMs).toBeGreaterThan(71.9 * 3600_000);
    expect(expiresInMs).toBeLessThanOrEqual(72 * 3600_000);
  });

  it('accepts the second request shape (amountMinor, successReturnUrl) on the legacy path', async () => {
    const response = await create({ integrationId, amountMinor: '12050', successReturnUrl: 'https://shop.example.com/done' }, {}, LEGACY);
    expect(response.status).toBe(200);
    expect(createSessionResponseSchema.parse(response.body).amountMinor).toBe('12050');
  });

  it('converts amount exactly from its decimal text for each currency exponent', async () => {
    const cases: [number, string, string][] = [
      [120.5, 'NZD', '12050'],
      [0.1, 'USD', '10'],
      [19.99, 'EUR', '1999'],
      [500, 'JPY', '500'],
      [1.234, 'KWD', '1234'],
      [999_999_999.99, 'NZD', '99999999999'],
    ];
    for (const [amount, currency, expected] of cases) {
      const response = await create({ integrationId, amount, currency });
      expect(response.status, `${amount} ${currency}`).toBe(200);
      expect(response.body.amountMinor).toBe(expected);
      expect(response.body.currency).toBe(currency);
    }
  });

  it('accepts amount and amountMinor together when they agree', async () => {
    const response = await create({ integrationId, amount: 120.5, amountMinor: '12050' });
    expect(response.status).toBe(200);
  });

  it('creates a configured session with participants and an equal split, host first', async () => {
    const response = await create({
      integrationId,
      amount: 100,
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Aroha (host)' }, { displayName: 'Ben', email: 'ben@example.com' }, { displayName: 'Caleb' }],
    });
    expect(response.status).toBe(200);
    const body = createSessionResponseSchema.parse(response.body);
    expect(body.status).toBe('open');
    expect(body.participantIds).toHaveLength(3);

    const session = await graphql(
      `
        query ($id: ID!) {
          session(id: $id) {
            status
            amountMinor
            participants {
              id
              displayName
              isHost
              amountMinor
            }
          }
        }
      `,
      { id: body.sessionId },
    );
    expect(session.errors).toBeUndefined();
    const participants = session.data.session.participants as { id: string; displayName: string; isHost: boolean; amountMinor: string }[];
    expect(participants.map((p) => p.id)).toEqual(body.participantIds);
    // 10000 cents over 3: the leftover cent goes to the first in display order (the host).
    expect(participants.map((p) => p.amountMinor)).toEqual(['3334', '3333', '3333']);
    expect(participants[0]!.isHost).toBe(true);
  });

  it('allocates percent and exact splits exactly', async () => {
    const percent = await create({
      integrationId,
      amountMinor: '1001',
      unconfigured: false,
      splitMode: 'percent',
      participants: [
        { displayName: 'A', basisPoints: 5000 },
        { displayName: 'B', basisPoints: 2500 },
        { displayName: 'C', basisPoints: 2500 },
      ],
    });
    expect(percent.status).toBe(200);
    const exact = await create({
      integrationId,
      amount: 480,
      unconfigured: false,
      splitMode: 'exact',
      participants: [
        { displayName: 'A', amountMinor: '20000' },
        { displayName: 'B', amountMinor: '28000' },
      ],
    });
    expect(exact.status).toBe(200);
    const rows = await server.query<{ amount_minor: string }>(
      'select amount_minor from participant where session_id = ? order by position',
      [exact.body.sessionId],
    );
    expect(rows.map((row) => String(row.amount_minor))).toEqual(['20000', '28000']);
  });

  it('returns X-Request-Id on success', async () => {
    const response = await create({ integrationId, amount: 10 });
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('stores neither the API key nor the hostToken in plaintext', async () => {
    const response = await create({ integrationId, amount: 10 }, { 'idempotency-key': 'plaintext-check' });
    const hostToken = response.body.hostToken as string;
    const dump = await server.query<{ dump: string }>(
      `select string_agg(t::text, '\n') as dump from (
         select row_to_json(s)::text as t from session s union all select row_to_json(a)::text from api_key a
         union all select row_to_json(i)::text from idempotency_record i union all select row_to_json(n)::text from integration n
         union all select row_to_json(p)::text from participant p) rows`,
    );
    expect(dump[0]!.dump).not.toContain(hostToken);
    expect(dump[0]!.dump).not.toContain(apiKey);
    expect(dump[0]!.dump).not.toContain(apiKey.slice(8));
  });

  it('never logs the API key or the hostToken', async () => {
    const response = await create({ integrationId, amount: 10 });
    const logs = server.logLines().join('\n');
    expect(logs).toContain(response.body.sessionId as string);
    expect(logs).not.toContain(response.body.hostToken as string);
    expect(logs).not.toContain(apiKey);
  });
});

async function graphql(query: string, variables: Record<string, unknown>, key = apiKey) {
  const response = await postJson<{ data: any; errors?: { message: string; extensions: { code: string } }[] }>(
    `${server.baseUrl}/graphql`,
    { query, variables },
    { 'x-service-api-key': key },
  );
  return response.body;
}

describe('GraphQL', () => {
  it('creates a session with the createSession mutation and reports errors with extensions.code', async () => {
    const ok = await graphql(
      `
        mutation ($input: CreateSessionInput!) {
          createSession(input: $input) {
            sessionId
            status
            amountMinor
            sessionUrl
          }
        }
      `,
      { input: { integrationId, amount: '120.50' } },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.createSession).toMatchObject({ status: 'UNCONFIGURED', amountMinor: '12050' });

    const bad = await graphql(
      `
        mutation ($input: CreateSessionInput!) {
          createSession(input: $input) {
            sessionId
          }
        }
      `,
      {
        input: { integrationId, amount: 0.001 },
      },
    );
    expect(bad.errors?.[0]?.extensions.code).toBe('INVALID_AMOUNT');
  });

  it('creates each session once when one document creates several, with and without participants', async () => {
    const reply = await graphql(
      `
        mutation ($bare: CreateSessionInput!, $withPeople: CreateSessionInput!) {
          a: createSession(input: $bare) {
            sessionId
          }
          b: createSession(input: $withPeople) {
            sessionId
            participantIds
          }
          c: createSession(input: $bare) {
            sessionId
          }
        }
      `,
      {
        bare: { integrationId, amountMinor: '1000', merchantOrderRef: 'one-document' },
        withPeople: {
          integrationId,
          amountMinor: '2000',
          merchantOrderRef: 'one-document',
          unconfigured: false,
          splitMode: 'EQUAL',
          participants: [{ displayName: 'Ann' }, { displayName: 'Bo' }],
        },
      },
    );
    expect(reply.errors).toBeUndefined();
    const ids = [reply.data.a.sessionId, reply.data.b.sessionId, reply.data.c.sessionId];
    expect(new Set(ids).size).toBe(3);
    const rows = await server.query<{ n: string }>(`select count(*) as n from session where order_reference = 'one-document'`);
    expect(Number(rows[0]!.n)).toBe(3);
    expect(reply.data.b.participantIds).toHaveLength(2);
  });

  it('keeps the decimal text of an amount literal exactly', async () => {
    const result = await graphql(
      `
        mutation ($id: ID!) {
          createSession(input: { integrationId: $id, amount: 19.99, currency: "USD" }) {
            amountMinor
          }
        }
      `,
      { id: integrationId },
    );
    expect(result.data.createSession.amountMinor).toBe('1999');
  });

  it("hides another integration's session as not found", async () => {
    const other = await server.provision({ name: 'Other merchant' });
    const created = await create({ integrationId, amount: 10 });
    const result = await graphql(
      `
        query ($id: ID!) {
          session(id: $id) {
            id
          }
        }
      `,
      { id: created.body.sessionId },
      other.apiKey,
    );
    expect(result.errors?.[0]?.extensions.code).toBe('SESSION_NOT_FOUND');
  });
});
