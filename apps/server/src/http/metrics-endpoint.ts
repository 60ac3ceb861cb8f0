import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Metrics } from './metrics.js';

/** Serves the registry in Prometheus' text format. */
export function metricsEndpoint(metrics: Metrics): RequestHandler {
  return (_req, res, next) => {
    metrics.registry.metrics().then((text) => res.type(metrics.registry.contentType).send(text), next);
  };
}

/**
 * /metrics on the public port: with a token, only for `Authorization: Bearer <token>` (compared in
 * constant time); without one, open only outside production. Refusals look like an unknown path.
 */
export function metricsAccess(options: { token: string | undefined; open: boolean }): RequestHandler {
  const expected = options.token === undefined ? undefined : createHash('sha256').update(options.token).digest();
  return (req, res, next) => {
    if (expected) {
      const presented = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
      const digest = createHash('sha256')
        .update(presented ?? '')
        .digest();
      if (presented !== undefined && timingSafeEqual(digest, expected)) {
        next();
        return;
      }
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('A metrics token is required\n');
      return;
    }
    if (options.open) next();
    else res.status(404).type('text/plain').send('Not found\n');
  };
}
