import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  GraphQLID,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredUnknownIdAnswer, MATCHES_NOTHING } from '../src/graphql/id-arguments.js';
import { buildPaySplitSchema } from '../src/graphql/schema.js';
import { REST_ROUTES } from '../src/rest/routes.js';
import { AdminClient } from './support/admin-client.js';
import { MerchantStub } from './support/merchant-stub.js';
import { PayBrowser } from './support/pay-browser.js';
import { browserSocketClient } from './support/socket-client.js';
import { createConfiguredSession, postJson, startTestServer, type TestServer } from './support/test-server.js';
import { accessCookieName } from '../src/http/cookies.js';

/**
 * The rule of decisions §4: a malformed id answers exactly what a well-formed id that names
 * nothing answers. Every ID argument and ID input field of the built schema is found by walking
 * it, and each is sent both ways through the real server, as the caller that may use it; then
 * every id position of the REST routes. A new id cannot be added without a way to call it here.
 */

const PASSWORD = 'correct horse battery staple';
const MALFORMED = ['not-a-uuid', '', `${randomUUID()}x`, "1' or '1'='1"];

let server: TestServer;
let stub: MerchantStub;
let schema: GraphQLSchema;
/** Everything the calls need to be valid but for the id under test. */
let state: {
  merchant: { integrationId: string; apiKey: string };
  sessionId: string;
  hostToken: string;
  hostParticipantId: string;
  guestParticipantId: string;
  paymentId: string;
  refundId: string;
  cancelId: string;
  user: AdminClient;
  userIntegrationId: string;
  userKeyId: string;
  operator: AdminClient;
  operatorTokenId: string;
  /** An open group of the merchant and its join link's code. */
  openGroupId: string;
  joinCode: string;
};

beforeAll(async () => {
  stub = new MerchantStub();
  await stub.start();
  server = await startTestServer({ environment: { RATE_LIMITS: 'off' } });
  schema = await buildPaySplitSchema();
  // Refunds and cancels go to an endpoint that refuses them, so they stay pending.
  const merchant = await stub.provisionOn(server, {
    name: 'Ids',
    partnerRefundUrl: `${stub.baseUrl}/refund`,
    partnerCancelUrl: `${stub.baseUrl}/cancel`,
  });
  const session = await createConfiguredSession(server.baseUrl, merchant);
  const host = new PayBrowser(server.baseUrl);
  const opened = await host.open(session.sessionId, session.hostToken);
  const [hostParticipant, guest] = opened.data.openSession.participants as { id: string }[];
  // The host's first attempt is replaced by a second: one cancellation.
  await host.startPayment(session.sessionId);
  const paymentId = (await host.startPayment(session.sessionId)).data.startPayment.paymentId as string;
  const [cancellation] = await server.query<{ id: string }>(`select id from payment_call where session_id = ?`, [session.sessionId]);
  const key = { 'x-service-api-key': merchant.apiKey };
  expect((await postJson(`${server.baseUrl}/api/v1/payments/record`, { paymentId, action: 'authorize' }, key)).status).toBe(200);
  const refunded = await postJson<{ refunds: { refundId: string }[] }>(
    `${server.baseUrl}/api/v1/payments/sessions/${session.sessionId}/refunds`,
    { amountMinor: '100' },
    key,
  );
  expect(refunded.status).toBe(200);
  const group = await postJson<{ sessionId: string; joinUrl: string }>(
    `${server.baseUrl}/api/v1/payments/sessions`,
    { integrationId: merchant.integrationId, amountMinor: '4000', openGroup: { minPlaces: 2, maxPlaces: 4, pricing: 'split_total' } },
    key,
  );
  expect(group.status).toBe(200);

  const user = new AdminClient(server.baseUrl);
  await user.register('ids@shop.example', PASSWORD);
  const created = await user.ok(`mutation { createIntegration(input: { name: "Admin ids", redirectAllowlist: [] }) { id } }`);
  const userIntegrationId = created.createIntegration.id as string;
  const userKey = await user.ok(`mutation($id: ID!) { createApiKey(integrationId: $id, mode: TEST) { key { id } } }`, {
    id: userIntegrationId,
  });

  const email = 'ids-operator@paysplit.example';
  await server.paysplit.services.accounts.createAccount(server.orm.em.fork(), { email, password: PASSWORD, role: 'operator' });
  const signedIn = new AdminClient(server.baseUrl);
  await signedIn.login(email, PASSWORD);
  const token = await signedIn.ok(`mutation { createOperatorToken(name: "ids") { token record { id } } }`);
  const operator = new AdminClient(server.baseUrl);
  operator.bearer = token.createOperatorToken.token as string;

  state = {
    merchant,
    sessionId: session.sessionId,
    hostToken: session.hostToken,
    hostParticipantId: hostParticipant!.id,
    guestParticipantId: guest!.id,
    paymentId,
    refundId: refunded.body.refunds[0]!.refundId,
    cancelId: cancellation!.id,
    user,
    userIntegrationId,
    userKeyId: userKey.createApiKey.key.id as string,
    operator,
    operatorTokenId: token.createOperatorToken.record.id as string,
    openGroupId: group.body.sessionId,
    joinCode: new URL(group.body.joinUrl).searchParams.get('code')!,
  };
}, 60_000);

