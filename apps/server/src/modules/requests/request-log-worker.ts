import { parentPort } from 'node:worker_threads';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import { lineOf } from './request-log-rows.js';

/**
 * The request log's worker thread: the writer (request-log-writer.ts) hands it the requests that
 * ended, a batch at a time, and gets each one's line back (null for one that could not be made a
 * row). Redacting, bounding and serialising run here, on the machine's other core, instead of on
 * the thread that answers every request.
 */
/** A batch of requests as columns (request-log-thread.ts writes them): numbers, texts, bodies. */
export interface RequestColumns {
  id: number;
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

export interface RowsAnswer {
  id: number;
  lines: (string | null)[];
}

/** The requests of a batch, as the writer kept them. */
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

parentPort?.on('message', (columns: RequestColumns) => {
  const lines = fromColumns(columns).map(lineOf);
  parentPort!.postMessage({ id: columns.id, lines } satisfies RowsAnswer);
});
