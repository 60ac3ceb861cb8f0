import type { EventSubscriber } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  ErrorCode,
  type ErrorDetail,
  hasControlCharacter,
  isUuid,
  MAX_MERCHANT_DISPLAY_NAME_LENGTH,
  normalizeAllowlistEntry,
  validateAccentColor,
  validateLogoUrl,
} from '@paysplit/domain';
import { assertLiveUrlAllowed } from '../../security/outbound.js';
import { type PreparedStatement, runPrepared } from '../../db/prepared-statement.js';
import { assertStorableText, describeDetails } from '../sessions/session-plan.js';
import type { SecretBox } from '../../security/secret-box.js';
import { API_KEY_PATTERN, generateApiKey, generateSigningSecret, hashesMatch, hashSecret, type KeyMode } from '../../security/tokens.js';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { Account } from '../accounts/account.entity.js';
import { isEmailAddress } from '../accounts/email-address.js';
import { type AuditActor, CLI_ACTOR, recordAudit } from '../audit/audit.service.js';
import { ApiKey } from './api-key.entity.js';
import type { FeedCache } from '../live/feed-cache.js';
import { Integration } from './integration.entity.js';
import type { EventType } from '../webhooks/webhook-event.entity.js';

/** Who is calling a merchant endpoint, established from the API key. */
export interface MerchantPrincipal {
  readonly integrationId: string;
  readonly apiKeyId: string;
  readonly mode: KeyMode;
  /** The integration's settings as read with the key, at the start of this request. */
  readonly integration: { readonly enabled: boolean; readonly payoutOnboarded: boolean; readonly redirectAllowlist: readonly string[] };
}

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
}

const API_KEY_STATEMENT: PreparedStatement = {
  name: 'api_key_by_hash',
  text: `select k.id, k.mode, k.key_hash, k.revoked_at, k.last_used_at, k.integration_id,
                i.enabled, i.payout_onboarded, i.redirect_allowlist
           from api_key k join integration i on i.id = k.integration_id
          where k.key_hash = $1`,
};

export interface CreateIntegrationInput extends BrandSettings {
  name: string;
  partnerCreatePaymentUrl?: string;
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
}

/** The brand payers see on the pay pages; absent or null stays as it is, "" clears. */
export interface BrandSettings {
  displayName?: string | null;
  logoUrl?: string | null;
  accentColor?: string | null;
}

/** What the administration area may change; absent fields stay as they are, "" clears a URL. */
export interface IntegrationSettings extends BrandSettings {
  name?: string | null;
  partnerCreatePaymentUrl?: string | null;
  webhookUrl?: string | null;
  redirectAllowlist?: readonly string[] | null;
  eventSubscriptions?: readonly string[] | null;
  enabled?: boolean | null;
}

export type SigningSecretKind = 'webhook' | 'partner';

