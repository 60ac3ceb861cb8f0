import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, normalizeAllowlistEntry } from '@paysplit/domain';
import { assertLiveUrlAllowed } from '../../security/outbound.js';
import { assertStorableText } from '../sessions/session-plan.js';
import type { SecretBox } from '../../security/secret-box.js';
import {
  API_KEY_PATTERN,
  generateApiKey,
  generateSigningSecret,
  hashSecret,
  type KeyMode,
  secretMatchesHash,
} from '../../security/tokens.js';
import { ApiKey } from './api-key.entity.js';
import { Integration } from './integration.entity.js';
import type { EventType } from '../webhooks/webhook-event.entity.js';

/** Who is calling a merchant endpoint, established from the API key. */
export interface MerchantPrincipal {
  readonly integrationId: string;
  readonly apiKeyId: string;
  readonly mode: KeyMode;
}

export interface CreateIntegrationInput {
  name: string;
  partnerCreatePaymentUrl?: string;
  webhookUrl?: string;
  redirectAllowlist?: readonly string[];
  /** Mode of the first API key. */
  keyMode?: KeyMode;
  /** Event types to send besides SERVICE_SESSION_COMPLETED (which is always sent). */
  eventSubscriptions?: readonly string[];
  payoutOnboarded?: boolean;
}

export interface CreatedIntegration {
  integration: Integration;
  apiKey: string;
  partnerCreatePaymentSigningSecret: string;
  webhookSigningSecret: string;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** Provisioning and API-key authentication; the same code serves the CLI and the HTTP API. */
export class IntegrationService {
  constructor(private readonly secretBox: SecretBox) {}

  async createIntegration(em: EntityManager, input: CreateIntegrationInput): Promise<CreatedIntegration> {
    assertStorableText(input);
    const name = input.name.trim();
    if (name.length === 0 || name.length > 200) {
      throw new AppError(ErrorCode.ValidationError, 'name must be 1 to 200 characters', [
        { path: 'name', message: 'must be 1 to 200 characters' },
      ]);
    }
    if (input.keyMode === 'live' || input.payoutOnboarded) await this.assertLiveUrls(input);
    const partnerCreatePaymentSigningSecret = generateSigningSecret();
    const webhookSigningSecret = generateSigningSecret();
    const integration = em.create(Integration, {
      name,
      partnerCreatePaymentUrl: input.partnerCreatePaymentUrl
        ? requireHttpUrl(input.partnerCreatePaymentUrl, 'partnerCreatePaymentUrl')
        : null,
      webhookUrl: input.webhookUrl ? requireHttpUrl(input.webhookUrl, 'webhookUrl') : null,
      redirectAllowlist: (input.redirectAllowlist ?? []).map((entry) => normalizeAllowlistEntry(entry)),
      payoutOnboarded: input.payoutOnboarded ?? false,
      eventSubscriptions: normalizeSubscriptions(input.eventSubscriptions ?? []),
      partnerSigningSecretSealed: this.secretBox.seal(partnerCreatePaymentSigningSecret),
      webhookSigningSecretSealed: this.secretBox.seal(webhookSigningSecret),
    });
    const { apiKey } = this.addApiKey(em, integration, input.keyMode ?? 'test');
    await em.flush();
    return { integration, apiKey, partnerCreatePaymentSigningSecret, webhookSigningSecret };
  }

  async createApiKey(em: EntityManager, integrationId: string, mode: KeyMode, name?: string): Promise<{ apiKey: string; record: ApiKey }> {
    const integration = await this.requireIntegration(em, integrationId);
    if (mode === 'live') {
      await this.assertLiveUrls({
        partnerCreatePaymentUrl: integration.partnerCreatePaymentUrl ?? undefined,
        webhookUrl: integration.webhookUrl ?? undefined,
      });
    }
    const created = this.addApiKey(em, integration, mode, name);
    await em.flush();
    return created;
  }

  /** Revokes by key id, by the full key, or by its last four characters when that is unambiguous. */
  async revokeApiKey(em: EntityManager, reference: string): Promise<ApiKey> {
    const candidates = API_KEY_PATTERN.test(reference)
      ? await em.find(ApiKey, { keyHash: hashSecret(reference) })
      : isUuid(reference)
        ? await em.find(ApiKey, { id: reference })
        : await em.find(ApiKey, { last4: reference, revokedAt: null });
    if (candidates.length === 0) throw new AppError(ErrorCode.NotFound, `No API key matches '${reference.slice(-4)}'`);
    if (candidates.length > 1) {
      throw new AppError(ErrorCode.ValidationError, `${candidates.length} active keys end in '${reference}': revoke by key id instead`);
    }
    const key = candidates[0]!;
    key.revokedAt ??= new Date();
    await em.flush();
    return key;
  }

