import { randomUUID } from 'node:crypto';
import { canonicalLocale, EXPORT_KINDS, isUuid } from '@paysplit/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../src/rest/error-response.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { createConfiguredSession } from './support/test-server.js';
import {
  anyJson,
  bodies,
  encodedBodies,
  encodingHeaders,
  expectNoErrorLines,
  expectNoSecretsInRefusals,
  expectNoServerErrorsAndSpecShape,
  type FuzzTarget,
  mutate,
  type Outcome,
  oddValuesWith,
  reportTally,
  runAll,
  RUNS,
  sample,
  startFuzzTarget,
  weirdId,
  weirdString,
} from './support/fuzzing.js';

let target: FuzzTarget;
let secrets: string[];
/** An integration that can give money back, so it may create open groups (nothing calls its URLs: nobody joins). */
let groups: { integrationId: string; apiKey: string };

beforeAll(async () => {
  target = await startFuzzTarget();
  groups = await target.server.provision({
    name: 'Open groups',
    partnerCreatePaymentUrl: 'http://127.0.0.1:9/partner',
    partnerCancelUrl: 'http://127.0.0.1:9/cancel',
    partnerRefundUrl: 'http://127.0.0.1:9/refund',
  });
  secrets = [target.integration.apiKey, target.hostToken, groups.apiKey];
}, 60_000);

afterAll(async () => {
  reportTally('REST');
  await target?.close();
  if (refundFixture) await refundStub.stop();
  if (cancelFixture) await cancelStub.stop();
  if (captureFixture) await captureStub.stop();
});

/** An open group's creation: its terms, another tenant's id among the odd values. */
const validOpenGroup = () => ({
  integrationId: groups.integrationId,
  amountMinor: '90000',
  currency: 'EUR',
  merchantOrderRef: 'fuzz-group',
  openGroup: {
    minPlaces: 4,
    maxPlaces: 10,
    maxPlacesPerPayer: 2,
    pricing: 'split_total',
    organiserName: 'Ana',
    organiserEmail: 'ana@example.com',
  },
});

const validSession = () => ({
  integrationId: target.integration.integrationId,
  amount: 120.5,
  currency: 'NZD',
  merchantOrderRef: 'fuzz',
  description: 'Dinner for 4',
  locale: 'pt-BR',
  metadata: { a: 1 },
  successUrl: 'https://shop.example.com/x',
  unconfigured: false,
  splitMode: 'equal',
  participants: [{ displayName: 'A' }, { displayName: 'B', email: 'b@example.com' }],
  expiresInSeconds: 3600,
});

/**
 * An integration with a refund URL (its endpoint refuses the calls: they stay pending), a session
 * with a captured payment, made once for the refund cases.
 */
let refundFixture:
  Promise<{ shop: { integrationId: string; apiKey: string }; session: { sessionId: string }; paymentId: string }> | undefined;
const refundStub = new MerchantStub();

function refunding() {
  refundFixture ??= (async () => {
    await refundStub.start();
    const shop = await refundStub.provisionOn(target.server, { name: 'Refunds', partnerRefundUrl: `${refundStub.baseUrl}/refund` });
    const session = await createConfiguredSession(target.server.baseUrl, shop, { amountMinor: '3000' });
    const host = new PayBrowser(target.server.baseUrl);
    await host.open(session.sessionId, session.hostToken);
    const paymentId = (await host.startPayment(session.sessionId)).data.startPayment.paymentId as string;
    const recorded = await target.send('POST', '/api/v1/payments/record', JSON.stringify({ paymentId, action: 'authorize' }), {
      'x-service-api-key': shop.apiKey,
    });
    expect(recorded.status).toBe(200);
    return { shop, session, paymentId };
  })();
  return refundFixture;
}

/**
 * An integration with a cancel URL (its endpoint refuses the calls: the cancellation stays pending)
 * and a session whose payer started twice, so one cancellation waits to be settled.
 */
let cancelFixture: Promise<{ shop: { integrationId: string; apiKey: string }; cancelId: string }> | undefined;
const cancelStub = new MerchantStub();

function cancelling() {
  cancelFixture ??= (async () => {
    await cancelStub.start();
    const shop = await cancelStub.provisionOn(target.server, { name: 'Cancels', partnerCancelUrl: `${cancelStub.baseUrl}/cancel` });
    const session = await createConfiguredSession(target.server.baseUrl, shop, { amountMinor: '3000' });
    const host = new PayBrowser(target.server.baseUrl);
    await host.open(session.sessionId, session.hostToken);
    await host.startPayment(session.sessionId);
    await host.startPayment(session.sessionId);
    const [call] = await target.server.query<{ id: string }>(`select id from payment_call where session_id = ?`, [session.sessionId]);
    return { shop, cancelId: call!.id };
  })();
  return cancelFixture;
}

/**
 * A manual-capture integration (its endpoints refuse the calls: the capture stays pending) and a
 * one-person session whose share is held, so one capture waits to be settled.
 */
let captureFixture: Promise<{ shop: { integrationId: string; apiKey: string }; paymentId: string; captureId: string }> | undefined;
const captureStub = new MerchantStub();

