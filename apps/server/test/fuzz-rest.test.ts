import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodies,
  expectNoServerErrorsAndSpecShape,
  type FuzzTarget,
  runAll,
  RUNS,
  sample,
  startFuzzTarget,
  weirdString,
} from './support/fuzzing.js';

let target: FuzzTarget;

beforeAll(async () => {
  target = await startFuzzTarget();
}, 60_000);

afterAll(async () => {
  await target?.close();
});

describe(`REST fuzzing (${RUNS} bodies per endpoint)`, { timeout: 600_000 }, () => {
  it('POST /api/v1/payments/sessions: no 5xx, spec-shaped errors, a session only for a 200', async () => {
    const valid = {
      integrationId: target.integration.integrationId,
      amount: 120.5,
      currency: 'NZD',
      merchantOrderRef: 'fuzz',
      metadata: { a: 1 },
      successUrl: 'https://shop.example.com/x',
      unconfigured: false,
      splitMode: 'equal',
      participants: [{ displayName: 'A' }, { displayName: 'B', email: 'b@example.com' }],
      expiresInSeconds: 3600,
    };
    const before = await target.count('session');
    const results = await runAll(sample(bodies(valid), 1), (body) =>
      target.send('POST', '/api/v1/payments/sessions', body, { 'x-service-api-key': target.integration.apiKey }),
    );
    expectNoServerErrorsAndSpecShape(results);
    const created = results.filter((result) => result.outcome.status === 200).length;
    expect(await target.count('session')).toBe(before + created);
    expect(await target.count('idempotency_record')).toBe(0);
  });

  it('POST /api/v1/payments/record: no 5xx, spec-shaped errors, nothing recorded on refusal', async () => {
    const valid = { paymentId: target.paymentId, action: 'fail', processorReference: 'ref', amountMinor: '1500' };
    const results = await runAll(sample(bodies(valid), 2), (body) =>
      target.send('POST', '/api/v1/payments/record', body, { 'x-service-api-key': target.integration.apiKey }),
    );
    expectNoServerErrorsAndSpecShape(results);
    const [payment] = await target.server.query<{ status: string }>(`select status from payment where id = ?`, [target.paymentId]);
    const accepted = results
      .filter((result) => result.outcome.status === 200)
      .map((result) => (result.outcome.body as { paymentStatus: string }).paymentStatus);
    // Only accepted requests change the payment, and the state agrees with them.
    if (accepted.length === 0) expect(payment!.status).toBe('redirected');
    else expect(accepted).toContain(payment!.status);
  });

  it('GET /api/payments/unified, GET and cancel /sessions/{id}: any id or query, no 5xx', async () => {
    const ids = sample(fc.oneof(weirdString, fc.constant(target.sessionId)), 3);
    const results = await runAll(ids, async (id) => {
      const encoded = encodeURIComponent(String(id));
      const which = encoded.length % 3;
      if (which === 0) return target.send('GET', `/api/payments/unified?sessionId=${encoded}`, undefined);
      if (which === 1)
        return target.send('GET', `/api/v1/payments/sessions/${encoded}`, undefined, { 'x-service-api-key': target.integration.apiKey });
      return target.send('POST', `/api/v1/payments/sessions/${encoded}x/cancel`, '{}', { 'x-service-api-key': target.integration.apiKey });
    });
    expectNoServerErrorsAndSpecShape(results.filter((result) => result.outcome.status !== 404 || typeof result.outcome.body === 'object'));
    for (const { outcome } of results) expect(outcome.status).toBeLessThan(500);
  });
});