afterAll(async () => {
  await server?.close();
  await stub?.stop();
});

// ---------------------------------------------------------------------------------------------
// Where the schema takes ids.

type Path = readonly (string | number)[];

/** One place an id enters: a root field, the path of the id in its arguments, its schema coordinate. */
interface IdPosition {
  operation: 'query' | 'mutation' | 'subscription';
  field: GraphQLField<unknown, unknown>;
  fieldCoordinate: string;
  path: Path;
  coordinate: string;
  declared: unknown;
}

function positionsIn(
  type: GraphQLInputType,
  path: Path,
  coordinate: string,
  declaredOf: () => unknown,
  seen: ReadonlySet<string>,
): Omit<IdPosition, 'operation' | 'field' | 'fieldCoordinate'>[] {
  if (isNonNullType(type)) return positionsIn(type.ofType, path, coordinate, declaredOf, seen);
  if (isListType(type)) return positionsIn(type.ofType, [...path, 0], coordinate, declaredOf, seen);
  if (type === GraphQLID) return [{ path, coordinate, declared: declaredOf() }];
  if (!isInputObjectType(type) || seen.has(type.name)) return [];
  const inner = new Set(seen).add(type.name);
  return Object.values(type.getFields()).flatMap((field: GraphQLInputField) =>
    positionsIn(field.type, [...path, field.name], `${type.name}.${field.name}`, () => declaredUnknownIdAnswer(field), inner),
  );
}

