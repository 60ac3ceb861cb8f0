import type { Response } from 'express';
import { escapeHtml } from '../security/html-text.js';

/**
 * Headers of the small pages the server renders itself (not found; the unsubscribe pages have
 * their own, email-unsubscribe.ts): nothing runs and nothing loads but their own inline style and
 * the site's icon; no referrer leaves them, and nothing caches them.
 */
const PLAIN_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/**
 * A page readable on a phone, in the pay pages' restrained style, without script. `body` is trusted
 * HTML; `language` the page's lang and dir (English unless given).
 */
export function sendPlainPage(
  res: Response,
  status: number,
  title: string,
  body: string,
  language: { lang: string; dir: 'ltr' | 'rtl' } = { lang: 'en', dir: 'ltr' },
): void {
  res
    .status(status)
    .set(PLAIN_PAGE_HEADERS)
    .type('html')
    .send(
      `<!doctype html><html lang="${escapeHtml(language.lang)}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f7f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c2430">
<main style="max-width:32rem;margin:0 auto;padding:2.5rem 1.25rem;line-height:1.55"><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}
