import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../logger.js';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import type { FromThread, RequestColumns, RequestLogThreadData, ToThread } from './request-log-worker.js';
import type { RequestLogStats } from './request-log-writer.js';

/**
 * The worker thread's script. It runs compiled JavaScript: read from the sources (the test runner
 * loads TypeScript), it is the build's copy of the same file.
 */
function workerScript(): URL {
  const beside = new URL('./request-log-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  return new URL(beside.href.replace('/apps/server/src/', '/apps/server/dist/'));
}

export interface RequestLogOptions {
  /** REQUEST_LOG=off records nothing (benchmarks compare with it), and starts no thread. */
  enabled: boolean;
  /** What the thread is started with: its connection's settings and its writer's bounds. */
  thread: RequestLogThreadData;
  logger: Logger;
  /** Requests are handed to the thread this many at a time, or after waiting this long. */
  handOverRequests?: number;
  handOverMs?: number;
}

const NO_STATS: RequestLogStats = { recorded: 0, written: 0, buffered: 0, bufferedBytes: 0, droppedBufferFull: 0, droppedWriteFailed: 0 };

/**
 * The request log as the thread that answers requests sees it (decisions, "The request log"): a
 * request hands its facts over synchronously when its answer is written and never waits. They are
 * kept as they are, and handed to the log's worker thread (request-log-worker.ts) as columns a
 * batch at a time, every 50 ms at most; that thread makes, buffers and writes the rows. So the
 * requests' thread does no redaction, serialisation or database writing for the log, and holds
 * a request for a few milliseconds only. A thread that fails is started again at the next batch,
 * and the requests it had are counted as not recorded.
 */
export class RequestLog {
  private worker: Worker | undefined;
  private waiting: MerchantRequest[] = [];
  private waitingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 0;
  /** Batches handed over and not yet taken by the thread: each one's request count and bytes, and their sums. */
  private readonly handed = new Map<number, { count: number; bytes: number }>();
  private handedCount = 0;
  private handedBytes = 0;
  private readonly answers = new Map<number, () => void>();
  /** The thread's own counts, as it last sent them; and what was lost with threads that failed. */
  private threadStats: RequestLogStats = NO_STATS;
  private readonly counts = { recorded: 0, droppedBufferFull: 0, lostWithThread: 0, writtenByEarlierThreads: 0 };
  private readonly handOverRequests: number;
  private readonly handOverMs: number;

  constructor(private readonly options: RequestLogOptions) {
    this.handOverRequests = options.handOverRequests ?? 200;
    this.handOverMs = options.handOverMs ?? 50;
  }

  get stats(): RequestLogStats {
    return {
      recorded: this.counts.recorded,
      written: this.counts.writtenByEarlierThreads + this.threadStats.written,
      buffered: this.waiting.length + this.handedCount + this.threadStats.buffered,
      bufferedBytes: this.bufferedBytes(),
      droppedBufferFull: this.counts.droppedBufferFull + this.threadStats.droppedBufferFull,
      droppedWriteFailed: this.counts.lostWithThread + this.threadStats.droppedWriteFailed,
    };
  }

  /** For the API-key routes (rest/rest-route.ts): one request, as it ended. Never throws. */
  readonly record = (request: MerchantRequest): void => {
    if (!this.options.enabled) return;
    if (this.bufferedBytes() >= this.options.thread.maxBufferedBytes) {
      this.counts.droppedBufferFull += 1;
      return;
    }
    this.waiting.push(request);
    this.waitingBytes += sizeOfRequest(request);
    this.counts.recorded += 1;
    if (this.waiting.length >= this.handOverRequests) this.handOver();
    else
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.handOver();
      }, this.handOverMs).unref();
  };

  /** What requests not yet written take, here and in the thread (as it last said). */
  private bufferedBytes(): number {
    return this.waitingBytes + this.handedBytes + this.threadStats.bufferedBytes;
  }

  /** Resolves when every request recorded so far is written (or given up, counted). */
  async flush(): Promise<void> {
    if (!this.worker && this.waiting.length === 0) return;
    this.handOver();
    await this.ask('flush');
  }

  /** Writes what waits, then stops the thread (the server is stopping). */
  async stop(): Promise<void> {
    if (!this.worker && this.waiting.length === 0) return;
    this.handOver();
    await this.ask('stop');
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private handOver(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    const requests = this.waiting;
    const bytes = this.waitingBytes;
    this.waiting = [];
    this.waitingBytes = 0;
    const id = (this.nextId += 1);
    this.handed.set(id, { count: requests.length, bytes });
    this.handedCount += requests.length;
    this.handedBytes += bytes;
    const { columns, transfer } = toColumns(requests);
    this.thread().postMessage({ kind: 'requests', id, columns } satisfies ToThread, transfer);
  }

  private ask(kind: 'flush' | 'stop'): Promise<void> {
    const id = (this.nextId += 1);
    return new Promise((resolve) => {
      this.answers.set(id, resolve);
      this.thread().postMessage({ kind, id } satisfies ToThread);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerScript(), { workerData: this.options.thread });
    // The server's life decides when the process ends, not this thread's.
    worker.unref();
    worker.on('message', (message: FromThread) => {
      if (message.kind === 'log') {
        this.options.logger[message.level](message.fields, message.message);
        return;
      }
      this.threadStats = message.stats;
      if (message.kind === 'done') {
        const batch = this.handed.get(message.id);
        if (batch) {
          this.handed.delete(message.id);
          this.handedCount -= batch.count;
          this.handedBytes -= batch.bytes;
        }
        this.answers.get(message.id)?.();
        this.answers.delete(message.id);
      }
    });
    const failed = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // What the thread held is lost: what it was handed and had not taken, and what it buffered.
      const lost = this.threadStats.buffered + this.handedCount;
      this.handed.clear();
      this.handedCount = 0;
      this.handedBytes = 0;
      this.counts.lostWithThread += lost;
      const { written, droppedBufferFull, droppedWriteFailed } = this.threadStats;
      this.counts.droppedBufferFull += droppedBufferFull;
      this.counts.lostWithThread += droppedWriteFailed;
      this.counts.writtenByEarlierThreads += written;
      this.threadStats = NO_STATS;
      this.options.logger.error({ err: error, rows: lost }, "request log: the log's thread stopped; its requests are not recorded");
      for (const answer of this.answers.values()) answer();
      this.answers.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the request log's thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** What a request waiting to be handed over takes, about: what it carries, and its other fields. */
function sizeOfRequest(request: MerchantRequest): number {
  return 512 + (request.body?.length ?? 0) + 2 * (request.replyJson?.length ?? 0);
}

/**
 * A batch as columns: the cost of handing it to the thread is the main thread's, paid per request,
 * so each field is one array (no property names repeated per request) and every body is copied once
 * into one buffer that is moved, not copied again.
 */
export function toColumns(requests: readonly MerchantRequest[]): { columns: RequestColumns; transfer: ArrayBuffer[] } {
  const count = requests.length;
  const numbers = new Float64Array(count * 3);
  const texts: (string | null)[] = new Array<string | null>(count * 9);
  const replies: unknown[] = new Array<unknown>(count);
  const bodyEnds = new Int32Array(count);
  let bodyBytes = 0;
  for (let index = 0; index < count; index += 1) bodyBytes += requests[index]!.body?.length ?? 0;
  const bodies = new Uint8Array(bodyBytes);
  let offset = 0;
  requests.forEach((request, index) => {
    numbers[index * 3] = request.at;
    numbers[index * 3 + 1] = request.durationMs;
    numbers[index * 3 + 2] = request.status;
    const caller = request.caller;
    const at = index * 9;
    texts[at] = request.method;
    texts[at + 1] = request.path;
    texts[at + 2] = request.errorCode;
    texts[at + 3] = request.requestId;
    texts[at + 4] = request.idempotencyKey ?? null;
    texts[at + 5] = typeof request.sessionId === 'string' ? request.sessionId : null;
    texts[at + 6] = caller ? caller.integrationId : null;
    texts[at + 7] = caller ? `${caller.mode}:${caller.apiKeyId}` : null;
    texts[at + 8] = request.replyJson ?? null;
    replies[index] = request.replyJson === undefined ? request.reply : undefined;
    if (request.body) {
      bodies.set(request.body, offset);
      offset += request.body.length;
      bodyEnds[index] = request.body.length === 0 ? -1 - offset : offset;
    } else bodyEnds[index] = -1 - offset;
  });
  return { columns: { count, numbers, texts, replies, bodyEnds, bodies }, transfer: [numbers.buffer, bodyEnds.buffer, bodies.buffer] };
}
