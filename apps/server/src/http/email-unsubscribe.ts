import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Request, type Router } from 'express';
import type { EmailService } from '../modules/emails/index.js';
import { sendPlainPage } from './plain-page.js';

const INVALID = '<p>This unsubscribe link is not valid. If you copied it from an email, check that it is complete.</p>';

function tokenOf(req: Request): string | undefined {
  const token = req.query.t;
  return typeof token === 'string' ? token : undefined;
}

/**
 * `/email/unsubscribe?t=TOKEN`, the address in every invitation's and reminder's
 * List-Unsubscribe header. POST unsubscribes at once (RFC 8058 one-click: mail providers POST
 * `List-Unsubscribe=One-Click`, no sign-in); GET only shows a page with a button that POSTs, so link
 * scanners that follow links do not unsubscribe anyone.
 */
export function emailUnsubscribeRouter(emails: EmailService, orm: MikroORM): Router {
  const router = express.Router();
  router.get('/email/unsubscribe', (req, res) => {
    const token = tokenOf(req);
    if (!token || !emails.isUnsubscribeToken(token)) {
      sendPlainPage(res, 400, 'Link not valid', INVALID);
      return;
    }
    sendPlainPage(
      res,
      200,
      'Stop reminders for this payment?',
      `<p>You will get no more reminder emails about this group payment. Your invite link keeps working.</p>
<form method="post" action="/email/unsubscribe?t=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size:1rem;padding:.7rem 1.2rem;border-radius:.4rem;border:0;background:#1f5f8b;color:#fff">Stop reminders</button></form>`,
    );
  });
  router.post('/email/unsubscribe', express.urlencoded({ extended: false, limit: '2kb' }), async (req, res, next) => {
    try {
      const done = await emails.unsubscribe(orm.em.fork(), tokenOf(req));
      if (!done) {
        sendPlainPage(res, 400, 'Link not valid', INVALID);
        return;
      }
      sendPlainPage(res, 200, 'Unsubscribed', '<p>You will get no more reminder emails about this group payment.</p>');
    } catch (error) {
      next(error);
    }
  });
  return router;
}
