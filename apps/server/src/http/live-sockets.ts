import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { LiveLimits } from '../config.js';
import type { Logger } from '../logger.js';
import type { SocketRoute } from './upgrades.js';

/**
 * Close code of a message larger than the socket may send: what ws itself sends when a frame
 * announces more than maxPayload, and what we send for a message over the smaller bound before
 * connection_init. graphql-ws clients treat it as final (the same message would be refused again).
 */
export const CLOSE_MESSAGE_TOO_BIG = 1009;
/**
 * Before connection_init has been acknowledged nobody is known yet: each message may be this
 * large. The pay app's connection_init has no payload at all.
 */
export const MAX_MESSAGE_BYTES_BEFORE_INIT = 4 * 1024;
/** How long a socket we closed may take to answer the closing handshake before it is cut. */
const CLOSE_GRACE_MS = 2_000;
/** What graphql-ws throws for a message type only a server sends. */
const SERVER_MESSAGE_FROM_CLIENT = /^Unexpected message of type \S+ received$/;

/** Why a socket was refused or closed before it could do anything (paysplit_live_sockets_refused_total). */
export type SocketRefusal = 'message_too_big' | 'init_timeout' | 'pending_limit' | 'protocol_error';

export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

export interface LiveSocketsOptions {
  path: string;
  /** Handshakes from another Origin are refused (a browser without one, or a server, may connect). */
  publicOrigin: string;
  logger: Logger;
  limits: LiveLimits;
  /** The largest message a socket may send once initialised (ws refuses larger frames before reading them). */
  maxMessageBytes: number;
  /** The client's address as Express gives it (TRUST_PROXY), for the bound on waiting sockets. */
  addressOf: (request: IncomingMessage) => string;
  onRefused?: (reason: SocketRefusal) => void;
}

/**
 * graphql-ws on ws, on the HTTP server's `path`, bounded before anyone is known: a message is at
 * most `maxMessageBytes` (ws stops reading a larger frame at its header), at most
 * MAX_MESSAGE_BYTES_BEFORE_INIT until connection_init, which must come within
 * LIVE_INIT_TIMEOUT_MS; one address may have LIVE_INIT_PENDING_PER_ADDRESS sockets waiting for
 * theirs. Every socket is pinged each LIVE_PING_INTERVAL_MS and cut off when it has not answered by
 * the next ping. What goes wrong is logged through our logger (graphql-ws's own ws binding writes
 * it to the console and closes with the error's text).
 */
