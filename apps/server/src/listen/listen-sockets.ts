import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, ERROR_CLASSES, ErrorCode } from '@paysplit/domain';
import { LISTEN_CLOSE_CODES, LISTEN_PATH, LISTEN_SUBPROTOCOL } from '@paysplit/sdk';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Metrics } from '../http/metrics.js';
import { requestIdFor } from '../http/request-id.js';
import type { SocketRoute } from '../http/upgrades.js';
import type { Logger } from '../logger.js';
import { errorBody } from '../rest/error-response.js';
import { listenAnswerSchema, type ListenReadyMessage } from './listen-messages.js';
import type { LocalListener } from './listener.js';
import type { ListenPrincipal, Listeners } from './listeners.js';

/** How long a socket we closed may take to answer the closing handshake before it is cut. */
const CLOSE_GRACE_MS = 2_000;

/** Why a listen handshake or socket was refused (paysplit_listen_refused_total). */
export type ListenRefusal = 'handshake' | 'pending_limit' | 'bad_message' | 'message_too_big' | 'key_refused';

export interface ListenSocketsOptions {
  listeners: Listeners;
  logger: Logger;
  metrics?: Metrics;
  /** LIVE_PING_INTERVAL_MS: a socket that has not answered a ping by the next one is terminated. */
  pingIntervalMs: number;
  /** LIVE_INIT_PENDING_PER_ADDRESS: handshakes one address may have waiting for their checks. */
  pendingPerAddress: number;
  /** The largest message a listener may send (the HTTP body limit); ws refuses larger frames unread. */
  maxMessageBytes: number;
  /** The client's address as Express gives it (TRUST_PROXY). */
  addressOf(request: IncomingMessage): string;
  /**
   * Who is connecting, in decisions §4's order: browser headers, the API key, a test key, the
   * integration enabled. Throws the AppError to answer with. Run again when the integration changes.
   */
  authenticate(request: IncomingMessage): Promise<ListenPrincipal>;
  /** Counts the handshake against the merchant API's limit; puts its headers on `headers`. */
  limit(integrationId: string, headers: Record<string, string>): Promise<void>;
}

/**
 * The listen connection (`paysplit listen`, decisions): `GET /api/v1/listen` upgraded to a
 * WebSocket once every check passed, so nobody unknown ever holds a socket; a refusal is an HTTP
 * answer with the error body every route gives. Once connected, PaySplit sends `ready`, then the
 * calls of the integration's test-mode traffic; the listener sends answers and nothing else.
 */
