import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext } from '../src/graphql/context.js';
import { createLogger } from '../src/logger.js';
import { AdminClient } from './support/admin-client.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: AdminClient;
let integration: { id: string; apiKey: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = new AdminClient(server.baseUrl);
  await admin.register('owed@shop.example', 'correct horse battery staple');
  const created = await admin.ok(`mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { id } }`, {
    input: { name: 'Owed Tours', redirectAllowlist: ['https://shop.example.com'] },
  });
  const key = await admin.ok(`mutation($id: ID!) { createApiKey(integrationId: $id, mode: TEST, name: "server") { apiKey } }`, {
    id: created.createIntegration.id,
  });
  integration = { id: created.createIntegration.id, apiKey: key.createApiKey.apiKey };
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function createSession(index: number): Promise<{ sessionId: string; participantIds: string[] }> {
  const created = await postJson<{ sessionId: string; participantIds: string[] }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.id,
      amountMinor: String(1000 + index),
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Solo' }],
    },
    { 'x-service-api-key': integration.apiKey },
  );
  expect(created.status).toBe(200);
  return created.body;
}

/** Authorized money the session cannot use, as a late authorization leaves it. */
async function owe(session: { sessionId: string; participantIds: string[] }, amountMinor: string): Promise<string> {
  const id = randomUUID();
  const payer = session.participantIds[0]!;
  await server.query(
    `insert into payment (id, session_id, participant_id, payer_id, payer_role, amount_minor, status, refund_required, record_replies,
                          authorized_at, created_at, updated_at)
     values (?, ?, ?, ?, 'host', ?, 'authorized', true, '{}', now(), now(), now())`,
    [id, session.sessionId, payer, payer, amountMinor],
  );
  return id;
}

describe('refundsOwed on a page of sessions', () => {
  it('costs one query for the whole page, not one per session', async () => {
    const sessions = [];
    for (let index = 0; index < 12; index += 1) sessions.push(await createSession(index));
    const owedA = await owe(sessions[2]!, '700');
    const owedB = await owe(sessions[7]!, '900');

    // In process, with the dashboard's reads on the main pool, so every statement the request runs is heard here.
    const context = createRequestContext(
      {
        em: server.orm.em,
        logger: createLogger({ level: 'silent' }),
        services: server.paysplit.services,
        dashboard: { fork: () => server.orm.em.fork() },
      },
      {
        requestId: 'refunds-owed-page',
        apiKey: undefined,
        fromBrowser: false,
        csrfToken: admin.csrfToken,
        cookies: {
          get: (name) => (admin.cookie.startsWith(`${name}=`) ? admin.cookie.slice(name.length + 1) : undefined),
          set: () => undefined,
          clear: () => undefined,
        },
      },
    );
    const knex = server.orm.em.getConnection().getKnex();
    const queries: string[] = [];
    const listen = (query: { sql: string }) => queries.push(query.sql);
    knex.on('query', listen);
    const response = await server.paysplit.apollo.executeOperation<{
      sessions: { edges: { node: { id: string; refundsOwed: { id: string; amountMinor: string }[] } }[] };
    }>(
      {
        query: `query($filter: SessionFilter) { sessions(filter: $filter, first: 50) { edges { node { id refundsOwed { id amountMinor } } } } }`,
        variables: { filter: { integrationId: integration.id } },
      },
      { contextValue: context },
    );
    knex.off('query', listen);

    expect(response.body.kind).toBe('single');
    const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
    expect(result?.errors).toBeUndefined();
    const owedBySession = new Map(result!.data!.sessions.edges.map(({ node }) => [node.id, node.refundsOwed]));
    expect(owedBySession.size).toBe(12);
    expect(owedBySession.get(sessions[2]!.sessionId)).toEqual([{ id: owedA, amountMinor: '700' }]);
    expect(owedBySession.get(sessions[7]!.sessionId)).toEqual([{ id: owedB, amountMinor: '900' }]);
    expect(owedBySession.get(sessions[0]!.sessionId)).toEqual([]);
    const paymentQueries = queries.filter((sql) => /from "payment"/.test(sql));
    expect(paymentQueries, paymentQueries.join('\n')).toHaveLength(1);
  });

  it('reads refundsOwed afresh after a mutation in the same document', async () => {
    const session = await createSession(40);
    const owed = await owe(session, '1040');
    const response = await postJson<{ data?: Record<string, { refundsOwed?: { id: string }[] }>; errors?: unknown[] }>(
      `${server.baseUrl}/graphql`,
      {
        query: `mutation($sessionId: ID!, $paymentId: ID!) {
          before: cancelSession(id: $sessionId) { refundsOwed { id } }
          refund: recordPayment(input: { paymentId: $paymentId, action: REFUND }) { paymentStatus }
          after: cancelSession(id: $sessionId) { refundsOwed { id } }
        }`,
        variables: { sessionId: session.sessionId, paymentId: owed },
      },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
    expect(response.body.data!.before!.refundsOwed).toEqual([{ id: owed }]);
    // The refund recorded between them: the second read must not be the first one's cached batch.
    expect(response.body.data!.after!.refundsOwed).toEqual([]);
  });
});
