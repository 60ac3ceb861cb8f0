import type { IncomingMessage, Server } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema, OperationTypeNode, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import type { LiveLimits } from '../config.js';
import { type CookieJar, createRequestContext, type RequestContext } from '../graphql/context.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { resolveSubscriptionDocument, type TrustedDocumentPolicy } from '../graphql/trusted-documents.js';
import type { Logger } from '../logger.js';
import type { LiveConnection } from '../modules/live/session-fanout.js';

/**
 * Close code of a socket that left more than LIVE_SEND_BUFFER_BYTES unread: it is not keeping up,
 * so it gets nothing more. Not one graphql-ws treats as fatal, so the pay app's client reconnects
 * and reloads the session (docs/operations.md, "Live updates").
 */
export const CLOSE_SLOW_CONSUMER = 4413;
/** How long a slow socket's closing handshake may take before the connection is cut. */
const SLOW_CLOSE_GRACE_MS = 2_000;

/**
 * GraphQL subscriptions over graphql-ws on the same path as queries (decisions §9). The pay
 * page's session cookie authenticates the handshake; a handshake from another origin is refused
 * so no other site can open a socket with a payer's cookie. Every socket is pinged each
 * LIVE_PING_INTERVAL_MS and cut off when it has not answered by the next ping.
 */
export function attachLiveUpdates(
  server: Server,
  deps: {
    schema: GraphQLSchema;
    publicOrigin: string;
    logger: Logger;
    contextRoot: Parameters<typeof createRequestContext>[0];
    trusted: TrustedDocumentPolicy;
    limits: LiveLimits;
    /** Express's compiled TRUST_PROXY: whether the hop-th address from the socket is a trusted proxy. */
    trustsProxy: (address: string, hop: number) => boolean;
  },
): () => Promise<void> {
  const sockets = new WebSocketServer({
    server,
    path: '/graphql',
    verifyClient: ({ origin }: { origin?: string }) => origin === undefined || origin === deps.publicOrigin,
  });
  const disposable = useServer<Record<string, unknown>, { socket: WebSocket; request: IncomingMessage }>(
    {
      schema: deps.schema,
      // Browsers only, so the same rule as /graphql for callers without a credential.
      onSubscribe: (_ctx, _id, payload) =>
        resolveSubscriptionDocument(deps.trusted, payload) ?? subscriptionsOnly(payload.query, payload.operationName),
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
      // Refusals in the same shape and words as on /graphql: codes, and no value the client sent.
      onError: (_ctx, _id, _payload, errors) => {
        const formatted = errors.map((error) => formatGraphQLError(error.toJSON(), error));
        deps.logger.debug({ errors: formatted.map((error) => error.message) }, 'subscription refused');
        return formatted;
      },
    },
    sockets,
    deps.limits.pingIntervalMs,
  );
  return async () => {
    await disposable.dispose();
    await new Promise((resolve) => sockets.close(resolve));
  };
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
 * The socket carries subscriptions only: queries and mutations go over HTTP, where the rate
 * limits, the cost limit and its budgets apply (graphql-ws would otherwise execute them here,
 * past all of those). And graphql-ws parses the document outside its error handling, so a syntax
 * error would close the socket as an internal error (4500) and be written to the console; parsed
 * here first, it is answered as the refusal it is.
 */
function subscriptionsOnly(query: string, operationName: string | null | undefined): readonly GraphQLError[] | undefined {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
  const operation = getOperationAST(document, operationName);
  if (operation && operation.operation !== OperationTypeNode.SUBSCRIPTION) {
    return [new GraphQLError('Only subscriptions run over WebSocket; send queries and mutations to /graphql over HTTP')];
  }
  return undefined;
}
