import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyJson, type FuzzTarget, mutate, runAll, RUNS, sample, startFuzzTarget } from './support/fuzzing.js';

let target: FuzzTarget;

beforeAll(async () => {
  target = await startFuzzTarget();
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

  it.each(mutations)('%s: no 5xx, every error has extensions.code, nothing half-written', async (name, query, valid) => {
    const before = { sessions: await target.count('session'), participants: await target.count('participant') };
    const inputs = sample(fc.oneof({ weight: 4, arbitrary: mutate(valid()) }, { weight: 1, arbitrary: anyJson }), name.length);
    const results = await runAll(inputs, async (input) => {
      const response = await fetch(`${target.server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': target.integration.apiKey, cookie: '' },
        body: JSON.stringify({ query, variables: { input } }),
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
  });
});
