import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** A WebSocket route: the handshakes of one path, and how to close what it opened. */
export interface SocketRoute {
  readonly path: string;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  stop(): Promise<void>;
}

/**
 * Hands each WebSocket handshake of the HTTP server to the route of its path (the live updates on
 * /graphql, the listen connection): one `upgrade` listener for all, since a ws server bound to the
 * HTTP server refuses every path but its own. A handshake for any other path is refused with 400,
 * as ws refused it before. Returns what stops every route (once, however often it is called).
 */
export function routeUpgrades(server: Server, routes: readonly SocketRoute[]): () => Promise<void> {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client gone mid-handshake must not become an unhandled error.
    socket.on('error', () => socket.destroy());
    const path = (request.url ?? '').split('?', 1)[0]!;
    const route = byPath.get(path);
    if (route) route.handleUpgrade(request, socket, head);
    else socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: 11\r\n\r\nBad Request');
  };
  server.on('upgrade', onUpgrade);
  let stopped: Promise<void> | undefined;
  return () => {
    server.off('upgrade', onUpgrade);
    stopped ??= Promise.all(routes.map((route) => route.stop())).then(() => undefined);
    return stopped;
  };
}
