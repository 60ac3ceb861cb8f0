import type { IncomingMessage } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import { LISTEN_PATH, LISTEN_SUBPROTOCOL } from '@paysplit/sdk';
import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { clientAddressOf } from '../http/live-updates.js';
import type { Metrics } from '../http/metrics.js';
import { enforceLimit, type RateLimits } from '../http/rate-limits.js';
import type { SocketRoute } from '../http/upgrades.js';
import type { Logger } from '../logger.js';
import { sendError } from '../rest/error-response.js';
import type { IntegrationServices } from '../modules/integrations/index.js';
import { serveListenSockets } from './listen-sockets.js';
import type { ListenPrincipal, Listeners } from './listeners.js';

export interface ListenRouteDeps {
  config: Config;
  em: EntityManager;
  logger: Logger;
  metrics: Metrics;
  services: { listeners: Listeners; apiKeyAuthentication: IntegrationServices['apiKeyAuthentication'] };
  rateLimits: RateLimits;
  /** The largest message a listener may send (the HTTP body limit). */
  maxMessageBytes: number;
  /** Express's compiled TRUST_PROXY, for the per-address bound. */
  trustsProxy: (address: string, hop: number) => boolean;
}

/**
 * `GET /api/v1/listen` (`paysplit listen`), bounded like the live updates' sockets
 * (docs/operations.md); its listeners start refreshing their registrations now.
 */
export function listenRoute(deps: ListenRouteDeps): SocketRoute {
  deps.services.listeners.start();
  return serveListenSockets({
    listeners: deps.services.listeners,
    logger: deps.logger,
    metrics: deps.metrics,
    pingIntervalMs: deps.config.live.pingIntervalMs,
    pendingPerAddress: deps.config.live.pendingSocketsPerAddress,
    maxMessageBytes: deps.maxMessageBytes,
    addressOf: (request) => clientAddressOf(request, deps.trustsProxy),
    authenticate: (request) => authenticateListener(deps, request),
    limit: (integrationId, headers) =>
      enforceLimit(deps.rateLimits, { setHeader: (name, value) => (headers[name] = value) }, 'merchantApi', integrationId),
  });
}

/** The checks every merchant call makes (browser headers, then the key), then a test key of an enabled integration. */
async function authenticateListener(deps: ListenRouteDeps, request: IncomingMessage): Promise<ListenPrincipal> {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (header('origin') !== undefined || header('sec-fetch-site') !== undefined) {
    throw new AppError(ErrorCode.BrowserRequestForbidden, 'API keys are for server-to-server calls; this request came from a browser');
  }
  const principal = await deps.services.apiKeyAuthentication.authenticate(deps.em, header('x-service-api-key'));
  if (principal.mode !== 'test') {
    throw new AppError(
      ErrorCode.TestModeOnly,
      'Only test-mode traffic is forwarded to a listener: connect with a test key (ps_test_…), never a live one',
    );
  }
  if (!principal.integration.enabled) throw new AppError(ErrorCode.IntegrationDisabled, 'This integration is disabled');
  return { integrationId: principal.integrationId, apiKeyId: principal.apiKeyId };
}

export { LISTEN_PATH };

/** A request to the listen address that is no WebSocket handshake is told what the address takes. */
export function listenWithoutUpgrade(req: Request, res: Response): void {
  sendError(
    res,
    req.requestId,
    new AppError(
      ErrorCode.ValidationError,
      `${LISTEN_PATH} takes WebSocket handshakes only: GET with Upgrade: websocket and the subprotocol ${LISTEN_SUBPROTOCOL}`,
    ),
  );
}
