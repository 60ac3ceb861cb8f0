import { ERROR_CLASSES, ErrorCode } from '@paysplit/domain';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Router } from 'express';
import { pingDatabase } from '../db/pool-health.js';
import type { Logger } from '../logger.js';

/**
 * `/healthz` answers while the process serves requests at all (liveness); `/readyz` only while the
 * database answers too (readiness), so a load balancer stops sending traffic to an instance that
 * cannot reach PostgreSQL but does not restart it for that.
 */
export function healthRouter(orm: MikroORM, logger: Logger): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await pingDatabase(orm, 2_000);
      res.json({ status: 'ready' });
    } catch (error) {
      logger.warn({ err: error }, 'readiness check failed');
      const { status, retryAfterSeconds } = ERROR_CLASSES[ErrorCode.ServiceUnavailable];
      if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
      res.status(status).json({ status: 'unavailable', reason: 'database unreachable' });
    }
  });
  return router;
}
