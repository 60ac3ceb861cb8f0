import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { EmailService, UnsubscribePage } from '../modules/emails/index.js';

function tokenOf(req: Request): string | undefined {
  const token = req.query.t;
  return typeof token === 'string' ? token : undefined;
}

/**
 * Headers of the unsubscribe pages: nothing runs, nothing loads but their own style, the site's
 * icon and the merchant's logo (from its one origin); no referrer leaves them (the address
 * carries a token), and nothing caches them.
 */
function sendPage(res: Response, status: number, page: UnsubscribePage): void {
  const images = ["'self'", ...(page.imageOrigin ? [page.imageOrigin] : [])].join(' ');
  res
    .status(status)
    .set({
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    })
    .type('html')
    .send(page.html);
}

/**
 * `/email/unsubscribe?t=TOKEN`, the address in every invitation's and reminder's
 * List-Unsubscribe header. POST unsubscribes at once (RFC 8058 one-click: mail providers POST
 * `List-Unsubscribe=One-Click`, no sign-in); GET only shows the page, in the merchant's colours,
 * with a button that POSTs, so link scanners that follow links do not unsubscribe anyone.
 * `/email/unsubscribe/undo` (POST, the page's "Turn reminders back on") turns them back on.
 */
export function emailUnsubscribeRouter(emails: EmailService, orm: MikroORM): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '2kb' });

  router.get('/email/unsubscribe', async (req, res, next) => {
    try {
      const page = await emails.unsubscribePage(orm.em.fork(), tokenOf(req));
      sendPage(res, page ? 200 : 400, page ?? emails.invalidLinkPage(req.get('accept-language')));
    } catch (error) {
      next(error);
    }
  });

  /** Applies the payer's step, then shows the page as it stands after it; a token not ours changes nothing. */
  const step =
    (apply: (token: string | undefined) => Promise<boolean>, after: 'off' | 'on') =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const token = tokenOf(req);
        const page = (await apply(token)) ? await emails.unsubscribePage(orm.em.fork(), token, after) : null;
        sendPage(res, page ? 200 : 400, page ?? emails.invalidLinkPage(req.get('accept-language')));
      } catch (error) {
        next(error);
      }
    };
  router.post(
    '/email/unsubscribe',
    form,
    step((token) => emails.unsubscribe(orm.em.fork(), token), 'off'),
  );
  router.post(
    '/email/unsubscribe/undo',
    form,
    step((token) => emails.resubscribe(orm.em.fork(), token), 'on'),
  );
  return router;
}
