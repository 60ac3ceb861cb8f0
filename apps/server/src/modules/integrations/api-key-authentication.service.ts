import type { EventSubscriber } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, type CaptureMethod, ErrorCode } from '@paysplit/domain';
import { API_KEY_PATTERN, hashesMatch, hashSecret, type KeyMode } from '../../security/tokens.js';
import type { FeedCache } from '../../feed/feed-cache.js';
import { ApiKey } from './api-key.entity.js';
import { Integration } from './integration.entity.js';
import type { ApiKeyRow, IntegrationRepository } from './integration.repository.js';

/** Who is calling a merchant endpoint, established from the API key. */
export interface MerchantPrincipal {
  readonly integrationId: string;
  readonly apiKeyId: string;
  readonly mode: KeyMode;
  /** The integration's settings as read with the key, at the start of this request. */
  readonly integration: {
    readonly enabled: boolean;
    readonly payoutOnboarded: boolean;
    readonly redirectAllowlist: readonly string[];
    /** What new sessions copy (manual: shares are held, then captured). */
    readonly captureMethod: CaptureMethod;
    readonly holdLifetimeSeconds: number;
    /** The partner calls that give money back are set (an open group needs them). */
    readonly hasPartnerCancelUrl: boolean;
    readonly hasPartnerRefundUrl: boolean;
  };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** The check that starts every merchant call: `X-Service-API-Key` to its integration, cached (docs/architecture.md). */
export class ApiKeyAuthenticationService {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly options: {
      /** Authenticated keys by hash, grouped by integration; the server keeps it true with the change feed. */
      keyCache?: FeedCache<ApiKeyRow>;
    } = {},
  ) {}

  /** Drops cached keys of integrations this instance changes, as each flush writes them (the triggers tell the other instances). */
  keyCacheInvalidator(): EventSubscriber {
    const cache = this.options.keyCache;
    return {
      afterFlush: ({ uow }) => {
        for (const changeSet of uow.getChangeSets()) {
          if (changeSet.entity instanceof Integration) cache?.invalidateGroup(changeSet.entity.id);
          else if (changeSet.entity instanceof ApiKey) cache?.invalidateGroup(changeSet.entity.integration.id);
        }
      },
    };
  }

  /** Resolves an `X-Service-API-Key` value to its integration, or throws the spec's auth codes. */
  async authenticate(em: EntityManager, presented: string | undefined): Promise<MerchantPrincipal> {
    if (presented === undefined || presented.trim() === '') {
      throw new AppError(ErrorCode.MissingApiKey, 'The X-Service-API-Key header is required');
    }
    // Built only when needed: an Error captures a stack trace, which costs on every request.
    const invalid = (): AppError => new AppError(ErrorCode.InvalidApiKey, 'The API key is not valid');
    if (!API_KEY_PATTERN.test(presented)) throw invalid();
    // The integration's settings come with the key, so the operation that follows need not read them again.
    const keyHash = hashSecret(presented);
    const cache = this.options.keyCache;
    const key = cache
      ? await cache.get(keyHash, async () => {
          const row = await this.integrations.findApiKeyByHash(em, keyHash);
          return row && { value: row, group: row.integration_id };
        })
      : await this.integrations.findApiKeyByHash(em, keyHash);
    // The lookup is by hash; the second comparison is constant-time so timing reveals nothing either.
    if (!key || !hashesMatch(keyHash, key.key_hash)) throw invalid();
    // Refused the same way, but whose it was is known: the request log keeps it under that integration.
    if (key.revoked_at !== null)
      throw Object.assign(invalid(), { keyOwner: { integrationId: key.integration_id, apiKeyId: key.id, mode: key.mode } });
    const now = Date.now();
    if (key.last_used_at === null || now - new Date(key.last_used_at).getTime() > LAST_USED_RESOLUTION_MS) {
      // Usage bookkeeping only, at most once a minute per key; never part of a request's unit of work.
      await this.integrations.stampKeyLastUsed(em, key.id, new Date(now));
      // The row may be the cached one: remember the write, so the next minute's calls skip it.
      key.last_used_at = new Date(now).toISOString();
    }
    return {
      integrationId: key.integration_id,
      apiKeyId: key.id,
      mode: key.mode,
      integration: {
        enabled: key.enabled,
        payoutOnboarded: key.payout_onboarded,
        redirectAllowlist: key.redirect_allowlist,
        captureMethod: key.capture_method,
        holdLifetimeSeconds: key.hold_lifetime_seconds,
        hasPartnerCancelUrl: key.has_partner_cancel_url,
        hasPartnerRefundUrl: key.has_partner_refund_url,
      },
    };
  }
}
