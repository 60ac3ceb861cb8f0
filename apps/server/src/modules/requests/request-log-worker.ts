import { parentPort, workerData } from 'node:worker_threads';
import type pg from 'pg';
import { CopyConnection } from '../../db/copy-from.js';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import { COPY_BATCH } from './request-log-rows.js';
import { type RequestLogStats, RequestLogWriter, type WriterLogger } from './request-log-writer.js';

/**
 * The request log's worker thread. The thread that answers requests only keeps each request as it
 * ended and hands them over, a batch at a time, as columns (request-log-thread.ts); everything
 * after that runs here, on the machine's other core: redacting, bounding and serialising the rows,
 * buffering them, and writing them with COPY on this thread's own connection, with the retries
 * and counted losses of RequestLogWriter.
 */

/** A batch of requests as columns (request-log-thread.ts writes them): numbers, texts, bodies. */
export interface RequestColumns {
  count: number;
  /** Per request: at (epoch ms), durationMs, status. */
  numbers: Float64Array;
  /** Per request: method, path, errorCode, requestId, idempotencyKey, sessionId, integrationId, "mode:apiKeyId", replyJson. */
  texts: (string | null)[];
  /** Per request: the reply object, when there is no replyJson. */
  replies: unknown[];
  /** Per request: where its body ends in `bodies`; negative (-1 - end) for a request without one. */
  bodyEnds: Int32Array;
  bodies: Uint8Array;
}

/** What the thread is started with. */
export interface RequestLogThreadData {
  /** node-postgres settings of the thread's one connection, the same as the main pool's. */
  connection: pg.ClientConfig;
  maxBufferedBytes: number;
  batchRows?: number;
  flushIntervalMs?: number;
  retryDelaysMs?: readonly number[];
}

/** To the thread: requests to record, or a flush or stop to answer when done (by `id`). */
export type ToThread = { kind: 'requests'; id: number; columns: RequestColumns } | { kind: 'flush' | 'stop'; id: number };

/** From the thread: a message done (with the counts then), counts on their own, or a line to log. */
export type FromThread =
  | { kind: 'done'; id: number; stats: RequestLogStats }
  | { kind: 'stats'; stats: RequestLogStats }
  | { kind: 'log'; level: 'warn' | 'error'; fields: Record<string, unknown>; message: string };

/** The requests of a batch, as the main thread kept them. */
export function fromColumns(columns: RequestColumns): MerchantRequest[] {
  const { count, numbers, texts, replies, bodyEnds, bodies } = columns;
  const requests: MerchantRequest[] = [];
  let start = 0;
  for (let index = 0; index < count; index += 1) {
    const at = index * 9;
    const end = bodyEnds[index]!;
    const body = end >= 0 ? Buffer.from(bodies.buffer, bodies.byteOffset + start, end - start) : undefined;
    start = end >= 0 ? end : -1 - end;
    const keyOf = texts[at + 7];
    const split = keyOf ? keyOf.indexOf(':') : -1;
    requests.push({
      at: numbers[index * 3]!,
      durationMs: numbers[index * 3 + 1]!,
      status: numbers[index * 3 + 2]!,
      method: texts[at]!,
      path: texts[at + 1]!,
      errorCode: texts[at + 2] ?? null,
      requestId: texts[at + 3]!,
      idempotencyKey: texts[at + 4] ?? undefined,
      sessionId: texts[at + 5] ?? undefined,
      caller:
        texts[at + 6] && keyOf
          ? { integrationId: texts[at + 6]!, mode: keyOf.slice(0, split) as 'test' | 'live', apiKeyId: keyOf.slice(split + 1) }
          : undefined,
      body,
      reply: replies[index],
      ...(texts[at + 8] === null ? {} : { replyJson: texts[at + 8]! }),
    });
  }
  return requests;
}

/** An error as a log line carries it across threads. */
function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return { type: error.name, message: error.message, ...('code' in error ? { code: (error as { code: unknown }).code } : {}) };
}

function start(port: NonNullable<typeof parentPort>, data: RequestLogThreadData): void {
  const send = (message: FromThread) => port.postMessage(message);
  const log =
    (level: 'warn' | 'error') =>
    (fields: Record<string, unknown>, message: string): void => {
      const { err, ...rest } = fields;
      send({ kind: 'log', level, fields: err === undefined ? rest : { ...rest, err: plainError(err) }, message });
    };
  const logger: WriterLogger = { warn: log('warn'), error: log('error') };

  const connection = new CopyConnection(data.connection);
  const write = (lines: readonly string[]) => connection.copy(COPY_BATCH, lines);

  const writer = new RequestLogWriter({ ...data, write, logger, enabled: true });
  // Counts for /metrics as batches are written (the main thread reads the last ones it was sent).
  let sent = '';
  setInterval(() => {
    const stats = writer.stats;
    const text = JSON.stringify(stats);
    if (text !== sent) send({ kind: 'stats', stats });
    sent = text;
  }, 500).unref();

  port.on('message', (message: ToThread) => {
    if (message.kind === 'requests') {
      for (const request of fromColumns(message.columns)) writer.record(request);
      send({ kind: 'done', id: message.id, stats: writer.stats });
      return;
    }
    const done = message.kind === 'flush' ? writer.flush() : writer.stop().then(() => connection.end());
    void done
      .catch((error: unknown) => logger.error({ err: error }, 'request log: the thread could not finish'))
      .finally(() => send({ kind: 'done', id: message.id, stats: writer.stats }));
  });
}

if (parentPort) start(parentPort, workerData as RequestLogThreadData);
