import type { Logger } from '../../logger.js';
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

/** What turns requests into lines; `null` for a request that could not be made a row. */
export interface RowMaker {
  lines(requests: readonly MerchantRequest[]): Promise<(RequestLogLine | null)[]>;
  stop(): Promise<void>;
}

/** Rows made on the calling thread (the writer's default). */
export const inThreadRows: RowMaker = {
  lines: async (requests) => requests.map(lineOf),
  stop: async () => undefined,
};

export interface RequestLogWriterOptions {
  /** Writes one batch (one statement); rejects when nothing of it was written. */
  write(lines: readonly RequestLogLine[]): Promise<void>;
  /**
   * Makes the rows: the server gives the worker thread (request-log-worker.ts), so that redacting
   * and serialising, most of what the log costs, is not done on the thread that answers requests.
   */
  rows?: RowMaker;
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
  /** Requests taken in, waiting to be made rows (they keep what they carry: no copy on the way in). */
  private waiting: MerchantRequest[] = [];
  /** Requests handed to the row maker whose lines have not come back yet. */
  private making = 0;
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
  private readonly rows: RowMaker;

  constructor(private readonly options: RequestLogWriterOptions) {
    this.batchRows = options.batchRows ?? 500;
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.retryDelaysMs = options.retryDelaysMs ?? [500, 1_000, 2_000, 4_000, 8_000];
    this.rows = options.rows ?? inThreadRows;
  }

  get stats(): RequestLogStats {
    return { ...this.counts, buffered: this.waiting.length + this.making + this.buffer.length, bufferedBytes: this.bufferedBytes };
  }

  /**
   * For the API-key routes (rest/rest-route.ts): one request, as it ended. Never throws, and does no
   * more than keep it: the row is made later, with others, by the row maker.
   */
  readonly record = (request: MerchantRequest): void => {
    if (!this.options.enabled) return;
    if (this.bufferedBytes >= this.options.maxBufferedBytes) {
      this.counts.droppedBufferFull += 1;
      return;
    }
    this.waiting.push(request);
    this.bufferedBytes += sizeOfRequest(request);
    this.counts.recorded += 1;
    if (this.waiting.length + this.buffer.length >= this.batchRows) void this.drain(false);
    else this.schedule();
  };

  /** Writes everything buffered now; resolves when it is written or given up. */
  async flush(): Promise<void> {
    while (this.waiting.length > 0 || this.buffer.length > 0 || this.draining) await (this.draining ?? this.drain(true));
  }

  /** Flushes, giving a failing batch up at once instead of retrying (the server is stopping). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.flush();
    await this.rows.stop();
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
    await this.makeRows();
    // Full batches while they are there; a part batch only when flushing or its wait is over.
    let partAllowed = true;
    while (this.buffer.length >= this.batchRows || (this.buffer.length > 0 && (everything || partAllowed))) {
      partAllowed = false;
      const batch = this.buffer.slice(0, this.batchRows);
      await this.writeWithRetries(batch);
      this.buffer.splice(0, batch.length);
      for (const line of batch) this.bufferedBytes -= sizeOf(line);
      if (this.buffer.length < this.batchRows) await this.makeRows();
    }
    if (this.waiting.length > 0 || this.buffer.length > 0) this.schedule();
  }

  /** Every request waiting becomes its row's line (a request that cannot is given up, counted). */
  private async makeRows(): Promise<void> {
    if (this.waiting.length === 0) return;
    const requests = this.waiting;
    this.waiting = [];
    this.making += requests.length;
    let lines: (RequestLogLine | null)[];
    try {
      lines = await this.rows.lines(requests);
    } catch (error) {
      lines = requests.map(() => null);
      this.options.logger.error({ err: error, rows: requests.length }, 'request log: rows could not be made');
    } finally {
      this.making -= requests.length;
    }
    let failed = 0;
    requests.forEach((request, index) => {
      this.bufferedBytes -= sizeOfRequest(request);
      const line = lines[index];
      if (line === null || line === undefined) failed += 1;
      else {
        this.buffer.push(line);
        this.bufferedBytes += sizeOf(line);
      }
    });
    if (failed > 0) {
      this.counts.droppedWriteFailed += failed;
      this.options.logger.error({ rows: failed }, 'request log: requests could not be recorded');
    }
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

/** What a request waiting to be made a row takes, about: what it carries, and its other fields. */
function sizeOfRequest(request: MerchantRequest): number {
  return 512 + (request.body?.length ?? 0) + 2 * (request.replyJson?.length ?? 0);
}
