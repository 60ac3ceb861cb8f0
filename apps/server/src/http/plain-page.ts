import type { Response } from 'express';

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

/** A page readable on a phone, in the pay pages' restrained style, without script. `body` is trusted HTML. */
export function sendPlainPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set(PLAIN_PAGE_HEADERS)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${title}</title></head>
<body style="margin:0;background:#f6f7f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c2430">
<main style="max-width:32rem;margin:0 auto;padding:2.5rem 1.25rem;line-height:1.55"><h1 style="font-size:1.5rem">${title}</h1>${body}</main></body></html>`,
    );
}
