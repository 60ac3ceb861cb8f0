import type { MikroORM } from '@mikro-orm/postgresql';
import { isUuid } from '@paysplit/domain';
import express, { type Request, type Response, type Router } from 'express';
import type { EmailService, SignInPageWords } from '../modules/emails/index.js';
import type { HostSignInService } from '../modules/sessions/index.js';
import { accessCookieName } from './cookies.js';
import { escapeHtml } from '../security/html-text.js';
import { sendPlainPage } from './plain-page.js';

const BUTTON = 'font-size:1rem;padding:.7rem 1.2rem;border-radius:.4rem;border:0;background:#1f5f8b;color:#fff;cursor:pointer';
const SIGN_IN_PATH = '/pay/:sessionId/sign-in';

function requestForm(sessionId: string, label: string): string {
  return `<form method="post" action="/pay/${sessionId}/sign-in"><button type="submit" style="${BUTTON}">${escapeHtml(label)}</button></form>`;
}

const paragraph = (text: string, style = '') => `<p${style ? ` style="${style}"` : ''}>${escapeHtml(text)}</p>`;

const ASK_PAGE = (sessionId: string, words: SignInPageWords) =>
  `${paragraph(words.askBody)}\n${requestForm(sessionId, words.askButton)}\n${paragraph(words.askOther, 'color:#555')}`;

const EXPIRED_PAGE = (sessionId: string, words: SignInPageWords) =>
  `${paragraph(words.expiredBody)}\n${requestForm(sessionId, words.newLinkButton)}`;

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
export function hostSignInRouter(
  signIns: HostSignInService,
  emails: Pick<EmailService, 'signInPageWords'>,
  orm: MikroORM,
  options: { secureCookies: boolean },
): Router {
  const router = express.Router();
  // In the browser's language: the host may be on a device nobody has used for this payment yet.
  const wordsOf = (req: Request) => emails.signInPageWords(req.get('accept-language'));
  const page = (res: Response, words: SignInPageWords, status: number, title: string, body: string) =>
    sendPlainPage(res, status, title, body, words);
  const notFound = (res: Response, words: SignInPageWords) => page(res, words, 404, words.notFoundTitle, paragraph(words.notFoundBody));

  router.get(SIGN_IN_PATH, async (req, res, next) => {
    const sessionId = String(req.params.sessionId);
    const words = wordsOf(req);
    if (!isUuid(sessionId)) return notFound(res, words);
    try {
      const code = codeOf(req.query.code);
      if (!(await signIns.sessionExists(orm.em.fork(), sessionId))) return notFound(res, words);
      if (code === undefined) return page(res, words, 200, words.askTitle, ASK_PAGE(sessionId, words));
      if (!(await signIns.isUsable(orm.em.fork(), sessionId, code))) {
        return page(res, words, 400, words.expiredTitle, EXPIRED_PAGE(sessionId, words));
      }
      page(
        res,
        words,
        200,
        words.continueTitle,
        `${paragraph(words.continueBody)}
<form method="post" action="/pay/${sessionId}/sign-in"><input type="hidden" name="code" value="${escapeHtml(code)}">
<button type="submit" style="${BUTTON}">${escapeHtml(words.continueButton)}</button></form>`,
      );
    } catch (error) {
      next(error);
    }
  });

  router.post(SIGN_IN_PATH, express.urlencoded({ extended: false, limit: '2kb' }), async (req, res, next) => {
    const sessionId = String(req.params.sessionId);
    const words = wordsOf(req);
    if (!isUuid(sessionId)) return notFound(res, words);
    if (crossSite(req)) return page(res, words, 403, words.notAllowedTitle, paragraph(words.notAllowedBody));
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.code !== undefined) {
        const code = codeOf(body.code);
        const signedIn = code === undefined ? undefined : await signIns.redeem(orm.em.fork(), sessionId, code).catch(() => undefined);
        if (!signedIn) return page(res, words, 400, words.expiredTitle, EXPIRED_PAGE(sessionId, words));
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
      if (answer.outcome === 'unknown-session') return notFound(res, words);
      if (answer.outcome === 'too-soon') {
        res.set('Retry-After', String(answer.retryAfterSeconds));
        const minutes = Math.ceil(answer.retryAfterSeconds / 60);
        return page(res, words, 429, words.tooSoonTitle, paragraph(words.tooSoonBody(minutes)));
      }
      page(res, words, 200, words.sentTitle, paragraph(words.sentBody));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
