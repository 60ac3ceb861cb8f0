import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { LISTEN_CLOSE_CODES, LISTEN_PATH, LISTEN_SUBPROTOCOL } from '../listen-protocol.js';
import type { ListenCall, ListenReady } from '../wire-types.js';
import { type ForwardedCall, type ForwardTargets, forwardCall } from './forward.js';

export interface ListenOptions {
  /** A test API key (`ps_test_…`); a live key is refused before anything is sent. */
  apiKey: string;
  /** PaySplit's address, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** Where webhooks go, e.g. `http://localhost:4242/webhooks`. */
  forwardTo: string;
  /** Where partner calls go: this base, then the path of the integration's own URL for each. Default: `forwardTo`'s origin. */
  forwardPartnerTo?: string;
  /** Connected (again): the signing secret to verify the forwarded calls with is `ready.signingSecret`. */
  onReady?(ready: ListenReady, again: boolean): void;
  /** One call forwarded, and what the local endpoint made of it. */
  onCall?(call: ForwardedCall): void;
  /** The connection was lost or could not be made; the next try follows in `retryInMs`. */
  onRetry?(info: { reason: string; retryInMs: number }): void;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: () => number;
}

/** Why listening ended for good: stopped, or refused in a way trying again would not change. */
export type ListenEnd =
  | { kind: 'stopped' }
  | {
      kind: 'refused';
      /** PaySplit's error code (`INVALID_API_KEY`, `TEST_MODE_ONLY`, …) or what closed the connection (`REPLACED`). */
      code: string;
      message: string;
      /** The handshake's HTTP status, when it was refused there. */
      status?: number;
    };

export interface Listening {
  /** Resolves when listening ends for good. */
  readonly ended: Promise<ListenEnd>;
  /** Closes the connection and stops reconnecting. */
  stop(): Promise<void>;
}

/**
 * The first pause after a lost connection, half as long again after each failed try, up to the
 * longest: a restarting server (a few seconds) is found again soon, a down one is tried every 5 s.
 */
const FIRST_RETRY_MS = 500;
const RETRY_GROWTH = 1.5;
const LONGEST_RETRY_MS = 5_000;
/** A connection silent this many ping intervals is presumed dead (PaySplit pings every interval). */
const SILENT_INTERVALS = 3;

type Attempt = { kind: 'closed'; reason: string; wasReady: boolean; retryAfterMs?: number } | Extract<ListenEnd, { kind: 'refused' }>;

/**
 * `paysplit listen` as a function: holds one WebSocket to PaySplit with a test key and forwards each
 * call PaySplit sends to the local URLs, answering with what they answered. Reconnects after any
 * loss (a restart, a dropped network) with a growing pause, until stopped or refused.
 */