export interface PayoutOnboardingInput {
  legalName: string;
  bankAccount: string;
  contactEmail: string;
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
  constructor(
    private readonly secretBox: SecretBox,
    private readonly options: {
      signingSecretGraceMs?: number;
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
    if (input.keyMode === 'live' || input.payoutOnboarded) await this.assertLiveUrls(input);
    const partnerCreatePaymentSigningSecret = generateSigningSecret();
    const webhookSigningSecret = generateSigningSecret();
    const brand = resolveBrand(input);
    const integration = em.create(Integration, {
      name,
      displayName: brand.displayName ?? null,
      logoUrl: brand.logoUrl ?? null,
      accentColor: brand.accentColor ?? null,
      partnerCreatePaymentUrl: input.partnerCreatePaymentUrl
        ? requireHttpUrl(input.partnerCreatePaymentUrl, 'partnerCreatePaymentUrl')
        : null,
      webhookUrl: input.webhookUrl ? requireHttpUrl(input.webhookUrl, 'webhookUrl') : null,
      redirectAllowlist: (input.redirectAllowlist ?? []).map((entry) => normalizeAllowlistEntry(entry)),
      payoutOnboarded: input.payoutOnboarded ?? false,
      eventSubscriptions: normalizeSubscriptions(input.eventSubscriptions ?? []),
      partnerSigningSecretSealed: this.secretBox.seal(partnerCreatePaymentSigningSecret),
      webhookSigningSecretSealed: this.secretBox.seal(webhookSigningSecret),
      owner: input.ownerAccountId ? em.getReference(Account, input.ownerAccountId) : null,
      enabled: input.enabled ?? true,
    });
    const key = options.withApiKey ? this.addApiKey(em, integration, input.keyMode ?? 'test') : undefined;
    recordAudit(em, who, {
      action: 'integration.created',
      integrationId: integration.id,
      summary: `Created integration "${name}"${key ? ` with a ${key.record.mode} key ••••${key.record.last4}` : ''}`,
      details: key ? { apiKeyId: key.record.id } : {},
    });
    await em.flush();
    return { integration, apiKey: key?.apiKey, partnerCreatePaymentSigningSecret, webhookSigningSecret };
  }

  async createApiKey(
    em: EntityManager,
    integrationId: string,
    mode: KeyMode,
    name?: string,
    options: { who?: AuditActor; requireOnboarding?: boolean } = {},
  ): Promise<{ apiKey: string; record: ApiKey }> {
    const integration = await this.requireIntegration(em, integrationId);
    if (name !== undefined && name !== null) assertStorableText({ name });
    const keyName = name?.trim() ? name.trim().slice(0, 100) : undefined;
    if (mode === 'live' && options.requireOnboarding && !integration.payoutOnboarded) {
      throw new AppError(ErrorCode.PayoutOnboardingRequired, 'Complete payout onboarding before creating live keys');
    }
    if (mode === 'live') {
      await this.assertLiveUrls({
        partnerCreatePaymentUrl: integration.partnerCreatePaymentUrl ?? undefined,
        webhookUrl: integration.webhookUrl ?? undefined,
      });
    }
    const created = this.addApiKey(em, integration, mode, keyName);
    recordAudit(em, options.who ?? CLI_ACTOR, {
      action: 'api_key.created',
      integrationId: integration.id,
      summary: `Created ${mode} key ••••${created.record.last4}${keyName ? ` ("${keyName}")` : ''}`,
      details: { apiKeyId: created.record.id, mode },
    });
    await em.flush();
    return created;
  }

  /** Revokes one key of one integration (the administration area names keys by id). */
  async revokeApiKeyOf(em: EntityManager, integration: Integration, keyId: string, who: AuditActor): Promise<ApiKey> {
    const key = isUuid(keyId) ? await em.findOne(ApiKey, { id: keyId, integration: integration.id }) : null;
    if (!key) throw new AppError(ErrorCode.NotFound, `API key ${keyId} not found`);
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      recordAudit(em, who, {
        action: 'api_key.revoked',
        integrationId: integration.id,
        summary: `Revoked ${key.mode} key ••••${key.last4}`,
        details: { apiKeyId: key.id },
      });
    }
    await em.flush();
    return key;
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
    if (input.partnerCreatePaymentUrl !== undefined && input.partnerCreatePaymentUrl !== null) {
      set(
        'partnerCreatePaymentUrl',
        input.partnerCreatePaymentUrl === '' ? null : requireHttpUrl(input.partnerCreatePaymentUrl, 'partnerCreatePaymentUrl'),
      );
    }
    if (input.webhookUrl !== undefined && input.webhookUrl !== null) {
      set('webhookUrl', input.webhookUrl === '' ? null : requireHttpUrl(input.webhookUrl, 'webhookUrl'));
    }
    if (input.redirectAllowlist) {
      set(
        'redirectAllowlist',
        input.redirectAllowlist.map((entry, index) => {
          try {
            return normalizeAllowlistEntry(entry);
          } catch (error) {
            if (error instanceof AppError) {
              throw new AppError(error.code, error.message, [{ path: `redirectAllowlist[${index}]`, message: error.message }]);
            }
            throw error;
          }
        }),
      );
    }
    if (input.eventSubscriptions) set('eventSubscriptions', normalizeSubscriptions(input.eventSubscriptions));
    if (input.enabled !== undefined && input.enabled !== null) set('enabled', input.enabled);
    // Once live keys exist, the URLs must be fit for live money (decisions §6).
    if (
      (changed.includes('partnerCreatePaymentUrl') || changed.includes('webhookUrl')) &&
      (await this.hasActiveLiveKey(em, integration.id))
    ) {
      await this.assertLiveUrls({
        partnerCreatePaymentUrl: integration.partnerCreatePaymentUrl ?? undefined,
        webhookUrl: integration.webhookUrl ?? undefined,
      });
    }
    if (changed.length > 0) {
      recordAudit(em, who, {
        action:
          changed.includes('enabled') && changed.length === 1
            ? integration.enabled
              ? 'integration.enabled'
              : 'integration.disabled'
            : 'integration.updated',
        integrationId: integration.id,
        summary: `Changed ${changed.join(', ')}`,
        details: { fields: changed },
      });
    }
    await em.flush();
    return integration;
  }

