import type { Server } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema, OperationTypeNode, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { type CookieJar, createRequestContext, type RequestContext } from '../graphql/context.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { resolveSubscriptionDocument, type TrustedDocumentPolicy } from '../graphql/trusted-documents.js';
import type { Logger } from '../logger.js';

/**
 * GraphQL subscriptions over graphql-ws on the same path as queries (decisions §9). The pay
 * page's session cookie authenticates the handshake; a handshake from another origin is refused
 * so no other site can open a socket with a payer's cookie.
 */
export function attachLiveUpdates(
  server: Server,
  deps: {
    schema: GraphQLSchema;
    publicOrigin: string;
    logger: Logger;
    contextRoot: Parameters<typeof createRequestContext>[0];
    trusted: TrustedDocumentPolicy;
  },
): () => Promise<void> {
  const sockets = new WebSocketServer({
    server,
    path: '/graphql',
    verifyClient: ({ origin }: { origin?: string }) => origin === undefined || origin === deps.publicOrigin,
  });
  const disposable = useServer<Record<string, unknown>, { request: { headers: Record<string, string | string[] | undefined> } }>(
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
  );
  return async () => {
    await disposable.dispose();
    await new Promise((resolve) => sockets.close(resolve));
  };
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
