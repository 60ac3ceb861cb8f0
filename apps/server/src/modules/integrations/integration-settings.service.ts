import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_HOLD_LIFETIME_SECONDS, normalizeAllowlistEntry, assertStorableText } from '@paysplit/domain';
import type { SecretBox } from '../../security/secret-box.js';
import { generateSigningSecret, type KeyMode } from '../../security/tokens.js';
import type { AdminPrincipal } from '../accounts/index.js';
import { visibleIntegrations } from './admin-scope.js';
import { type AuditActor, type AuditService, CLI_ACTOR } from '../audit/index.js';
import type { ApiKeyService } from './api-keys.service.js';
import type { Integration } from './integration.entity.js';
import {
  assertCaptureSettings,
  assertLiveUrls,
  type BrandSettings,
  MERCHANT_URL_FIELDS,
  normalizeAllowlist,
  normalizeSubscriptions,
  requireHttpUrl,
  requireCaptureMethod,
  requireHoldLifetime,
  requireName,
  requireReminderOffsets,
  requireTimeZone,
  resolveBrand,
} from './integration-fields.js';
import type { IntegrationRepository } from './integration.repository.js';

export interface CreateIntegrationInput extends BrandSettings {
  name: string;
  partnerCreatePaymentUrl?: string;
  /** Where refunds are asked for (partner.refund.create); none keeps refunds owed by hand. */
  partnerRefundUrl?: string;
  /** Where PaySplit says a checkout will not be used (partner.payment.cancel); none: nothing is called. */
  partnerCancelUrl?: string;
  /** Where PaySplit asks for the capture of a hold (partner.payment.capture); captureMethod manual needs it. */
  partnerCaptureUrl?: string;
  /** `automatic` (default) or `manual`: shares are held, and captured once every share is held. */
  captureMethod?: string | null;
  /** How long the processor keeps a hold (manual); default 604800 (7 days). */
  holdLifetimeSeconds?: number | null;
  webhookUrl?: string;
  redirectAllowlist?: readonly string[];
  /** Mode of the first API key. */
  keyMode?: KeyMode;
  /** Event types to send besides SERVICE_SESSION_COMPLETED (which is always sent). */
  eventSubscriptions?: readonly string[];
  payoutOnboarded?: boolean;
  /** The merchant account that manages it in the administration area. */
  ownerAccountId?: string;
  enabled?: boolean;
  /** When unpaid payers are reminded; default [1440, 120]. */
  reminderOffsetsMinutes?: readonly number[] | null;
  /** The IANA zone emails give times in; default UTC. */
  timeZone?: string | null;
}

/** What the administration area may change; absent fields stay as they are, "" clears a URL. */
export interface IntegrationSettings extends BrandSettings {
  name?: string | null;
  partnerCreatePaymentUrl?: string | null;
  partnerRefundUrl?: string | null;
  partnerCancelUrl?: string | null;
  partnerCaptureUrl?: string | null;
  captureMethod?: string | null;
  holdLifetimeSeconds?: number | null;
  webhookUrl?: string | null;
  redirectAllowlist?: readonly string[] | null;
  eventSubscriptions?: readonly string[] | null;
  enabled?: boolean | null;
  reminderOffsetsMinutes?: readonly number[] | null;
  timeZone?: string | null;
}

export interface CreatedIntegration {
  integration: Integration;
  apiKey: string;
  partnerCreatePaymentSigningSecret: string;
  webhookSigningSecret: string;
}

/** Integrations themselves: provisioning, the settings and brand merchants change, enabling and disabling. */
export class IntegrationSettingsService {
  constructor(
    private readonly secretBox: SecretBox,
    private readonly integrations: IntegrationRepository,
    private readonly apiKeys: ApiKeyService,
    private readonly audit: AuditService,
  ) {}

