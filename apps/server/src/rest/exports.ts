import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  checkExportRange,
  describeDetails,
  EXPORT_COLUMNS,
  EXPORT_KINDS,
  type ErrorDetail,
  ErrorCode,
  type ExportColumn,
  type ExportFormat,
  type ExportKind,
  type ExportRange,
  isExportFormat,
  isExportKind,
  isServerFault,
} from '@paysplit/domain';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { dashboardTimeoutError } from '../db/dashboard-database.js';
import type { RequestContext } from '../graphql/context.js';
import { classifyError } from '../graphql/errors.js';
import { sendError } from './error-response.js';
import type { Metrics } from '../http/metrics.js';
import { ExportStreams, exportFileName } from './export-stream.js';
import { callerOfRefusal, MerchantRequestRecording, type RecordMerchantRequest } from './merchant-request.js';

/** The path of each export; `:kind` is one of EXPORT_KINDS. */
export const EXPORT_PATH = '/api/v1/exports/:kind';

const capitalised = (kind: ExportKind) => `${kind[0]!.toUpperCase()}${kind.slice(1)}`;

/** `exportPayments`, … */
export const exportOperationId = (kind: ExportKind) => `export${capitalised(kind)}`;

const ROW_SCHEMA_NAMES: Readonly<Record<ExportKind, string>> = {
  sessions: 'ExportSessionRow',
  payments: 'ExportPaymentRow',
  captures: 'ExportCaptureRow',
  releases: 'ExportReleaseRow',
  refunds: 'ExportRefundRow',
};

function valueSchema(column: ExportColumn): z.ZodType {
  const base: z.ZodType = (() => {
    switch (column.type) {
      case 'id':
        return z.uuid();
      case 'minor':
        return z.string().regex(/^(0|[1-9][0-9]*)$/);
      case 'major':
        return z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]{2,3})?$/);
      case 'instant':
        return z.iso.datetime();
      case 'boolean':
        return z.boolean();
      case 'fee':
        return z.null();
      default:
        return z.string();
    }
  })();
  return (column.nullable && column.type !== 'fee' ? base.nullable() : base).describe(column.description);
}

/** One line of a kind's JSON lines export (and one CSV record, its columns in this order): the OpenAPI schema. */
export function exportRowSchema(kind: ExportKind): z.ZodType {
  return z
    .strictObject(Object.fromEntries(EXPORT_COLUMNS[kind].map((column) => [column.name, valueSchema(column)])))
    .meta({ id: ROW_SCHEMA_NAMES[kind] });
}

export const EXPORT_QUERY = [
  {
    name: 'from',
    required: true,
    description:
      'First instant of the range (included): RFC 3339 with an offset (`2026-11-01T00:00:00Z`, `2026-11-01T13:00:00+13:00`) or a date (`2026-11-01`, 00:00 UTC). Rows are chosen by when they were created.',
  },
  { name: 'to', required: true, description: 'End of the range (excluded): [from, to), at most 366 days after from. Same forms as from.' },
  {
    name: 'format',
    required: false,
    description:
      '`csv` (RFC 4180, header line, CRLF) or `jsonl` (one JSON object per line). Without it, an Accept naming application/x-ndjson or application/jsonl gets jsonl, anything else csv.',
  },
] as const;

export const EXPORT_ERROR_CODES = [
  ErrorCode.ValidationError,
  ErrorCode.MissingApiKey,
  ErrorCode.InvalidApiKey,
  ErrorCode.BrowserRequestForbidden,
  ErrorCode.RateLimitExceeded,
  ErrorCode.InternalError,
  ErrorCode.ServiceUnavailable,
] as const;

