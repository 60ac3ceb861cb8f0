import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import { parse as parseCookies } from 'cookie';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Config } from './config.js';
import { createRequestContext, type RequestContext } from './graphql/context.js';
import { createApolloServer } from './graphql/apollo-server.js';
import { CompiledDocuments } from './graphql/compiled-documents.js';
import { depthLimitRule, operationCostCheck } from './graphql/query-limits.js';
import { buildPaySplitSchema } from './graphql/schema.js';
import { DashboardDatabase } from './db/dashboard-database.js';
import { documentLimitsMiddleware } from './graphql/document-limits.js';
import {
  admitOwnDocument,
  admitOwnDocumentsMiddleware,
  contextOfAdmitted,
  TrustedDocuments,
  trustedDocumentsMiddleware,
  type TrustedDocumentPolicy,
} from './graphql/trusted-documents.js';
import { Redis } from 'ioredis';
import { accessLog } from './http/access-log.js';
import { classifyRequestError } from './http/body-errors.js';
import { liveUpdatesRoute, trustsProxyOf } from './http/live-updates.js';
import { routeUpgrades } from './http/upgrades.js';
import { LISTEN_PATH, listenRoute, listenWithoutUpgrade } from './listen/listen-route.js';
import { Metrics } from './http/metrics.js';
import { metricsAccess, metricsEndpoint } from './http/metrics-endpoint.js';
import type { JobRunner } from './jobs/job-runner.js';
import { chargeQueryCost, enforceLimit, RateLimits } from './http/rate-limits.js';
import { adminExportsRouter } from './http/admin-exports.js';
import { emailUnsubscribeRouter } from './http/email-unsubscribe.js';
import { hostSignInRouter } from './http/host-sign-in.js';
import { healthRouter } from './http/health.js';
import { answerNotFound } from './http/not-found.js';
import { payAppRouter } from './http/pay-app.js';
import { referencePagesRouter } from './http/reference-pages.js';
import { requestId } from './http/request-id.js';
import type { Logger } from './logger.js';
import { sendError } from './rest/error-response.js';
import { mountExportRoutes } from './rest/exports.js';
import { buildOpenApiDocument } from './rest/openapi.js';
import { mountRestRoute } from './rest/rest-route.js';
import { REST_ROUTES } from './rest/routes.js';
import type { SecretBox } from './security/secret-box.js';
import { type AppServices, createJobRunner, createServices } from './services.js';

export interface AppDeps {
  config: Config;
  orm: MikroORM;
  /**
   * A direct PostgreSQL connection (never a transaction pooler): the dedicated LISTEN connection of
   * live updates, and the dashboard pool, whose statement_timeout is set per connection.
   */
  databaseUrl: string;
  logger: Logger;
  secretBox: SecretBox;
  now?: () => Date;
}

export interface PaySplitApp {
  app: express.Express;
  services: AppServices;
  /** Every module's job kinds, registered; the caller starts and stops it (server.ts, test servers). */
  jobs: JobRunner;
  metrics: Metrics;
  /** Serves only /metrics, for a listener of its own on METRICS_PORT. */
  metricsApp: express.Express;
  apollo: ApolloServer<RequestContext>;
  /** Serves the WebSocket routes (GraphQL subscriptions, the listen connection); returns what closes them (before a server waits for its connections). */
  attachSockets(server: Server): () => Promise<void>;
  stop(): Promise<void>;
}

/** The decisions' body limit: larger bodies get 413 PAYLOAD_TOO_LARGE. */
export const MAX_BODY_BYTES = 100 * 1024;