export function listen(options: ListenOptions): Listening {
  const targets = targetsOf(options);
  if (options.apiKey.startsWith('ps_live_')) {
    return ended({
      kind: 'refused',
      code: 'TEST_MODE_ONLY',
      message: 'This is a live key: only test-mode traffic is ever forwarded, so use a test key (ps_test_…). The live key was not sent.',
    });
  }
  const random = options.random ?? Math.random;
  const stopping = new AbortController();
  let socket: WebSocket | undefined;

  const connectOnce = (again: boolean): Promise<Attempt> =>
    new Promise((resolve) => {
      const ws = new WebSocket(socketUrlOf(options.baseUrl), LISTEN_SUBPROTOCOL, {
        headers: { 'x-service-api-key': options.apiKey },
        handshakeTimeout: 10_000,
      });
      socket = ws;
      let ready = false;
      let readyPing = 0;
      let silence: NodeJS.Timeout | undefined;
      // What a connection that could not be made (or was cut) ran into, for the line saying so.
      let failure: string | undefined;
      const heard = (pingIntervalMs: number) => {
        clearTimeout(silence);
        silence = setTimeout(() => {
          failure = 'PaySplit went silent';
          ws.terminate();
        }, SILENT_INTERVALS * pingIntervalMs);
      };
      ws.on('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const error = parseError(Buffer.concat(chunks).toString('utf8'));
          ws.terminate();
          // A refused key, a live key, a disabled integration: trying again changes nothing. So on a
          // first connection does a protocol this CLI does not speak or an address without the route
          // (a wrong base URL); once connected before, that is a server being replaced: try again.
          if (status === 401 || status === 403 || (!again && (status === 400 || status === 404))) {
            resolve({
              kind: 'refused',
              status,
              code: error?.code ?? `HTTP_${status}`,
              message: error?.message ?? `refused with HTTP ${status}`,
            });
            return;
          }
          const retryAfter = Number(response.headers['retry-after']);
          resolve({
            kind: 'closed',
            reason: error ? `${error.message} (${error.code})` : `PaySplit answered HTTP ${status}`,
            wasReady: false,
            retryAfterMs: retryAfter > 0 ? retryAfter * 1000 : undefined,
          });
        });
      });
      ws.on('ping', () => ready && heard(readyPing));
      ws.on('message', (data) => {
        let message: ListenReady | ListenCall;
        try {
          message = JSON.parse(String(data)) as ListenReady | ListenCall;
        } catch {
          return;
        }
        if (message.type === 'ready') {
          ready = true;
          readyPing = message.pingIntervalMs;
          heard(readyPing);
          options.onReady?.(message, again);
        } else if (message.type === 'call') {
          void forwardCall(message, targets)
            .then(({ answer, forwarded }) => {
              if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(answer));
              options.onCall?.(forwarded);
            })
            .catch(() => undefined);
        }
      });
      ws.on('error', (error: Error & { code?: string }) => {
        failure = error.code ? `could not connect (${error.code})` : error.message;
      });
      ws.on('close', (code, reasonBuffer) => {
        clearTimeout(silence);
        const reason = reasonBuffer.toString();
        if (code === LISTEN_CLOSE_CODES.replaced) {
          resolve({ kind: 'refused', code: 'REPLACED', message: 'Another paysplit listen for this integration took over' });
        } else if (code === LISTEN_CLOSE_CODES.keyRefused) {
          const [errorCode, ...words] = reason.split(': ');
          resolve({ kind: 'refused', code: errorCode || 'KEY_REFUSED', message: words.join(': ') || 'The API key no longer works' });
        } else if (code === LISTEN_CLOSE_CODES.badMessage) {
          resolve({ kind: 'refused', code: 'BAD_MESSAGE', message: `PaySplit refused a message of this listener: ${reason}` });
        } else {
          resolve({
            kind: 'closed',
            reason: reason ? `${reason} (${code})` : (failure ?? `the connection closed (${code})`),
            wasReady: ready,
          });
        }
      });
    });

  const run = async (): Promise<ListenEnd> => {
    let failures = 0;
    let connectedBefore = false;
    while (!stopping.signal.aborted) {
      const attempt = await connectOnce(connectedBefore);
      if (stopping.signal.aborted) break;
      if (attempt.kind === 'refused') return attempt;
      if (attempt.wasReady) {
        connectedBefore = true;
        failures = 0;
      }
      const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * RETRY_GROWTH ** failures) * (0.8 + 0.4 * random());
      const retryInMs = Math.round(Math.max(backoff, attempt.retryAfterMs ?? 0));
      failures += 1;
      options.onRetry?.({ reason: attempt.reason, retryInMs });
      await sleep(retryInMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
    return { kind: 'stopped' };
  };

  const done = run();
  return {
    ended: done,
    async stop() {
      stopping.abort();
      socket?.close(1000, 'The listener stopped');
      setTimeout(() => socket?.terminate(), 1_000).unref();
      await done;
    },
  };
}

/** The local targets, checked: absolute http(s) URLs (a TypeError names the bad one). */
function targetsOf(options: ListenOptions): ForwardTargets {
  const parse = (value: string, name: string): URL => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new TypeError(`${name} must be an absolute URL, e.g. http://localhost:4242/webhooks`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${name} must be an http or https URL`);
    return url;
  };
  const webhooks = parse(options.forwardTo, 'forwardTo');
  parse(options.baseUrl, 'baseUrl');
  const partnerBase =
    options.forwardPartnerTo === undefined ? new URL(webhooks.origin) : parse(options.forwardPartnerTo, 'forwardPartnerTo');
  return { webhooks, partnerBase };
}

/** ws(s)://…/api/v1/listen under the base URL, a path prefix kept. */
function socketUrlOf(baseUrl: string): string {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const url = new URL(LISTEN_PATH.slice(1), base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function parseError(text: string): { code: string; message: string } | undefined {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string' && typeof body.message === 'string') return { code: body.code, message: body.message };
  } catch {
    // Not PaySplit's error body (a proxy's page): the status says it.
  }
  return undefined;
}

function ended(end: ListenEnd): Listening {
  return { ended: Promise.resolve(end), stop: async () => undefined };
}
