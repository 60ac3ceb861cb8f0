import { AppError, EXPORT_COLUMNS, ErrorCode, type ExportFormat, type ExportKind, type ExportRange } from '@paysplit/domain';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../logger.js';
import type { ExportRecord } from '../modules/sessions/index.js';

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** At most this many exports of one integration stream from one instance at once (API and admin area together). */
export const EXPORTS_PER_INTEGRATION = 3;

/** The client went away (or its connection failed): nothing more can be sent. */
class ClientGone extends Error {}
/** The client read nothing for EXPORT_STALL_TIMEOUT_MS. */
class Stalled extends Error {}

/** `[from, to)` in a file name: `20261101T000000Z`. */
const compactInstant = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

export function exportFileName(kind: ExportKind, mode: string, range: ExportRange, format: ExportFormat): string {
  return `paysplit-${kind}-${mode}-${compactInstant(range.from)}-${compactInstant(range.to)}.${format}`;
}

/**
 * A page of records as text. CSV is RFC 4180 (CRLF between records, a field quoted only when it
 * holds a comma, quote or line break, quotes doubled), by csv-stringify, with a header line first,
 * even when there are no rows. A field starting with =, +, -, @, tab or carriage return gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula; only
 * merchants' own text can start so (ids, amounts, codes and instants never do). JSON lines carry
 * every value unchanged, one object per line, keys in the columns' order.
 */
function encoder(kind: ExportKind, format: ExportFormat): (records: ExportRecord[], first: boolean) => string {
  if (format === 'jsonl') return (records) => records.map((record) => `${JSON.stringify(record)}\n`).join('');
  const columns = EXPORT_COLUMNS[kind].map((column) => column.name);
  return (records, first) =>
    stringify(records, {
      header: first,
      columns,
      record_delimiter: 'windows',
      escape_formulas: true,
      cast: { boolean: (value) => (value ? 'true' : 'false') },
    });
}

/** Resolves once the response can take more, rejects when the client goes away or reads nothing for `stallMs`. */
function drained(res: Response, stallMs: number): Promise<void> {
  if (res.destroyed) return Promise.reject(new ClientGone());
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new ClientGone());
    const timer = setTimeout(() => done(new Stalled()), stallMs);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

export interface ExportStreamRequest {
  integrationId: string;
  kind: ExportKind;
  format: ExportFormat;
  fileName: string;
  pages: AsyncGenerator<ExportRecord[], void, undefined>;
  logger: Logger;
}

/**
 * Writes exports to HTTP responses, honouring backpressure: the next page is asked for only once
 * the response has taken the last one (the socket drained), so a slow client slows the reads
 * instead of growing a buffer; one that reads nothing for `stallTimeoutMs`, or goes away, ends its
 * export and its reads. Counts what runs per integration, and reports to /metrics.
 */
export class ExportStreams {
  private readonly running = new Map<string, number>();

  constructor(private readonly options: { metrics: Metrics; stallTimeoutMs: number }) {}

  /** A place for one more export of the integration (release it when done), or RATE_LIMIT_EXCEEDED. */
  admit(integrationId: string): () => void {
    const count = this.running.get(integrationId) ?? 0;
    if (count >= EXPORTS_PER_INTEGRATION) {
      throw new AppError(
        ErrorCode.RateLimitExceeded,
        `At most ${EXPORTS_PER_INTEGRATION} exports of one integration run at once; try again when one has finished`,
        undefined,
        { retryAfterSeconds: 10 },
      );
    }
    this.running.set(integrationId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(integrationId) ?? 1) - 1;
      if (left > 0) this.running.set(integrationId, left);
      else this.running.delete(integrationId);
    };
  }

  /**
   * Reads the first page, then answers 200 and streams. A failure before the first byte throws
   * (the caller answers with the error); after it, the response is cut off without its last chunk,
   * which HTTP clients report as an incomplete body, never as a complete file.
   */
  async stream(res: Response, request: ExportStreamRequest): Promise<void> {
    const { metrics, stallTimeoutMs } = this.options;
    const { pages } = request;
    let page: IteratorResult<ExportRecord[], void>;
    try {
      page = await pages.next();
    } catch (error) {
      await pages.return(undefined);
      throw error;
    }
    res.status(200).set({
      'Content-Type': EXPORT_CONTENT_TYPES[request.format],
      'Content-Disposition': `attachment; filename="${request.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    if (res.req.method === 'HEAD') {
      await pages.return(undefined);
      res.end();
      return;
    }
    const encode = encoder(request.kind, request.format);
    const rows = metrics.exportRows.labels({ kind: request.kind });
    metrics.exportsRunning.inc();
    let outcome = 'completed';
    try {
      for (let first = true; !page.done; first = false) {
        if (res.destroyed) throw new ClientGone();
        const text = encode(page.value, first);
        rows.inc(page.value.length);
        if (text && !res.write(text)) {
          metrics.exportsWaiting.inc();
          await drained(res, stallTimeoutMs).finally(() => metrics.exportsWaiting.dec());
        }
        page = await pages.next();
      }
      res.end();
    } catch (error) {
      outcome = error instanceof ClientGone ? 'client_gone' : error instanceof Stalled ? 'stalled' : 'failed';
      if (outcome === 'failed') request.logger.error({ err: error, kind: request.kind }, 'export failed while streaming');
      else request.logger.info({ kind: request.kind, outcome }, 'export ended early');
      res.destroy();
    } finally {
      // Ends the reads: a page being read finishes and is dropped, none is started after it.
      await pages.return(undefined);
      metrics.exportsRunning.dec();
      metrics.exportsEnded.inc({ outcome });
    }
  }
}