function idPositions(built: GraphQLSchema): IdPosition[] {
  const roots: [IdPosition['operation'], GraphQLObjectType | null | undefined][] = [
    ['query', built.getQueryType()],
    ['mutation', built.getMutationType()],
    ['subscription', built.getSubscriptionType()],
  ];
  // Ids are taken by root fields only; an id argument elsewhere would need a way to reach it here.
  for (const type of Object.values(built.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || roots.some(([, root]) => root === type)) continue;
    for (const field of Object.values(type.getFields())) {
      expect(
        field.args.flatMap((arg) => positionsIn(arg.type, [], arg.name, () => undefined, new Set())),
        `${type.name}.${field.name}`,
      ).toEqual([]);
    }
  }
  return roots.flatMap(([operation, root]) =>
    Object.values(root?.getFields() ?? {}).flatMap((field) =>
      field.args.flatMap((arg: GraphQLArgument) =>
        positionsIn(arg.type, [arg.name], `${root!.name}.${field.name}(${arg.name}:)`, () => declaredUnknownIdAnswer(arg), new Set()).map(
          (position) => ({ ...position, operation, field, fieldCoordinate: `${root!.name}.${field.name}` }),
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// How each field is called: by whom, and with which other arguments (valid ones, so only the id decides).

type Caller = 'api key' | 'host cookie' | 'anyone' | 'merchant user' | 'operator token';

interface Recipe {
  as: Caller;
  variables: () => Record<string, unknown>;
  /** The selection that shows what came back (default `__typename`). */
  select?: string;
}

const ALL_TIME = { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' };

const RECIPES: Record<string, Recipe[]> = {
  'Query.auditLog': [
    { as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId }), select: 'edges { cursor }' },
    { as: 'operator token', variables: () => ({ integrationId: state.userIntegrationId }), select: 'edges { cursor }' },
  ],
  'Query.integration': [{ as: 'merchant user', variables: () => ({ id: state.userIntegrationId }) }],
  'Query.merchantRequest': [
    { as: 'merchant user', variables: () => ({}) },
    { as: 'operator token', variables: () => ({}) },
  ],
  'Query.merchantRequests': [
    {
      as: 'merchant user',
      variables: () => ({ filter: { integrationId: state.userIntegrationId, sessionId: state.sessionId } }),
      select: 'edges { cursor }',
    },
    {
      as: 'operator token',
      variables: () => ({ filter: { integrationId: state.merchant.integrationId, sessionId: state.sessionId } }),
      select: 'edges { cursor }',
    },
  ],
  'Query.openGroupInvitation': [{ as: 'anyone', variables: () => ({ sessionId: state.openGroupId, code: state.joinCode }) }],
  'Query.paySession': [{ as: 'host cookie', variables: () => ({ sessionId: state.sessionId }) }],
  'Query.session': [
    { as: 'api key', variables: () => ({ id: state.sessionId }) },
    { as: 'operator token', variables: () => ({ id: state.sessionId }) },
  ],
  'Query.sessionEvents': [{ as: 'api key', variables: () => ({ sessionId: state.sessionId }) }],
  'Query.sessions': [
    { as: 'merchant user', variables: () => ({ filter: { integrationId: state.userIntegrationId } }), select: 'edges { cursor }' },
    { as: 'operator token', variables: () => ({ filter: { integrationId: state.merchant.integrationId } }), select: 'edges { cursor }' },
  ],
  'Query.stats': [{ as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId, range: ALL_TIME }) }],
  'Query.webhookDeliveries': [
    { as: 'merchant user', variables: () => ({ filter: { integrationId: state.userIntegrationId } }), select: 'edges { cursor }' },
    { as: 'operator token', variables: () => ({ filter: { integrationId: state.merchant.integrationId } }), select: 'edges { cursor }' },
  ],
  'Mutation.advanceTestClock': [
    { as: 'api key', variables: () => ({ sessionId: state.sessionId, input: { seconds: 60 } }) },
    { as: 'operator token', variables: () => ({ sessionId: state.sessionId, input: { seconds: 60 } }) },
  ],
  'Mutation.cancelSession': [{ as: 'api key', variables: () => ({ id: state.sessionId }) }],
  'Mutation.cancelSessionAsHost': [{ as: 'host cookie', variables: () => ({ sessionId: state.sessionId }) }],
  'Mutation.configureSession': [
    {
      as: 'host cookie',
      variables: () => ({
        input: {
          sessionId: state.sessionId,
          splitMode: 'EQUAL',
          participants: [
            { displayName: 'Host', participantId: state.hostParticipantId },
            { displayName: 'Guest', participantId: state.guestParticipantId },
          ],
        },
      }),
    },
  ],
  'Mutation.createApiKey': [{ as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId, mode: 'TEST' }) }],
  'Mutation.createSession': [
    { as: 'api key', variables: () => ({ input: { integrationId: state.merchant.integrationId, amountMinor: '1000' } }) },
  ],
  'Mutation.joinOpenGroup': [
    {
      as: 'anyone',
      variables: () => ({
        sessionId: state.openGroupId,
        code: state.joinCode,
        input: { displayName: 'Ids', email: 'ids@example.com', places: 1 },
      }),
    },
  ],
  'Mutation.leaveOpenGroup': [{ as: 'host cookie', variables: () => ({ sessionId: state.sessionId }) }],
  'Mutation.openSession': [{ as: 'anyone', variables: () => ({ sessionId: state.sessionId, token: state.hostToken }) }],
  'Mutation.recordPayment': [{ as: 'api key', variables: () => ({ input: { paymentId: state.paymentId, action: 'FAIL' } }) }],
  'Mutation.redeliverEvent': [
    { as: 'api key', variables: () => ({}) },
    { as: 'merchant user', variables: () => ({}) },
  ],
  'Mutation.refundSession': [
    {
      as: 'api key',
      variables: () => ({
        sessionId: state.sessionId,
        input: { amountMinor: '5', allocations: [{ paymentId: state.paymentId, amountMinor: '5' }] },
      }),
    },
  ],
  'Mutation.rememberLocale': [{ as: 'host cookie', variables: () => ({ sessionId: state.sessionId, locale: 'de' }) }],
  'Mutation.remindParticipant': [
    { as: 'host cookie', variables: () => ({ participantId: state.guestParticipantId, sessionId: state.sessionId }) },
    // Without sessionId the participant's own session is found from it.
    { as: 'host cookie', variables: () => ({ participantId: state.guestParticipantId }) },
  ],
  'Mutation.replayFailedDeliveries': [
    { as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId, range: ALL_TIME }) },
  ],
  'Mutation.revokeApiKey': [{ as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId, keyId: state.userKeyId }) }],
  'Mutation.revokeOperatorToken': [{ as: 'operator token', variables: () => ({ id: state.operatorTokenId }) }],
  'Mutation.rotateSigningSecret': [{ as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId, kind: 'WEBHOOK' }) }],
  'Mutation.sendTestEvent': [{ as: 'merchant user', variables: () => ({ integrationId: state.userIntegrationId }) }],
  'Mutation.settleCancellation': [{ as: 'api key', variables: () => ({ cancelId: state.cancelId, input: { status: 'SUCCEEDED' } }) }],
  // The merchant here is automatic: its only payment call is the cancellation, which no capture route settles.
  'Mutation.settleCapture': [{ as: 'api key', variables: () => ({ captureId: state.cancelId, input: { status: 'SUCCEEDED' } }) }],
  'Mutation.settleRefund': [{ as: 'api key', variables: () => ({ refundId: state.refundId, input: { status: 'SUCCEEDED' } }) }],
  'Mutation.startPayment': [
    { as: 'host cookie', variables: () => ({ sessionId: state.sessionId, participantId: state.guestParticipantId }) },
  ],
  'Mutation.submitPayoutOnboarding': [
    {
      as: 'merchant user',
      variables: () => ({
        integrationId: state.userIntegrationId,
        input: { legalName: 'Ids Ltd', bankAccount: '12-3456-7890123-00', contactEmail: 'ids@shop.example' },
      }),
    },
  ],
  'Mutation.updateIntegration': [{ as: 'merchant user', variables: () => ({ id: state.userIntegrationId, input: { name: 'Renamed' } }) }],
  'Subscription.openGroupInvitationChanged': [{ as: 'anyone', variables: () => ({ sessionId: state.openGroupId, code: state.joinCode }) }],
  'Subscription.paySessionUpdated': [{ as: 'host cookie', variables: () => ({ sessionId: state.sessionId }) }],
};