  /** Provisioning (CLI, tests): the integration with its first API key, the key and both secrets returned once. */
  async createIntegration(em: EntityManager, input: CreateIntegrationInput, who: AuditActor = CLI_ACTOR): Promise<CreatedIntegration> {
    const { apiKey, ...created } = await this.insertIntegration(em, input, who, { withApiKey: true });
    return { ...created, apiKey: apiKey! };
  }

  /**
   * The administration area's "new integration": no key yet (the merchant creates keys where each
   * is shown once) and the secrets stay sealed until a rotation reveals them.
   */
  async createManagedIntegration(em: EntityManager, input: Omit<CreateIntegrationInput, 'keyMode'>, who: AuditActor): Promise<Integration> {
    return (await this.insertIntegration(em, input, who, { withApiKey: false })).integration;
  }

  private async insertIntegration(
    em: EntityManager,
    input: CreateIntegrationInput,
    who: AuditActor,
    options: { withApiKey: boolean },
  ): Promise<Omit<CreatedIntegration, 'apiKey'> & { apiKey?: string }> {
    assertStorableText(input);
    const name = requireName(input.name);
    if (input.keyMode === 'live' || input.payoutOnboarded) await assertLiveUrls(input);
    const partnerCreatePaymentSigningSecret = generateSigningSecret();
    const webhookSigningSecret = generateSigningSecret();
    const brand = resolveBrand(input);
    const reminderOffsets = input.reminderOffsetsMinutes ? requireReminderOffsets(input.reminderOffsetsMinutes) : undefined;
    const timeZone = input.timeZone != null ? requireTimeZone(input.timeZone) : undefined;
    const integration = this.integrations.insertIntegration(em, {
      name,
      displayName: brand.displayName ?? null,
      logoUrl: brand.logoUrl ?? null,
      accentColor: brand.accentColor ?? null,
      partnerCreatePaymentUrl: input.partnerCreatePaymentUrl
        ? requireHttpUrl(input.partnerCreatePaymentUrl, 'partnerCreatePaymentUrl')
        : null,
      partnerRefundUrl: input.partnerRefundUrl ? requireHttpUrl(input.partnerRefundUrl, 'partnerRefundUrl') : null,
      partnerCancelUrl: input.partnerCancelUrl ? requireHttpUrl(input.partnerCancelUrl, 'partnerCancelUrl') : null,
      partnerCaptureUrl: input.partnerCaptureUrl ? requireHttpUrl(input.partnerCaptureUrl, 'partnerCaptureUrl') : null,
      captureMethod: input.captureMethod != null ? requireCaptureMethod(input.captureMethod) : 'automatic',
      holdLifetimeSeconds:
        input.holdLifetimeSeconds != null ? requireHoldLifetime(input.holdLifetimeSeconds) : DEFAULT_HOLD_LIFETIME_SECONDS,
      webhookUrl: input.webhookUrl ? requireHttpUrl(input.webhookUrl, 'webhookUrl') : null,
      redirectAllowlist: (input.redirectAllowlist ?? []).map((entry) => normalizeAllowlistEntry(entry)),
      payoutOnboarded: input.payoutOnboarded ?? false,
      eventSubscriptions: normalizeSubscriptions(input.eventSubscriptions ?? []),
      partnerSigningSecretSealed: this.secretBox.seal(partnerCreatePaymentSigningSecret),
      webhookSigningSecretSealed: this.secretBox.seal(webhookSigningSecret),
      ownerAccountId: input.ownerAccountId,
      enabled: input.enabled ?? true,
    });
    if (reminderOffsets) integration.reminderOffsetsMinutes = reminderOffsets;
    if (timeZone) integration.timeZone = timeZone;
    assertCaptureSettings(integration);
    const key = options.withApiKey ? this.apiKeys.issueKey(em, integration, input.keyMode ?? 'test') : undefined;
    this.audit.record(em, who, {
      action: 'integration.created',
      integrationId: integration.id,
      summary: `Created integration "${name}"${key ? ` with a ${key.record.mode} key ••••${key.record.last4}` : ''}`,
      details: key ? { apiKeyId: key.record.id } : {},
    });
    await this.integrations.save(em);
    return { integration, apiKey: key?.apiKey, partnerCreatePaymentSigningSecret, webhookSigningSecret };
  }

