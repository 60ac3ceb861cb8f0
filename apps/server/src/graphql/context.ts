import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { LimitName } from '../http/rate-limits.js';
import type { Logger } from '../logger.js';
import { accessCookieName, type SessionAccess, type Viewer } from '../modules/access/session-access.js';
import type { IntegrationService, MerchantPrincipal } from '../modules/integrations/integration.service.js';
import type { SessionChangeHub } from '../modules/live/session-changes.js';
import type { PaymentService } from '../modules/payments/payment.service.js';
import type { SessionService } from '../modules/sessions/session.service.js';
import type { WebhookService } from '../modules/webhooks/webhook.service.js';

export interface Services {
  integrations: IntegrationService;
  sessions: SessionService;
  payments: PaymentService;
  webhooks: WebhookService;
  access: SessionAccess;
  live: SessionChangeHub;
}

export interface CookieJar {
  get(name: string): string | undefined;
  /** Sets an HttpOnly, SameSite=Lax cookie valid until `expires`. */
  set(name: string, value: string, expires: Date): void;
}

/** Everything a resolver may use for one request, whichever transport carried it. */
export interface RequestContext {
  readonly requestId: string;
  readonly em: EntityManager;
  readonly logger: Logger;
  readonly services: Services;
  /** The merchant behind the API key; throws the spec's auth codes. Memoized per request. */
  requireMerchant(): Promise<MerchantPrincipal>;
  /** The pay-app viewer of a session, from its cookie (or a token being exchanged). */
  requireViewer(sessionId: string, token?: string): Promise<Viewer>;
  readonly cookies: CookieJar;
  /** Counts this operation against a limit of decisions §8 (GraphQL transport; REST counts itself). */
  limit(name: LimitName, key: string): Promise<void>;
  /** The caller's address (for per-client limits). */
  readonly clientAddress: string;
}

export interface RequestFacts {
  requestId: string;
  apiKey: string | undefined;
  /** True when the request carries browser-only headers (Origin, Sec-Fetch-Site). */
  fromBrowser: boolean;
  cookies: CookieJar;
  limit?: (name: LimitName, key: string) => Promise<void>;
  clientAddress?: string;
}

const NO_COOKIES: CookieJar = { get: () => undefined, set: () => undefined };

export function createRequestContext(root: { em: EntityManager; logger: Logger; services: Services }, facts: RequestFacts): RequestContext {
  // A unit of work per request; identity map and changes never leak between requests.
  const em = root.em.fork() as EntityManager;
  const logger = root.logger.child({ requestId: facts.requestId });
  let merchant: Promise<MerchantPrincipal> | undefined;
  return {
    requestId: facts.requestId,
    em,
    logger,
    services: root.services,
    cookies: facts.cookies ?? NO_COOKIES,
    clientAddress: facts.clientAddress ?? 'unknown',
    limit: facts.limit ?? (async () => undefined),
    requireMerchant() {
      merchant ??= facts.fromBrowser
        ? Promise.reject(
            new AppError(ErrorCode.BrowserRequestForbidden, 'API keys are for server-to-server calls; this request came from a browser'),
          )
        : root.services.integrations.authenticate(em, facts.apiKey);
      return merchant;
    },
    requireViewer(sessionId, token) {
      return root.services.access.resolve(em, sessionId, token ?? facts.cookies.get(accessCookieName(sessionId)));
    },
  };
}