function capturing() {
  captureFixture ??= (async () => {
    await captureStub.start();
    const shop = await captureStub.provisionOn(target.server, {
      name: 'Captures',
      captureMethod: 'manual',
      partnerCancelUrl: `${captureStub.baseUrl}/cancel`,
      partnerCaptureUrl: `${captureStub.baseUrl}/capture`,
    });
    const session = await createConfiguredSession(target.server.baseUrl, shop, { amountMinor: '3000', participants: ['Host'] });
    const host = new PayBrowser(target.server.baseUrl);
    await host.open(session.sessionId, session.hostToken);
    const paymentId = (await host.startPayment(session.sessionId)).data.startPayment.paymentId as string;
    const held = await target.send('POST', '/api/v1/payments/record', JSON.stringify({ paymentId, action: 'authorize' }), {
      'x-service-api-key': shop.apiKey,
    });
    expect(held.status).toBe(200);
    const [call] = await target.server.query<{ id: string }>(`select id from payment_call where session_id = ? and kind = 'capture'`, [
      session.sessionId,
    ]);
    return { shop, paymentId, captureId: call!.id };
  })();
  return captureFixture;
}

/**
 * A settle route of a payment call (cancellations, captures): any body, id or tenant, no 5xx; only
 * its own merchant settles it, at most one way; a malformed id answers what an unknown one does.
 */
