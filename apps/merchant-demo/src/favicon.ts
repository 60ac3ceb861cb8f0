import express, { type Router } from 'express';

/** Harbour Table's mark: a plate between a fork and a knife, on the site's navy. */
const merchantIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#1f3a5f"/>
<circle cx="16" cy="16" r="7.5" fill="none" stroke="#fff" stroke-width="2"/>
<circle cx="16" cy="16" r="4" fill="none" stroke="#9fc3e8" stroke-width="1.5"/>
<path d="M5 7v6.5M3.6 7v4.5a1.4 1.4 0 0 0 2.8 0V7M5 13.5V25" fill="none" stroke="#fff" stroke-width="1.3" stroke-linecap="round"/>
<path d="M27 25V7c-1.8 1.5-2.4 4-2.4 7.5H27" fill="none" stroke="#fff" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;

/** The test processor's mark: a card, on its purple, so nobody mistakes one site for the other. */
const processorIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#4b2a7a"/>
<rect x="5" y="9" width="22" height="15" rx="2.5" fill="#fff"/>
<rect x="5" y="12.5" width="22" height="3" fill="#4b2a7a"/>
<rect x="8" y="19" width="7" height="2" rx="1" fill="#b9a3dc"/>
</svg>
`;

function sendIcon(svg: string): express.RequestHandler {
  return (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  };
}

/** Icons for the browser tab: an SVG per site, and /favicon.ico (asked for by habit) points there. */
export function createFaviconRouter(): Router {
  const router = express.Router();
  router.get('/favicon.svg', sendIcon(merchantIcon));
  router.get('/processor/favicon.svg', sendIcon(processorIcon));
  router.get('/favicon.ico', (_req, res) => {
    res.redirect(301, '/favicon.svg');
  });
  return router;
}
