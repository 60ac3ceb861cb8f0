import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import type { RequestLogLine } from './request-log.repository.js';
import type { RequestColumns, RowsAnswer } from './request-log-worker.js';
import type { RowMaker } from './request-log-writer.js';

/**
 * The worker thread's script. It runs compiled JavaScript: read from the sources (the test runner
 * loads TypeScript), it is the build's copy of the same file.
 */
function workerScript(): URL {
  const beside = new URL('./request-log-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  return new URL(beside.href.replace('/apps/server/src/', '/apps/server/dist/'));
}

/**
 * Rows made in one worker thread (request-log-worker.ts), started when first needed and again after
 * it failed: a batch whose worker failed is answered with no lines, and the writer counts those
 * requests as not recorded.
 */
export class WorkerThreadRows implements RowMaker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(lines: (RequestLogLine | null)[]): void; reject(error: unknown): void }>();

  lines(requests: readonly MerchantRequest[]): Promise<(RequestLogLine | null)[]> {
    const worker = (this.worker ??= this.start());
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const { message, transfer } = toColumns(id, requests);
      worker.postMessage(message, transfer);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(workerScript());
    // The server's life decides when the process ends, not this thread's.
    worker.unref();
    worker.on('message', ({ id, lines }: RowsAnswer) => {
      this.pending.get(id)?.resolve(lines);
      this.pending.delete(id);
    });
    const fail = (error: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the request log's worker thread stopped (exit code ${code})`)));
    return worker;
  }
}

/**
 * A batch as columns: the cost of handing it to the thread is the main thread's, paid per request,
 * so each field is one array (no property names repeated per request) and every body is copied once
 * into one buffer that is moved, not copied again.
 */
function toColumns(id: number, requests: readonly MerchantRequest[]): { message: RequestColumns; transfer: ArrayBuffer[] } {
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
  return { message: { id, count, numbers, texts, replies, bodyEnds, bodies }, transfer: [numbers.buffer, bodyEnds.buffer, bodies.buffer] };
}