/** Builds the whole HTTP surface without listening (tests and main.ts both call it). */
export async function createApp(deps: AppDeps): Promise<PaySplitApp> {
  const { config, orm, logger } = deps;
  const metrics = new Metrics(orm);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const rateLimits = new RateLimits({
    redis,
    logger,
    metrics,
    windowSeconds: config.rateLimitWindowSeconds,
    enabled: config.rateLimitsEnabled,
    queryCostPerWindow: config.adminQueryCostPerWindow,
  });
  const services = createServices({ ...deps, loginThrottle: rateLimits, metrics });
  const jobs = createJobRunner({ config, orm, databaseUrl: deps.databaseUrl, logger, metrics, services });
  metrics.observeLiveUpdates(() => services.liveViews.stats);
  metrics.observeOutboxBacklog((em) => services.webhooks.unfinishedByStatus(em));
  metrics.observeRequestLog(() => services.requestLogWriter.stats);
  try {
    await services.live.start();
  } catch (error) {
    // A failed start (database down at boot) must not leave the Redis client connecting forever.
    redis?.disconnect();
    throw error;
  }

  const schema = await buildPaySplitSchema();
  const trusted: TrustedDocumentPolicy = {
    documents: TrustedDocuments.load(config.payAppDir, config.trustedDocumentsOnly),
    enforce: config.trustedDocumentsOnly,
  };
  const admit = (contextValue: RequestContext) => admitOwnDocument(contextValue, trusted.enforce);
  const apollo = createApolloServer({ schema, config, logger, admit });
  await apollo.start();

  // The admin area's reads get a pool of their own (db/dashboard-database.ts).
  const dashboard = await DashboardDatabase.open({
    databaseUrl: deps.databaseUrl,
    poolMax: config.dashboardPoolMax,
    statementTimeoutMs: config.dashboardStatementTimeoutMs,
    logger,
  });
  const root = { em: orm.em, logger, services, dashboard };
  const secureCookies = config.publicBaseUrl.startsWith('https://');
  // `facts` overrides the headers: the admin area's download form sends its CSRF token as a field.
  const contextFor = (req: Request, res: Response, transport: 'rest' | 'graphql', facts: { csrfToken?: string } = {}): RequestContext => {
    // Parsed on first read: most requests read one cookie or none.
    let cookies: Record<string, string | undefined> | undefined;
    return createRequestContext(root, {
      requestId: req.requestId,
      clientAddress: req.ip ?? 'unknown',
      limit: (name, key) => enforceLimit(rateLimits, res, name, key),
      chargeQueryCost: transport === 'graphql' ? (key, points) => chargeQueryCost(rateLimits, key, points) : undefined,
      apiKey: req.get('x-service-api-key'),
      fromBrowser: req.get('origin') !== undefined || req.get('sec-fetch-site') !== undefined,
      authorization: req.get('authorization'),
      csrfToken: facts.csrfToken ?? req.get('x-csrf-token'),
      setHeader: (name, value) => res.setHeader(name, value),
      trustedDocument: res.locals.trustedDocument === true,
      cookies: {
        // REST routes read none (API keys only), as before.
        get: (name) =>
          transport === 'graphql' ? (cookies ??= req.headers.cookie ? parseCookies(req.headers.cookie) : {})[name] : undefined,
        set: (name, value, expires, options) => {
          res.cookie(name, value, { httpOnly: true, sameSite: options?.sameSite ?? 'lax', secure: secureCookies, path: '/', expires });
        },
        clear: (name) => {
          res.clearCookie(name, { httpOnly: true, secure: secureCookies, path: '/' });
        },
      },
    });
  };

  const compiledDocuments = new CompiledDocuments({
    schema,
    documents: trusted.documents,
    validationRules: [depthLimitRule],
    checkCost: operationCostCheck(schema, { admit }),
    createContext: (req, res) => contextFor(req, res, 'graphql'),
    onSkipped: (documentId, reason) => logger.warn({ documentId, reason }, 'trusted document not compiled; it runs through Apollo'),
    onRun: () => metrics.compiledOperations.inc(),
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // API responses are not cached (no-store), so no ETag is computed for them; the pay app's static
  // assets keep their own validators (express.static).
  app.set('etag', false);
  app.use(metrics.middleware());
  app.use(requestId());
  app.use(accessLog(logger));

  // First, so the busiest requests (status polls, API calls) match without walking other routes.
  // They need no cookies: only GraphQL reads them (the pay app and the administration area).
  const restRouter = express.Router();
  const restDeps = { schema, createContext: contextFor, maxBodyBytes: MAX_BODY_BYTES, recordRequest: services.requestLogWriter.record };
  for (const route of REST_ROUTES) mountRestRoute(restRouter, route, restDeps);
  const exportStreams = mountExportRoutes(restRouter, { ...restDeps, dashboard, metrics, limits: config.exports });
  app.use(restRouter);
  app.all(LISTEN_PATH, listenWithoutUpgrade);

  // Off the public port when METRICS_PORT is set (server.ts listens on it with metricsApp); else
  // behind METRICS_TOKEN, or open outside production only (docs/operations.md).
  if (config.metricsPort === undefined) {
    app.get('/metrics', metricsAccess({ token: config.metricsToken, open: config.environment !== 'production' }), metricsEndpoint(metrics));
  }
  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.get('/metrics', metricsAccess({ token: config.metricsToken, open: true }), metricsEndpoint(metrics));
  app.use(healthRouter(orm, logger));

  const openApiDocument = buildOpenApiDocument(REST_ROUTES, config.publicBaseUrl);
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(referencePagesRouter());

  app.use(
    '/graphql',
    (req: Request, res: Response, next: NextFunction) => {
      // GraphQL lives at /graphql alone: /graphql/anything is an address nothing serves, not an alias.
      if (req.path !== '/') {
        answerNotFound(req, res);
        return;
      }
      res.setHeader('cache-control', 'no-store');
      next();
    },
    express.json({ limit: MAX_BODY_BYTES }),
    trustedDocumentsMiddleware(trusted),
    // The pay app's and the admin area's own queries, compiled once (graphql/compiled-documents.ts).
    compiledDocuments.middleware(),
    // A document the client wrote: its credential (when enforcing), then its size and nesting, before Apollo parses it.
    admitOwnDocumentsMiddleware(trusted.enforce, (req, res) => contextFor(req, res, 'graphql')),
    documentLimitsMiddleware(),
    expressMiddleware(apollo, { context: async ({ req, res }) => contextOfAdmitted(res) ?? contextFor(req, res, 'graphql') }),
  );

  app.use(emailUnsubscribeRouter(services.emails, orm));
  app.use(hostSignInRouter(services.hostSignIn, services.emails, orm, { secureCookies }));
  app.use(adminExportsRouter({ createContext: contextFor, dashboard, streams: exportStreams }));

  // After the API: API requests, the busiest, do not walk the pay app's routes first.
  app.use(payAppRouter(config.payAppDir));

  app.use(answerNotFound);

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // A body that cannot be decompressed or parsed, on any route, is the client's (http/body-errors.ts).
    const appError = classifyRequestError(error, { maxBodyBytes: MAX_BODY_BYTES });
    if (!appError) logger.error({ err: error, requestId: req.requestId }, 'unhandled error');
    sendError(res, req.requestId, appError ?? new AppError(ErrorCode.InternalError, 'An internal error occurred'));
  });

  const detachers: (() => Promise<void>)[] = [];
  return {
    app,
    services,
    jobs,
    metrics,
    metricsApp,
    apollo,
    attachSockets(server) {
      // The largest message a socket may send; the address as Express gives it (TRUST_PROXY) for the per-address bounds.
      const bounds = { maxMessageBytes: MAX_BODY_BYTES, trustsProxy: trustsProxyOf(app) };
      const live = liveUpdatesRoute({
        schema,
        publicOrigin: new URL(config.publicBaseUrl).origin,
        logger,
        contextRoot: root,
        trusted,
        limits: config.live,
        onRefused: (reason) => metrics.liveSocketsRefused.inc({ reason }),
        ...bounds,
      });
      const listen = listenRoute({ config, em: orm.em, logger, metrics, services, rateLimits, ...bounds });
      const detach = routeUpgrades(server, [live, listen]);
      detachers.push(detach);
      return detach;
    },
    async stop() {
      await Promise.all(detachers.map((detach) => detach()));
      services.liveViews.stop();
      await services.live.stop();
      await dashboard.close();
      redis?.disconnect();
      await apollo.stop();
      // Requests answered until now are written before the database goes.
      await services.requestLogWriter.stop();
    },
  };
}
