import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import {
  type DocumentNode,
  type ExecutionArgs,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  OperationTypeNode,
  specifiedRules,
  validate,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { Express } from 'express';
import type { WebSocket } from 'ws';
import type { LiveLimits } from '../config.js';
import { type CookieJar, createRequestContext, type RequestContext } from '../graphql/context.js';
import { documentRefusal, parseWithinLimits } from '../graphql/document-limits.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { costRefusal, depthLimitRule, estimateCost } from '../graphql/query-limits.js';
import { resolveSubscriptionDocument, type TrustedDocumentPolicy } from '../graphql/trusted-documents.js';
import type { Logger } from '../logger.js';
import type { LiveConnection } from '../modules/live/index.js';
import { serveLiveSockets, type SocketRefusal } from './live-sockets.js';
import type { SocketRoute } from './upgrades.js';

/**
 * Close code of a socket that left more than LIVE_SEND_BUFFER_BYTES unread: it is not keeping up,
 * so it gets nothing more. Not one graphql-ws treats as fatal, so the pay app's client reconnects
 * and reloads the session (docs/operations.md, "Live updates").
 */
export const CLOSE_SLOW_CONSUMER = 4413;
/** How long a slow socket's closing handshake may take before the connection is cut. */
const SLOW_CLOSE_GRACE_MS = 2_000;
/**
 * The longest document text a subscribe may carry, checked before it is read at all. The pay
 * app's one subscription is about 600 characters (and it sends the documentId instead).
 */
export const MAX_SUBSCRIPTION_DOCUMENT_CHARS = 8 * 1024;
const VALIDATION_RULES = [...specifiedRules, depthLimitRule];

/**
 * GraphQL subscriptions over graphql-ws on the same path as queries (decisions §9), on the bounded
 * sockets of live-sockets.ts. The pay page's session cookie authenticates the subscription; a
 * handshake from another origin is refused so no other site can open a socket with a payer's cookie.
 */
export function liveUpdatesRoute(deps: {
  schema: GraphQLSchema;
  publicOrigin: string;
  logger: Logger;
  contextRoot: Parameters<typeof createRequestContext>[0];
  trusted: TrustedDocumentPolicy;
  limits: LiveLimits;
  /** The largest message a socket may send (the HTTP body limit). */
  maxMessageBytes: number;
  /** Express's compiled TRUST_PROXY: whether the hop-th address from the socket is a trusted proxy. */
  trustsProxy: (address: string, hop: number) => boolean;
  onRefused?: (reason: SocketRefusal) => void;
}): SocketRoute {
  return serveLiveSockets(
    {
      schema: deps.schema,
      // Browsers only, so the same rule as /graphql for callers without a credential.
      onSubscribe: (_ctx, _id, payload) =>
        resolveSubscriptionDocument(deps.trusted, payload) ?? subscriptionArguments(deps.schema, payload),
      context: (ctx): RequestContext => {
        const header = ctx.extra.request.headers.cookie;
        const cookies = parseCookies(typeof header === 'string' ? header : '');
        const jar: CookieJar = { get: (name) => cookies[name], set: () => undefined, clear: () => undefined };
        return createRequestContext(deps.contextRoot, {
          requestId: `ws_${Date.now().toString(36)}`,
          apiKey: undefined,
          fromBrowser: true,
          cookies: jar,
          clientAddress: clientAddressOf(ctx.extra.request, deps.trustsProxy),
          liveConnection: liveConnectionOf(ctx.extra.socket),
        });
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error)) } : undefined,
      // Refusals in the same shape and words as on /graphql: codes, and no value the client sent
      // (nor the HTTP status some of them carry for Apollo).
      onError: (_ctx, _id, _payload, errors) => {
        const formatted = errors.map((error) => {
          const { http: _status, ...extensions } = error.extensions;
          return formatGraphQLError({ ...error.toJSON(), extensions }, error);
        });
        deps.logger.debug({ errors: formatted.map((error) => error.message) }, 'subscription refused');
        return formatted;
      },
    },
    {
      path: '/graphql',
      publicOrigin: deps.publicOrigin,
      logger: deps.logger,
      limits: deps.limits,
      maxMessageBytes: deps.maxMessageBytes,
      addressOf: (request) => clientAddressOf(request, deps.trustsProxy),
      onRefused: deps.onRefused,
    },
  );
}

/** The socket as the fan-out sees it: how much it left unread, and how to close it as too slow. */
function liveConnectionOf(socket: WebSocket): LiveConnection {
  return {
    bufferedAmount: () => socket.bufferedAmount,
    closeAsSlow: () => {
      socket.close(CLOSE_SLOW_CONSUMER, 'Too slow: reconnect and reload');
      // A socket that reads nothing will not read the closing handshake either.
      setTimeout(() => socket.terminate(), SLOW_CLOSE_GRACE_MS).unref();
    },
  };
}

/** Express's compiled TRUST_PROXY: whether the hop-th address from the socket is a trusted proxy. */
export function trustsProxyOf(app: Express): (address: string, hop: number) => boolean {
  return app.get('trust proxy fn') as (address: string, hop: number) => boolean;
}

/** The client's address as Express would give it (req.ip): the socket's, or behind trusted proxies, X-Forwarded-For's. */
export function clientAddressOf(request: IncomingMessage, trustsProxy: (address: string, hop: number) => boolean): string {
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  const addresses = [request.socket.remoteAddress ?? 'unknown', ...forwarded];
  for (let hop = 0; hop < addresses.length - 1; hop += 1) if (!trustsProxy(addresses[hop]!, hop)) return addresses[hop]!;
  return addresses.at(-1)!;
}

/**
 * What graphql-ws runs for a subscribe, checked before work grows with what the client sent: the
 * text's length, then its tokens and nesting (parseWithinLimits), then subscriptions only (queries
 * and mutations go over HTTP, where the rate limits and the cost budgets apply), then graphql's
 * rules with the depth limit, then the cost limit, as on /graphql. Returned parsed and validated,
 * so graphql-ws does neither again (its own parse and rules would skip the limits).
 */
function subscriptionArguments(schema: GraphQLSchema, payload: SubscribePayload): ExecutionArgs | readonly GraphQLError[] {
  if (payload.query.length > MAX_SUBSCRIPTION_DOCUMENT_CHARS) {
    return [documentRefusal(`A subscription's document is limited to ${MAX_SUBSCRIPTION_DOCUMENT_CHARS} characters`)];
  }
  let document: DocumentNode;
  try {
    document = parseWithinLimits(payload.query);
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
  const operation = getOperationAST(document, payload.operationName);
  if (operation && operation.operation !== OperationTypeNode.SUBSCRIPTION) {
    return [new GraphQLError('Only subscriptions run over WebSocket; send queries and mutations to /graphql over HTTP')];
  }
  const problems = validate(schema, document, VALIDATION_RULES);
  if (problems.length > 0) return problems;
  const request = { query: document, operationName: payload.operationName, variables: payload.variables ?? undefined };
  try {
    const refusal = costRefusal(estimateCost(schema, request));
    if (refusal) return [refusal];
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
  return { schema, document, operationName: payload.operationName, variableValues: request.variables };
}
