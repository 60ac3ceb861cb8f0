import { AppError, ErrorCode } from '@paysplit/domain';
import type { Request, Response } from 'express';
import { sendError } from '../rest/error-response.js';
import { sendPlainPage } from './plain-page.js';

/** Addresses programs call (the API, GraphQL, probes, metrics): there, an unknown one answers our JSON error. */
const API_PATH = /^\/(?:api|graphql|healthz|readyz|metrics)(?:\/|$)/;

const NOT_FOUND_PAGE = `<p>There is no page at this address. If you followed a link, it may be incomplete or out of date.</p>
<p><a href="/" style="color:#1f5f8b">Go to the PaySplit start page</a></p>`;

/**
 * What an address nothing serves answers, for any method: the spec's error body with NOT_FOUND
 * where programs call, a page of ours where people land. The pay app's own addresses (/pay/:id,
 * /session/:id, /pay/:id/join, /admin/…) never come here: the app shows what it does not know itself.
 */
export function answerNotFound(req: Request, res: Response): void {
  const path = req.originalUrl.split('?', 1)[0] ?? '';
  if (API_PATH.test(path)) {
    // The address is echoed (scrubbed like every message), but not a long one in full.
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    sendError(res, req.requestId, new AppError(ErrorCode.NotFound, `No endpoint ${req.method} ${shown}`));
    return;
  }
  sendPlainPage(res, 404, 'Page not found', NOT_FOUND_PAGE);
}
