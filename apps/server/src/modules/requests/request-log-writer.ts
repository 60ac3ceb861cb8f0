import { randomBytes } from 'node:crypto';
import { isUuid } from '@paysplit/domain';
import type { Logger } from '../../logger.js';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import type { RequestLogLine, RequestLogRow } from './request-log.repository.js';
import { keptJson, keptPath, keptRequestBody, redactText } from './request-redaction.js';

/** What /metrics shows of the log (docs/operations.md, "The request log"): counts since start. */
export interface RequestLogStats {
  /** Requests taken into the buffer. */
  recorded: number;
  /** Rows committed to request_log. */
  written: number;
  /** Rows waiting to be written now (a batch being written included), and the memory they take (estimated). */
  buffered: number;
  bufferedBytes: number;
  /** Requests not recorded because the buffer was full. */
  droppedBufferFull: number;
  /** Rows given up after their batch failed every try. */
  droppedWriteFailed: number;
}

export interface RequestLogWriterOptions {
  /** Writes one batch (one statement); rejects when nothing of it was written. */
  write(lines: readonly RequestLogLine[]): Promise<void>;
  logger: Logger;
  /** REQUEST_LOG=off records nothing (benchmarks compare with it). */
  enabled: boolean;
  /** Memory rows may take while they wait; a request that finds the buffer full is not recorded, and counted. */
  maxBufferedBytes: number;
  /** Rows per statement; a full batch is written at once. */
  batchRows?: number;
  /** A smaller batch waits at most this long. */
  flushIntervalMs?: number;
  /** Pauses before each retry of a failed batch; after the last it is given up (counted). */
  retryDelaysMs?: readonly number[];
}

/** PostgreSQL's data exceptions (22…): a row the table refuses, which no retry fixes. */
const DATA_EXCEPTION = /^22/;

/**
 * The one writer of the request log (decisions, "The request log"). A request hands its facts over
 * synchronously when its answer is written and never waits: they are redacted into a row and
 * buffered; rows are written in batches of one statement, by one writer at a time, on the main
 * pool (one connection at most). The buffer is bounded: while the database is slow or down it
 * fills, failed batches are retried with growing pauses, and once it is full further requests
 * are not recorded (paysplit_request_log_dropped_total says how many): what waits never takes more
 * than REQUEST_LOG_BUFFER_MB.
 */
export class RequestLogWriter {
  /** One flat string per waiting request: one object for the garbage collector however long it waits. */
  private buffer: RequestLogLine[] = [];
  private bufferedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  private readonly counts = { recorded: 0, written: 0, droppedBufferFull: 0, droppedWriteFailed: 0 };
  private readonly batchRows: number;
  private readonly flushIntervalMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: RequestLogWriterOptions) {
    this.batchRows = options.batchRows ?? 500;
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.retryDelaysMs = options.retryDelaysMs ?? [500, 1_000, 2_000, 4_000, 8_000];
  }

  get stats(): RequestLogStats {
    return { ...this.counts, buffered: this.buffer.length, bufferedBytes: this.bufferedBytes };
  }

  /** For the API-key routes (rest/rest-route.ts): one request, as it ended. Never throws. */
  readonly record = (request: MerchantRequest): void => {
    if (!this.options.enabled) return;
    if (this.bufferedBytes >= this.options.maxBufferedBytes) {
      this.counts.droppedBufferFull += 1;
      return;
    }
    let line: RequestLogLine;
    try {
      line = toLine(toRow(request));
    } catch (error) {
      this.options.logger.error({ err: error, requestId: request.requestId }, 'request log: a request could not be recorded');
      this.counts.droppedWriteFailed += 1;
      return;
    }
    this.buffer.push(line);
    this.bufferedBytes += sizeOf(line);
    this.counts.recorded += 1;
    if (this.buffer.length >= this.batchRows) void this.drain(false);
    else this.schedule();
  };

  /** Writes everything buffered now; resolves when it is written or given up. */
  async flush(): Promise<void> {
    while (this.buffer.length > 0 || this.draining) await (this.draining ?? this.drain(true));
  }

  /** Flushes, giving a failing batch up at once instead of retrying (the server is stopping). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.flush();
  }

  /** A part batch waits at most flushIntervalMs (a timer that fires while a batch is written is followed by another). */
  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.drain(false);
    }, this.flushIntervalMs).unref();
  }

  private drain(everything: boolean): Promise<void> {
    this.draining ??= this.writeBatches(everything).finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async writeBatches(everything: boolean): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Full batches while they are there; a part batch only when flushing or its wait is over.
    let partAllowed = true;
    while (this.buffer.length >= this.batchRows || (this.buffer.length > 0 && (everything || partAllowed))) {
      partAllowed = false;
      const batch = this.buffer.slice(0, this.batchRows);
      await this.writeWithRetries(batch);
      this.buffer.splice(0, batch.length);
      for (const line of batch) this.bufferedBytes -= sizeOf(line);
    }
    if (this.buffer.length > 0) this.schedule();
  }

  private async writeWithRetries(batch: readonly RequestLogLine[]): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.options.write(batch);
        this.counts.written += batch.length;
        return;
      } catch (error) {
        if (DATA_EXCEPTION.test(String((error as { code?: unknown }).code ?? ''))) return this.writeOneByOne(batch);
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined || this.stopping) {
          this.counts.droppedWriteFailed += batch.length;
          this.options.logger.error({ err: error, rows: batch.length }, 'request log: a batch could not be written and is given up');
          return;
        }
        this.options.logger.warn({ err: error, rows: batch.length, retryInMs: delay }, 'request log: a batch could not be written');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  /** A batch the table refused: each row on its own, so one bad row costs only itself. */
  private async writeOneByOne(batch: readonly RequestLogLine[]): Promise<void> {
    for (const line of batch) {
      try {
        await this.options.write([line]);
        this.counts.written += 1;
      } catch (error) {
        this.counts.droppedWriteFailed += 1;
        this.options.logger.error({ err: error }, 'request log: a row was refused and is given up');
      }
    }
  }
}

