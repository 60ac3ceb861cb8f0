import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { IntegrationService, MerchantPrincipal } from '../modules/integrations/integration.service.js';
import type { SessionService } from '../modules/sessions/session.service.js';
import { AppError, ErrorCode } from '@paysplit/domain';

export interface Services {
  integrations: IntegrationService;
  sessions: SessionService;
}

/** Everything a resolver may use for one request, whichever transport carried it. */
export interface RequestContext {
  readonly requestId: string;
  readonly em: EntityManager;
  readonly logger: Logger;
  readonly services: Services;
  /** The merchant behind the API key; throws the spec's auth codes. Memoized per request. */
  requireMerchant(): Promise<MerchantPrincipal>;
}

export interface RequestFacts {
  requestId: string;
  apiKey: string | undefined;
  /** True when the request carries browser-only headers (Origin, Sec-Fetch-Site). */
  fromBrowser: boolean;
}

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
    requireMerchant() {
      merchant ??= facts.fromBrowser
        ? Promise.reject(
            new AppError(ErrorCode.BrowserRequestForbidden, 'API keys are for server-to-server calls; this request came from a browser'),
          )
        : root.services.integrations.authenticate(em, facts.apiKey);
      return merchant;
    },
  };
}
