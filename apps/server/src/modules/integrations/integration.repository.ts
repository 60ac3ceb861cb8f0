import type { EntityManager, FilterQuery, RequiredEntityData } from '@mikro-orm/postgresql';
import { AppError, type CaptureMethod, ErrorCode, isUuid } from '@paysplit/domain';
import { type PreparedStatement, runPrepared } from '../../db/prepared-statement.js';
import type { KeyMode } from '../../security/tokens.js';
import type { Account } from '../accounts/index.js';
import { ApiKey } from './api-key.entity.js';
import { Integration } from './integration.entity.js';

/** An API key as authentication reads it, with its integration's settings (cached; see keyCache). */
export interface ApiKeyRow {
  id: string;
  mode: KeyMode;
  key_hash: string;
  revoked_at: string | null;
  last_used_at: string | null;
  integration_id: string;
  enabled: boolean;
  payout_onboarded: boolean;
  redirect_allowlist: string[];
  capture_method: CaptureMethod;
  hold_lifetime_seconds: number;
  /** Whether it can give money back (an open group needs to: docs/plans/open-groups.md §2). */
  has_partner_cancel_url: boolean;
  has_partner_refund_url: boolean;
}

const API_KEY_STATEMENT: PreparedStatement = {
  name: 'api_key_by_hash',
  text: `select k.id, k.mode, k.key_hash, k.revoked_at, k.last_used_at, k.integration_id,
                i.enabled, i.payout_onboarded, i.redirect_allowlist, i.capture_method, i.hold_lifetime_seconds,
                i.partner_cancel_url is not null as has_partner_cancel_url, i.partner_refund_url is not null as has_partner_refund_url
           from api_key k join integration i on i.id = k.integration_id
          where k.key_hash = $1`,
};

const SIGNING_SECRET_FIELDS = [
  'id',
  'partnerSigningSecretSealed',
  'webhookSigningSecretSealed',
  'partnerSigningSecretPreviousSealed',
  'partnerSigningSecretPreviousUntil',
  'webhookSigningSecretPreviousSealed',
  'webhookSigningSecretPreviousUntil',
] as const;

export type NewIntegration = Omit<RequiredEntityData<Integration>, 'owner'> & { ownerAccountId?: string };

/** Every query and write of the integration and api_key tables. */
export class IntegrationRepository {
  /** Every API call starts here: one prepared statement, the integration's settings joined in. */
  async findApiKeyByHash(em: EntityManager, keyHash: string): Promise<ApiKeyRow | undefined> {
    return (await runPrepared<ApiKeyRow>(em, API_KEY_STATEMENT, [keyHash]))[0];
  }

  /** Usage bookkeeping, outside any unit of work. */
  async stampKeyLastUsed(em: EntityManager, keyId: string, at: Date): Promise<void> {
    await em.nativeUpdate(ApiKey, { id: keyId }, { lastUsedAt: at });
  }

  /** Staged in the unit of work; `save` writes it. */
  insertIntegration(em: EntityManager, { ownerAccountId, ...fields }: NewIntegration): Integration {
    return em.create(Integration, { ...fields, owner: ownerAccountId ? em.getReference<Account>('Account', ownerAccountId) : null });
  }

  /** Staged in the unit of work; `save` writes it. */
  insertApiKey(em: EntityManager, fields: RequiredEntityData<ApiKey>): ApiKey {
    return em.create(ApiKey, fields);
  }

  /** Writes what the unit of work holds: staged rows and changes to loaded integrations and keys. */
  async save(em: EntityManager): Promise<void> {
    await em.flush();
  }

  findById(em: EntityManager, integrationId: string): Promise<Integration | null> {
    return isUuid(integrationId) ? em.findOne(Integration, { id: integrationId }) : Promise.resolve(null);
  }

  /** The integration, or NOT_FOUND (an id that is not a UUID names none). */
  async getById(em: EntityManager, integrationId: string): Promise<Integration> {
    const integration = await this.findById(em, integrationId);
    if (!integration) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
    return integration;
  }

  findInScope(em: EntityManager, scope: FilterQuery<Integration>, integrationId: string): Promise<Integration | null> {
    return em.findOne(Integration, { $and: [{ id: integrationId }, scope] });
  }

  /** Newest first, with their owners. */
  listInScope(em: EntityManager, scope: FilterQuery<Integration>): Promise<Integration[]> {
    return em.find(Integration, scope, { populate: ['owner'], orderBy: { createdAt: 'desc' } });
  }

  async loadOwner(em: EntityManager, integration: Integration): Promise<Integration> {
    await em.populate(integration, ['owner']);
    return integration;
  }

  /** Names by id, for rows that carry only an integration's id; an unknown id is absent. */
  async namesById(em: EntityManager, integrationIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await em.find(Integration, { id: { $in: [...integrationIds] } }, { fields: ['id', 'name'] });
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async idsOwnedBy(em: EntityManager, accountId: string): Promise<string[]> {
    return (await em.find(Integration, { owner: accountId }, { fields: ['id'] })).map((integration) => integration.id);
  }

  /** With the sealed signing secrets, which are loaded only when asked for. */
  findWithSigningSecrets(em: EntityManager, integrationId: string): Promise<Pick<Integration, (typeof SIGNING_SECRET_FIELDS)[number]>> {
    return em.findOneOrFail(Integration, { id: integrationId }, { fields: [...SIGNING_SECRET_FIELDS] });
  }

  /** The whole integration with its current sealed secrets, to be changed and saved. */
  findForRotation(em: EntityManager, integrationId: string): Promise<Integration> {
    return em.findOneOrFail(Integration, { id: integrationId }, { populate: ['partnerSigningSecretSealed', 'webhookSigningSecretSealed'] });
  }

  /** Every key of each integration, newest first: a page of integrations costs one query. */
  listApiKeysOf(em: EntityManager, integrationIds: readonly string[]): Promise<ApiKey[]> {
    return em.find(ApiKey, { integration: { $in: [...integrationIds] } }, { orderBy: { createdAt: 'desc' } });
  }

  findApiKeyOf(em: EntityManager, integrationId: string, keyId: string): Promise<ApiKey | null> {
    return em.findOne(ApiKey, { id: keyId, integration: integrationId });
  }

  findApiKeysByHash(em: EntityManager, keyHash: string): Promise<ApiKey[]> {
    return em.find(ApiKey, { keyHash });
  }

  findApiKeysById(em: EntityManager, keyId: string): Promise<ApiKey[]> {
    return em.find(ApiKey, { id: keyId });
  }

  findActiveApiKeysEndingIn(em: EntityManager, last4: string): Promise<ApiKey[]> {
    return em.find(ApiKey, { last4, revokedAt: null });
  }

  async hasActiveLiveKey(em: EntityManager, integrationId: string): Promise<boolean> {
    return (await em.count(ApiKey, { integration: integrationId, mode: 'live', revokedAt: null })) > 0;
  }
}