  async updateSettings(em: EntityManager, integration: Integration, input: IntegrationSettings, who: AuditActor): Promise<Integration> {
    assertStorableText(input);
    const changed: string[] = [];
    const set = <K extends keyof Integration>(field: K, value: Integration[K]): void => {
      if (JSON.stringify(integration[field]) !== JSON.stringify(value)) {
        integration[field] = value;
        changed.push(field as string);
      }
    };
    if (input.name !== undefined && input.name !== null) set('name', requireName(input.name));
    const brand = resolveBrand(input);
    for (const field of ['displayName', 'logoUrl', 'accentColor'] as const) {
      if (brand[field] !== undefined) set(field, brand[field]);
    }
    for (const field of MERCHANT_URL_FIELDS) {
      const url = input[field];
      if (url !== undefined && url !== null) set(field, url === '' ? null : requireHttpUrl(url, field));
    }
    if (input.captureMethod != null) set('captureMethod', requireCaptureMethod(input.captureMethod));
    if (input.holdLifetimeSeconds != null) set('holdLifetimeSeconds', requireHoldLifetime(input.holdLifetimeSeconds));
    if (input.redirectAllowlist) set('redirectAllowlist', normalizeAllowlist(input.redirectAllowlist));
    if (input.eventSubscriptions) set('eventSubscriptions', normalizeSubscriptions(input.eventSubscriptions));
    if (input.enabled !== undefined && input.enabled !== null) set('enabled', input.enabled);
    if (input.reminderOffsetsMinutes) set('reminderOffsetsMinutes', requireReminderOffsets(input.reminderOffsetsMinutes));
    if (input.timeZone !== undefined && input.timeZone !== null) set('timeZone', requireTimeZone(input.timeZone));
    assertCaptureSettings(integration);
    // Once live keys exist, the URLs must be fit for live money (decisions §6).
    if (MERCHANT_URL_FIELDS.some((field) => changed.includes(field)) && (await this.integrations.hasActiveLiveKey(em, integration.id))) {
      await assertLiveUrls(integration);
    }
    if (changed.length > 0) {
      const onlyEnabled = changed.includes('enabled') && changed.length === 1;
      this.audit.record(em, who, {
        action: onlyEnabled ? (integration.enabled ? 'integration.enabled' : 'integration.disabled') : 'integration.updated',
        integrationId: integration.id,
        summary: `Changed ${changed.join(', ')}`,
        details: { fields: changed },
      });
    }
    await this.integrations.save(em);
    return integration;
  }

  /** The CLI's enable and disable. */
  async setEnabled(em: EntityManager, integrationId: string, enabled: boolean): Promise<Integration> {
    const integration = await this.integrations.getById(em, integrationId);
    if (integration.enabled !== enabled) {
      integration.enabled = enabled;
      this.audit.record(em, CLI_ACTOR, {
        action: enabled ? 'integration.enabled' : 'integration.disabled',
        integrationId,
        summary: enabled ? 'Enabled the integration' : 'Disabled the integration',
        details: { fields: ['enabled'] },
      });
    }
    await this.integrations.save(em);
    return integration;
  }

  /** The integration, or null when there is none with this id. */
  findIntegration(em: EntityManager, integrationId: string): Promise<Integration | null> {
    return this.integrations.findById(em, integrationId);
  }

  /** The integrations an administration-area user manages (operators: all), newest first, with owners. */
  listVisible(em: EntityManager, principal: AdminPrincipal): Promise<Integration[]> {
    return this.integrations.listInScope(em, visibleIntegrations(principal));
  }

  /** Loads the owner, whom the administration area shows. */
  withOwner(em: EntityManager, integration: Integration): Promise<Integration> {
    return this.integrations.loadOwner(em, integration);
  }
}
