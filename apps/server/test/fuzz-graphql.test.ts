import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from './support/admin-client.js';
import { anyJson, type FuzzTarget, mutate, runAll, RUNS, sample, startFuzzTarget } from './support/fuzzing.js';

let target: FuzzTarget;
/** A signed-in merchant user of the administration area, owning `adminIntegrationId`. */
let admin: AdminClient;
let adminIntegrationId: string;

beforeAll(async () => {
  target = await startFuzzTarget();
  admin = new AdminClient(target.server.baseUrl);
  await admin.register('fuzz@shop.example', 'fuzzing passphrase 1');
  adminIntegrationId = (await admin.ok(`mutation { createIntegration(input: { name: "Fuzzed" }) { id } }`)).createIntegration.id;
}, 60_000);

afterAll(async () => {
  await target?.close();
});

describe(`GraphQL mutation fuzzing (${RUNS} inputs per mutation)`, { timeout: 600_000 }, () => {
  const mutations: [string, string, () => Record<string, unknown>][] = [
    [
      'createSession',
      'mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }',
      () => ({
        integrationId: target.integration.integrationId,
        amount: '10.00',
        participants: [{ displayName: 'A' }],
        splitMode: 'EQUAL',
        unconfigured: false,
      }),
    ],
    [
      'configureSession',
      'mutation($input: ConfigureSessionInput!) { configureSession(input: $input) { id } }',
      () => ({
        sessionId: target.sessionId,
        splitMode: 'EXACT',
        participants: [
          { displayName: 'Host', amountMinor: '1500' },
          { displayName: 'Guest', amountMinor: '1500' },
        ],
      }),
    ],
    [
      'recordPayment',
      'mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { paymentId } }',
      () => ({ paymentId: target.paymentId, action: 'FAIL' }),
    ],
  ];

  // The administration area's inputs, sent with a signed-in merchant user's cookie and CSRF token.
  const adminMutations: [string, string, () => Record<string, unknown>][] = [
    [
      'createIntegration',
      'mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { id } }',
      () => ({
        name: 'Shop',
        webhookUrl: 'https://shop.example.com/hooks',
        redirectAllowlist: ['https://shop.example.com'],
        eventSubscriptions: [],
      }),
    ],
    [
      'updateIntegration',
      'mutation($id: ID!, $input: IntegrationSettingsInput!) { updateIntegration(id: $id, input: $input) { id } }',
      () => ({ name: 'Shop 2', partnerCreatePaymentUrl: '', enabled: true, eventSubscriptions: ['SERVICE_SESSION_EXPIRED'] }),
    ],
    [
      'submitPayoutOnboarding',
      'mutation($id: ID!, $input: PayoutOnboardingInput!) { submitPayoutOnboarding(integrationId: $id, input: $input) { id } }',
      () => ({ legalName: 'Shop Ltd', bankAccount: '12-3140-0123456-00', contactEmail: 'money@shop.example' }),
    ],
    [
      'sessions (filter)',
      'query($input: SessionFilter) { sessions(filter: $input, first: 5) { edges { cursor } } }',
      () => ({ status: ['OPEN'], mode: 'TEST', amountMinorMin: '100', amountMinorMax: '5000', createdFrom: '2026-01-01T00:00:00Z' }),
    ],
  ];

  it.each([...mutations.map((entry) => [...entry, 'merchant'] as const), ...adminMutations.map((entry) => [...entry, 'admin'] as const)])(
    '%s: no 5xx, every error has extensions.code, nothing half-written',
    async (name, query, valid, caller) => {
      const before = { sessions: await target.count('session'), participants: await target.count('participant') };
      const integrationsBefore = await target.count('integration');
      const inputs = sample(fc.oneof({ weight: 4, arbitrary: mutate(valid()) }, { weight: 1, arbitrary: anyJson }), name.length);
      const headers: Record<string, string> =
        caller === 'admin'
          ? { 'content-type': 'application/json', cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }
          : { 'content-type': 'application/json', 'x-service-api-key': target.integration.apiKey, cookie: '' };
      const results = await runAll(inputs, async (input) => {
        const response = await fetch(`${target.server.baseUrl}/graphql`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query, variables: { input, id: adminIntegrationId } }),
        });
        return {
          status: response.status,
          body: await response.json().catch(() => 'not json'),
          requestId: response.headers.get('x-request-id'),
        };
      });
      let succeeded = 0;
      for (const { item, outcome } of results) {
        const context = `${JSON.stringify(item).slice(0, 300)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
        expect(outcome.status, context).toBeLessThan(500);
        const body = outcome.body as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        for (const error of body.errors ?? []) {
          expect(error.extensions?.code, context).toMatch(/^[A-Z_]+$/);
          expect(error.extensions?.code, context).not.toBe('INTERNAL_ERROR');
        }
        if (!body.errors) succeeded += 1;
      }
      if (name === 'createSession') expect(await target.count('session')).toBe(before.sessions + succeeded);
      if (name === 'createIntegration') expect(await target.count('integration')).toBe(integrationsBefore + succeeded);
    },
  );
});
