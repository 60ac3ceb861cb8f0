import fc from 'fast-check';
import { canonicalLocale } from '@paysplit/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from './support/admin-client.js';
import {
  anyJson,
  encodedBodies,
  encodingHeaders,
  expectNoErrorLines,
  expectNoSecretsInRefusals,
  type FuzzTarget,
  mutate,
  oddValuesWith,
  type Outcome,
  type PaySessionFixture,
  reportTally,
  runAll,
  RUNS,
  sample,
  startFuzzTarget,
  weirdId,
  weirdValue,
} from './support/fuzzing.js';
import { MerchantStub } from './support/merchant-stub.js';
import { payAppDocumentId } from './support/pay-browser.js';
import { postJson } from './support/test-server.js';
import { accessCookieName } from '../src/http/cookies.js';

let target: FuzzTarget;
/** A signed-in merchant user of the administration area, owning `adminIntegrationId`. */
let admin: AdminClient;
let adminIntegrationId: string;
/** Another session's host: its token is real, just not for the session being fuzzed. */
let stranger: PaySessionFixture;

beforeAll(async () => {
  target = await startFuzzTarget();
  admin = new AdminClient(target.server.baseUrl);
  await admin.register('fuzz@shop.example', 'fuzzing passphrase 1');
  adminIntegrationId = (await admin.ok(`mutation { createIntegration(input: { name: "Fuzzed" }) { id } }`)).createIntegration.id;
  stranger = await target.createSession();
}, 60_000);

afterAll(async () => {
  reportTally('GraphQL');
  await target?.close();
});

type GraphQLBody = { data?: Record<string, unknown> | null; errors?: { message?: string; extensions?: { code?: string } }[] };

async function postGraphQL(body: string | Uint8Array, headers: Record<string, string>): Promise<Outcome> {
  return target.send('POST', '/graphql', body, headers);
}

