import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ERROR_CLASSES, ErrorCode, isServerFault, isUuid } from '@paysplit/domain';
import express, { type Request, type Response, type Router } from 'express';
import { dashboardTimeoutError } from '../db/dashboard-database.js';
import type { RequestContext } from '../graphql/context.js';
import { classifyError } from '../graphql/errors.js';
import { scrubSecrets } from '../logger.js';
import { type ExportStreams, exportFileName } from '../rest/export-stream.js';
import { readExportRequest } from '../rest/exports.js';
import { escapeHtml } from '../security/html-text.js';
import { sendPlainPage } from './plain-page.js';

/** Where the integration page's download form posts. */
export const ADMIN_EXPORT_PATH = '/admin/exports';

/**
 * What one download costs of the account's (or operator token's) query-cost budget (50,000 a
 * minute, docs/admin.md): fifty downloads a minute at most, beside what the pages spend.
 */
export const ADMIN_EXPORT_COST = 1_000;

export interface AdminExportDeps {
  createContext(req: Request, res: Response, transport: 'graphql', facts: { csrfToken?: string }): RequestContext;
  dashboard: { fork(): EntityManager };
  streams: ExportStreams;
}

const field = (form: Record<string, unknown>, name: string): string | undefined =>
  typeof form[name] === 'string' ? (form[name] as string) : undefined;

/**
 * The administration area's download: the same export as `GET /api/v1/exports/{kind}`, for an
 * integration the signed-in user may see, in the mode they choose. A plain form post, so the
 * browser saves the stream to a file as it arrives (a page's script would hold it all in memory):
 * the cookie is SameSite=Strict, and the CSRF token travels as a form field, since a form cannot
 * send the X-CSRF-Token header. A refusal is a small page, as the browser has navigated to it.
 */
export function adminExportsRouter(deps: AdminExportDeps): Router {
  const router = express.Router();
  router.post(
    ADMIN_EXPORT_PATH,
    express.urlencoded({ extended: false, limit: 4096, parameterLimit: 20 }),
    (req: Request, res: Response, next) => {
      const form: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
      const context = deps.createContext(req, res, 'graphql', { csrfToken: field(form, 'csrfToken') });
      const integrationId = field(form, 'integrationId') ?? '';
      const run = async (): Promise<void> => {
        const principal = await context.requireAdmin();
        await context.chargeQueryCost(ADMIN_EXPORT_COST);
        const integration = await context.services.adminScope.requireVisibleIntegration(context.readEm(), principal, integrationId);
        const mode = field(form, 'mode');
        if (mode !== 'test' && mode !== 'live') {
          throw new AppError(ErrorCode.ValidationError, 'mode: must be test or live', [{ path: 'mode', message: 'must be test or live' }]);
        }
        const { kind, range, format } = readExportRequest(
          field(form, 'kind'),
          { ...form, format: field(form, 'format') ?? 'csv' },
          () => false,
        );
        const release = deps.streams.admit(integration.id);
        try {
          await deps.streams.stream(res, {
            integrationId: integration.id,
            kind,
            format,
            fileName: exportFileName(kind, mode, range, format),
            pages: context.services.exports.pages(deps.dashboard.fork(), { kind, scope: { integrationId: integration.id, mode }, range }),
            logger: context.logger,
          });
        } finally {
          release();
        }
      };
      run().catch((error: unknown) => {
        if (res.headersSent) {
          next(error);
          return;
        }
        const appError = dashboardTimeoutError(error) ?? classifyError(error);
        if (isServerFault(appError.code)) context.logger.error({ err: error, code: appError.code }, 'admin export failed');
        const back = isUuid(integrationId) ? `/admin/integrations/${integrationId}#exports` : '/admin';
        const wait = appError.retryAfterSeconds ?? ERROR_CLASSES[appError.code].retryAfterSeconds;
        if (wait !== undefined) res.setHeader('Retry-After', String(Math.ceil(wait)));
        sendPlainPage(
          res,
          ERROR_CLASSES[appError.code].status,
          'The export did not start',
          `<p>${escapeHtml(scrubSecrets(appError.message))} <code>${appError.code}</code></p>
<p><a href="${escapeHtml(back)}" style="color:#1f5f8b">Back to the administration area</a></p>`,
        );
      });
    },
  );
  return router;
}
