import type { Server } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { type CookieJar, createRequestContext, type RequestContext } from '../graphql/context.js';
import { formatGraphQLError } from '../graphql/errors.js';
import type { Logger } from '../logger.js';

/**
 * GraphQL subscriptions over graphql-ws on the same path as queries (decisions §9). The pay
 * page's session cookie authenticates the handshake; a handshake from another origin is refused
 * so no other site can open a socket with a payer's cookie.
 */
export function attachLiveUpdates(
  server: Server,
  deps: { schema: GraphQLSchema; publicOrigin: string; logger: Logger; contextRoot: Parameters<typeof createRequestContext>[0] },
): () => Promise<void> {
  const sockets = new WebSocketServer({
    server,
    path: '/graphql',
    verifyClient: ({ origin }: { origin?: string }) => origin === undefined || origin === deps.publicOrigin,
  });
  const disposable = useServer<Record<string, unknown>, { request: { headers: Record<string, string | string[] | undefined> } }>(
    {
      schema: deps.schema,
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
      onError: (_ctx, _id, _payload, errors) => {
        deps.logger.debug({ errors: errors.map((error) => error.message) }, 'subscription refused');
      },
    },
    sockets,
  );
  return async () => {
    await disposable.dispose();
    await new Promise((resolve) => sockets.close(resolve));
  };
}
