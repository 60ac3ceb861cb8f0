import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@paysplit/domain';
import type { LimitName } from '../http/rate-limits.js';
import type { Logger } from '../logger.js';
import type { SessionChangeHub } from '../feed/session-changes.js';
import type { RequestLoaders } from './loaders.js';
import type { AccountServices, AdminPrincipal } from '../modules/accounts/index.js';
import type { AuditService } from '../modules/audit/index.js';
import type { IntegrationServices, MerchantPrincipal } from '../modules/integrations/index.js';
import type { SessionServices, Viewer } from '../modules/sessions/index.js';
import type { WebhookServices } from '../modules/webhooks/index.js';
import type { EmailServices } from '../modules/emails/index.js';
import type { LiveConnection, LiveSession, SessionFanout } from '../modules/live/index.js';
import type { ExplorerService } from '../modules/admin/index.js';
import type { RequestLogService } from '../modules/requests/index.js';
import { ADMIN_COOKIE, accessCookieName } from '../http/cookies.js';

/** What resolvers, REST routes, jobs and the CLI call; made once per createApp. */
export interface Services extends AccountServices, IntegrationServices, SessionServices, WebhookServices, EmailServices {
  audit: AuditService;
  explorer: ExplorerService;
  /** The merchant API's request log, as the administration area reads it. */
  requestLog: RequestLogService;
  live: SessionChangeHub;
  /** The live updates' subscriptions of this instance: one read per change, fanned out in memory. */
  liveViews: SessionFanout<LiveSession>;
  /** This request's batch loaders, every module's; `emFor` names the unit of work a batch runs in. */
  requestLoaders(emFor: () => EntityManager): RequestLoaders;
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
  /** This request's unit of work: forked on first use, so requests that load no entities never make one. */
  readonly em: EntityManager;
  /**
   * For fixed statements that load no entities (db/prepared-statement.ts: the hot reads): the
   * application's EntityManager, whose pool they borrow a connection of. No unit of work is made.
   */
  readonly statements: EntityManager;
  readonly logger: Logger;
  readonly services: Services;
  readonly loaders: RequestLoaders;
  /** Empties the loaders' caches: after a mutation, rows loaded earlier in the document may have changed. */
  forgetLoadedRows(): void;
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
  /** Counts this call against a limit of decisions §8, with the budget in the reply's headers (graphql/rate-limited.ts). */
  limit(name: LimitName, key: string): Promise<void>;
  /** Set by a REST route that counted its operation's limit before the body, so the operation does not count again. */
  limitCounted: boolean;
  /** The caller's address (for per-client limits). */
  readonly clientAddress: string;
  /** The document came from the trusted list by its documentId (graphql/trusted-documents.ts). */
  readonly trustedDocument: boolean;
  /** The socket of a live-updates subscription (graphql-ws); undefined over HTTP. */
  readonly liveConnection: LiveConnection | undefined;
  /**
   * Where this request's reads go: once requireAdmin has succeeded, a unit of work on the dashboard
   * pool (its own connections, statement_timeout; db/dashboard-database.ts); before that, `em`.
   * A method, not a getter: Apollo copies the context object per operation, which freezes getters.
   */
  readEm(): EntityManager;
  /**
   * Charges an operation's estimated cost to the admin-area account or operator token making it
   * (RATE_LIMIT_EXCEEDED when its budget is spent). API-key and anonymous calls are not charged.
   */
  chargeQueryCost(points: number): Promise<void>;
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
  /** The document came from the trusted list (default false). */
  trustedDocument?: boolean;
  /** The socket, for a live-updates subscription. */
  liveConnection?: LiveConnection;
  /** Spends `points` of the budget named by `key` (throws RATE_LIMIT_EXCEEDED); absent: no budget. */
  chargeQueryCost?: (key: string, points: number) => Promise<void>;
}

/**
 * What a request context makes on first use (a unit of work, a child logger, five DataLoaders),
 * behind getters of a class: Apollo copies the context's own properties per operation
 * (`Object.assign` onto an object of the same prototype), which would evaluate own getters on every
 * request. The copy shares `make`, so both see the same memoized values.
 */
class LazyRequestParts {
  constructor(private readonly make: { em(): EntityManager; logger(): Logger; loaders(): RequestLoaders }) {}

  get em(): EntityManager {
    return this.make.em();
  }

  get logger(): Logger {
    return this.make.logger();
  }

  get loaders(): RequestLoaders {
    return this.make.loaders();
  }
}

const NO_COOKIES: CookieJar = { get: () => undefined, set: () => undefined, clear: () => undefined };