/**
 * The caller's credential. The host presents its token for the session it names, as openSession's
 * token argument does: without one, every session, known or not, is UNAUTHENTICATED before it is
 * looked up (so the pay operations tell no stranger which sessions exist).
 */
function headersOf(caller: Caller, id: string): Record<string, string> {
  switch (caller) {
    case 'api key':
      return { 'x-service-api-key': state.merchant.apiKey };
    case 'host cookie': {
      const cookies = [state.sessionId, id].map((sessionId) => accessCookieName(sessionId)).filter((name) => /^[\w-]+$/.test(name));
      return { cookie: cookies.map((name) => `${name}=${state.hostToken}`).join('; ') };
    }
    case 'merchant user':
      return { cookie: state.user.cookie, 'x-csrf-token': state.user.csrfToken };
    case 'operator token':
      return { authorization: `Bearer ${state.operator.bearer}` };
    case 'anyone':
      return {};
  }
}

/** The operation calling one field with all its arguments as variables. */
function operationFor(position: IdPosition, select = '__typename'): string {
  const { field } = position;
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? ` { ${select} }` : '';
  return `${position.operation}(${definitions}) { ${field.name}(${args})${selection} }`;
}

function withValueAt(variables: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(variables);
  let node: Record<string | number, unknown> = copy;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) node[key] = value;
    else node = (node[key] ??= typeof path[index + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
  }
  return copy;
}

/** What a caller observes: the code (and the paths of field problems), or the data when it succeeded. */
interface Observed {
  code: string | null;
  details?: string[];
  data?: unknown;
}

function observe(reply: { data?: unknown; errors?: { extensions?: { code?: string; details?: { path: string }[] } }[] }): Observed {
  const error = reply.errors?.[0];
  if (!error) return { code: null, data: reply.data };
  const details = error.extensions?.details?.map((detail) => detail.path);
  return { code: error.extensions?.code ?? null, ...(details ? { details } : {}) };
}

async function call(position: IdPosition, recipe: Recipe, id: string): Promise<Observed> {
  const query = operationFor(position, recipe.select);
  const variables = withValueAt(recipe.variables(), position.path, id);
  if (position.operation === 'subscription') return observe(await subscribeOnce(query, variables, headersOf(recipe.as, id)));
  const response = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersOf(recipe.as, id) },
    body: JSON.stringify({ query, variables }),
  });
  return observe((await response.json()) as Parameters<typeof observe>[0]);
}

