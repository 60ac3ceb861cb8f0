import { randomUUID } from 'node:crypto';
import { PaySplitError, type PaySplitErrorDetail } from './paysplit-error.js';
import {
  DEFAULT_BACKOFF,
  MAX_RETRY_AFTER_MS,
  STATUS_POLL_BACKOFF,
  isRetryableStatus,
  jitteredDelayMs,
  parseRetryAfterMs,
  type BackoffRange,
} from './retry-policy.js';
import type {
  AdvanceTestClockRequest,
  AdvanceTestClockResponse,
  ExportKind,
  ExportRows,
  CreateSessionRequest,
  CreateSessionResponse,
  RecordPaymentRequest,
  RecordPaymentResponse,
  RefundSessionRequest,
  RefundSessionResponse,
  SessionDetails,
  SettleCancellationRequest,
  SettleCancellationResponse,
  SettleCaptureRequest,
  SettleCaptureResponse,
  SettleRefundRequest,
  SettleRefundResponse,
  SessionStatusResponse,
} from './wire-types.js';

export interface ClientOptions {
  /** `ps_test_…` / `ps_live_…`. Server-side only: never ship it to a browser. */
  apiKey: string;
  /** e.g. `http://localhost:3000`; a trailing slash is fine. */
  baseUrl: string;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Retries AFTER the first attempt; default 3. */
  maxRetries?: number;
  /** Per attempt, including reading the body; default 15000. */
  timeoutMs?: number;
  /** Waits between attempts; injectable so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: () => number;
}

export interface CreateSessionOptions {
  /** Reuse the same key when you retry a creation yourself; default a fresh UUID per call. */
  idempotencyKey?: string;
}

export interface ExportOptions {
  /** First instant (included): a Date, or RFC 3339 with its offset (`2026-11-01T00:00:00Z`), or a date (`2026-11-01`, 00:00 UTC). */
  from: Date | string;
  /** End (excluded): [from, to), at most 366 days after from. */
  to: Date | string;
  /** `csv` (default: RFC 4180 with a header line) or `jsonl` (one JSON object per line). */
  format?: 'csv' | 'jsonl';
}

/** An export PaySplit has started sending: its body arrives as it is read from the database. */
export interface ExportStream {
  /** The file's bytes. Read it to the end (or cancel it): an unread body holds the connection. */
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** The name PaySplit suggests (`paysplit-payments-live-20261101T000000Z-20261201T000000Z.csv`). */
  fileName: string | undefined;
  requestId: string | undefined;
}

export interface PaySplitClient {
  sessions: {
    create(body: CreateSessionRequest, options?: CreateSessionOptions): Promise<CreateSessionResponse>;
    get(sessionId: string): Promise<SessionDetails>;
    cancel(sessionId: string): Promise<SessionDetails>;
    /**
     * Test mode only: moves a session's clock forward (`{ seconds }` or `{ to: ISO time }`) and
     * runs what falls due on the way, in order, once: reminders, holds about to lapse, the
     * deadline. The clock then stays frozen until advanced again. A live session or live key
     * answers TEST_MODE_ONLY. Not retried: a repeated `seconds` would move the clock twice (a
     * repeated `to` changes nothing, so retry that one yourself if you need to).
     */
    advanceTestClock(sessionId: string, body: AdvanceTestClockRequest): Promise<AdvanceTestClockResponse>;
  };
  payments: {
    record(body: RecordPaymentRequest): Promise<RecordPaymentResponse>;
    /** Settles a cancellation (partner.payment.cancel) your endpoint answered `pending` to. Idempotent per (cancelId, status). */
    settleCancellation(cancelId: string, body: SettleCancellationRequest): Promise<SettleCancellationResponse>;
    /**
     * Settles a capture (partner.payment.capture, captureMethod manual) your endpoint answered
     * `pending` to, or never answered. Idempotent per (captureId, status); `failed` reopens the share.
     */
    settleCapture(captureId: string, body: SettleCaptureRequest): Promise<SettleCaptureResponse>;
  };
  refunds: {
    /**
     * Refunds captured money of a session: `amountMinor` spread in proportion to what each paid,
     * per-payment `allocations`, or (neither) everything still refundable. One Idempotency-Key for
     * the whole call, retries included (default a fresh UUID): a retry never refunds twice.
     */
    create(sessionId: string, body?: RefundSessionRequest, options?: CreateSessionOptions): Promise<RefundSessionResponse>;
    /** Settles a refund your endpoint answered `pending` to. Idempotent per (refundId, status). */
    settle(refundId: string, body: SettleRefundRequest): Promise<SettleRefundResponse>;
  };
  status: { get(sessionId: string): Promise<SessionStatusResponse> };
  /**
   * Reconciliation exports: your integration's rows of one kind created in [from, to), in the key's
   * mode, oldest first. The call resolves (or throws a PaySplitError, retried like the other reads)
   * once PaySplit has answered; `timeoutMs` bounds that wait, not the reading of the body. A body
   * that ends early (the connection dropped) errors when read: export again.
   */
  exports: {
    /** The export as a stream of bytes, for a file or a pipe: `Readable.fromWeb(stream.body).pipe(createWriteStream(…))`. */
    stream(kind: ExportKind, options: ExportOptions): Promise<ExportStream>;
    /** The JSON lines export, one parsed row at a time as it arrives; an export cut short throws `EXPORT_INCOMPLETE`. */
    rows<K extends ExportKind>(kind: K, options: Omit<ExportOptions, 'format'>): AsyncIterable<ExportRows[K]>;
  };
}