  /**
   * A new signing secret, shown once. The previous one keeps signing beside it until the grace
   * window ends (both signatures in one header), so the merchant can switch without a gap.
   */
  async rotateSigningSecret(
    em: EntityManager,
    integrationId: string,
    kind: SigningSecretKind,
    who: AuditActor,
  ): Promise<{ secret: string; previousValidUntil: Date }> {
    const graceMs = this.options.signingSecretGraceMs ?? 24 * 3_600_000;
    const integration = await em.findOneOrFail(
      Integration,
      { id: integrationId },
      { populate: ['partnerSigningSecretSealed', 'webhookSigningSecretSealed'] },
    );
    const secret = generateSigningSecret();
    const now = new Date();
    const previousValidUntil = new Date(now.getTime() + graceMs);
    if (kind === 'webhook') {
      integration.webhookSigningSecretPreviousSealed = integration.webhookSigningSecretSealed;
      integration.webhookSigningSecretSealed = this.secretBox.seal(secret);
      integration.webhookSigningSecretPreviousUntil = previousValidUntil;
      integration.webhookSigningSecretRotatedAt = now;
    } else {
      integration.partnerSigningSecretPreviousSealed = integration.partnerSigningSecretSealed;
      integration.partnerSigningSecretSealed = this.secretBox.seal(secret);
      integration.partnerSigningSecretPreviousUntil = previousValidUntil;
      integration.partnerSigningSecretRotatedAt = now;
    }
    recordAudit(em, who, {
      action: 'signing_secret.rotated',
      integrationId,
      summary: `Rotated the ${kind} signing secret; the previous one signs too until ${previousValidUntil.toISOString()}`,
      details: { kind, previousValidUntil: previousValidUntil.toISOString() },
    });
    await em.flush();
    return { secret, previousValidUntil };
  }

