import { errorResponseSchema } from './error-response.js';
import { listenPaths } from '../listen/listen-openapi.js';
import { exportPaths } from './export-openapi.js';
import { errorResponses, type JsonObject, requestIdHeader, schemaOf } from './openapi-parts.js';
import { OUTGOING_CALLS, type OutgoingCall } from './outgoing-calls.js';
import type { RestRoute } from './rest-route.js';

const TAG_OF_OPERATION: Readonly<Record<string, string>> = {
  createSession: 'Sessions',
  getSession: 'Sessions',
  cancelSession: 'Sessions',
  recordPayment: 'Payments',
  getSessionStatus: 'Status',
  refundSession: 'Refunds',
  settleRefund: 'Refunds',
  settleCancellation: 'Payments',
  advanceTestClock: 'Test clocks',
};

/** The Standard Webhooks headers of every call PaySplit makes to a merchant. */
const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'The eventId (webhooks), the paymentId (partner create-payment call) or the refundId (partner refund call); the same on every retry',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was signed; refuse values more than 300 s from your clock',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the ' +
      'base64-decoded part of the secret after `whsec_`. Two signatures during a secret rotation; accept when one matches.',
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

function restOperation(route: RestRoute<never, never>, path: string, components: Record<string, JsonObject>): JsonObject {
  const [canonical, ...aliases] = route.paths;
  const isAlias = path !== canonical;
  const description = [
    isAlias
      ? `Legacy alias of \`${route.method.toUpperCase()} ${canonical}\` with the same behaviour; new integrations use that path.`
      : '',
    route.description ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: isAlias ? `${route.operationId}Legacy${aliases.indexOf(path) + 1}` : route.operationId,
    summary: isAlias ? `${route.summary} (legacy alias)` : route.summary,
    tags: [TAG_OF_OPERATION[route.operationId] ?? 'Sessions'],
    ...(description ? { description } : {}),
    ...(route.auth === 'apiKey' ? { security: [{ ApiKey: [] }] } : {}),
    parameters: [
      ...[...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
      })),
      ...(route.query ?? []).map((param) => ({
        name: param.name,
        in: 'query',
        required: param.required,
        description: param.description,
        schema: { type: 'string' },
      })),
      ...(route.headers ?? []).map((header) => ({
        name: header.name,
        in: 'header',
        required: false,
        description: header.description,
        schema: { type: 'string', maxLength: 255 },
      })),
    ],
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input', components) } } } }
      : {}),
    responses: {
      200: {
        description: 'Success',
        headers: requestIdHeader,
        content: { 'application/json': { schema: schemaOf(route.responses.success, 'output', components) } },
      },
      ...errorResponses(route.responses.errorCodes),
    },
    ...(isAlias ? { deprecated: true } : {}),
  };
}

function healthPaths(): JsonObject {
  const status = (values: string[]) => ({
    type: 'object',
    properties: { status: { type: 'string', enum: values }, reason: { type: 'string' } },
    required: ['status'],
  });
  return {
    '/healthz': {
      get: {
        operationId: 'liveness',
        summary: 'Liveness: the process answers',
        tags: ['Health'],
        responses: { 200: { description: 'Alive', content: { 'application/json': { schema: status(['ok']) } } } },
      },
    },
    '/readyz': {
      get: {
        operationId: 'readiness',
        summary: 'Readiness: the database answers within 2 s',
        tags: ['Health'],
        responses: {
          200: { description: 'Ready to serve', content: { 'application/json': { schema: status(['ready']) } } },
          503: {
            description: 'Not ready (database unreachable); retry after Retry-After seconds',
            headers: { 'Retry-After': { schema: { type: 'string' } } },
            content: { 'application/json': { schema: status(['unavailable']) } },
          },
        },
      },
    },
  };
}

function outgoingOperation(call: OutgoingCall, components: Record<string, JsonObject>): JsonObject {
  return {
    post: {
      // The partner calls are named as themselves; events read as such (eventSERVICE_SESSION_COMPLETED).
      operationId: call.name.startsWith('partner') ? call.name : `event${call.name}`,
      summary: call.summary,
      description: call.description,
      parameters: signatureHeaders,
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(call.body, 'output', components) } } },
      responses: call.reply
        ? {
            200: {
              description: call.replyDescription,
              content: { 'application/json': { schema: schemaOf(call.reply, 'input', components) } },
            },
          }
        : { '2XX': { description: call.replyDescription } },
    },
  };
}

/**
 * OpenAPI 3.1 of the whole merchant contract: the REST endpoints (generated from the zod schemas
 * that validate the requests), the health routes, and under `webhooks` every call PaySplit makes
 * to the merchant with its Standard Webhooks signature headers.
 */
export function buildOpenApiDocument(
  routes: readonly RestRoute<never, never>[],
  serverUrl: string,
  outgoing: readonly OutgoingCall[] = OUTGOING_CALLS,
): JsonObject {
  const components: Record<string, JsonObject> = {};
  schemaOf(errorResponseSchema, 'output', components);
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    for (const path of route.paths) {
      const openApiPath = path.replace(/:([A-Za-z]+)/g, '{$1}');
      paths[openApiPath] = { ...paths[openApiPath], [route.method]: restOperation(route, path, components) };
    }
  }
  Object.assign(
    paths,
    exportPaths(components),
    healthPaths(),
    listenPaths((schema, io) => schemaOf(schema, io, components), errorResponses),
  );
  const webhooks = Object.fromEntries(outgoing.map((call) => [call.name, outgoingOperation(call, components)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'PaySplit API',
      version: '1.0.0',
      description:
        'Split-payment sessions. Amounts are integer minor units as strings (`amountMinor`) unless named `amount` (major units).\n\n' +
        'Your server calls the operations below with its API key. PaySplit calls your server too: the partner create-payment, refund and cancel calls ' +
        'and the webhook events, listed under **Webhooks**, each signed the Standard Webhooks way (`webhook-id`, ' +
        '`webhook-timestamp`, `webhook-signature`). Verify the signature on the raw body before acting on a call.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Sessions', description: 'Create, read and cancel split-payment sessions (API key)' },
      { name: 'Payments', description: 'Record what the processor did, settle pending cancellations (API key)' },
      { name: 'Refunds', description: 'Refund captured money and settle pending refunds (API key; needs a partnerRefundUrl)' },
      { name: 'Status', description: 'Public progress of a session (no key)' },
      { name: 'Test clocks', description: "Test mode only: move a session's clock forward and run what falls due (API key)" },
      { name: 'Listen', description: "Your integration's test-mode traffic forwarded to your machine (`npx paysplit listen`; test key)" },
      { name: 'Exports', description: 'Reconciliation: sessions, payments, captures, releases and refunds as CSV or JSON lines (API key)' },
      { name: 'Health', description: 'For load balancers and orchestrators' },
    ],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Service-API-Key', description: 'ps_test_… or ps_live_…; server-to-server only' },
      },
      schemas: components,
    },
  };
}
