import { randomBytes } from 'node:crypto';
import { isUuid } from '@paysplit/domain';
import { copyText, copyValues } from '../../db/copy-text.js';
import type { MerchantRequest } from '../../rest/merchant-request.js';
import type { RequestLogLine, RequestLogRow } from './request-log.repository.js';
import { keptJson, keptPath, keptReplyJson, keptRequestBody, redactText } from './request-redaction.js';

/**
 * A request turned into the row the log keeps, and that row into the line a batch is made of. Pure
 * and synchronous: it runs in the request log's worker thread (request-log-worker.ts), off the
 * requests' own thread, and in-thread where no worker is given (the writer's own tests).
 */

/** The columns a line carries, in its order (the batch's COPY names them). */
export const LINE_COLUMNS = [
  'id',
  'at',
  'integration_id',
  'api_key_id',
  'mode',
  'method',
  'path',
  'status',
  'status_class',
  'error_code',
  'request_id',
  'idempotency_key',
  'duration_ms',
  'session_id',
  'request_body',
  'response_body',
] as const;

/** Every batch is one COPY: PostgreSQL reads its lines straight into the table's columns. */
export const COPY_BATCH = `copy request_log (${LINE_COLUMNS.join(', ')}) from stdin`;

/** A value PaySplit made (an id, a mode) or null, as COPY reads it: nothing in it to escape. */
function own(value: string | null): string {
  return value ?? '\\N';
}

/**
 * A row as the batch's COPY reads it: one line of its text format, the values in LINE_COLUMNS'
 * order. Only text a caller chose (or one of its bodies) can hold a character COPY must escape.
 */
export function toLine(row: RequestLogRow): RequestLogLine {
  const status = `${row.status}\t${Math.floor(row.status / 100)}`;
  return (
    `${row.id}\t${row.at.toISOString()}\t${own(row.integrationId)}\t${own(row.apiKeyId)}\t${own(row.mode)}\t` +
    `${copyText(row.method)}\t${copyText(row.path)}\t${status}\t${copyText(row.errorCode)}\t${copyText(row.requestId)}\t` +
    `${copyText(row.idempotencyKey)}\t${row.durationMs}\t${own(row.sessionId)}\t${copyText(row.requestBody)}\t${copyText(row.responseBody)}`
  );
}

/** A line read back by column name (what the writer's tests check a line by). */
export function lineColumns(line: RequestLogLine): Record<(typeof LINE_COLUMNS)[number], string | null> {
  const values = copyValues(line);
  return Object.fromEntries(LINE_COLUMNS.map((column, index) => [column, values[index] ?? null])) as Record<
    (typeof LINE_COLUMNS)[number],
    string | null
  >;
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
    responseBody: request.replyJson === undefined ? keptJson(request.reply) : keptReplyJson(request.replyJson),
  };
}

/** A request's line, or null when it cannot be made a row (the writer counts it as not recorded). */
export function lineOf(request: MerchantRequest): RequestLogLine | null {
  try {
    return toLine(toRow(request));
  } catch {
    return null;
  }
}