  /** Payout details, validated; complete when every field is valid. The bank account is sealed and shown masked. */
  async submitPayoutOnboarding(
    em: EntityManager,
    integration: Integration,
    input: PayoutOnboardingInput,
    who: AuditActor,
  ): Promise<Integration> {
    assertStorableText(input);
    const problems: { path: string; message: string }[] = [];
    const legalName = typeof input.legalName === 'string' ? input.legalName.trim() : '';
    if (legalName.length < 2 || legalName.length > 200) problems.push({ path: 'legalName', message: 'must be 2 to 200 characters' });
    const bankAccount = normalizeBankAccount(input.bankAccount);
    if (!bankAccount) {
      problems.push({ path: 'bankAccount', message: 'must be an IBAN or a New Zealand account number like 12-3140-0123456-00' });
    }
    const contactEmail = typeof input.contactEmail === 'string' ? input.contactEmail.trim() : '';
    if (!isEmailAddress(contactEmail)) {
      problems.push({ path: 'contactEmail', message: 'must be an email address' });
    }
    if (problems.length > 0 || !bankAccount) {
      throw new AppError(
        ErrorCode.ValidationError,
        `Payout details are not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
        problems,
      );
    }
    integration.payoutLegalName = legalName;
    integration.payoutBankAccountSealed = this.secretBox.seal(bankAccount);
    integration.payoutBankAccountLast4 = bankAccount.slice(-4);
    integration.payoutContactEmail = contactEmail;
    const wasComplete = integration.payoutOnboarded;
    integration.payoutOnboarded = true;
    integration.payoutCompletedAt ??= new Date();
    recordAudit(em, who, {
      action: 'payout.onboarding_submitted',
      integrationId: integration.id,
      summary: `${wasComplete ? 'Updated' : 'Completed'} payout onboarding (account ••••${bankAccount.slice(-4)})`,
    });
    await em.flush();
    return integration;
  }

  private async hasActiveLiveKey(em: EntityManager, integrationId: string): Promise<boolean> {
    return (await em.count(ApiKey, { integration: integrationId, mode: 'live', revokedAt: null })) > 0;
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
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      recordAudit(em, CLI_ACTOR, {
        action: 'api_key.revoked',
        integrationId: key.integration.id,
        summary: `Revoked ${key.mode} key ••••${key.last4}`,
        details: { apiKeyId: key.id },
      });
    }
    await em.flush();
    return key;
  }

  async setEnabled(em: EntityManager, integrationId: string, enabled: boolean): Promise<Integration> {
    const integration = await this.requireIntegration(em, integrationId);
    if (integration.enabled !== enabled) {
      integration.enabled = enabled;
      recordAudit(em, CLI_ACTOR, {
        action: enabled ? 'integration.enabled' : 'integration.disabled',
        integrationId,
        summary: enabled ? 'Enabled the integration' : 'Disabled the integration',
        details: { fields: ['enabled'] },
      });
    }
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
    // Built only when needed: an Error captures a stack trace, which costs on every request.
    const invalid = (): AppError => new AppError(ErrorCode.InvalidApiKey, 'The API key is not valid');
    if (!API_KEY_PATTERN.test(presented)) throw invalid();
    // Every API call starts here: one prepared statement, the integration's settings joined in so
    // the operation that follows need not read them again.
    const keyHash = hashSecret(presented);
    const lookUp = async (): Promise<ApiKeyRow | undefined> => (await runPrepared<ApiKeyRow>(em, API_KEY_STATEMENT, [keyHash]))[0];
    const cache = this.options.keyCache;
    const key = cache
      ? await cache.get(keyHash, async () => {
          const row = await lookUp();
          return row && { value: row, group: row.integration_id };
        })
      : await lookUp();
    // The lookup is by hash; the second comparison is constant-time so timing reveals nothing either.
    if (!key || !hashesMatch(keyHash, key.key_hash) || key.revoked_at !== null) throw invalid();
    const now = Date.now();
    if (key.last_used_at === null || now - new Date(key.last_used_at).getTime() > LAST_USED_RESOLUTION_MS) {
      // Usage bookkeeping only, at most once a minute per key; never part of a request's unit of work.
      await em.nativeUpdate(ApiKey, { id: key.id }, { lastUsedAt: new Date(now) });
      // The row may be the cached one: remember the write, so the next minute's calls skip it.
      key.last_used_at = new Date(now).toISOString();
    }
    return {
      integrationId: key.integration_id,
      apiKeyId: key.id,
      mode: key.mode,
      integration: { enabled: key.enabled, payoutOnboarded: key.payout_onboarded, redirectAllowlist: key.redirect_allowlist },
    };
  }

  /**
   * The secrets that sign outgoing calls, in plaintext, current first; during a rotation's grace
   * window the previous one follows, so each call carries both signatures.
   */
  async signingSecrets(em: EntityManager, integrationId: string): Promise<{ partner: string[]; webhook: string[] }> {
    const integration = await em.findOneOrFail(
      Integration,
      { id: integrationId },
      {
        fields: [
          'id',
          'partnerSigningSecretSealed',
          'webhookSigningSecretSealed',
          'partnerSigningSecretPreviousSealed',
          'partnerSigningSecretPreviousUntil',
          'webhookSigningSecretPreviousSealed',
          'webhookSigningSecretPreviousUntil',
        ],
      },
    );
    const now = Date.now();
    const withPrevious = (current: string, previous: string | null | undefined, until: Date | null | undefined): string[] =>
      previous && until && until.getTime() > now
        ? [this.secretBox.open(current), this.secretBox.open(previous)]
        : [this.secretBox.open(current)];
    return {
      partner: withPrevious(
        integration.partnerSigningSecretSealed,
        integration.partnerSigningSecretPreviousSealed,
        integration.partnerSigningSecretPreviousUntil,
      ),
      webhook: withPrevious(
        integration.webhookSigningSecretSealed,
        integration.webhookSigningSecretPreviousSealed,
        integration.webhookSigningSecretPreviousUntil,
      ),
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

/**
 * Checks the brand fields sent (all problems together): undefined means not sent, null clears.
 * The accent colour must carry white text at WCAG AA, since the pay pages put white on it.
 */
function resolveBrand(input: BrandSettings): { displayName?: string | null; logoUrl?: string | null; accentColor?: string | null } {
  const details: ErrorDetail[] = [];
  const brand: { displayName?: string | null; logoUrl?: string | null; accentColor?: string | null } = {};
  const sent = (value: string | null | undefined): value is string => value !== undefined && value !== null;
  if (sent(input.displayName)) {
    const displayName = input.displayName.trim();
    if ([...displayName].length > MAX_MERCHANT_DISPLAY_NAME_LENGTH || hasControlCharacter(displayName)) {
      details.push({ path: 'displayName', message: `must be one line of at most ${MAX_MERCHANT_DISPLAY_NAME_LENGTH} characters` });
    }
    brand.displayName = displayName || null;
  }
  if (sent(input.logoUrl)) {
    const logoUrl = input.logoUrl.trim();
    const problems = logoUrl ? validateLogoUrl(logoUrl) : [];
    details.push(...problems);
    brand.logoUrl = logoUrl && problems.length === 0 ? new URL(logoUrl).toString() : null;
  }
  if (sent(input.accentColor)) {
    const accentColor = input.accentColor.trim();
    if (accentColor) details.push(...validateAccentColor(accentColor));
    brand.accentColor = accentColor ? accentColor.toUpperCase() : null;
  }
  if (details.length > 0) throw new AppError(ErrorCode.ValidationError, describeDetails(details), details);
  return brand;
}

function requireName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length === 0 || name.length > 200) {
    throw new AppError(ErrorCode.ValidationError, 'name must be 1 to 200 characters', [
      { path: 'name', message: 'must be 1 to 200 characters' },
    ]);
  }
  return name;
}

/** An IBAN (checksum verified by ibantools) in electronic form, or a New Zealand account number as BB-bbbb-AAAAAAA-SSS. */
function normalizeBankAccount(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const iban = electronicFormatIBAN(value);
  if (iban && isValidIBAN(iban)) return iban;
  const nz = /^(\d{2})[- ]?(\d{4})[- ]?(\d{7})[- ]?(\d{2,3})$/.exec(value.trim());
  return nz ? `${nz[1]}-${nz[2]}-${nz[3]}-${nz[4]!.padStart(3, '0')}` : undefined;
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