export function serveListenSockets(options: ListenSocketsOptions): SocketRoute {
  const { logger, listeners } = options;
  const waiting = new Map<string, number>();
  const sockets = new WebSocketServer({
    noServer: true,
    path: LISTEN_PATH,
    maxPayload: options.maxMessageBytes,
    // Only asked for after the checks, which refuse a handshake without it.
    handleProtocols: (protocols) => (protocols.has(LISTEN_SUBPROTOCOL) ? LISTEN_SUBPROTOCOL : false),
  });
  const refused = (reason: ListenRefusal) => options.metrics?.listenRefused.inc({ reason });

  async function admit(request: IncomingMessage, headers: Record<string, string>): Promise<ListenPrincipal> {
    const principal = await options.authenticate(request);
    await options.limit(principal.integrationId, headers);
    const offered = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((protocol) => protocol.trim());
    if (!offered.includes(LISTEN_SUBPROTOCOL)) {
      throw new AppError(ErrorCode.ValidationError, `A listen connection asks for the WebSocket subprotocol ${LISTEN_SUBPROTOCOL}`, [
        { path: '(header) Sec-WebSocket-Protocol', message: `must include ${LISTEN_SUBPROTOCOL}` },
      ]);
    }
    return principal;
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const requestId = requestIdFor(request.headers['x-request-id'] as string | undefined);
    const address = options.addressOf(request);
    if ((waiting.get(address) ?? 0) >= options.pendingPerAddress) {
      refused('pending_limit');
      refuse(socket, requestId, new AppError(ErrorCode.RateLimitExceeded, 'Too many listen handshakes from this address are waiting'), {
        'Retry-After': '1',
      });
      return;
    }
    waiting.set(address, (waiting.get(address) ?? 0) + 1);
    const headers: Record<string, string> = {};
    admit(request, headers)
      .then((principal) => {
        if (socket.destroyed) return;
        sockets.handleUpgrade(request, socket, head, (ws) => connected(ws, request, principal));
      })
      .catch((error: unknown) => {
        refused('handshake');
        if (!(error instanceof AppError)) logger.error({ err: error }, 'listen handshake failed');
        refuse(
          socket,
          requestId,
          error instanceof AppError ? error : new AppError(ErrorCode.InternalError, 'An internal error occurred'),
          headers,
        );
      })
      .finally(() => {
        const left = (waiting.get(address) ?? 1) - 1;
        if (left > 0) waiting.set(address, left);
        else waiting.delete(address);
      });
  }

  function connected(ws: WebSocket, request: IncomingMessage, principal: ListenPrincipal): void {
    let listener: LocalListener | undefined;
    let open = true;
    const closeAndCut = (code: number, reason: string) => {
      ws.close(code, reason);
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    };
    // Protocol errors (a frame over maxPayload, invalid UTF-8): ws is already closing with the matching code.
    ws.on('error', (error: Error & { code?: string }) => {
      refused(error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'message_too_big' : 'bad_message');
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    });
    let answeredPing = true;
    ws.on('pong', () => (answeredPing = true));
    const pings = setInterval(() => {
      if (ws.readyState !== ws.OPEN) return;
      if (!answeredPing) return ws.terminate();
      answeredPing = false;
      ws.ping();
    }, options.pingIntervalMs);
    const badMessage = (why: string) => {
      refused('bad_message');
      closeAndCut(LISTEN_CLOSE_CODES.badMessage, why);
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return badMessage('Messages are JSON text');
      if (!listener) return badMessage('Nothing is sent before ready');
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return badMessage('A message is not JSON');
      }
      const answer = listenAnswerSchema.safeParse(parsed);
      if (!answer.success) return badMessage('A listener sends answers only: {type: "answer", callId, status, body} or {callId, error}');
      listener.answered(answer.data);
    });
    ws.once('close', () => {
      open = false;
      clearInterval(pings);
      if (listener) void listeners.disconnect(listener);
    });

    // A revoked key or a disabled integration ends the connection, on the change feed's notice.
    const recheck = () => {
      options.authenticate(request).catch((error: unknown) => {
        if (!(error instanceof AppError) || !open) return;
        refused('key_refused');
        closeAndCut(LISTEN_CLOSE_CODES.keyRefused, closeReason(`${error.code}: ${error.message}`));
      });
    };
    listeners
      .connect(principal, { send: (text) => ws.send(text), close: closeAndCut }, recheck)
      .then((connectedListener) => {
        if (!open) return listeners.disconnect(connectedListener);
        listener = connectedListener;
        const ready: ListenReadyMessage = {
          type: 'ready',
          listenerId: connectedListener.id,
          integrationId: principal.integrationId,
          mode: 'test',
          signingSecret: listeners.signingSecretOf(principal),
          pingIntervalMs: options.pingIntervalMs,
        };
        ws.send(JSON.stringify(ready));
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'listener could not be registered');
        closeAndCut(LISTEN_CLOSE_CODES.internalError, 'Internal error');
      });
  }

  return {
    path: LISTEN_PATH,
    handleUpgrade,
    async stop() {
      await listeners.stop();
      // A moment for the closing handshakes (1001: reconnect), then whatever is left is cut.
      const closing = [...sockets.clients].map((client) => new Promise((resolve) => client.once('close', resolve)));
      await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      for (const client of sockets.clients) client.terminate();
      sockets.removeAllListeners();
      await new Promise((resolve) => sockets.close(resolve));
    },
  };
}

/** A close frame's reason holds at most 123 bytes: cut whole characters until it fits. */
function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

/** Answers a refused handshake as every route answers an error: the table's status, our body, X-Request-Id. */
function refuse(socket: Duplex, requestId: string, error: AppError, headers: Record<string, string> = {}): void {
  const { status, retryAfterSeconds } = ERROR_CLASSES[error.code] ?? ERROR_CLASSES[ErrorCode.InternalError];
  const wait = error.retryAfterSeconds ?? retryAfterSeconds;
  const body = JSON.stringify(errorBody(requestId, error.code, error.message, error.details));
  const fields = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...headers,
    ...(wait !== undefined ? { 'Retry-After': String(Math.ceil(wait)) } : {}),
  };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`)];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