/** What a waiting row takes, at most: two bytes a character, and the string's own header. */
function sizeOf(line: RequestLogLine): number {
  return 64 + 2 * line.length;
}

/** A row as the batch statement reads it: JSON named by the table's columns. */
export function toLine(row: RequestLogRow): RequestLogLine {
  return JSON.stringify({
    id: row.id,
    at: row.at.toISOString(),
    integration_id: row.integrationId,
    api_key_id: row.apiKeyId,
    mode: row.mode,
    method: row.method,
    path: row.path,
    status: row.status,
    status_class: Math.floor(row.status / 100),
    error_code: row.errorCode,
    request_id: row.requestId,
    idempotency_key: row.idempotencyKey,
    duration_ms: row.durationMs,
    session_id: row.sessionId,
    request_body: row.requestBody,
    response_body: row.responseBody,
  });
}

/** PostgreSQL text holds no NUL character. */
const NUL = String.fromCharCode(0);

function text(value: string, max: number): string {
  return redactText(value.slice(0, max * 4))
    .slice(0, max)
    .replaceAll(NUL, '\uFFFD');
}

/** This process's part of every id it makes: 60 random bits, so two instances' ids never meet. */
const PROCESS_BITS = randomBytes(8).toString('hex').slice(0, 15);
let sequence = 0;

/**
 * A UUID of version 7 (RFC 9562): the millisecond in its first 48 bits, then this process's random
 * bits and a counter, so ids are unique and ordered by time without drawing random bytes per
 * request (a random UUID per request showed in the profile as a refill of the entropy cache).
 */
export function timeOrderedUuid(ms: number): string {
  const time = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12);
  sequence = (sequence + 1) % 0x1000000;
  const count = sequence.toString(16).padStart(6, '0');
  // Version 7, then the variant (10xx) in front of the process's bits.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${count.slice(0, 3)}-${'89ab'[parseInt(PROCESS_BITS[0]!, 16) & 3]}${count.slice(3, 6)}-${PROCESS_BITS.slice(1, 13)}`;
}

/** The row kept of a request: redacted, bounded, and every value of its column's type. */
export function toRow(request: MerchantRequest): RequestLogRow {
  const caller = request.caller;
  return {
    id: timeOrderedUuid(request.at),
    at: new Date(request.at),
    integrationId: caller?.integrationId ?? null,
    apiKeyId: caller?.apiKeyId ?? null,
    mode: caller?.mode ?? null,
    method: request.method.slice(0, 16),
    path: keptPath(request.path).replaceAll(NUL, '\uFFFD'),
    status: Number.isInteger(request.status) && request.status >= 100 && request.status <= 999 ? request.status : 0,
    errorCode: request.errorCode,
    requestId: text(request.requestId, 200),
    idempotencyKey: request.idempotencyKey === undefined ? null : text(request.idempotencyKey, 300),
    durationMs: Math.round(request.durationMs * 100) / 100,
    sessionId: isUuid(request.sessionId) ? request.sessionId : null,
    requestBody: keptRequestBody(request.body),
    responseBody: keptJson(request.reply),
  };
}
