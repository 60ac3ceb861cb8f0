import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { printPaySplitSchema } from '../src/graphql/schema.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { postJson, startTestServer, type TestServer } from './support/test-server.js';
import { browserSocketClient } from './support/socket-client.js';
import { accessCookieName } from '../src/http/cookies.js';
import { until } from './support/polling.js';

let server: TestServer;
let merchant: MerchantStub;
let integration: { integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string };

beforeAll(async () => {
  merchant = new MerchantStub();
  await merchant.start();
  server = await startTestServer();
  integration = await merchant.provisionOn(server, { name: 'Live merchant' });
});

afterAll(async () => {
  await server?.close();
  await merchant?.stop();
});

/** A graphql-ws client whose handshake carries a cookie (and optionally an Origin), like a browser's. */
const socketClient = (headers: Record<string, string>) => browserSocketClient(server.baseUrl, headers, { lazy: false });

const SUBSCRIPTION = `subscription($sessionId: ID!) { paySessionUpdated(sessionId: $sessionId) { status paidMinor participants { displayName status } } }`;

/** A NZ$30 session split between its host and a guest, with the host's page open over HTTP. */
async function sessionOpenedByHost() {
  const created = await postJson<{ sessionId: string; hostToken: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    {
      integrationId: integration.integrationId,
      amountMinor: '3000',
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'Host' }, { displayName: 'Guest' }],
    },
    { 'x-service-api-key': integration.apiKey },
  );
  const { sessionId, hostToken } = created.body;
  const host = new PayBrowser(server.baseUrl);
  await host.open(sessionId, hostToken);
  return { sessionId, hostToken, host };
}

describe('live updates', () => {
  it('pushes a payment recorded elsewhere to a subscribed pay page within a second', async () => {
    const { sessionId, hostToken, host } = await sessionOpenedByHost();
    const client = socketClient({ cookie: `${accessCookieName(sessionId)}=${hostToken}`, origin: server.baseUrl });
    const received: { data?: any; errors?: unknown }[] = [];
    const dispose = client.subscribe(
      { query: SUBSCRIPTION, variables: { sessionId } },
      { next: (value) => void received.push(value), error: () => undefined, complete: () => undefined },
    );
    // The first push is the session as it is once subscribed.
    await until(
      async () => received.length,
      (count) => count > 0,
    );
    expect(received[0]!.data.paySessionUpdated).toMatchObject({ status: 'OPEN', paidMinor: '0' });

    const payment = await host.startPayment(sessionId);
    const recordedAt = Date.now();
    await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: payment.data.startPayment.paymentId, action: 'authorize' },
      { 'x-service-api-key': integration.apiKey },
    );
    while (received.length === 1 && Date.now() - recordedAt < 1000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received.length, 'an update within 1 s').toBe(2);
    expect(received[1]!.data.paySessionUpdated).toMatchObject({ status: 'PARTIALLY_PAID', paidMinor: '1500' });
    expect(received[1]!.data.paySessionUpdated.participants[0]).toEqual({ displayName: 'Host', status: 'PAID' });
    dispose();
    await client.dispose();
  });

  it('shows a page that subscribes after loading the session a payment recorded in between', async () => {
    const { sessionId, hostToken, host } = await sessionOpenedByHost();
    const payment = await host.startPayment(sessionId);
    // The page has loaded the unpaid session; the payment lands before its socket subscribes, so
    // no change is announced to it afterwards.
    await postJson(
      `${server.baseUrl}/api/v1/payments/record`,
      { paymentId: payment.data.startPayment.paymentId, action: 'authorize' },
      { 'x-service-api-key': integration.apiKey },
    );
    const client = socketClient({ cookie: `${accessCookieName(sessionId)}=${hostToken}`, origin: server.baseUrl });
    const received: { data?: any }[] = [];
    const dispose = client.subscribe(
      { query: SUBSCRIPTION, variables: { sessionId } },
      { next: (value) => void received.push(value), error: () => undefined, complete: () => undefined },
    );
    await until(
      async () => received.length,
      (count) => count > 0,
    );
    expect(received[0]!.data.paySessionUpdated).toMatchObject({ status: 'PARTIALLY_PAID', paidMinor: '1500' });
    dispose();
    await client.dispose();
  });

  it('refuses a subscription without the session cookie', async () => {
    const created = await postJson<{ sessionId: string }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: integration.integrationId, amountMinor: '3000' },
      { 'x-service-api-key': integration.apiKey },
    );
    const client = socketClient({});
    const outcome = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: SUBSCRIPTION, variables: { sessionId: created.body.sessionId } },
        { next: resolve, error: resolve, complete: () => resolve('complete') },
      );
    });
    expect(JSON.stringify(outcome)).toContain('UNAUTHENTICATED');
    await client.dispose();
  });

  it('runs no query or mutation over the socket, where HTTP limits would not apply', async () => {
    const client = socketClient({});
    const outcome = (query: string) =>
      new Promise<unknown>((resolve) => {
        client.subscribe({ query }, { next: resolve, error: resolve, complete: () => resolve('complete') });
      });
    for (const query of ['{ __typename }', 'mutation { logout }']) {
      const refused = JSON.stringify(await outcome(query));
      expect(refused).toContain('Only subscriptions run over WebSocket');
      expect(refused).not.toContain('__typename":"Query');
    }
    await client.dispose();
  });

  it('refuses a WebSocket handshake from another origin', async () => {
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { origin: 'https://evil.test' },
    });
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      socket.on('open', () => resolve(101));
      socket.on('error', () => resolve(undefined));
    });
    expect(status).not.toBe(101);
    socket.terminate();
  });
});

describe('published GraphQL schema', () => {
  it('apps/server/schema.graphql is in sync with the resolvers (run `npm run schema:print` after changing them)', async () => {
    const committed = await readFile(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(await printPaySplitSchema());
  });
});

describe('pay page', () => {
  it('serves both address shapes with no-referrer and a strict CSP', async () => {
    for (const path of ['/pay/00000000-0000-4000-8000-000000000000', '/session/00000000-0000-4000-8000-000000000000']) {
      const response = await fetch(`${server.baseUrl}${path}?host=1&hostToken=abc`);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});
