import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';
import { REFERENCE_SCRIPT, REFERENCE_STYLE } from './reference-page-assets.js';

/**
 * The pages a person lands on first: `/` (what this server is, where to go next) and `/docs`, the
 * API reference rendered from `/api/v1/openapi.json` by Swagger UI, served from the installed
 * swagger-ui-dist package. Nothing is loaded from elsewhere at run time, which the CSP enforces.
 */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'favicon-16x16.png']);

const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    // Swagger UI (React) sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2430; }
  body { margin: 0; background: #f6f7f9; }
  main.home { max-width: 46rem; margin: 0 auto; padding: 3rem 1.25rem; }
  .home h1 { font-size: 1.9rem; margin: 0 0 .5rem; }
  .home p { line-height: 1.55; }
  ul.links { list-style: none; padding: 0; display: grid; gap: .75rem; }
  ul.links a { display: block; padding: .9rem 1rem; background: #fff; border: 1px solid #d9dee5; border-radius: .5rem;
    text-decoration: none; color: #0b57d0; font-weight: 600; }
  ul.links a span { display: block; font-weight: 400; color: #4a5565; margin-top: .2rem; }
  .home code { background: #eceff3; padding: .1rem .3rem; border-radius: .25rem; }
  .topbar-note { font: 14px system-ui, sans-serif; padding: .6rem 1rem; background: #1c2430; color: #fff; }
  .topbar-note a { color: #9cc3ff; }
  .topbar-note p { margin: 0; }
${REFERENCE_STYLE}`;

const START_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PaySplit</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/docs/page.css">
</head>
<body>
<main class="home">
  <h1>PaySplit</h1>
  <p>This is a PaySplit server: it runs split-payment sessions for merchants. A merchant's backend creates a
  session for a total, the host splits it among friends on a hosted pay page, each payer pays their share
  through the merchant's own processor, and the merchant receives one signed completion webhook.</p>
  <ul class="links">
    <li><a href="/docs">API reference<span>Every endpoint, the partner create-payment call and the webhook events, with their signatures</span></a></li>
    <li><a href="/admin">Administration area<span>Integrations, API keys, signing secrets, sessions and webhook deliveries</span></a></li>
    <li><a href="/api/v1/openapi.json">OpenAPI document<span>The same contract as OpenAPI 3.1, for code generators</span></a></li>
    <li><a href="/readyz">Readiness<span>Answers 200 while the database is reachable</span></a></li>
  </ul>
  <p>Hosted pay pages live under <code>/pay/&lt;sessionId&gt;</code>; merchants create sessions with
  <code>POST /api/v1/payments/sessions</code> from their server, never from a browser.</p>
</main>
</body>
</html>`;

// Swagger UI draws its own <main> (the operations); the bar above it is the page's banner.
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PaySplit API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/page.css">
</head>
<body>
<header class="topbar-note"><p>PaySplit API reference · <a href="/">Home</a> · <a href="/api/v1/openapi.json">openapi.json</a></p></header>
<div id="reference"><noscript><main><p>The reference needs JavaScript; the raw document is at
<a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></main></noscript></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/reference.js"></script>
</body>
</html>`;

export function referencePagesRouter(): Router {
  const router = express.Router();
  const page = (body: string, type: string) => (_req: express.Request, res: express.Response) => {
    res.set(PAGE_HEADERS).set('Cache-Control', 'no-cache').type(type).send(body);
  };
  router.get('/', page(START_PAGE, 'html'));
  router.get(['/docs', '/docs/'], page(REFERENCE_PAGE, 'html'));
  router.get('/docs/reference.js', page(REFERENCE_SCRIPT, 'js'));
  router.get('/docs/page.css', page(STYLE, 'css'));
  router.get('/docs/assets/:file', (req, res, next) => {
    if (!SWAGGER_UI_FILES.has(req.params.file)) {
      next();
      return;
    }
    res.set(PAGE_HEADERS);
    res.sendFile(req.params.file, { root: SWAGGER_UI_DIR, maxAge: '1d' });
  });
  return router;
}