/** Every answer: below 500, no INTERNAL_ERROR, and each error with one of our codes. */
function expectCodedAnswers(results: { item: unknown; outcome: Outcome }[]): void {
  for (const { item, outcome } of results) {
    const context = `${JSON.stringify(item).slice(0, 300)} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
    expect(outcome.status, context).toBeLessThan(500);
    const body = outcome.body as GraphQLBody & { success?: boolean; code?: string };
    // A body /graphql could not read is refused before GraphQL, in the REST error shape.
    if (body.success === false) {
      expect(body.code, context).toMatch(/^[A-Z_]+$/);
      continue;
    }
    for (const error of body.errors ?? []) {
      expect(error.extensions?.code, context).toMatch(/^[A-Z_]+$/);
      expect(error.extensions?.code, context).not.toBe('INTERNAL_ERROR');
    }
  }
}

describe(`GraphQL mutation fuzzing (FUZZ_RUNS=${RUNS})`, { timeout: 600_000 }, () => {
  const mutations: [string, string, () => Record<string, unknown>][] = [
    [
      'createSession',
      'mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }',
      () => ({
        integrationId: target.integration.integrationId,
        amount: '10.00',
        description: 'Dinner for 4',
        participants: [{ displayName: 'A' }],
        splitMode: 'EQUAL',
        unconfigured: false,
      }),
    ],
    [
      'recordPayment',
      'mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { paymentId } }',
      () => ({ paymentId: target.paymentId, action: 'FAIL', failureReason: 'Card declined' }),
    ],
    [
      'refundSession',
      'mutation($id: ID!, $input: RefundSessionInput) { refundSession(sessionId: $id, input: $input) { refundableMinor refunds { refundId } } }',
      () => ({ amountMinor: '100', reason: 'Booking cancelled', allocations: [{ paymentId: target.paymentId, amountMinor: '100' }] }),
    ],
    [
      'settleRefund',
      'mutation($id: ID!, $input: SettleRefundInput!) { settleRefund(refundId: $id, input: $input) { refundId status } }',
      () => ({ status: 'SUCCEEDED', processorRefundReference: 're_1', failureReason: null }),
    ],
    [
      'settleCancellation',
      'mutation($id: ID!, $input: SettleCancellationInput!) { settleCancellation(cancelId: $id, input: $input) { cancelId status } }',
      () => ({ status: 'SUCCEEDED', processorReference: 'cs_1', failureReason: null }),
    ],
    [
      'settleCapture',
      'mutation($id: ID!, $input: SettleCaptureInput!) { settleCapture(captureId: $id, input: $input) { captureId status } }',
      () => ({ status: 'FAILED', processorReference: 'ch_1', failureReason: 'declined' }),
    ],
    [
      'advanceTestClock',
      'mutation($id: ID!, $input: AdvanceTestClockInput!) { advanceTestClock(sessionId: $id, input: $input) { testClockAt ran { kind } } }',
      () => ({ seconds: 3600, to: null }),
    ],
    [
      'recordPayment (holdExpiresAt)',
      'mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { paymentId holdExpiresAt } }',
      () => ({ paymentId: target.paymentId, action: 'AUTHORIZE', holdExpiresAt: '2031-01-01T00:00:00Z' }),
    ],
  ];

  // The administration area's inputs, sent with a signed-in merchant user's cookie and CSRF token.
  const adminMutations: [string, string, () => Record<string, unknown>][] = [
    [
      'createIntegration',
      'mutation($input: IntegrationSettingsInput!) { createIntegration(input: $input) { id } }',
      () => ({
        name: 'Shop',
        displayName: 'Harbour Table',
        logoUrl: 'https://shop.example.com/logo.png',
        accentColor: '#0B5CAD',
        webhookUrl: 'https://shop.example.com/hooks',
        partnerCancelUrl: 'https://shop.example.com/paysplit/cancel',
        partnerCaptureUrl: 'https://shop.example.com/paysplit/capture',
        captureMethod: 'MANUAL',
        holdLifetimeSeconds: 86_400,
        redirectAllowlist: ['https://shop.example.com'],
        eventSubscriptions: ['SERVICE_PAYMENT_CAPTURED'],
        timeZone: 'Europe/London',
      }),
    ],
    [
      'updateIntegration',
      'mutation($id: ID!, $input: IntegrationSettingsInput!) { updateIntegration(id: $id, input: $input) { id } }',
      () => ({
        name: 'Shop 2',
        displayName: '',
        accentColor: '#1F6F5C',
        partnerCreatePaymentUrl: '',
        partnerRefundUrl: 'https://shop.example.com/paysplit/refund',
        partnerCancelUrl: 'http://shop.example.com/paysplit/cancel',
        partnerCaptureUrl: 'http://shop.example.com/paysplit/capture',
        captureMethod: 'AUTOMATIC',
        holdLifetimeSeconds: 3600,
        enabled: true,
        eventSubscriptions: ['SERVICE_SESSION_EXPIRED'],
        reminderOffsetsMinutes: [1440, 120],
        timeZone: 'Pacific/Auckland',
      }),
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
    [
      'merchantRequests (filter)',
      'query($input: MerchantRequestFilter!) { merchantRequests(filter: $input, first: 5) { edges { cursor node { id status } } } }',
      () => ({
        integrationId: adminIntegrationId,
        statusClass: 4,
        status: 404,
        path: '/api/v1/payments/sessions',
        from: '2026-01-01T00:00:00Z',
        to: '2031-01-01T00:00:00Z',
        requestId: 'req_fuzz',
        sessionId: target.sessionId,
      }),
    ],
  ];

  it.each([...mutations.map((entry) => [...entry, 'merchant'] as const), ...adminMutations.map((entry) => [...entry, 'admin'] as const)])(
    '%s: no 5xx, every error has extensions.code, nothing half-written',
    async (name, query, valid, caller) => {
      const before = { sessions: await target.count('session'), participants: await target.count('participant') };
      const integrationsBefore = await target.count('integration');
      const odd = fc.oneof(oddValuesWith([target.integration.apiKey, target.hostToken]), weirdId);
      const id = fc.oneof({ weight: 6, arbitrary: fc.constant(adminIntegrationId) }, { weight: 1, arbitrary: weirdId });
      const input = fc.oneof({ weight: 4, arbitrary: mutate(valid(), odd) }, { weight: 1, arbitrary: anyJson });
      // The advance's accepted moves are fuzzed over REST (the same resolver); here only others' and nobody's ids reach it.
      const cases = sample(fc.record({ input, id }), name.length, name === 'advanceTestClock' ? 0.05 : 0.2);
      const headers: Record<string, string> =
        caller === 'admin'
          ? { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }
          : { 'x-service-api-key': target.integration.apiKey, cookie: '' };
      const results = await runAll(cases, (variables) => postGraphQL(JSON.stringify({ query, variables }), headers));
      expectCodedAnswers(results);
      expectNoSecretsInRefusals(results, [target.integration.apiKey, target.hostToken]);
      const succeeded = results.filter(({ outcome }) => !(outcome.body as GraphQLBody).errors).length;
      if (name === 'createSession') expect(await target.count('session')).toBe(before.sessions + succeeded);
      if (name === 'createIntegration') expect(await target.count('integration')).toBe(integrationsBefore + succeeded);
      if (name !== 'createSession') expect(await target.count('participant')).toBe(before.participants);
      // The fuzzed merchant has no refund URL and the ids are another's or nobody's: no refund is ever made.
      if (name === 'refundSession' || name === 'settleRefund') expect(await target.count('refund')).toBe(0);
      // Nor is a cancellation or a capture: the ids are another's or nobody's, and the fuzzed merchant is automatic.
      if (name.startsWith('settleCancellation') || name.startsWith('settleCapture') || name.startsWith('recordPayment')) {
        expect(await target.count('payment_call')).toBe(0);
      }
      // The ids are another's or nobody's: no session's clock moves.
      if (name === 'advanceTestClock') {
        expect(await target.server.query(`select id from session where test_clock_at is not null`)).toEqual([]);
      }
      // A URL setting is stored only as checked: absent, or an absolute http(s) URL without credentials.
      if (name === 'createIntegration' || name === 'updateIntegration') {
        // Manual capture only with both of its URLs, and holds within their bounds.
        const capture = await target.server.query<{ capture_method: string; cancel: string | null; capture: string | null; hold: number }>(
          `select capture_method, partner_cancel_url as cancel, partner_capture_url as capture, hold_lifetime_seconds as hold from integration`,
        );
        for (const row of capture) {
          expect(row.hold, JSON.stringify(row)).toBeGreaterThanOrEqual(3600);
          expect(row.hold, JSON.stringify(row)).toBeLessThanOrEqual(2_592_000);
          if (row.capture_method !== 'automatic') expect([row.capture_method, !!row.cancel, !!row.capture]).toEqual(['manual', true, true]);
        }
        const urls = await target.server.query<{ url: string | null }>(
          `select partner_cancel_url as url from integration union all select partner_capture_url from integration`,
        );
        for (const { url } of urls) {
          if (url === null) continue;
          const parsed = new URL(url);
          expect(['http:', 'https:'], url).toContain(parsed.protocol);
          expect(parsed.username + parsed.password, url).toBe('');
        }
      }
    },
  );

  it('joinOpenGroup and openGroupInvitation: any input, session or code, no 5xx, coded errors, a claim only with the right code', async () => {
    const stub = new MerchantStub();
    await stub.start();
    try {
      const shop = await stub.provisionOn(target.server, {
        name: 'Open groups',
        partnerCancelUrl: `${stub.baseUrl}/cancel`,
        partnerRefundUrl: `${stub.baseUrl}/refund`,
      });
      const group = async (maxPlaces: number) => {
        const created = await postJson<{ sessionId: string; joinUrl: string }>(
          `${target.server.baseUrl}/api/v1/payments/sessions`,
          {
            integrationId: shop.integrationId,
            amountMinor: '500000',
            openGroup: { minPlaces: 2, maxPlaces, maxPlacesPerPayer: 3, pricing: 'split_total' },
          },
          { 'x-service-api-key': shop.apiKey },
        );
        return { sessionId: created.body.sessionId, code: new URL(created.body.joinUrl).searchParams.get('code')! };
      };
      const [mine, other] = [await group(500), await group(500)];
      const odd = fc.oneof(oddValuesWith([shop.apiKey, target.hostToken, mine.code]), weirdId);
      const valid = { displayName: 'Ana', email: 'ana@example.com', places: 2, locale: 'de' };
      const cases = sample(
        fc.record({
          sessionId: fc.oneof(fc.constantFrom(mine.sessionId, other.sessionId, target.sessionId), weirdId),
          code: fc.oneof(fc.constantFrom(mine.code, other.code, mine.code.toUpperCase(), `${mine.code} `), weirdValue),
          input: fc.oneof({ weight: 4, arbitrary: mutate(valid, odd) }, { weight: 1, arbitrary: anyJson }),
          read: fc.boolean(),
        }),
        7,
        0.03,
      );
      const participantsBefore = await target.count('participant');
      const results = await runAll(cases, ({ sessionId, code, input, read }) =>
        postGraphQL(
          JSON.stringify(
            read
              ? {
                  query: 'query($s: ID!, $c: String!) { openGroupInvitation(sessionId: $s, code: $c) { status openGroup { placesLeft } } }',
                  variables: { s: sessionId, c: code },
                }
              : {
                  query:
                    'mutation($s: ID!, $c: String!, $i: JoinOpenGroupInput!) { joinOpenGroup(sessionId: $s, code: $c, input: $i) { participantId } }',
                  variables: { s: sessionId, c: code, i: input },
                },
          ),
          { cookie: '' },
        ),
      );
      expectCodedAnswers(results);
      expectNoSecretsInRefusals(results, [shop.apiKey, target.hostToken, mine.code, other.code]);
      const joined = results.filter(({ item, outcome }) => !item.read && !(outcome.body as GraphQLBody).errors);
      // Only the right code for its own session ever joins, and every claim made is one answered.
      for (const { item } of joined)
        expect([item.sessionId, item.code]).toSatisfy(
          ([id, c]) => (id === mine.sessionId && c === mine.code) || (id === other.sessionId && c === other.code),
        );
      expect(await target.count('participant')).toBe(participantsBefore + joined.length);
      const places = await target.server.query<{ session_id: string; n: string }>(
        `select session_id, sum(places) as n from participant where session_id in (?, ?) group by session_id`,
        [mine.sessionId, other.sessionId],
      );
      for (const row of places) expect(Number(row.n)).toBeLessThanOrEqual(500);
    } finally {
      await stub.stop();
    }
  });

  it('timeZone: a malformed zone is refused on its field and changes nothing; another merchant cannot set it', async () => {
    const update = (id: unknown, timeZone: unknown, headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }) =>
      postGraphQL(
        JSON.stringify({
          query: 'mutation($id: ID!, $input: IntegrationSettingsInput!) { updateIntegration(id: $id, input: $input) { timeZone } }',
          variables: { id, input: { timeZone } },
        }),
        headers,
      );
    const stored = async () =>
      (await target.server.query<{ zone: string }>(`select time_zone as zone from integration where id = ?`, [adminIntegrationId]))[0]!
        .zone;
    expect(((await update(adminIntegrationId, 'pacific/auckland')).body as GraphQLBody).data).toEqual({
      updateIntegration: { timeZone: 'Pacific/Auckland' },
    });
    const malformed = [
      '',
      ' ',
      '+05:00',
      'UTC+5',
      'Mars/Base',
      'Pacific/Auckland; drop table integration',
      'x'.repeat(5000),
      '\u0000',
      'Europe/Lon\u202Edon',
    ];
    for (const zone of malformed) {
      const body = (await update(adminIntegrationId, zone)).body as GraphQLBody & {
        errors: { extensions: { code: string; details?: { path: string }[] } }[];
      };
      expect(body.errors?.[0]?.extensions.code, JSON.stringify(zone)).toBe('VALIDATION_ERROR');
    }
    const results = await runAll(sample(fc.oneof(weirdValue, weirdId, anyJson), 'timeZone'.length, 0.2), (zone) =>
      update(adminIntegrationId, zone),
    );
    expectCodedAnswers(results);
    expect(await stored()).toBe('Pacific/Auckland');
    // Another merchant's user: the integration is not theirs, as if it did not exist.
    const other = new AdminClient(target.server.baseUrl);
    await other.register('other-tz@shop.example', 'another passphrase 2');
    const foreign = (await update(adminIntegrationId, 'Europe/Paris', { cookie: other.cookie, 'x-csrf-token': other.csrfToken }))
      .body as GraphQLBody;
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await stored()).toBe('Pacific/Auckland');
  });

  /**
   * The pay app's operations, as a hostile browser may send them: ids of every shape, tokens of
   * every type (as the argument of openSession, and as the cookie the pay app then holds), as
   * variables, inline literals, or the pay app's own documents by documentId.
   */
  describe('pay operations', () => {
    interface PayOperation {
      field: string;
      type: 'query' | 'mutation';
      documentName: string;
      args: Record<string, string>;
      selection: string;
    }
    const PAY_OPERATIONS: PayOperation[] = [
      {
        field: 'openSession',
        type: 'mutation',
        documentName: 'OpenSession',
        args: { sessionId: 'ID!', token: 'String!' },
        selection: 'id viewerRole',
      },
      {
        field: 'paySession',
        type: 'query',
        documentName: 'PaySession',
        args: { sessionId: 'ID!' },
        selection: 'id status participants { id }',
      },
      {
        field: 'startPayment',
        type: 'mutation',
        documentName: 'StartPayment',
        args: { sessionId: 'ID!', participantId: 'ID', coverRemaining: 'Boolean' },
        selection: 'paymentId',
      },
      {
        field: 'configureSession',
        type: 'mutation',
        documentName: 'ConfigureSession',
        args: { input: 'ConfigureSessionInput!' },
        selection: 'id version',
      },
      {
        field: 'cancelSessionAsHost',
        type: 'mutation',
        documentName: 'CancelSessionAsHost',
        args: { sessionId: 'ID!' },
        selection: 'id status',
      },
      {
        field: 'rememberLocale',
        type: 'mutation',
        documentName: 'RememberLocale',
        args: { sessionId: 'ID!', locale: 'String!' },
        // A Boolean: nothing to select.
        selection: '',
      },
      {
        field: 'remindParticipant',
        type: 'mutation',
        // The pay app's document comes with its Remind button; until then, sent as text only.
        documentName: '',
        args: { participantId: 'ID!', token: 'String', sessionId: 'ID' },
        selection: 'id status participants { id emailStatus { lastRemindedAt } }',
      },
    ];

    /** A value as a GraphQL literal (names of enum fields bare), so inline arguments are fuzzed too. */
    function literal(value: unknown, key = ''): string {
      if (value === null || value === undefined) return 'null';
      if (typeof value === 'string') return key === 'splitMode' && /^[_A-Za-z]\w*$/.test(value) ? value : JSON.stringify(value);
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (Array.isArray(value)) return `[${value.map((item) => literal(item, key)).join(', ')}]`;
      return `{ ${Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .map(([name, item]) => `${name}: ${literal(item, name)}`)
        .join(', ')} }`;
    }

    const selectionOf = (operation: PayOperation) => (operation.selection ? ` { ${operation.selection} }` : '');

    function requestBody(operation: PayOperation, form: string, variables: Record<string, unknown>): string {
      const names = Object.keys(operation.args);
      if (form === 'documentId') return JSON.stringify({ documentId: payAppDocumentId(operation.documentName), variables });
      if (form === 'inline') {
        const args = names.filter((name) => variables[name] !== undefined).map((name) => `${name}: ${literal(variables[name])}`);
        return JSON.stringify({
          query: `${operation.type} { ${operation.field}${args.length ? `(${args.join(', ')})` : ''}${selectionOf(operation)} }`,
        });
      }
      const declared = names.map((name) => `$${name}: ${operation.args[name]}`).join(', ');
      const passed = names.map((name) => `${name}: $${name}`).join(', ');
      return JSON.stringify({
        query: `${operation.type} Fuzz(${declared}) { ${operation.field}(${passed})${selectionOf(operation)} }`,
        variables,
      });
    }

    function arbitraries(fixture: PaySessionFixture) {
      const sessionId = fc.oneof(
        { weight: 4, arbitrary: fc.constant(fixture.sessionId) },
        { weight: 1, arbitrary: fc.constant(fixture.sessionId.toUpperCase()) },
        { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.constant(stranger.sessionId)) },
        { weight: 3, arbitrary: weirdId },
      );
      const token = fc.oneof(
        { weight: 3, arbitrary: fc.constant(fixture.hostToken) },
        { weight: 1, arbitrary: fc.constant(stranger.hostToken) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            [fixture.hostToken],
            { token: fixture.hostToken },
            fixture.hostToken.toUpperCase(),
            `${fixture.hostToken}=`,
            ` ${fixture.hostToken}`,
            42,
            true,
            '',
            'x'.repeat(10_000),
          ),
        },
        { weight: 2, arbitrary: weirdValue },
      );
      const cookie = fc.constantFrom(
        fixture.hostCookie,
        fixture.hostCookie,
        '',
        stranger.hostCookie,
        `${accessCookieName(fixture.sessionId)}=${stranger.hostToken}`,
        `${accessCookieName(fixture.sessionId)}=${'A'.repeat(43)}`,
        `${accessCookieName(fixture.sessionId)}=%E0%A4%A; ${fixture.hostCookie}`,
        `${fixture.hostCookie}; ${fixture.hostCookie}x`,
        'garbage',
      );
      const participants = fc.oneof(
        fc.constant([
          { displayName: 'Host', email: 'host@fuzz.example', amountMinor: '1500' },
          { displayName: 'Guest', amountMinor: '1500', participantId: fixture.guestId },
        ]),
        fc.array(
          fc.record({
            displayName: fc.oneof(fc.constant('P'), weirdValue),
            email: fc.oneof(fc.constant(undefined), fc.constant('guest@fuzz.example'), weirdValue),
            sendInvite: fc.oneof(fc.constant(undefined), fc.boolean(), weirdValue),
            amountMinor: fc.oneof(fc.constant('1000'), weirdValue),
            participantId: fc.oneof(fc.constant(undefined), fc.constant(fixture.guestId), fc.constant(fixture.hostId), weirdId),
          }),
          { maxLength: 4 },
        ),
      );
      const variables: Record<string, fc.Arbitrary<unknown>> = {
        sessionId,
        token,
        participantId: fc.oneof(fc.constant(null), fc.constant(fixture.hostId), fc.constant(fixture.guestId), weirdId),
        coverRemaining: fc.oneof(fc.constant(null), fc.boolean(), weirdValue),
        locale: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('de', 'ar-EG', 'PT-br', 'zh-Hant-TW', 'en-XA') },
          { weight: 1, arbitrary: fc.constantFrom('', 'english', 'en_US', 'und', `de-${'x'.repeat(40)}`) },
          { weight: 2, arbitrary: weirdValue },
        ),
        input: fc
          .tuple(sessionId, mutate({ splitMode: 'EXACT', participants: [] }, fc.oneof(weirdValue, weirdId)), participants)
          .map(([id, rest, list]) => ({ sessionId: id, ...rest, participants: 'participants' in rest ? list : undefined })),
      };
      return { variables, cookie, form: fc.constantFrom('variables', 'variables', 'inline', 'documentId') };
    }

    async function snapshot(sessionId: string) {
      const [session] = await target.server.query<Record<string, unknown>>(
        `select status, version, paid_minor::text as paid, split_mode from session where id = ?`,
        [sessionId],
      );
      const participants = await target.server.query(
        `select id, display_name, amount_minor::text, status from participant where session_id = ? order by position`,
        [sessionId],
      );
      const [payments] = await target.server.query<{ n: string }>(`select count(*) as n from payment where session_id = ?`, [sessionId]);
      return { session, participants, payments: Number(payments!.n) };
    }

    it.each(PAY_OPERATIONS.map((operation) => [operation.field, operation] as const))(
      '%s: any id, any token (argument or cookie): no 5xx, no INTERNAL_ERROR, no secret repeated, refusals write nothing',
      async (_name, operation) => {
        const fixture = await target.createSession();
        // A guest with an email, so the host's Remind can succeed (once an hour).
        await target.server.query(`update participant set email = 'guest@fuzz.example' where id = ?`, [fixture.guestId]);
        const { variables, cookie, form: anyForm } = arbitraries(fixture);
        const form = operation.documentName ? anyForm : fc.constantFrom('variables', 'inline');
        const model = Object.fromEntries(Object.keys(operation.args).map((name) => [name, variables[name]!]));
        // Now and then a variable is left out altogether.
        const call = fc.record({
          form,
          cookie,
          variables: fc.oneof({ weight: 6, arbitrary: fc.record(model) }, { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) }),
        });
        const before = await snapshot(fixture.sessionId);
        // Requests with the stranger's id and cookie are valid too: their payments are counted with ours.
        const paymentsOfBoth = async () =>
          Number(
            (
              await target.server.query<{ n: string }>(`select count(*) as n from payment where session_id in (?, ?)`, [
                fixture.sessionId,
                stranger.sessionId,
              ])
            )[0]!.n,
          );
        const paymentsBefore = await paymentsOfBoth();
        const results = await runAll(sample(call, operation.field.length + 100, 0.2), (item) =>
          postGraphQL(requestBody(operation, item.form, item.variables), { cookie: item.cookie }),
        );
        expectCodedAnswers(results);
        expectNoSecretsInRefusals(results, [fixture.hostToken, stranger.hostToken, target.integration.apiKey]);
        const answers = results.map(({ outcome }) => outcome.body as GraphQLBody);
        const acceptedBodies = answers.filter((body) => !body.errors && body.data?.[operation.field]);
        // Accepted for the session under test (the stranger's may be accepted too, with its own cookie).
        const accepted =
          operation.field === 'startPayment' || operation.field === 'rememberLocale'
            ? acceptedBodies.length
            : acceptedBodies.filter((body) => (body.data![operation.field] as { id: string }).id === fixture.sessionId).length;
        const after = await snapshot(fixture.sessionId);
        expect(answers.some((body) => body.errors?.some((error) => error.extensions?.code === 'SESSION_NOT_FOUND'))).toBe(true);
        if (operation.field === 'openSession' || operation.field === 'paySession') {
          expect(accepted, 'some valid requests got through').toBeGreaterThan(0);
          expect(after).toEqual(before);
        }
        if (operation.field === 'configureSession') {
          expect(Number(after.session!.version) - Number(before.session!.version)).toBe(accepted);
          expect(after.payments).toBe(before.payments);
        }
        if (operation.field === 'remindParticipant') {
          const [reminders] = await target.server.query<{ n: string }>(
            `select count(*) as n from email_message where kind = 'reminder' and session_id in (?, ?)`,
            [fixture.sessionId, stranger.sessionId],
          );
          expect(accepted, 'at most one Remind an hour per person').toBeLessThanOrEqual(1);
          expect(acceptedBodies.length).toBeGreaterThan(0);
          expect(Number(reminders!.n)).toBe(acceptedBodies.length);
          expect(after).toEqual(before);
        }
        if (operation.field === 'rememberLocale') {
          // Only the viewer's own language is kept, and only a well-formed tag, in its canonical spelling.
          expect(accepted, 'some valid requests got through').toBeGreaterThan(0);
          expect(after).toEqual(before);
          const kept = await target.server.query<{ locale: string | null }>(`select locale from participant where session_id in (?, ?)`, [
            fixture.sessionId,
            stranger.sessionId,
          ]);
          for (const { locale } of kept) if (locale !== null) expect(canonicalLocale(locale)).toBe(locale);
          expect(kept.map(({ locale }) => locale)).not.toContain('PT-br');
          const refusedTags = answers.filter((body) => body.errors?.some((error) => error.extensions?.code === 'VALIDATION_ERROR'));
          expect(refusedTags.length, 'malformed tags are refused as such').toBeGreaterThan(0);
        }
        if (operation.field === 'cancelSessionAsHost') {
          expect(after.session!.status).toBe(accepted > 0 ? 'cancelled' : 'open');
          expect(after.participants).toEqual(before.participants);
        }
        if (operation.field === 'startPayment') {
          // An attempt is written before the merchant is called: it stays (failed, or replaced by a
          // newer one) when that call fails or a concurrent attempt wins. Nothing else writes.
          const wroteThenRefused = answers.filter((body) =>
            body.errors?.some(
              (error) => error.extensions?.code === 'PARTNER_CALL_FAILED' || /newer payment attempt/.test(error.message ?? ''),
            ),
          ).length;
          expect(accepted, 'some valid requests got through').toBeGreaterThan(0);
          expect((await paymentsOfBoth()) - paymentsBefore).toBe(accepted + wroteThenRefused);
          expect(after.session!.version).toBe(before.session!.version);
        }
      },
    );
  });

  it('/graphql by GET and by POST in any content type, with or without a trusted document: no 5xx, no INTERNAL_ERROR', async () => {
    // The compiled path (trusted queries) and Apollo share /graphql: a request neither expects
    // (a GET, a form, text, no body) must be answered by one of them, never by a crash between.
    const trusted = fc.constantFrom(
      payAppDocumentId('PaySession'),
      payAppDocumentId('OpenSession'),
      payAppDocumentId('ConfigureSession'),
      payAppDocumentId('PaySessionUpdated'),
    );
    const documentId = fc.oneof(trusted, weirdId, weirdValue);
    const variables = fc.oneof(
      fc.constant({ sessionId: target.sessionId }),
      fc.record({ sessionId: fc.oneof(fc.constant(target.sessionId), weirdId), token: fc.oneof(fc.constant(target.hostToken), weirdId) }),
      anyJson,
    );
    const fields = fc.record(
      {
        documentId,
        query: fc.oneof(
          fc.constant('{ __typename }'),
          fc.constant('query($sessionId: ID!) { paySession(sessionId: $sessionId) { id } }'),
          fc.string(),
        ),
        variables,
        operationName: fc.oneof(fc.constantFrom('PaySession', 'OpenSession'), fc.string()),
        extensions: fc.oneof(fc.constant({ persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } }), anyJson),
      },
      { requiredKeys: [] },
    );
    const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    const request = fc.oneof(
      fc
        .record({
          method: fc.constantFrom('GET', 'HEAD', 'DELETE'),
          fields,
          // JSON passes Apollo's CSRF rule; text or none needs the preflight header.
          contentType: fc.constantFrom('', 'application/json', 'text/plain'),
          preflight: fc.boolean(),
        })
        .map(({ method, fields: sent, contentType, preflight }) => ({
          method,
          path: `/graphql?${new URLSearchParams(Object.entries(sent).map(([name, value]) => [name, asText(value)])).toString()}`,
          body: undefined,
          headers: { 'content-type': contentType, ...(preflight ? { 'apollo-require-preflight': 'true' } : {}) },
        })),
      fc
        .record({
          contentType: fc.constantFrom(
            '',
            'application/json',
            'text/plain',
            'text/plain; charset=utf-8',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/graphql',
            'application/json; charset=latin1',
            'application/graphql-response+json',
          ),
          fields,
          shape: fc.constantFrom('json', 'form', 'raw'),
          raw: fc.string(),
        })
        .map(({ contentType, fields: sent, shape, raw }) => ({
          method: 'POST',
          path: '/graphql',
          body:
            shape === 'json'
              ? JSON.stringify(sent)
              : shape === 'form'
                ? new URLSearchParams(Object.entries(sent).map(([name, value]) => [name, asText(value)])).toString()
                : raw,
          headers: { 'content-type': contentType },
        })),
    );
    const typename = `/graphql?${new URLSearchParams({ query: '{ __typename }' }).toString()}`;
    const trustedAsText = JSON.stringify({ documentId: payAppDocumentId('PaySession'), variables: { sessionId: target.sessionId } });
    // Each method at least once, whatever FUZZ_RUNS, and two answers a client relies on.
    const fixed = [
      { method: 'GET', path: typename, body: undefined, headers: { 'content-type': 'application/json' } },
      { method: 'GET', path: typename, body: undefined, headers: { 'content-type': 'text/plain' } },
      { method: 'HEAD', path: typename, body: undefined, headers: { 'content-type': '' } },
      { method: 'DELETE', path: typename, body: undefined, headers: { 'content-type': 'application/json' } },
      { method: 'POST', path: '/graphql', body: trustedAsText, headers: { 'content-type': 'text/plain' } },
    ];
    const results = await runAll([...fixed, ...sample(request, 6, 0.2)], (item) =>
      target.send(item.method, item.path, item.body, {
        ...item.headers,
        cookie: `${accessCookieName(target.sessionId)}=${target.hostToken}`,
      }),
    );
    expectCodedAnswers(results);
    expectNoSecretsInRefusals(results, [target.hostToken]);
    const answerTo = (item: (typeof fixed)[number]) => results.find((result) => result.item === item)!.outcome;
    // A query by GET is answered; a GET a browser could send cross-site (text, no preflight) is refused.
    expect(answerTo(fixed[0]!)).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
    expect(answerTo(fixed[1]!).status).toBe(400);
    // A trusted document sent as text/plain is a simple cross-site request: refused, never run.
    expect(answerTo(fixed[4]!).status).toBe(400);
  });

  it('/graphql in every Content-Encoding: valid, mislabelled, corrupt, truncated, bombs, unknown', async () => {
    const json = fc.oneof(
      fc.constant(JSON.stringify({ query: '{ __typename }' })),
      fc.constant(JSON.stringify({ query: `query($id: ID!) { paySession(sessionId: $id) { id } }`, variables: { id: target.sessionId } })),
      anyJson.map((value) => JSON.stringify({ query: '{ __typename }', variables: { v: value } })),
    );
    const results = await runAll(sample(encodedBodies(json), 5, 0.2), (item) =>
      postGraphQL(item.body, { ...encodingHeaders(item), cookie: `${accessCookieName(target.sessionId)}=${target.hostToken}` }),
    );
    expectCodedAnswers(results.map(({ item, outcome }) => ({ item: { ...item, body: `${item.body.length} bytes` }, outcome })));
    expectNoSecretsInRefusals(results, [target.hostToken]);
    for (const { item, outcome } of results) {
      if (item.kind === 'bomb') expect(outcome).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
      if (item.kind === 'valid') expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    }
  });

  it('logged no error line over the whole run', () => {
    expectNoErrorLines(target.server);
  });
});
