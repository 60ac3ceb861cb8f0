import type { MikroORM } from '@mikro-orm/postgresql';
import { isUuid } from '@paysplit/domain';
import express, { type Request, type Response, type Router } from 'express';
import type { HostSignInService } from '../modules/sessions/index.js';
import { accessCookieName } from './cookies.js';
import { sendPlainPage } from './plain-page.js';

const BUTTON = 'font-size:1rem;padding:.7rem 1.2rem;border-radius:.4rem;border:0;background:#1f5f8b;color:#fff;cursor:pointer';
const SIGN_IN_PATH = '/pay/:sessionId/sign-in';

function requestForm(sessionId: string, label: string): string {
  return `<form method="post" action="/pay/${sessionId}/sign-in"><button type="submit" style="${BUTTON}">${label}</button></form>`;
}

const ASK_PAGE = (sessionId: string) => `<p>If you organised this group payment and gave your email address when you set it up, we can
email you a link that opens your split on this device. It works once, within 30 minutes.</p>
${requestForm(sessionId, 'Email me a sign-in link')}
<p style="color:#555">No email address on it? Go back to the shop’s confirmation page and use its link to your split.
If someone sent you this payment to pay your share, open the link they sent you instead.</p>`;

const EXPIRED_PAGE = (sessionId: string) => `<p>This sign-in link has expired or was used already. Each link works once, for 30 minutes.</p>
${requestForm(sessionId, 'Email me a new sign-in link')}`;

function codeOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 100 ? value : undefined;
}

/** A form posted from another site: refused, so no page elsewhere can sign anyone in or mail the host. */
function crossSite(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/**
 * The host's way back on another device (docs/decisions.md, "The host's way back"), pages the
 * server renders itself like unsubscribing: `GET /pay/{id}/sign-in` offers to email a sign-in link
 * to the address the host gave (POST sends it); the link (`?code=…`) opens a page whose button
 * POSTs the code, which sets the host's cookie and goes on to the pay page. Looking at a link uses
 * nothing up, so mail scanners that follow links spend no code.
 */
export function hostSignInRouter(signIns: HostSignInService, orm: MikroORM, options: { secureCookies: boolean }): Router {
  const router = express.Router();
  const notFound = (res: Response) =>
    sendPlainPage(res, 404, 'We can’t find this payment', '<p>Check that you opened the whole link you were sent.</p>');

  router.get(SIGN_IN_PATH, async (req, res, next) => {
    const sessionId = String(req.params.sessionId);
    if (!isUuid(sessionId)) return notFound(res);
    try {
      const code = codeOf(req.query.code);
      if (!(await signIns.sessionExists(orm.em.fork(), sessionId))) return notFound(res);
      if (code === undefined) return sendPlainPage(res, 200, 'Back to your split', ASK_PAGE(sessionId));
      if (!(await signIns.isUsable(orm.em.fork(), sessionId, code))) {
        return sendPlainPage(res, 400, 'This sign-in link doesn’t work any more', EXPIRED_PAGE(sessionId));
      }
      sendPlainPage(
        res,
        200,
        'Open your split on this device',
        `<p>Continue to open the group payment you organised, here on this device.</p>
<form method="post" action="/pay/${sessionId}/sign-in"><input type="hidden" name="code" value="${code}">
<button type="submit" style="${BUTTON}">Continue to your split</button></form>`,
      );
    } catch (error) {
      next(error);
    }
  });

  router.post(SIGN_IN_PATH, express.urlencoded({ extended: false, limit: '2kb' }), async (req, res, next) => {
    const sessionId = String(req.params.sessionId);
    if (!isUuid(sessionId)) return notFound(res);
    if (crossSite(req)) return sendPlainPage(res, 403, 'Not allowed', '<p>Open this page from the link in your email.</p>');
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.code !== undefined) {
        const code = codeOf(body.code);
        const signedIn = code === undefined ? undefined : await signIns.redeem(orm.em.fork(), sessionId, code).catch(() => undefined);
        if (!signedIn) return sendPlainPage(res, 400, 'This sign-in link doesn’t work any more', EXPIRED_PAGE(sessionId));
        res.cookie(accessCookieName(sessionId), signedIn.token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies,
          path: '/',
          expires: signedIn.expires,
        });
        res.set('Cache-Control', 'no-store').redirect(303, `/pay/${sessionId}`);
        return;
      }
      const answer = await signIns.requestLink(orm.em.fork(), sessionId);
      if (answer.outcome === 'unknown-session') return notFound(res);
      if (answer.outcome === 'too-soon') {
        res.set('Retry-After', String(answer.retryAfterSeconds));
        const minutes = Math.ceil(answer.retryAfterSeconds / 60);
        return sendPlainPage(
          res,
          429,
          'A link is already on its way',
          `<p>We sent a sign-in link a moment ago: check your inbox (and spam folder). You can ask for another in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>`,
        );
      }
      sendPlainPage(
        res,
        200,
        'Check your email',
        '<p>If you gave an email address when you organised this payment, a sign-in link is on its way to it. Open it on this device; it works once, within 30 minutes.</p>',
      );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
