import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/** Headers of every pay page: no referrer leaves it (tokens were in its address), strict CSP. */
export const PAY_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // The merchant's logo (an https URL it sets on its integration) is the one thing a pay page
    // loads from elsewhere: images only, https only; scripts, styles and requests stay same-origin,
    // and no-referrer keeps the page's address (which once held a token) from the image's host.
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** An image never runs anything, even when opened on its own. */
const ICON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Serves the built pay app: the page at both address shapes of interface §2, at an open group's
 * join link (/pay/:id/join?code=…, the page that joins it) and at the admin area (/admin and
 * everything under it, routed in the browser), hashed assets with a long cache, and the site's
 * icon. Without a build it answers with how to make one, rather than a bare 404.
 */
export function payAppRouter(distDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  let indexHtml: string | undefined;
  const loadIndex = (): string | undefined => (indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined);

  // A file it does not have (or another method) goes on to the not-found page, rather than an error.
  router.use('/pay-assets', express.static(distDir, { index: false, immutable: true, maxAge: '365d' }));
  // Browsers ask for /favicon.ico on every page of ours; it is the pay app's icon (an SVG, drawn by
  // current browsers whatever the address says). Not hashed, so cached for a day, not forever.
  router.get(['/favicon.ico', '/favicon.svg'], (_req, res, next) => {
    res.set(ICON_HEADERS).sendFile('favicon.svg', { root: distDir, maxAge: '1d' }, (error) => {
      if (error && !res.headersSent) next();
    });
  });
  router.get(['/pay/:sessionId', '/session/:sessionId', '/pay/:sessionId/join', '/admin', '/admin/*adminPath'], (_req, res) => {
    res.set(PAY_PAGE_HEADERS);
    const html = loadIndex();
    if (!html) {
      res.status(503).type('text/plain').send('The pay app is not built yet: run `npm run build` (or `npm start`, which builds it).');
      return;
    }
    res.type('html').send(html);
  });
  return router;
}