export function serveLiveSockets<Params extends Record<string, unknown>>(
  graphqlWs: ServerOptions<Params, SocketExtra>,
  options: LiveSocketsOptions,
): SocketRoute {
  const { logger, limits } = options;
  const waiting = new Map<string, number>();
  // Told by graphql-ws's onConnect, once a socket's connection_init has been read.
  const onInitialised = new WeakMap<WebSocket, () => void>();
  const refused = (reason: SocketRefusal, details: Record<string, unknown>) => {
    options.onRefused?.(reason);
    logger.debug({ reason, ...details }, 'live socket refused');
  };
  // The HTTP server's handshakes reach it through http/upgrades.ts, which routes them by path.
  const sockets = new WebSocketServer({
    noServer: true,
    path: options.path,
    maxPayload: options.maxMessageBytes,
    handleProtocols,
    verifyClient: ({ origin, req }: { origin?: string; req: IncomingMessage }, accept) => {
      if (origin !== undefined && origin !== options.publicOrigin) {
        accept(false, 401);
        return;
      }
      if ((waiting.get(options.addressOf(req)) ?? 0) >= limits.pendingSocketsPerAddress) {
        refused('pending_limit', {});
        accept(false, 429, 'Too many sockets from this address have not sent connection_init yet', {
          'retry-after': String(Math.ceil(limits.initTimeoutMs / 1000)),
        });
        return;
      }
      accept(true);
    },
  });

  const graphqlServer = makeServer<Params, SocketExtra>({
    ...graphqlWs,
    connectionInitWaitTimeout: limits.initTimeoutMs,
    onConnect: (ctx) => {
      onInitialised.get(ctx.extra.socket)?.();
      return graphqlWs.onConnect?.(ctx) ?? true;
    },
  });

  // The upgrade is verified and completed synchronously, so the count is current at every verifyClient.
  sockets.on('connection', (socket, request) => {
    const address = options.addressOf(request);
    waiting.set(address, (waiting.get(address) ?? 0) + 1);
    let waitingForInit = true;
    const stopWaiting = () => {
      if (!waitingForInit) return;
      waitingForInit = false;
      const left = (waiting.get(address) ?? 1) - 1;
      if (left > 0) waiting.set(address, left);
      else waiting.delete(address);
    };
    onInitialised.set(socket, stopWaiting);
    // Counted once per socket: messages already on their way may each be refused again while it closes.
    let counted = false;
    const refusedSocket = (reason: SocketRefusal, details: Record<string, unknown>) => {
      if (counted) return;
      counted = true;
      refused(reason, details);
    };
    const closeAndCut = (code?: number, reason?: string) => {
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    // Protocol errors (a frame over maxPayload, invalid UTF-8, a bad opcode): ws has already
    // started closing with the matching code.
    socket.on('error', (error: Error & { code?: string }) => {
      refusedSocket(error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'message_too_big' : 'protocol_error', { code: error.code });
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    });

    let answered = true;
    socket.on('pong', () => (answered = true));
    const pings = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      if (!answered) {
        socket.terminate();
        return;
      }
      answered = false;
      socket.ping();
    }, limits.pingIntervalMs);

    let handle: (data: string) => Promise<void> = async () => undefined;
    const closed = graphqlServer.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            // A socket that went away meanwhile is cleaned up by its close event: nothing to report.
            socket.send(data, (error) => (error && socket.readyState === socket.OPEN ? reject(error) : resolve()));
          }),
        // graphql-ws closes for the client's mistakes only (4400-4499): a bad message, a subscribe
        // before connection_init, a duplicate id, no connection_init in time. The reason may quote
        // what the client sent (an id), so only the code is logged.
        close: (code, reason) => {
          if (code === CloseCode.ConnectionInitialisationTimeout) refusedSocket('init_timeout', {});
          else refusedSocket('protocol_error', { code });
          closeAndCut(code, reason);
        },
        onMessage: (callback) => (handle = callback),
      },
      { socket, request },
    );

    socket.on('message', (data: RawData) => {
      const bytes = messageBytes(data);
      if (waitingForInit && bytes > MAX_MESSAGE_BYTES_BEFORE_INIT) {
        refusedSocket('message_too_big', { bytes });
        closeAndCut(
          CLOSE_MESSAGE_TOO_BIG,
          `Messages before connection_init is acknowledged are limited to ${MAX_MESSAGE_BYTES_BEFORE_INIT} bytes`,
        );
        return;
      }
      handle(String(data)).catch((error: unknown) => {
        // graphql-ws takes the server's own message types (connection_ack, next, error) from a
        // client as well-formed, then throws on them: the client's mistake, answered as one.
        if (error instanceof Error && SERVER_MESSAGE_FROM_CLIENT.test(error.message)) {
          refusedSocket('protocol_error', { code: CloseCode.BadRequest });
          closeAndCut(CloseCode.BadRequest, 'Invalid message received');
          return;
        }
        logger.error({ err: error }, 'live updates message failed');
        closeAndCut(CloseCode.InternalServerError, 'Internal server error');
      });
    });

    socket.once('close', (code, reason) => {
      clearInterval(pings);
      stopWaiting();
      closed(code, reason.toString()).catch((error: unknown) => logger.error({ err: error }, 'live updates close failed'));
    });
  });

  return {
    path: options.path,
    handleUpgrade: (request, socket, head) => sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request)),
    async stop() {
      for (const client of sockets.clients) client.close(1001, 'Going away');
      sockets.removeAllListeners();
      await new Promise((resolve) => sockets.close(resolve));
    },
  };
}

function messageBytes(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}