const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_TIMEOUT_MS = 15_000;

interface CallSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  backoff: BackoffRange;
  /** A 2xx answer's body is handed over unread, as a stream. */
  stream?: boolean;
}

type AttemptOutcome =
  | { kind: 'answer'; status: number; headers: Headers; bodyText: string }
  | { kind: 'stream'; status: number; headers: Headers; body: ReadableStream<Uint8Array> }
  | { kind: 'no_answer'; error: unknown };

export function createClient(options: ClientOptions): PaySplitClient {
  const { apiKey } = options;
  // The key itself never goes into a message: a thrown TypeError may end up in a log.
  if (typeof apiKey !== 'string' || !apiKey.startsWith('ps_')) {
    throw new TypeError("PaySplit apiKey must start with 'ps_' (ps_test_… or ps_live_…)");
  }
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('No fetch implementation: pass options.fetch');
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new TypeError('maxRetries must be a non-negative integer');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('timeoutMs must be a positive number');
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  // Defence in depth: should a message ever echo the key (a custom fetch's error), it is cut out.
  const redact = (text: string): string => text.split(apiKey).join('[redacted]');
  const mentionsKey = (error: unknown): boolean => {
    for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
      if (String(current).includes(apiKey) || (current instanceof Error && current.message.includes(apiKey))) return true;
      current = current instanceof Error ? current.cause : undefined;
    }
    return false;
  };

  async function attempt(spec: CallSpec, requestBody: string | undefined): Promise<AttemptOutcome> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-service-api-key': apiKey,
      ...spec.headers,
    };
    // The timeout covers the answer; a streamed body (an export) is read for as long as it takes.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    try {
      const response = await fetchImpl(baseUrl + spec.path, {
        method: spec.method,
        headers,
        ...(requestBody === undefined ? {} : { body: requestBody }),
        signal: controller.signal,
        // Following a redirect would re-send the API key to wherever it points; a 3xx becomes an error.
        redirect: 'manual',
      });
      if (spec.stream && response.ok && response.body) {
        clearTimeout(timer);
        return { kind: 'stream', status: response.status, headers: response.headers, body: response.body };
      }
      // The body is read inside the try: a connection dropped mid-body is as unanswered as a refused one.
      const bodyText = await response.text();
      return { kind: 'answer', status: response.status, headers: response.headers, bodyText };
    } catch (error) {
      return { kind: 'no_answer', error };
    } finally {
      clearTimeout(timer);
    }
  }

  async function call<T>(spec: CallSpec, options: { retries?: number } = {}): Promise<T> {
    const outcome = await answered(spec, options);
    return parseSuccess<T>(outcome, redact);
  }

  /** The first 2xx answer, after the retries its failures allow (`retries`, else the client's); anything else throws. */
  async function answered(spec: CallSpec, options: { retries?: number } = {}): Promise<Exclude<AttemptOutcome, { kind: 'no_answer' }>> {
    // Serialised once, outside the attempts: a body that cannot be JSON (a BigInt) is the caller's bug, not a network error.
    const requestBody = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const retries = options.retries ?? maxRetries;
    for (let attemptNumber = 0; ; attemptNumber += 1) {
      const outcome = await attempt(spec, requestBody);
      const retriesLeft = attemptNumber < retries;

      if (outcome.kind === 'no_answer') {
        if (retriesLeft) {
          await sleep(jitteredDelayMs(spec.backoff, random));
          continue;
        }
        throw new PaySplitError({
          code: 'NETWORK_ERROR',
          status: 0,
          message: redact(
            `PaySplit ${spec.method} ${pathOnly(spec.path)} got no answer after ${attemptNumber + 1} attempt(s): ${describeNetworkError(outcome.error, timeoutMs)}`,
          ),
          // Dropped rather than redacted when it mentions the key: loggers print the cause chain too.
          cause: mentionsKey(outcome.error) ? undefined : outcome.error,
        });
      }

      if (outcome.kind === 'stream' || (outcome.status >= 200 && outcome.status < 300)) return outcome;

      // The first attempt of this very call (same Idempotency-Key) may still be running on the server.
      const firstStillRunning = outcome.status === 409 && outcome.bodyText.includes('"IDEMPOTENCY_IN_PROGRESS"');
      if ((isRetryableStatus(outcome.status) || firstStillRunning) && retriesLeft) {
        const retryAfterMs = parseRetryAfterMs(outcome.headers.get('retry-after'), Date.now());
        if (retryAfterMs === undefined || retryAfterMs <= MAX_RETRY_AFTER_MS) {
          await sleep(retryAfterMs ?? jitteredDelayMs(spec.backoff, random));
          continue;
        }
      }
      throw errorFromAnswer(outcome, redact);
    }
  }

  async function openExport(kind: ExportKind, options: ExportOptions): Promise<ExportStream> {
    const path = `/api/v1/exports/${encodeURIComponent(requireId(kind, 'kind'))}?${exportQuery(options).toString()}`;
    const outcome = await answered({ method: 'GET', path, backoff: DEFAULT_BACKOFF, stream: true, headers: { accept: '*/*' } });
    const requestId = outcome.headers.get('x-request-id') ?? undefined;
    if (outcome.kind !== 'stream') {
      throw new PaySplitError({
        code: 'INVALID_RESPONSE',
        status: outcome.status,
        message: 'PaySplit answered the export without a body',
        requestId,
      });
    }
    const fileName = /filename="([^"]+)"/.exec(outcome.headers.get('content-disposition') ?? '')?.[1];
    return { body: outcome.body, contentType: outcome.headers.get('content-type') ?? '', fileName, requestId };
  }

  async function* exportRows<K extends ExportKind>(kind: K, options: Omit<ExportOptions, 'format'>): AsyncGenerator<ExportRows[K]> {
    const opened = await openExport(kind, { ...options, format: 'jsonl' });
    let rows = 0;
    let rest = '';
    const decoder = new TextDecoder();
    const reader = opened.body.getReader();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (cause) {
          throw new PaySplitError({
            code: 'EXPORT_INCOMPLETE',
            status: 200,
            message: `PaySplit's ${kind} export ended early, after ${rows} row(s): export again`,
            requestId: opened.requestId,
            cause: mentionsKey(cause) ? undefined : cause,
          });
        }
        rest += decoder.decode(chunk.value, { stream: !chunk.done });
        const lines = rest.split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') continue;
          rows += 1;
          yield JSON.parse(line) as ExportRows[K];
        }
        if (chunk.done) return;
      }
    } finally {
      // A caller that stops early (break) lets go of the connection.
      await reader.cancel().catch(() => undefined);
    }
  }

  const sessionPath = (sessionId: string): string => `/api/v1/payments/sessions/${encodeURIComponent(requireId(sessionId, 'sessionId'))}`;

  return {
    sessions: {
      async create(body, createOptions) {
        const key = createOptions?.idempotencyKey ?? randomUUID();
        if (typeof key !== 'string' || key.length === 0) throw new TypeError('idempotencyKey must be a non-empty string');
        // One key for the whole call, retries included: a retry after a lost answer replays the first session.
        return call<CreateSessionResponse>({
          method: 'POST',
          path: '/api/v1/payments/sessions',
          body,
          headers: { 'idempotency-key': key },
          backoff: DEFAULT_BACKOFF,
        });
      },
      async get(sessionId) {
        return call<SessionDetails>({ method: 'GET', path: sessionPath(sessionId), backoff: DEFAULT_BACKOFF });
      },
      async cancel(sessionId) {
        // `{}` rather than no body: a JSON content type with an empty body trips strict parsers.
        return call<SessionDetails>({ method: 'POST', path: `${sessionPath(sessionId)}/cancel`, body: {}, backoff: DEFAULT_BACKOFF });
      },
      async advanceTestClock(sessionId, body) {
        // One attempt: a retry after a lost answer would advance by `seconds` again.
        return call<AdvanceTestClockResponse>(
          { method: 'POST', path: `${sessionPath(sessionId)}/test-clock/advance`, body, backoff: DEFAULT_BACKOFF },
          { retries: 0 },
        );
      },
    },
    payments: {
      async record(body) {
        return call<RecordPaymentResponse>({ method: 'POST', path: '/api/v1/payments/record', body, backoff: DEFAULT_BACKOFF });
      },
      async settleCancellation(cancelId, body) {
        return call<SettleCancellationResponse>({
          method: 'POST',
          path: `/api/v1/payments/cancellations/${encodeURIComponent(requireId(cancelId, 'cancelId'))}/settle`,
          body,
          backoff: DEFAULT_BACKOFF,
        });
      },
      async settleCapture(captureId, body) {
        return call<SettleCaptureResponse>({
          method: 'POST',
          path: `/api/v1/payments/captures/${encodeURIComponent(requireId(captureId, 'captureId'))}/settle`,
          body,
          backoff: DEFAULT_BACKOFF,
        });
      },
    },
    refunds: {
      async create(sessionId, body = {}, createOptions) {
        const key = createOptions?.idempotencyKey ?? randomUUID();
        if (typeof key !== 'string' || key.length === 0) throw new TypeError('idempotencyKey must be a non-empty string');
        return call<RefundSessionResponse>({
          method: 'POST',
          path: `${sessionPath(sessionId)}/refunds`,
          body,
          headers: { 'idempotency-key': key },
          backoff: DEFAULT_BACKOFF,
        });
      },
      async settle(refundId, body) {
        return call<SettleRefundResponse>({
          method: 'POST',
          path: `/api/v1/payments/refunds/${encodeURIComponent(requireId(refundId, 'refundId'))}/settle`,
          body,
          backoff: DEFAULT_BACKOFF,
        });
      },
    },
    exports: {
      stream: openExport,
      rows: exportRows,
    },
    status: {
      async get(sessionId) {
        const query = new URLSearchParams({ sessionId: requireId(sessionId, 'sessionId') });
        return call<SessionStatusResponse>({
          method: 'GET',
          path: `/api/payments/unified?${query.toString()}`,
          backoff: STATUS_POLL_BACKOFF,
        });
      },
    },
  };
}

