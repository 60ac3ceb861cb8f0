import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, isUuid, assertStorableText } from '@paysplit/domain';
import { API_KEY_PATTERN, generateApiKey, hashSecret, type KeyMode } from '../../security/tokens.js';
import { type AuditActor, type AuditService, CLI_ACTOR } from '../audit/index.js';
import type { ApiKey } from './api-key.entity.js';
import type { Integration } from './integration.entity.js';
import { assertLiveUrls } from './integration-fields.js';
import type { IntegrationRepository } from './integration.repository.js';

/** A new key: the key itself (shown once) and what is stored of it. */
export interface IssuedApiKey {
  apiKey: string;
  record: ApiKey;
}

/** An integration's API keys: issued (each shown once), listed, revoked. */
export class ApiKeyService {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly audit: AuditService,
  ) {}

  async createApiKey(
    em: EntityManager,
    integrationId: string,
    mode: KeyMode,
    name?: string,
    options: { who?: AuditActor; requireOnboarding?: boolean } = {},
  ): Promise<IssuedApiKey> {
    const integration = await this.integrations.getById(em, integrationId);
    if (name !== undefined && name !== null) assertStorableText({ name });
    const keyName = name?.trim() ? name.trim().slice(0, 100) : undefined;
    if (mode === 'live' && options.requireOnboarding && !integration.payoutOnboarded) {
      throw new AppError(ErrorCode.PayoutOnboardingRequired, 'Complete payout onboarding before creating live keys');
    }
    if (mode === 'live') await assertLiveUrls(integration);
    const created = this.issueKey(em, integration, mode, keyName);
    this.audit.record(em, options.who ?? CLI_ACTOR, {
      action: 'api_key.created',
      integrationId: integration.id,
      summary: `Created ${mode} key ••••${created.record.last4}${keyName ? ` ("${keyName}")` : ''}`,
      details: { apiKeyId: created.record.id, mode },
    });
    await this.integrations.save(em);
    return created;
  }

  /** A new key staged in the caller's unit of work (provisioning writes it with its integration). */
  issueKey(em: EntityManager, integration: Integration, mode: KeyMode, name?: string): IssuedApiKey {
    const apiKey = generateApiKey(mode);
    const record = this.integrations.insertApiKey(em, {
      integration,
      mode,
      keyHash: hashSecret(apiKey),
      last4: apiKey.slice(-4),
      name: name ?? null,
    });
    return { apiKey, record };
  }

  /** Revokes one key of one integration (the administration area names keys by id). */
  async revokeApiKeyOf(em: EntityManager, integration: Integration, keyId: string, who: AuditActor): Promise<ApiKey> {
    const key = isUuid(keyId) ? await this.integrations.findApiKeyOf(em, integration.id, keyId) : null;
    if (!key) throw new AppError(ErrorCode.NotFound, `API key ${keyId} not found`);
    return this.revoke(em, key, who);
  }

  /** Revokes by key id, by the full key, or by its last four characters when that is unambiguous (the CLI). */
  async revokeApiKey(em: EntityManager, reference: string): Promise<ApiKey> {
    const candidates = API_KEY_PATTERN.test(reference)
      ? await this.integrations.findApiKeysByHash(em, hashSecret(reference))
      : isUuid(reference)
        ? await this.integrations.findApiKeysById(em, reference)
        : await this.integrations.findActiveApiKeysEndingIn(em, reference);
    if (candidates.length === 0) throw new AppError(ErrorCode.NotFound, `No API key matches '${reference.slice(-4)}'`);
    if (candidates.length > 1) {
      throw new AppError(ErrorCode.ValidationError, `${candidates.length} active keys end in '${reference}': revoke by key id instead`);
    }
    return this.revoke(em, candidates[0]!, CLI_ACTOR);
  }

  /**
   * Retires a key `npm start` issued on a previous start, if it is still active. Bookkeeping of the
   * development stack, which replaces its key on every start: no audit entry.
   */
  async retireStartKey(em: EntityManager, keyId: string): Promise<void> {
    const [key] = await this.integrations.findApiKeysById(em, keyId);
    if (!key || key.revokedAt) return;
    key.revokedAt = new Date();
    await this.integrations.save(em);
  }

  private async revoke(em: EntityManager, key: ApiKey, who: AuditActor): Promise<ApiKey> {
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      this.audit.record(em, who, {
        action: 'api_key.revoked',
        integrationId: key.integration.id,
        summary: `Revoked ${key.mode} key ••••${key.last4}`,
        details: { apiKeyId: key.id },
      });
    }
    await this.integrations.save(em);
    return key;
  }
}