/** A subscription's first answer: its first pushed result, or the error that ended it. */
async function subscribeOnce(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const client = browserSocketClient(server.baseUrl, headers);
  try {
    return await new Promise<Parameters<typeof observe>[0]>((resolve) => {
      client.subscribe(
        { query, variables },
        {
          next: (value) => resolve(value as Parameters<typeof observe>[0]),
          error: (error) => resolve({ errors: Array.isArray(error) ? error : [{ extensions: { code: String(error) } }] }),
          complete: () => resolve({ data: 'completed without a result' }),
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

// ---------------------------------------------------------------------------------------------

describe('a malformed id answers what an unknown id answers', () => {
  it('every ID argument and ID input field declares what an unknown id answers, and has a way to be called here', () => {
    const positions = idPositions(schema);
    expect(positions.length).toBeGreaterThan(30);
    for (const position of positions) {
      expect(position.declared, `${position.coordinate} declares what an unknown id answers`).toBeDefined();
      expect(RECIPES[position.fieldCoordinate], `${position.fieldCoordinate}: add how to call it to RECIPES`).toBeDefined();
    }
    // No recipe for a field that takes no id (a renamed field would otherwise go untested).
    expect(Object.keys(RECIPES).sort()).toEqual([...new Set(positions.map((position) => position.fieldCoordinate))].sort());
  });

  it('over GraphQL, for every ID argument and input field, as each caller that may use it', async () => {
    const mismatches: string[] = [];
    for (const position of idPositions(schema)) {
      for (const recipe of RECIPES[position.fieldCoordinate] ?? []) {
        const where = `${position.fieldCoordinate} ${position.path.join('.')} as ${recipe.as}`;
        const unknown = await call(position, recipe, randomUUID());
        // The declaration says what an unknown id answers, and is right about it.
        const declared = position.declared === MATCHES_NOTHING ? null : position.declared;
        if (unknown.code !== declared) mismatches.push(`${where}: an unknown id answers ${unknown.code}, declared ${String(declared)}`);
        for (const malformed of MALFORMED) {
          const answer = await call(position, recipe, malformed);
          if (JSON.stringify(answer) !== JSON.stringify(unknown)) {
            mismatches.push(
              `${where}: ${JSON.stringify(malformed.slice(0, 20))} answers ${JSON.stringify(answer)}, unknown ${JSON.stringify(unknown)}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The REST routes: the same operations, so the same answers, with the status the error table gives.

interface RestIdCase {
  /** The route's canonical or alias path, as REST_ROUTES lists it. */
  route: string;
  /** `:param` for an id in the path, else the id's path in the body. */
  at: string;
  method: 'GET' | 'POST';
  url: (id: string) => string;
  body?: (id: string) => unknown;
  /** What an unknown id answers here (so a request broken otherwise cannot pass as "the same"). */
  unknown: { status: number; code: string };
}

const REST_CASES: RestIdCase[] = [
  {
    route: '/api/v1/payments/sessions/:sessionId',
    at: ':sessionId',
    method: 'GET',
    url: (id) => `/api/v1/payments/sessions/${encodeURIComponent(id)}`,
    unknown: { status: 404, code: 'SESSION_NOT_FOUND' },
  },
  {
    route: '/api/v1/payments/sessions/:sessionId/cancel',
    at: ':sessionId',
    method: 'POST',
    url: (id) => `/api/v1/payments/sessions/${encodeURIComponent(id)}/cancel`,
    unknown: { status: 404, code: 'SESSION_NOT_FOUND' },
  },
  {
    route: '/api/v1/payments/sessions/:sessionId/test-clock/advance',
    at: ':sessionId',
    method: 'POST',
    url: (id) => `/api/v1/payments/sessions/${encodeURIComponent(id)}/test-clock/advance`,
    body: () => ({ seconds: 60 }),
    unknown: { status: 404, code: 'SESSION_NOT_FOUND' },
  },
  {
    route: '/api/v1/payments/sessions/:sessionId/refunds',
    at: ':sessionId',
    method: 'POST',
    url: (id) => `/api/v1/payments/sessions/${encodeURIComponent(id)}/refunds`,
    body: () => ({ amountMinor: '5', allocations: [{ paymentId: state.paymentId, amountMinor: '5' }] }),
    unknown: { status: 404, code: 'SESSION_NOT_FOUND' },
  },
  {
    route: '/api/v1/payments/sessions/:sessionId/refunds',
    at: 'allocations[0].paymentId',
    method: 'POST',
    url: () => `/api/v1/payments/sessions/${state.sessionId}/refunds`,
    body: (id) => ({ amountMinor: '5', allocations: [{ paymentId: id, amountMinor: '5' }] }),
    unknown: { status: 400, code: 'VALIDATION_ERROR' },
  },
  {
    route: '/api/v1/payments/refunds/:refundId/settle',
    at: ':refundId',
    method: 'POST',
    url: (id) => `/api/v1/payments/refunds/${encodeURIComponent(id)}/settle`,
    body: () => ({ status: 'succeeded' }),
    unknown: { status: 404, code: 'REFUND_NOT_FOUND' },
  },
  ...(['cancellations', 'captures'] as const).map((calls): RestIdCase => ({
    route: `/api/v1/payments/${calls}/:${calls === 'captures' ? 'captureId' : 'cancelId'}/settle`,
    at: calls === 'captures' ? ':captureId' : ':cancelId',
    method: 'POST',
    url: (id) => `/api/v1/payments/${calls}/${encodeURIComponent(id)}/settle`,
    body: () => ({ status: 'succeeded' }),
    unknown: { status: 404, code: 'NOT_FOUND' },
  })),
  {
    route: '/api/v1/payments/record',
    at: 'paymentId',
    method: 'POST',
    url: () => '/api/v1/payments/record',
    body: (id) => ({ paymentId: id, action: 'fail' }),
    unknown: { status: 404, code: 'PAYMENT_NOT_FOUND' },
  },
  ...['/api/v1/payments/sessions', '/api/payments/sessions'].map((route): RestIdCase => ({
    route,
    at: 'integrationId',
    method: 'POST',
    url: () => route,
    body: (id) => ({ integrationId: id, amountMinor: '1000' }),
    unknown: { status: 403, code: 'INTEGRATION_MISMATCH' },
  })),
];

async function restCall(item: RestIdCase, id: string): Promise<{ status: number; code: string; details?: string[] }> {
  const body = item.body?.(id) ?? (item.method === 'POST' ? {} : undefined);
  const response = await fetch(`${server.baseUrl}${item.url(id)}`, {
    method: item.method,
    headers: { 'x-service-api-key': state.merchant.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: string; details?: { path: string }[] };
  return { status: response.status, code: reply.code, ...(reply.details ? { details: reply.details.map((detail) => detail.path) } : {}) };
}

describe('REST: a malformed id answers the status and code of an unknown one', () => {
  it('covers every id in a route path, and every route whose operation takes an id in its body', () => {
    const covered = new Set(REST_CASES.map((item) => `${item.route} ${item.at}`));
    const positions = idPositions(schema);
    for (const route of REST_ROUTES) {
      for (const path of route.paths) {
        for (const param of path.match(/:\w+/g) ?? []) expect(covered, `${path} ${param}`).toContain(`${path} ${param}`);
      }
      // The operation's root field, and whether it takes an id inside an input object (which REST fills from the body).
      const definition = route.operation.definitions[0];
      const rootField =
        definition?.kind === 'OperationDefinition' ? (definition.selectionSet.selections[0] as { name: { value: string } }).name.value : '';
      const bodyIds = positions.filter((position) => position.field.name === rootField && position.path.length > 1);
      if (bodyIds.length > 0 && route.body) {
        for (const path of route.paths) {
          expect(
            REST_CASES.some((item) => item.route === path && !item.at.startsWith(':')),
            `${path}: an id in its body`,
          ).toBe(true);
        }
      }
    }
  });

  it.each(REST_CASES.map((item) => [`${item.method} ${item.route} ${item.at}`, item] as const))('%s', async (_name, item) => {
    const unknown = await restCall(item, randomUUID());
    expect(unknown).toMatchObject(item.unknown);
    // An empty path segment is another address altogether, not an id.
    for (const malformed of MALFORMED.filter((value) => value !== '' || !item.at.startsWith(':'))) {
      expect(await restCall(item, malformed), JSON.stringify(malformed)).toEqual(unknown);
    }
  });
});

describe('the log', () => {
  it('holds no error line: no malformed id reached PostgreSQL', () => {
    const lines = server.logLines().map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(lines.filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([]);
    expect(server.logLines().join('\n')).not.toMatch(/invalid input syntax/);
  });
});