function exportQuery(options: ExportOptions): URLSearchParams {
  const instant = (value: unknown, name: string): string => {
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
    if (typeof value === 'string' && value.length > 0) return value;
    throw new TypeError(`${name} must be a Date or an instant such as 2026-11-01T00:00:00Z`);
  };
  const query = new URLSearchParams({ from: instant(options?.from, 'from'), to: instant(options?.to, 'to') });
  if (options.format !== undefined) query.set('format', options.format);
  return query;
}

function normaliseBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) throw new TypeError('baseUrl must be an absolute http(s) URL');
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('baseUrl must be an absolute http(s) URL');
  if (url.search !== '' || url.hash !== '') throw new TypeError('baseUrl must not carry a query or fragment');
  // Keeps a path prefix (PaySplit behind `/paysplit/`) and drops trailing slashes so paths join cleanly.
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

function requireId(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${name} must be a non-empty string`);
  return value;
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  // undici says only "fetch failed"; the useful part (ECONNREFUSED, "other side closed") is in the cause.
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.length > 0 ? parts.join(': ') : String(error);
}

function parseSuccess<T>(outcome: Exclude<AttemptOutcome, { kind: 'no_answer' }>, redact: (text: string) => string): T {
  if (outcome.kind === 'stream') throw new TypeError('a streamed answer is not JSON');
  try {
    return JSON.parse(outcome.bodyText) as T;
  } catch (cause) {
    throw new PaySplitError({
      code: 'INVALID_RESPONSE',
      status: outcome.status,
      message: redact(`PaySplit answered HTTP ${outcome.status} with a body that is not JSON`),
      requestId: outcome.headers.get('x-request-id') ?? undefined,
      cause,
    });
  }
}

function errorFromAnswer(outcome: { status: number; headers: Headers; bodyText: string }, redact: (text: string) => string): PaySplitError {
  const headerRequestId = outcome.headers.get('x-request-id') ?? undefined;
  const body = tryParseJson(outcome.bodyText);
  if (isRecord(body) && body['success'] === false && typeof body['code'] === 'string') {
    const message = typeof body['message'] === 'string' ? body['message'] : `PaySplit answered HTTP ${outcome.status}`;
    return new PaySplitError({
      code: body['code'],
      status: outcome.status,
      message: redact(message),
      requestId: typeof body['requestId'] === 'string' ? body['requestId'] : headerRequestId,
      details: readDetails(body['details']),
    });
  }
  return new PaySplitError({
    code: `HTTP_${outcome.status}`,
    status: outcome.status,
    message: `PaySplit answered HTTP ${outcome.status} without a PaySplit error body`,
    requestId: headerRequestId,
  });
}

function readDetails(value: unknown): PaySplitErrorDetail[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isRecord).map((d) => ({
    path: typeof d['path'] === 'string' ? d['path'] : String(d['path'] ?? ''),
    message: typeof d['message'] === 'string' ? d['message'] : '',
  }));
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
