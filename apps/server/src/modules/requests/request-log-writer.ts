import { isDataException } from '../../db/copy-from.js';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import type { RequestLogLine } from './request-log.repository.js';
import { lineOf } from './request-log-rows.js';

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

/** Where the writer says what went wrong (the server's logger, or the worker thread's messages to it). */
export type WriterLogger = {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};

export interface RequestLogWriterOptions {
  /** Writes one batch (one statement); rejects when nothing of it was written. */
  write(lines: readonly RequestLogLine[]): Promise<void>;
  logger: WriterLogger;
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

/**
 * The request log's batching (decisions, "The request log"): it runs in the log's worker thread
 * (request-log-worker.ts), which the thread that answers requests hands each request to. Each
 * request kept is made a row (redacted, bounded) and buffered; rows are written in batches of one
 * statement, one batch at a time. The buffer is bounded: while the database is slow or down it
 * fills, failed batches are retried with growing pauses, and once it is full further requests are
 * not recorded (paysplit_request_log_dropped_total says how many): what waits never takes more
 * than REQUEST_LOG_BUFFER_MB.
 */
export class RequestLogWriter {
  /** One flat string per row made: one object for the garbage collector however long it waits. */
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

  /**
   * One request, as it ended: made its row at once (redacted and bounded, so the request as it was
   * is not kept) and buffered. Never throws; a request that cannot be made a row is counted.
   */
  readonly record = (request: MerchantRequest): void => {
    if (!this.options.enabled) return;
    if (this.bufferedBytes >= this.options.maxBufferedBytes) {
      this.counts.droppedBufferFull += 1;
      return;
    }
    this.counts.recorded += 1;
    const line = lineOf(request);
    if (line === null) {
      this.counts.droppedWriteFailed += 1;
      this.options.logger.error({ path: request.path }, 'request log: a request could not be made a row');
      return;
    }
    this.buffer.push(line);
    this.bufferedBytes += sizeOf(line);
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
        if (isDataException(error)) return this.writeOneByOne(batch);
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