/** What an export request asks for, checked: the kind (404 for another word), then every problem of the query at once. */
export function readExportRequest(
  kindParam: unknown,
  query: Readonly<Record<string, unknown>>,
  accept: (types: string[]) => string | false,
): { kind: ExportKind; range: ExportRange; format: ExportFormat } {
  if (!isExportKind(kindParam)) {
    throw new AppError(ErrorCode.NotFound, `There is no export of that kind; the kinds are ${EXPORT_KINDS.join(', ')}`);
  }
  const problems: ErrorDetail[] = [];
  const format = readFormat(query.format, accept);
  if (!format) problems.push({ path: 'format', message: 'must be csv or jsonl' });
  let range: ExportRange | undefined;
  try {
    range = checkExportRange(query.from, query.to);
  } catch (error) {
    if (!(error instanceof AppError) || !error.details) throw error;
    problems.push(...error.details);
  }
  if (!format || !range) throw new AppError(ErrorCode.ValidationError, describeDetails(problems), problems);
  return { kind: kindParam, range, format };
}

function readFormat(value: unknown, accept: (types: string[]) => string | false): ExportFormat | undefined {
  if (value !== undefined) return isExportFormat(value) ? value : undefined;
  // The client's preference among the two; an Accept naming neither (application/json, say) gets CSV.
  const chosen = accept(['text/csv', 'application/x-ndjson', 'application/jsonl']);
  return chosen === 'application/x-ndjson' || chosen === 'application/jsonl' ? 'jsonl' : 'csv';
}

export interface ExportRouteDeps {
  createContext(req: Request, res: Response, transport: 'rest' | 'graphql'): RequestContext;
  /** The dashboards' pool (its own connections, statement_timeout): exports read there, never on the payments' pool. */
  dashboard: { fork(): EntityManager };
  metrics: Metrics;
  /** EXPORT_STALL_TIMEOUT_MS */
  limits: { stallTimeoutMs: number };
  /** The request log: an export is a merchant API request like the others (kept when its response ends). */
  recordRequest?: RecordMerchantRequest;
}

/** Answers an error on an export route: before the first byte, as every REST route does. */
export function answerExportError(res: Response, context: RequestContext, error: unknown): { code: string; body: unknown } {
  const appError = dashboardTimeoutError(error) ?? classifyError(error);
  if (isServerFault(appError.code)) context.logger.error({ err: error, code: appError.code }, 'export failed');
  return { code: appError.code, body: sendError(res, context.requestId, appError) };
}

/**
 * Mounts `GET /api/v1/exports/{kind}` with the API key: the key's integration's rows in the key's mode.
 * Not a GraphQL operation like the other routes: a response of a million rows is a stream, which
 * a GraphQL result is not. Auth, the merchant API's rate limit and the error body are the same.
 */
export function mountExportRoutes(router: Router, deps: ExportRouteDeps): ExportStreams {
  const streams = new ExportStreams({ metrics: deps.metrics, stallTimeoutMs: deps.limits.stallTimeoutMs });
  router.get(EXPORT_PATH, (req: Request, res: Response, next) => {
    const context = deps.createContext(req, res, 'rest');
    // A streamed export is kept as its response ends (its rows are not: the log keeps no such body).
    const recording = deps.recordRequest && new MerchantRequestRecording(req, deps.recordRequest).watch(res);
    const run = async (): Promise<void> => {
      const merchant = await context.requireMerchant().catch((refusal: unknown) => {
        if (recording) recording.caller = callerOfRefusal(refusal);
        throw refusal;
      });
      if (recording) recording.caller = merchant;
      await context.limit('merchantApi', merchant.integrationId);
      const { kind, range, format } = readExportRequest(req.params.kind, req.query, (types) => req.accepts(types));
      const release = streams.admit(merchant.integrationId);
      try {
        await streams.stream(res, {
          integrationId: merchant.integrationId,
          kind,
          format,
          fileName: exportFileName(kind, merchant.mode, range, format),
          pages: context.services.exports.pages(deps.dashboard.fork(), {
            kind,
            scope: { integrationId: merchant.integrationId, mode: merchant.mode },
            range,
          }),
          logger: context.logger,
        });
      } finally {
        release();
      }
    };
    run().catch((error: unknown) => {
      if (res.headersSent) next(error);
      else {
        const refused = answerExportError(res, context, error);
        recording?.answered(res.statusCode, refused.code, refused.body);
      }
    });
  });
  // The administration area's download streams through the same instance (one count per integration).
  return streams;
}
