import type { NextFunction, Request, Response } from 'express';
import { type Logger, scrubSecrets } from '../logger.js';

/** Probes answer often and say nothing new; they are not logged. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One line per request when it ends: method, scrubbed URL, status, duration and request id;
 * 5xx at error level, the rest at info. Written here rather than with pino-http, which builds two
 * child loggers per request (serializing the request into one up front) even when the line is not
 * written; on the status poll that cost a tenth of the throughput (docs/benchmarks.md). Headers
 * are never logged, so keys, cookies and tokens in them cannot leak; the URL is scrubbed.
 */
export function accessLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (UNLOGGED_PATHS.has(req.path)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('close', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          requestId: req.requestId,
          req: { method: req.method, url: scrubSecrets(req.originalUrl) },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        // A response the client stopped waiting for closes without finishing.
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
