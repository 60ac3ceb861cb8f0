import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { LimitName } from '../http/rate-limits.js';
import { createLoaders, type RequestLoaders } from './loaders.js';
import type { Logger } from '../logger.js';
import { accessCookieName, type SessionAccess, type Viewer } from '../modules/access/session-access.js';
import { ADMIN_COOKIE, type AccountService, type AdminPrincipal } from '../modules/accounts/account.service.js';
import type { ExplorerService } from '../modules/admin/explorer.service.js';
import type { IntegrationService, MerchantPrincipal } from '../modules/integrations/integration.service.js';
import type { SessionChangeHub } from '../modules/live/session-changes.js';
import type { PaymentService } from '../modules/payments/payment.service.js';
import type { SessionService } from '../modules/sessions/session.service.js';
import type { WebhookService } from '../modules/webhooks/webhook.service.js';

export interface Services {
  accounts: AccountService;
  explorer: ExplorerService;
  integrations: IntegrationService;
  sessions: SessionService;
  payments: PaymentService;
  webhooks: WebhookService;
  access: SessionAccess;
  live: SessionChangeHub;
}

export interface CookieJar {
  get(name: string): string | undefined;
  /** Sets an HttpOnly, SameSite=Lax cookie (Strict when asked) valid until `expires`. */
  set(name: string, value: string, expires: Date, options?: { sameSite?: 'lax' | 'strict' }): void;
  clear(name: string): void;
}

export interface AdminRequirement {
  /** Operations a one-time password may still do (change it, sign out). */
  allowPendingPasswordChange?: boolean;
}

/** Everything a resolver may use for one request, whichever transport carried it. */
export interface RequestContext {
  readonly requestId: string;
  readonly em: EntityManager;
  readonly logger: Logger;
  readonly services: Services;
  readonly loaders: RequestLoaders;
  /** The merchant behind the API key; throws the spec's auth codes. Memoized per request. */
  requireMerchant(): Promise<MerchantPrincipal>;
  /**
   * The signed-in administration-area user (cookie + X-CSRF-Token) or an operator token
   * (Authorization: Bearer). Throws UNAUTHENTICATED / FORBIDDEN. Memoized per request.
   */
  requireAdmin(requirement?: AdminRequirement): Promise<AdminPrincipal>;
  /** The admin principal if the request carries valid admin credentials, else undefined (never throws for a missing sign-in). */
  optionalAdmin(): Promise<AdminPrincipal | undefined>;
  /** True when the request carries an API key header (merchant call) rather than admin credentials. */
  readonly hasApiKey: boolean;
  /** Sets a response header (e.g. Retry-After); a no-op where there is no HTTP response. */
  setHeader(name: string, value: string): void;
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
  /** The Authorization header (operator tokens). */
  authorization?: string;
  /** The X-CSRF-Token header. */
  csrfToken?: string;
  setHeader?: (name: string, value: string) => void;
}

const NO_COOKIES: CookieJar = { get: () => undefined, set: () => undefined, clear: () => undefined };

export function createRequestContext(root: { em: EntityManager; logger: Logger; services: Services }, facts: RequestFacts): RequestContext {
  // A unit of work per request; identity map and changes never leak between requests.
  const em = root.em.fork() as EntityManager;
  // Made on first use: most requests never log.
  let logger: Logger | undefined;
  let merchant: Promise<MerchantPrincipal> | undefined;
  let admin: Promise<AdminPrincipal | undefined> | undefined;
  let loaders: RequestLoaders | undefined;
  const cookies = facts.cookies ?? NO_COOKIES;
  const bearer = /^Bearer\s+(\S+)$/i.exec(facts.authorization ?? '')?.[1];
  const resolveAdmin = (): Promise<AdminPrincipal | undefined> =>
    (admin ??= bearer
      ? root.services.accounts.resolveOperatorToken(em, bearer)
      : root.services.accounts.resolveLogin(em, cookies.get(ADMIN_COOKIE)));
  return {
    requestId: facts.requestId,
    em,
    get logger() {
      return (logger ??= root.logger.child({ requestId: facts.requestId }));
    },
    services: root.services,
    cookies,
    get loaders() {
      return (loaders ??= createLoaders(em));
    },
    hasApiKey: facts.apiKey !== undefined,
    setHeader: facts.setHeader ?? (() => undefined),
    optionalAdmin: resolveAdmin,
    async requireAdmin(requirement) {
      const principal = await resolveAdmin();
      if (!principal) throw new AppError(ErrorCode.Unauthenticated, 'Sign in to the administration area first');
      // A cookie rides along on cross-site requests; the CSRF header proves the page itself asked.
      const cookieToken = cookies.get(ADMIN_COOKIE);
      if (principal.via === 'login' && (!cookieToken || !root.services.accounts.csrfTokenMatches(cookieToken, facts.csrfToken))) {
        throw new AppError(ErrorCode.Forbidden, 'The X-CSRF-Token header is missing or wrong; reload the page');
      }
      if (principal.mustChangePassword && !requirement?.allowPendingPasswordChange) {
        throw new AppError(ErrorCode.Forbidden, 'Choose a new password first: the one-time password only allows changing it');
      }
      return principal;
    },
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