async function fuzzSettle(
  path: 'cancellations' | 'captures',
  { shop, callId }: { shop: { apiKey: string }; callId: string },
  share: number,
) {
  const keys = [shop.apiKey, ...secrets];
  const valid = { status: 'succeeded', processorReference: 'cs_1', failureReason: null };
  const settle = (id: string, body: unknown, key: string) =>
    target.send('POST', `/api/v1/payments/${path}/${encodeURIComponent(id).slice(0, 8000)}/settle`, body as string, {
      'x-service-api-key': key,
    });
  const unknown = await settle(randomUUID(), JSON.stringify({ status: 'failed' }), shop.apiKey);
  expect({ status: unknown.status, code: (unknown.body as { code: string }).code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  const cases = sample(
    fc.record({
      body: bodies(valid, fc.oneof(oddValuesWith(keys), weirdId)),
      callId: fc.oneof({ weight: 4, arbitrary: fc.constant(callId) }, { weight: 1, arbitrary: weirdId }),
      key: fc.oneof({ weight: 5, arbitrary: fc.constant(shop.apiKey) }, { weight: 1, arbitrary: fc.constant(target.integration.apiKey) }),
    }),
    3,
    share,
  );
  const results = await runAll(cases, ({ body, callId: id, key }) => settle(typeof id === 'string' ? id : JSON.stringify(id), body, key));
  expectNoServerErrorsAndSpecShape(results);
  expectNoSecretsInRefusals(results, keys);
  const statuses = new Set<string>();
  for (const { item, outcome } of results) {
    const context = `${JSON.stringify(item).slice(0, 200)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
    // Another tenant, or an id that is not this call's: refused input, or not found, never a settlement.
    if (item.key !== shop.apiKey || item.callId !== callId) expect([400, 401, 404], context).toContain(outcome.status);
    // A malformed id answers what an unknown one answers.
    if (item.key === shop.apiKey && typeof item.callId === 'string' && !isUuid(item.callId) && outcome.status !== 400) {
      expect({ status: outcome.status, code: (outcome.body as { code: string }).code }, context).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    if (outcome.status === 200) statuses.add((outcome.body as { status: string }).status);
  }
  // Settled at most one way, and the row says what the accepted answers said.
  expect(statuses.size).toBeLessThanOrEqual(1);
  const [row] = await target.server.query<{ status: string }>(`select status from payment_call where id = ?`, [callId]);
  expect(row!.status).toBe(statuses.size === 0 ? 'pending' : [...statuses][0]);
}

describe(`REST fuzzing (FUZZ_RUNS=${RUNS})`, { timeout: 600_000 }, () => {
  it('POST /api/v1/payments/sessions (open groups too): no 5xx, spec-shaped errors, a session only for a 200', async () => {
    const before = await target.count('session');
    // One body in five an open group's (its terms mutated as deeply as the rest), with its integration's key.
    const openGroupBody = validOpenGroup();
    const odd = fc.oneof(oddValuesWith(secrets), fc.constant(target.integration.integrationId));
    const openGroups = fc.oneof(
      bodies(openGroupBody, odd),
      mutate(openGroupBody.openGroup, odd).map((openGroup) => JSON.stringify({ ...openGroupBody, openGroup })),
    );
    const cases = sample(
      fc.oneof(
        { weight: 4, arbitrary: bodies(validSession(), oddValuesWith(secrets)).map((body) => ({ body, key: target.integration.apiKey })) },
        { weight: 1, arbitrary: openGroups.map((body) => ({ body, key: groups.apiKey })) },
      ),
      1,
      0.8,
    );
    const results = await runAll(cases, ({ body, key }) =>
      target.send('POST', '/api/v1/payments/sessions', body, { 'x-service-api-key': key }),
    );
    expectNoServerErrorsAndSpecShape(results);
    expectNoSecretsInRefusals(results, secrets);
    const created = results.filter((result) => result.outcome.status === 200).length;
    expect(await target.count('session')).toBe(before + created);
    // An open group is created only whole, with its join link (a body that lost its openGroup makes a closed session).
    const groupsCreated = results
      .filter((result) => result.outcome.status === 200)
      .map((result) => result.outcome.body as { joinUrl?: string; openGroup?: unknown })
      .filter((body) => body.openGroup !== undefined);
    for (const body of groupsCreated) expect(body.joinUrl).toMatch(/\/join\?code=/);
    const [stored] = await target.server.query<{ n: string }>(`select count(*) as n from session where open_group_pricing is not null`);
    expect(Number(stored!.n)).toBe(groupsCreated.length);
    expect(await target.count('idempotency_record')).toBe(0);
    // A language is kept only as a well-formed tag, in its canonical spelling.
    for (const { locale } of await target.server.query<{ locale: string }>(
      `select distinct locale from session where locale is not null`,
    )) {
      expect(canonicalLocale(locale)).toBe(locale);
    }
  });

  it('POST /api/v1/payments/record: no 5xx, spec-shaped errors, nothing recorded on refusal', async () => {
    const valid = {
      paymentId: target.paymentId,
      action: 'fail',
      processorReference: 'ref',
      amountMinor: '1500',
      failureReason: 'Card declined',
    };
    const results = await runAll(sample(bodies(valid, fc.oneof(oddValuesWith(secrets), weirdId)), 2, 0.8), (body) =>
      target.send('POST', '/api/v1/payments/record', body, { 'x-service-api-key': target.integration.apiKey }),
    );
    expectNoServerErrorsAndSpecShape(results);
    expectNoSecretsInRefusals(results, secrets);
    const [payment] = await target.server.query<{ status: string }>(`select status from payment where id = ?`, [target.paymentId]);
    const accepted = results
      .filter((result) => result.outcome.status === 200)
      .map((result) => (result.outcome.body as { paymentStatus: string }).paymentStatus);
    // Only accepted requests change the payment, and the state agrees with them.
    if (accepted.length === 0) expect(payment!.status).toBe('redirected');
    else expect(accepted).toContain(payment!.status);
  });

  it('GET /api/payments/unified, GET and cancel /sessions/{id}: any id or query, no 5xx', async () => {
    const ids = sample(fc.oneof(weirdId, fc.constant(target.sessionId), fc.constant(target.sessionId.toUpperCase())), 3, 0.6);
    const results = await runAll(ids, async (id) => {
      const text = typeof id === 'string' ? id : JSON.stringify(id);
      const encoded = encodeURIComponent(text).slice(0, 8000);
      const which = encoded.length % 4;
      if (which === 0) return target.send('GET', `/api/payments/unified?sessionId=${encoded}`, undefined);
      if (which === 1)
        return target.send('GET', `/api/v1/payments/sessions/${encoded}`, undefined, { 'x-service-api-key': target.integration.apiKey });
      // Percent signs left undecodable, as a hostile client may send them.
      if (which === 2)
        return target.send('GET', `/api/v1/payments/sessions/${text.replace(/[^%\w-]/g, '').slice(0, 8000)}%`, undefined, {
          'x-service-api-key': target.integration.apiKey,
        });
      return target.send('POST', `/api/v1/payments/sessions/${encoded}x/cancel`, '{}', { 'x-service-api-key': target.integration.apiKey });
    });
    expectNoServerErrorsAndSpecShape(results.filter((result) => result.outcome.status !== 404 || typeof result.outcome.body === 'object'));
    for (const { outcome } of results) expect(outcome.status).toBeLessThan(500);
    const [session] = await target.server.query<{ status: string }>(`select status from session where id = ?`, [target.sessionId]);
    expect(session!.status).toBe('open');
  });

  it('POST /sessions/{id}/refunds and /refunds/{id}/settle: any body, id or tenant, no 5xx, never more than captured', async () => {
    const { shop, session, paymentId } = await refunding();
    const keys = [shop.apiKey, ...secrets];
    const valid = { amountMinor: '7', reason: 'Booking cancelled', allocations: [{ paymentId, amountMinor: '7' }] };
    const cases = sample(
      fc.record({
        body: bodies(valid, fc.oneof(oddValuesWith(keys), weirdId)),
        // Mostly the right session; sometimes another tenant's key or a weird id.
        sessionId: fc.oneof({ weight: 5, arbitrary: fc.constant(session.sessionId) }, { weight: 1, arbitrary: weirdId }),
        key: fc.oneof({ weight: 5, arbitrary: fc.constant(shop.apiKey) }, { weight: 1, arbitrary: fc.constant(target.integration.apiKey) }),
        idempotencyKey: fc.option(fc.string({ minLength: 0, maxLength: 300 }), { nil: undefined }),
      }),
      2,
      0.8,
    );
    const results = await runAll(cases, ({ body, sessionId, key, idempotencyKey }) => {
      const id = encodeURIComponent(typeof sessionId === 'string' ? sessionId : JSON.stringify(sessionId)).slice(0, 8000);
      const headers: Record<string, string> = { 'x-service-api-key': key };
      if (idempotencyKey !== undefined && /^[\x20-\x7e]*$/.test(idempotencyKey)) headers['idempotency-key'] = idempotencyKey;
      return target.send('POST', `/api/v1/payments/sessions/${id}/refunds`, body, headers);
    });
    expectNoServerErrorsAndSpecShape(results);
    expectNoSecretsInRefusals(results, keys);
    for (const { item, outcome } of results) {
      // Another tenant learns nothing: refused input, or not found (an Idempotency-Key still being processed is the one exception).
      if (item.key !== shop.apiKey) expect([400, 401, 404, 409]).toContain(outcome.status);
      if (item.key !== shop.apiKey && outcome.status === 409) expect((outcome.body as { code: string }).code).toMatch(/^IDEMPOTENCY_/);
    }
    const [sums] = await target.server.query<{ reserved: string; amount: string; refunds: string }>(
      `select p.refund_reserved_minor::text as reserved, p.amount_minor::text as amount,
                (select coalesce(sum(amount_minor), 0) from refund r where r.payment_id = p.id and r.status <> 'failed')::text as refunds
           from payment p where p.id = ?`,
      [paymentId],
    );
    expect(BigInt(sums!.refunds)).toBeLessThanOrEqual(BigInt(sums!.amount));
    expect(sums!.reserved).toBe(sums!.refunds);

    const [refund] = await target.server.query<{ id: string }>(`select id from refund where payment_id = ? limit 1`, [paymentId]);
    const settleValid = { status: 'succeeded', processorRefundReference: 're_1', failureReason: null };
    const settles = sample(
      fc.record({
        body: bodies(settleValid, fc.oneof(oddValuesWith(keys), weirdId)),
        refundId: fc.oneof(
          { weight: 4, arbitrary: fc.constant(refund?.id ?? '00000000-0000-4000-8000-000000000000') },
          { weight: 1, arbitrary: weirdId },
        ),
        key: fc.oneof({ weight: 5, arbitrary: fc.constant(shop.apiKey) }, { weight: 1, arbitrary: fc.constant(target.integration.apiKey) }),
      }),
      3,
      0.8,
    );
    const settled = await runAll(settles, ({ body, refundId, key }) => {
      const id = encodeURIComponent(typeof refundId === 'string' ? refundId : JSON.stringify(refundId)).slice(0, 8000);
      return target.send('POST', `/api/v1/payments/refunds/${id}/settle`, body, { 'x-service-api-key': key });
    });
    expectNoServerErrorsAndSpecShape(settled);
    expectNoSecretsInRefusals(settled, keys);
    for (const { item, outcome } of settled) {
      // Another tenant learns nothing: refused input, or not found (an Idempotency-Key still being processed is the one exception).
      if (item.key !== shop.apiKey) expect([400, 401, 404, 409]).toContain(outcome.status);
      if (item.key !== shop.apiKey && outcome.status === 409) expect((outcome.body as { code: string }).code).toMatch(/^IDEMPOTENCY_/);
    }
  });

  it('refunds and settle: a malformed id in any id position answers what an unknown id answers there', async () => {
    const { shop, session, paymentId } = await refunding();
    const key = { 'x-service-api-key': shop.apiKey };
    const refund = (sessionId: string, paymentIds: string[]) =>
      target.send(
        'POST',
        `/api/v1/payments/sessions/${encodeURIComponent(sessionId)}/refunds`,
        JSON.stringify({ allocations: paymentIds.map((one) => ({ paymentId: one, amountMinor: '7' })) }),
        key,
      );
    // Each id position of the two routes, the rest of the request valid.
    const positions: Record<string, (id: string) => Promise<Outcome>> = {
      'refunds :sessionId': (id) => refund(id, [paymentId]),
      'refunds allocations[0].paymentId': (id) => refund(session.sessionId, [id]),
      'refunds allocations[1].paymentId': (id) => refund(session.sessionId, [paymentId, id]),
      'settle :refundId': (id) =>
        target.send('POST', `/api/v1/payments/refunds/${encodeURIComponent(id)}/settle`, JSON.stringify({ status: 'failed' }), key),
    };
    const answer = ({ status, body }: Outcome) => {
      const { code, details } = body as { code?: string; details?: { path: string }[] };
      return { status, code, paths: details?.map((detail) => detail.path) };
    };
    const unknown = Object.fromEntries(
      await Promise.all(Object.entries(positions).map(async ([name, send]) => [name, answer(await send(randomUUID()))] as const)),
    );
    expect(unknown['settle :refundId']).toEqual({ status: 404, code: 'REFUND_NOT_FOUND', paths: undefined });
    expect(unknown['refunds allocations[1].paymentId']).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      paths: ['allocations[1].paymentId'],
    });
    const malformed = weirdId.filter(
      (id): id is string => typeof id === 'string' && !isUuid(id) && !['', '.', '..'].includes(id) && encodeURIComponent(id).length <= 8000,
    );
    const cases = sample(fc.record({ position: fc.constantFrom(...Object.keys(positions)), id: malformed }), 6, 0.3);
    const results = await runAll(cases, ({ position, id }) => positions[position]!(id));
    expectNoServerErrorsAndSpecShape(results);
    for (const { item, outcome } of results) {
      expect(answer(outcome), `${item.position} ${JSON.stringify(item.id).slice(0, 100)}`).toEqual(unknown[item.position]);
    }
  });

  it('POST /cancellations/{id}/settle: any body, id or tenant, no 5xx, settled only by its own merchant, malformed ids as unknown ones', async () => {
    const { shop, cancelId } = await cancelling();
    await fuzzSettle('cancellations', { shop, callId: cancelId }, 0.8);
  });

  it('POST /captures/{id}/settle: any body, id or tenant, no 5xx, settled only by its own merchant, malformed ids as unknown ones', async () => {
    const { shop, captureId } = await capturing();
    // The same route code as cancellations (one settle route per kind, one service): a smaller share.
    await fuzzSettle('captures', { shop, callId: captureId }, 0.2);
  });

  it('POST /sessions/{id}/test-clock/advance: any body, id or tenant, no 5xx; a clock only moves forward, from where the last advance left it', async () => {
    const { sessionId } = await target.createSession();
    const other = await target.server.provision({ name: 'Another tenant' });
    const keys = [target.integration.apiKey, other.apiKey, ...secrets];
    const valid = fc.oneof(
      fc.constant({ seconds: 3600 }),
      fc.integer({ min: -10, max: 70 * 86_400 }).map((seconds) => ({ seconds })),
      fc.date({ min: new Date(Date.now() - 86_400_000), max: new Date(Date.now() + 90 * 86_400_000), noInvalidDate: true }).map((to) => ({
        to: to.toISOString(),
      })),
    );
    const cases = sample(
      fc.record({
        body: valid.chain((body) => bodies(body, fc.oneof(oddValuesWith(keys), weirdId))),
        sessionId: fc.oneof({ weight: 5, arbitrary: fc.constant(sessionId) }, { weight: 1, arbitrary: weirdId }),
        key: fc.oneof(
          { weight: 5, arbitrary: fc.constant(target.integration.apiKey) },
          { weight: 1, arbitrary: fc.constant(other.apiKey) },
        ),
      }),
      8,
      0.1,
    );
    const results = await runAll(cases, ({ body, sessionId: id, key }) =>
      target.send(
        'POST',
        `/api/v1/payments/sessions/${encodeURIComponent(typeof id === 'string' ? id : JSON.stringify(id)).slice(0, 8000)}/test-clock/advance`,
        body,
        { 'x-service-api-key': key },
      ),
    );
    expectNoServerErrorsAndSpecShape(results);
    expectNoSecretsInRefusals(results, keys);
    const moves: { from: number; to: number }[] = [];
    for (const { item, outcome } of results) {
      const context = `${JSON.stringify(item).slice(0, 200)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
      // Another tenant, or an id that is not the session's: refused input, or not found, never a move.
      if (item.key !== target.integration.apiKey || item.sessionId !== sessionId)
        expect([400, 401, 404], context).toContain(outcome.status);
      if (outcome.status !== 200) continue;
      const { advancedFrom, testClockAt } = outcome.body as { advancedFrom: string; testClockAt: string };
      moves.push({ from: Date.parse(advancedFrom), to: Date.parse(testClockAt) });
    }
    expect(moves.length, 'some advances were accepted').toBeGreaterThan(0);
    // Each accepted advance went forward, at most 60 days, from where the one before it (in the row lock's order) left the clock.
    moves.sort((a, b) => a.to - b.to || a.from - b.from);
    for (const [index, move] of moves.entries()) {
      expect(move.to - move.from).toBeGreaterThanOrEqual(0);
      expect(move.to - move.from).toBeLessThanOrEqual(60 * 86_400_000);
      if (index > 0 && move.to > move.from) expect(move.from).toBe(moves[index - 1]!.to);
    }
    const [row] = await target.server.query<{ clock: Date | string | null }>(`select test_clock_at as clock from session where id = ?`, [
      sessionId,
    ]);
    expect(row!.clock === null ? null : new Date(row!.clock).getTime()).toBe(moves.at(-1)?.to ?? null);
  });

  it('POST /api/v1/payments/record with holdExpiresAt (manual): any value, no 5xx, the hold as first recorded', async () => {
    const { shop, paymentId } = await capturing();
    const [before] = await target.server.query<{ hold_expires_at: Date }>(`select hold_expires_at from payment where id = ?`, [paymentId]);
    const valid = { paymentId, action: 'authorize', holdExpiresAt: '2031-01-01T00:00:00Z' };
    // The record route's body is fuzzed in full above; this is the manual field: a smaller share.
    const results = await runAll(sample(bodies(valid, fc.oneof(oddValuesWith(secrets), weirdId)), 2, 0.2), (body) =>
      target.send('POST', '/api/v1/payments/record', body, { 'x-service-api-key': shop.apiKey }),
    );
    expectNoServerErrorsAndSpecShape(results);
    expectNoSecretsInRefusals(results, secrets);
    // An authorization is recorded once: whatever came after, the hold is the first one's.
    const [after] = await target.server.query<{ hold_expires_at: Date }>(`select hold_expires_at from payment where id = ?`, [paymentId]);
    expect(after!.hold_expires_at).toEqual(before!.hold_expires_at);
  });

  it('GET /api/v1/exports/{kind}: any kind, range, format or key, no 5xx, coded refusals, only the key’s own rows', async () => {
    // Another tenant with rows of every kind but sessions' in the range that covers now.
    const { shop, session, paymentId } = await refunding();
    const day = 86_400_000;
    const now = Date.now();
    const instant = fc.oneof(
      fc.constantFrom(new Date(now - day).toISOString(), new Date(now + day).toISOString(), new Date(now).toISOString().slice(0, 10)),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
      weirdString,
    );
    const cases = sample(
      fc.record({
        kind: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...EXPORT_KINDS) }, { weight: 1, arbitrary: weirdString }),
        from: fc.option(instant, { nil: undefined }),
        to: fc.option(instant, { nil: undefined }),
        format: fc.option(fc.oneof(fc.constantFrom('csv', 'jsonl'), weirdString), { nil: undefined }),
        twice: fc.boolean(),
        accept: fc.constantFrom(undefined, 'application/x-ndjson', 'application/json', 'text/csv;q=0.1, application/jsonl', '*/*'),
        key: fc.constantFrom(target.integration.apiKey, target.integration.apiKey, shop.apiKey, 'ps_test_nope', undefined),
      }),
      9,
      0.05,
    );
    const send = ({ kind, from, to, format, twice, accept, key }: (typeof cases)[number]) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries({ from, to, format })) {
        if (value === undefined) continue;
        query.append(name, value);
        if (twice) query.append(name, value);
      }
      const headers: Record<string, string> = {};
      if (key) headers['x-service-api-key'] = key;
      if (accept) headers.accept = accept;
      return target.send('GET', `/api/v1/exports/${encodeURIComponent(kind).slice(0, 4000)}?${query.toString()}`, undefined, headers);
    };
    // Besides the random ones, each kind for both tenants over the range that covers now, one at a
    // time (an integration streams at most 3 exports at once): rows to check.
    const covering: { item: (typeof cases)[number]; outcome: Outcome }[] = [];
    for (const kind of EXPORT_KINDS) {
      for (const key of [target.integration.apiKey, shop.apiKey]) {
        const item = {
          kind,
          from: new Date(now - day).toISOString(),
          to: new Date(now + day).toISOString(),
          format: 'jsonl',
          twice: false,
          accept: undefined,
          key,
        };
        covering.push({ item, outcome: await send(item) });
      }
    }
    expect(covering.map(({ outcome }) => outcome.status)).toEqual(covering.map(() => 200));
    const results = [...covering, ...(await runAll(cases, send))];
    expectNoServerErrorsAndSpecShape(results);
    expectNoSecretsInRefusals(results, [...secrets, shop.apiKey]);
    for (const { item, outcome } of results) {
      const context = `${JSON.stringify(item).slice(0, 300)} -> ${outcome.status}`;
      if (outcome.status !== 200) {
        // 429: a fourth export of one integration at once, as the concurrent cases may ask.
        expect([400, 401, 404, 429], context).toContain(outcome.status);
        continue;
      }
      // A 200 only for a known kind, a key and a valid range, and never with another tenant's rows.
      expect(EXPORT_KINDS as readonly string[], context).toContain(item.kind);
      expect(item.key === target.integration.apiKey || item.key === shop.apiKey, context).toBe(true);
      const text = JSON.stringify(outcome.body);
      const theirs = item.key === shop.apiKey ? [target.sessionId, target.paymentId] : [session.sessionId, paymentId];
      for (const id of theirs) expect(text.includes(id), context).toBe(false);
    }
    // The ranges that cover now found rows: the tenant checks above were not vacuous.
    expect(results.some(({ outcome }) => outcome.status === 200 && JSON.stringify(outcome.body).includes(target.sessionId))).toBe(true);
  });

  it('addresses nothing serves, with any method: our 404 (JSON where programs call, a page elsewhere), never a 5xx', async () => {
    const prefixes = [
      '',
      '/api',
      '/api/v1/payments',
      '/graphql',
      '/healthz',
      '/readyz',
      '/metrics',
      '/pay',
      '/pay/x',
      '/session/x',
      '/pay-assets',
      '/email',
      '/docs',
      '/docs/assets',
      '/favicon.ico',
    ];
    const segment = fc
      .string({ minLength: 1, maxLength: 40 })
      .map(encodeURIComponent)
      .filter((part) => part !== '.' && part !== '..');
    const cases = sample(
      fc.record({
        path: fc
          .tuple(fc.constantFrom(...prefixes), fc.array(segment, { minLength: 1, maxLength: 3 }))
          .map(([prefix, parts]) => `${prefix}/${parts.join('/')}`),
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      }),
      7,
      0.3,
    );
    const results = await runAll(cases, ({ path, method }) =>
      target.send(method, path, ['GET', 'HEAD', 'OPTIONS'].includes(method) ? undefined : '{}'),
    );
    for (const { item, outcome } of results) {
      const context = `${item.method} ${item.path} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
      expect(outcome.status, context).toBeLessThan(500);
      if (item.method === 'HEAD' || outcome.status < 400) continue;
      if (/^\/(api|graphql|healthz|readyz|metrics)(\/|$)/.test(item.path)) {
        expect(errorResponseSchema.safeParse(outcome.body).success, context).toBe(true);
      } else if (outcome.status === 404) {
        expect(outcome.body, context).toEqual(expect.stringContaining('<title>Page not found</title>'));
      }
    }
    expect(results.filter(({ outcome }) => outcome.status === 404).length).toBeGreaterThan(results.length / 2);
  });

  it('/api/v1/listen over plain HTTP: any method, body, key or query is told it takes WebSocket handshakes, never a 5xx', async () => {
    const cases = sample(
      fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        query: fc.oneof(
          fc.constant(''),
          fc.string({ maxLength: 40 }).map((text) => `?${encodeURIComponent(text)}`),
        ),
        key: fc.option(fc.constantFrom(target.integration.apiKey, 'ps_live_x', ''), { nil: undefined }),
        body: fc.oneof(
          fc.constant(undefined),
          anyJson.map((json) => JSON.stringify(json)),
        ),
      }),
      21,
      0.01,
    );
    const results = await runAll(cases, ({ method, query, key, body }) =>
      target.send(method, `/api/v1/listen${query}`, method === 'GET' || method === 'OPTIONS' ? undefined : body, {
        ...(key === undefined ? {} : { 'x-service-api-key': key }),
      }),
    );
    for (const { item, outcome } of results) {
      const context = `${JSON.stringify(item).slice(0, 200)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
      expect(outcome.status, context).toBe(400);
      expect(errorResponseSchema.safeParse(outcome.body).success, context).toBe(true);
      expect(outcome.body, context).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('WebSocket handshakes only'),
      });
    }
    expectNoSecretsInRefusals(results, secrets);
  });

  it('Content-Encoding on every JSON route: valid, mislabelled, corrupt, truncated, bombs, unknown; before the API key', async () => {
    const routes = ['/api/v1/payments/sessions', '/api/payments/sessions', '/api/v1/payments/record'];
    const UNSUPPORTED = ['compress', 'gzip, gzip', 'br;q=1', 'x'.repeat(500)];
    const json = fc.oneof(
      fc.constant(JSON.stringify({ integrationId: target.integration.integrationId, amountMinor: '1000' })),
      bodies(validSession(), oddValuesWith(secrets)),
      bodies({ paymentId: target.paymentId, action: 'fail' }),
    );
    const before = { sessions: await target.count('session'), payments: await target.count('payment') };
    const cases = sample(fc.record({ route: fc.constantFrom(...routes), keyed: fc.boolean(), body: encodedBodies(json) }), 4, 1);
    const results = await runAll(cases, ({ route, keyed, body }) =>
      target.send('POST', route, body.body, {
        ...encodingHeaders(body),
        ...(keyed ? { 'x-service-api-key': target.integration.apiKey } : {}),
      }),
    );
    expectNoServerErrorsAndSpecShape(
      results.map(({ item, outcome }) => ({ item: { ...item, body: { ...item.body, body: `${item.body.body.length} bytes` } }, outcome })),
    );
    expectNoSecretsInRefusals(results, secrets);
    for (const { item, outcome } of results) {
      const context = `${item.route} ${item.body.encoding} ${item.body.kind} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
      // A body that is not what its Content-Encoding says is refused before anything else.
      if (item.body.kind === 'bomb') expect(outcome.status, context).toBe(413);
      // (An empty one decodes to an empty body, which the route then refuses in its own order.)
      if (item.body.kind === 'noise' || item.body.kind === 'truncated') expect([400, 401, 413], context).toContain(outcome.status);
      if (item.body.kind === 'label' && UNSUPPORTED.includes(item.body.encoding ?? '')) expect(outcome.status, context).toBe(415);
    }
    const created = results.filter((result) => result.outcome.status === 200 && result.item.route !== '/api/v1/payments/record').length;
    expect(created, 'some compressed requests were accepted').toBeGreaterThan(0);
    expect(await target.count('session')).toBe(before.sessions + created);
    expect(await target.count('payment')).toBe(before.payments);
  });

  it('/email/unsubscribe and its undo: any token, method and body, no 5xx, nobody unsubscribed or resubscribed by a forged token', async () => {
    // One payer unsubscribed with their real token, so a forged undo that worked would show.
    const [payer] = await target.server.query<{ id: string }>(`select id from participant where session_id = ? and not is_host`, [
      target.sessionId,
    ]);
    const realToken = target.server.paysplit.services.emails.unsubscribeToken(payer!.id);
    const real = await target.send('POST', `/email/unsubscribe?t=${encodeURIComponent(realToken)}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(real.status).toBe(200);
    const token = fc.oneof(
      weirdId,
      fc.constant(`${target.sessionId}.${'A'.repeat(43)}`),
      fc.constant(`${payer!.id}.${'A'.repeat(43)}`),
      fc.constant(`${realToken.slice(0, -2)}AA`),
      fc.string({ maxLength: 300 }),
      fc.constant('%E0%A4%A'),
    );
    const body = fc.oneof(
      fc.constant('List-Unsubscribe=One-Click'),
      fc.string({ maxLength: 4000 }),
      fc.constant('a=1&'.repeat(2000)),
      fc.constant('%%%'),
    );
    const contentType = fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', '');
    const route = fc.constantFrom('/email/unsubscribe', '/email/unsubscribe/undo');
    const cases = sample(fc.record({ token, body, contentType, route, post: fc.boolean() }), 5, 0.2);
    const results = await runAll(cases, (item) => {
      const path = `${item.route}?t=${typeof item.token === 'string' ? encodeURIComponent(item.token).slice(0, 6000) : JSON.stringify(item.token)}`;
      return item.post
        ? target.send('POST', path, item.body, item.contentType ? { 'content-type': item.contentType } : {})
        : target.send('GET', path, undefined);
    });
    for (const { item, outcome } of results) expect(outcome.status, JSON.stringify(item).slice(0, 200)).toBeLessThan(500);
    expect(results.some(({ outcome }) => outcome.status === 400)).toBe(true);
    const unsubscribed = await target.server.query<{ id: string }>(`select id from participant where email_unsubscribed_at is not null`);
    expect(unsubscribed).toEqual([{ id: payer!.id }]);
  });

  it('/pay/{id}/sign-in: any id, code, method and body, no 5xx, no cookie without a real code, a host without an address mails nothing', async () => {
    const fixture = await target.createSession();
    const other = await target.createSession();
    // The host gave an address on one of the two sessions only.
    await target.server.query(`update participant set email = 'host@fuzz.example' where id = ?`, [fixture.hostId]);
    const sessionId = fc.oneof(
      { weight: 3, arbitrary: fc.constant(fixture.sessionId) },
      { weight: 1, arbitrary: fc.constant(other.sessionId) },
      { weight: 1, arbitrary: fc.constant(fixture.sessionId.toUpperCase()) },
      { weight: 2, arbitrary: weirdId },
    );
    const code = fc.oneof(
      fc.constant(undefined),
      fc.constant(fixture.hostToken),
      fc.constant(other.hostToken),
      fc.constant('A'.repeat(43)),
      fc.string({ maxLength: 300 }),
      fc.constant('%E0%A4%A'),
    );
    const body = fc.oneof(
      fc.constant(''),
      code.map((value) => (value === undefined ? '' : `code=${encodeURIComponent(value)}`)),
      fc.string({ maxLength: 4000 }),
      fc.constant('code=a&code=b'),
      fc.constant('a=1&'.repeat(2000)),
    );
    const contentType = fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', '');
    const site = fc.constantFrom(undefined, 'same-origin', 'cross-site', 'none');
    const cases = sample(fc.record({ sessionId, code, body, contentType, site, post: fc.boolean() }), 6, 0.2);
    const results = await runAll(cases, (item) => {
      const id = typeof item.sessionId === 'string' ? encodeURIComponent(item.sessionId).slice(0, 3000) : JSON.stringify(item.sessionId);
      const query = item.code === undefined ? '' : `?code=${encodeURIComponent(item.code).slice(0, 3000)}`;
      const headers: Record<string, string> = {
        ...(item.contentType ? { 'content-type': item.contentType } : {}),
        ...(item.site ? { 'sec-fetch-site': item.site } : {}),
      };
      return item.post
        ? target.send('POST', `/pay/${id}/sign-in`, item.body, headers)
        : target.send('GET', `/pay/${id}/sign-in${query}`, undefined);
    });
    for (const { item, outcome } of results) {
      const context = JSON.stringify(item).slice(0, 200);
      expect(outcome.status, context).toBeLessThan(500);
      // Only a real code sets a cookie, and none was ever emailed or known to the fuzzer.
      expect(outcome.status, context).not.toBe(303);
    }
    expect(results.some(({ outcome }) => outcome.status === 404)).toBe(true);
    expect(results.some(({ outcome }) => outcome.status === 400)).toBe(true);
    // Asked for: at most a few links an hour for the host with an address; none for the other.
    const [links] = await target.server.query<{ mine: string; theirs: string }>(
      `select count(*) filter (where session_id = ?) as mine, count(*) filter (where session_id = ?) as theirs from host_sign_in`,
      [fixture.sessionId, other.sessionId],
    );
    expect(Number(links!.mine)).toBeLessThanOrEqual(1);
    expect(Number(links!.theirs)).toBe(0);
    const [mails] = await target.server.query<{ n: string }>(
      `select count(*) as n from email_message where kind = 'host-sign-in' and session_id = ?`,
      [other.sessionId],
    );
    expect(Number(mails!.n)).toBe(0);
  });

  it('kept every merchant request of the run in the request log, whatever its bytes, and no key or host token', async () => {
    const writer = target.server.paysplit.services.requestLogWriter;
    await writer.flush();
    const { recorded, written, droppedBufferFull, droppedWriteFailed } = writer.stats;
    expect({ written, droppedBufferFull, droppedWriteFailed }).toEqual({ written: recorded, droppedBufferFull: 0, droppedWriteFailed: 0 });
    const [kept] = await target.server.query<{ n: string; leaks: string }>(
      `select count(*)::text as n, count(*) filter (where strpos(row_to_json(r)::text, ?) > 0 or strpos(row_to_json(r)::text, ?) > 0)::text as leaks
         from request_log r`,
      [target.integration.apiKey, target.hostToken],
    );
    expect(Number(kept!.n)).toBe(recorded);
    expect(kept!.leaks).toBe('0');
  });

  it('logged no error line over the whole run', () => {
    expectNoErrorLines(target.server);
  });
});