  async setEnabled(em: EntityManager, integrationId: string, enabled: boolean): Promise<Integration> {
    const integration = await this.requireIntegration(em, integrationId);
    integration.enabled = enabled;
    await em.flush();
    return integration;
  }

  async requireIntegration(em: EntityManager, integrationId: string): Promise<Integration> {
    const integration = isUuid(integrationId) ? await em.findOne(Integration, { id: integrationId }) : null;
    if (!integration) throw new AppError(ErrorCode.NotFound, `Integration ${integrationId} not found`);
    return integration;
  }

  /** Resolves an `X-Service-API-Key` value to its integration, or throws the spec's auth codes. */
  async authenticate(em: EntityManager, presented: string | undefined): Promise<MerchantPrincipal> {
    if (presented === undefined || presented.trim() === '') {
      throw new AppError(ErrorCode.MissingApiKey, 'The X-Service-API-Key header is required');
    }
    const invalid = new AppError(ErrorCode.InvalidApiKey, 'The API key is not valid');
    if (!API_KEY_PATTERN.test(presented)) throw invalid;
    const key = await em.findOne(ApiKey, { keyHash: hashSecret(presented) });
    // The lookup is by hash; the second comparison is constant-time so timing reveals nothing either.
    if (!key || !secretMatchesHash(presented, key.keyHash) || key.revokedAt) throw invalid;
    const now = Date.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      // Usage bookkeeping only, at most once a minute per key; never part of a request's unit of work.
      await em.nativeUpdate(ApiKey, { id: key.id }, { lastUsedAt: new Date(now) });
    }
    return { integrationId: key.integration.id, apiKeyId: key.id, mode: key.mode };
  }

  /** The integration's signing secrets in plaintext, for signing outgoing calls only. */
  async signingSecrets(em: EntityManager, integrationId: string): Promise<{ partner: string; webhook: string }> {
    const integration = await em.findOneOrFail(
      Integration,
      { id: integrationId },
      { fields: ['id', 'partnerSigningSecretSealed', 'webhookSigningSecretSealed'] },
    );
    return {
      partner: this.secretBox.open(integration.partnerSigningSecretSealed),
      webhook: this.secretBox.open(integration.webhookSigningSecretSealed),
    };
  }

  /** Live money only goes to public https addresses (decisions §6). */
  private async assertLiveUrls(urls: { partnerCreatePaymentUrl?: string; webhookUrl?: string }): Promise<void> {
    if (urls.partnerCreatePaymentUrl) await assertLiveUrlAllowed(urls.partnerCreatePaymentUrl, 'partnerCreatePaymentUrl');
    if (urls.webhookUrl) await assertLiveUrlAllowed(urls.webhookUrl, 'webhookUrl');
  }

  private addApiKey(em: EntityManager, integration: Integration, mode: KeyMode, name?: string): { apiKey: string; record: ApiKey } {
    const apiKey = generateApiKey(mode);
    const record = em.create(ApiKey, { integration, mode, keyHash: hashSecret(apiKey), last4: apiKey.slice(-4), name: name ?? null });
    return { apiKey, record };
  }
}

const EVENT_TYPES: readonly EventType[] = [
  'SERVICE_SESSION_COMPLETED',
  'SERVICE_SESSION_EXPIRED',
  'SERVICE_SESSION_CANCELLED',
  'SERVICE_PAYMENT_RECORDED',
];

/** Completion events are always sent; the others only when asked for (decisions §6). */
function normalizeSubscriptions(requested: readonly string[]): EventType[] {
  const unknown = requested.filter((type) => !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0) {
    throw new AppError(ErrorCode.ValidationError, `Unknown event type ${unknown.join(', ')}: use ${EVENT_TYPES.join(', ')}`, [
      { path: 'eventSubscriptions', message: `unknown: ${unknown.join(', ')}` },
    ]);
  }
  return EVENT_TYPES.filter((type) => type === 'SERVICE_SESSION_COMPLETED' || requested.includes(type));
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

function requireHttpUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(ErrorCode.ValidationError, `${field} must be an absolute URL`, [
      { path: field, message: 'must be an absolute URL' },
    ]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError(ErrorCode.ValidationError, `${field} must use https (or http in test mode)`, [
      { path: field, message: 'must be http(s)' },
    ]);
  }
  if (url.username || url.password) {
    throw new AppError(ErrorCode.ValidationError, `${field} must not carry credentials`, [
      { path: field, message: 'must not carry credentials' },
    ]);
  }
  return url.toString();
}