export function createRequestContext(
  root: { em: EntityManager; logger: Logger; services: Services; dashboard?: { fork(): EntityManager } },
  facts: RequestFacts,
): RequestContext {
  // A unit of work per request; identity map and changes never leak between requests. Forked on
  // first use: the hot reads (API key, merchant session, pay page) run prepared statements only.
  let forked: EntityManager | undefined;
  const unitOfWork = (): EntityManager => (forked ??= root.em.fork() as EntityManager);
  // Made on first use: most requests never log.
  let logger: Logger | undefined;
  let merchant: Promise<MerchantPrincipal> | undefined;
  let admin: Promise<AdminPrincipal | undefined> | undefined;
  let loaders: RequestLoaders | undefined;
  // Set by requireAdmin: from then on this request's reads use the dashboard pool.
  let dashboardEm: EntityManager | undefined;
  const cookies = facts.cookies ?? NO_COOKIES;
  const bearer = /^Bearer\s+(\S+)$/i.exec(facts.authorization ?? '')?.[1];
  const resolveAdmin = (): Promise<AdminPrincipal | undefined> => {
    if (admin) return admin;
    const login = cookies.get(ADMIN_COOKIE);
    // Every GraphQL request asks (to charge query costs); one without admin credentials needs no unit of work to be told no.
    admin = bearer
      ? root.services.operatorTokens.resolveOperatorToken(unitOfWork(), bearer)
      : login
        ? root.services.signIns.resolveLogin(unitOfWork(), login)
        : Promise.resolve(undefined);
    return admin;
  };
  // A cookie rides along on cross-site requests; the CSRF header proves the page itself asked.
  const lacksCsrfToken = (principal: AdminPrincipal): boolean => {
    const cookieToken = cookies.get(ADMIN_COOKIE);
    return principal.via === 'login' && (!cookieToken || !root.services.signIns.csrfTokenMatches(cookieToken, facts.csrfToken));
  };
  const lazy = new LazyRequestParts({
    em: unitOfWork,
    logger: () => (logger ??= root.logger.child({ requestId: facts.requestId })),
    // The batches run after the root field, so an admin request's batches use the dashboard pool.
    loaders: () => (loaders ??= root.services.requestLoaders(() => dashboardEm ?? unitOfWork())),
  });
  const eager: Omit<RequestContext, 'em' | 'logger' | 'loaders'> = {
    requestId: facts.requestId,
    statements: root.em,
    services: root.services,
    cookies,
    forgetLoadedRows() {
      // In place: Apollo's copy of the context holds the same loaders object.
      if (loaders) for (const loader of Object.values(loaders)) loader.clearAll();
    },
    hasApiKey: facts.apiKey !== undefined,
    setHeader: facts.setHeader ?? (() => undefined),
    optionalAdmin: resolveAdmin,
    async requireAdmin(requirement) {
      const principal = await resolveAdmin();
      if (!principal) throw new AppError(ErrorCode.Unauthenticated, 'Sign in to the administration area first');
      if (lacksCsrfToken(principal)) {
        throw new AppError(ErrorCode.Forbidden, 'The X-CSRF-Token header is missing or wrong; reload the page');
      }
      if (principal.mustChangePassword && !requirement?.allowPendingPasswordChange) {
        throw new AppError(ErrorCode.Forbidden, 'Choose a new password first: the one-time password only allows changing it');
      }
      dashboardEm ??= root.dashboard?.fork();
      return principal;
    },
    clientAddress: facts.clientAddress ?? 'unknown',
    trustedDocument: facts.trustedDocument ?? false,
    liveConnection: facts.liveConnection,
    readEm: () => dashboardEm ?? unitOfWork(),
    async chargeQueryCost(points) {
      if (!facts.chargeQueryCost) return;
      // Whoever brings admin credentials pays, an API key header beside them or not (admin fields
      // ignore it). Calls with only an API key count requests against decisions §8's limits instead.
      const principal = await resolveAdmin().catch(() => undefined);
      if (!principal) return;
      // Such a request is refused by every admin operation; it must not spend the account's budget.
      if (lacksCsrfToken(principal)) return;
      await facts.chargeQueryCost(
        principal.operatorTokenId ? `operator-token:${principal.operatorTokenId}` : `account:${principal.accountId}`,
        points,
      );
    },
    limit: facts.limit ?? (async () => undefined),
    limitCounted: false,
    requireMerchant() {
      merchant ??= facts.fromBrowser
        ? Promise.reject(
            new AppError(ErrorCode.BrowserRequestForbidden, 'API keys are for server-to-server calls; this request came from a browser'),
          )
        : root.services.apiKeyAuthentication.authenticate(root.em, facts.apiKey);
      return merchant;
    },
    requireViewer(sessionId, token) {
      return root.services.access.resolve(unitOfWork(), sessionId, token ?? facts.cookies.get(accessCookieName(sessionId)));
    },
  };
  return Object.assign(lazy, eager);
}
