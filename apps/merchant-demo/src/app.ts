import { createClient, type PaySplitClient } from '@paysplit/sdk';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from './config.js';
import type { Logger } from './logger.js';
import { createFaviconRouter } from './favicon.js';
import { createBookingsRouter } from './merchant/bookings-router.js';
import { renderErrorPage } from './merchant/booking-pages.js';
import { createPartnerCancelRouter, PARTNER_CANCEL_PATH } from './merchant/partner-cancel.js';
import { createPartnerCaptureRouter, PARTNER_CAPTURE_PATH } from './merchant/partner-capture.js';
import { createPartnerCreatePaymentRouter } from './merchant/partner-create-payment.js';
import { createPartnerRefundRouter, PARTNER_REFUND_PATH } from './merchant/partner-refund.js';
import { createPaymentFailureRouter, PROCESSOR_EVENTS_PATH } from './merchant/payment-failure.js';
import { createPaymentSuccessRouter } from './merchant/payment-success.js';
import { createPaySplitWebhookRouter } from './merchant/paysplit-webhook.js';
import { createProcessorClient, type ProcessorClient } from './merchant/processor-client.js';
import { createTripsRouter } from './merchant/trips-router.js';
import { createProcessorRouter } from './processor/processor-router.js';

export interface MerchantAppDeps {
  config: MerchantConfig;
  pool: Pool;
  logger: Logger;
  paysplit?: PaySplitClient;
  /** Defaults to an HTTP client for the processor mounted at config.publicUrl. */
  processor?: ProcessorClient;
  /** The test processor's clock (when holds are placed and lapse); tests move it, the real one is the system's. */
  now?: () => Date;
}

/** Logs method, path and status only: query strings and bodies may hold tokens or card numbers. */
function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
      logger.debug({ method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}

function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      // Pages use inline styles; the only scripts are the checkout form's and the waiting
      // confirmation page's, files of this app (never inline), which asks this app only
      // (connect-src); the only image is the tab's icon. form-action is left open on purpose:
      // POST /bookings answers with a redirect to PaySplit, which form-action would block.
      'Content-Security-Policy':
        "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    });
    next();
  };
}

export function createMerchantApp(deps: MerchantAppDeps): express.Express {
  const { config, pool, logger } = deps;
  const paysplit = deps.paysplit ?? createClient({ apiKey: config.paysplit.apiKey, baseUrl: config.paysplit.baseUrl });
  const processor = deps.processor ?? createProcessorClient(config.publicUrl);

  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(logger), securityHeaders());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(createFaviconRouter());

  // The test processor: a separate system that happens to share this process and database.
  app.use(
    '/processor',
    createProcessorRouter({
      pool,
      logger,
      publicUrl: config.publicUrl,
      eventsUrl: `${config.publicUrl}${PROCESSOR_EVENTS_PATH}`,
      ...(deps.now ? { now: deps.now } : {}),
    }),
  );

  app.use(createPartnerCreatePaymentRouter({ config, pool, logger, processor }));
  app.use(createPartnerRefundRouter({ config, pool, logger, processor }));
  app.use(createPartnerCancelRouter({ config, pool, logger, processor }));
  app.use(createPartnerCaptureRouter({ config, pool, logger, processor }));
  app.use(createPaymentSuccessRouter({ logger, paysplit, processor }));
  app.use(createPaymentFailureRouter({ logger, paysplit, processor }));
  app.use(createPaySplitWebhookRouter({ config, pool, logger }));
  app.use(createBookingsRouter({ config, pool, logger, paysplit }));
  app.use(createTripsRouter({ config, pool, logger, paysplit }));

  const wantsJson = (path: string) =>
    path.startsWith('/processor/api/') ||
    path.startsWith('/webhooks/') ||
    path === '/paysplit/create-payment' ||
    path === PARTNER_REFUND_PATH ||
    path === PARTNER_CANCEL_PATH ||
    path === PARTNER_CAPTURE_PATH ||
    /^\/bookings\/[^/]+\/status$/.test(path);

  app.use((req, res) => {
    if (wantsJson(req.path)) {
      res.status(404).json({ error: 'not_found' });
      return;
    }
    res
      .status(404)
      .type('html')
      .send(renderErrorPage({ title: 'Page not found', message: 'There is no page here.' }));
  });

  const onError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    // Body-parser errors (malformed JSON, too large) carry a 4xx status; anything else is ours.
    const status =
      typeof (error as { status?: unknown }).status === 'number' && (error as { status: number }).status < 500
        ? (error as { status: number }).status
        : 500;
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    if (res.headersSent) {
      next(error);
      return;
    }
    if (wantsJson(req.path)) {
      res.status(status).json({ error: status >= 500 ? 'internal_error' : 'bad_request' });
      return;
    }
    res
      .status(status)
      .type('html')
      .send(renderErrorPage({ title: 'Something went wrong', message: 'Please try again in a moment.' }));
  };
  app.use(onError);

  return app;
}
