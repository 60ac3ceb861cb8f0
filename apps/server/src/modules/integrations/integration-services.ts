import type { SecretBox } from '../../security/secret-box.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type AuditService, createAuditService } from '../audit/index.js';
import { AdminScope } from './admin-scope.js';
import { createIntegrationLoaders } from './integration.loaders.js';
import type { FeedCache } from '../../feed/feed-cache.js';
import { ApiKeyAuthenticationService } from './api-key-authentication.service.js';
import { ApiKeyService } from './api-keys.service.js';
import { IntegrationSettingsService } from './integration-settings.service.js';
import { type ApiKeyRow, IntegrationRepository } from './integration.repository.js';
import { PayoutOnboardingService } from './payout-onboarding.service.js';
import { SigningSecretsService } from './signing-secrets.service.js';

/** The integrations module's services, one concern each, over one repository. */
export interface IntegrationServices {
  apiKeyAuthentication: ApiKeyAuthenticationService;
  integrationSettings: IntegrationSettingsService;
  apiKeys: ApiKeyService;
  payoutOnboarding: PayoutOnboardingService;
  signingSecrets: SigningSecretsService;
  /** Which integrations an administration-area user may see. */
  adminScope: AdminScope;
}

export interface IntegrationServiceDeps {
  secretBox: SecretBox;
  audit?: AuditService;
  /** See ApiKeyAuthenticationService. */
  keyCache?: FeedCache<ApiKeyRow>;
  signingSecretGraceMs?: number;
}

/** The integrations module, made once per app by createServices: its services and its per-request loaders. */
export function createIntegrationModule(deps: IntegrationServiceDeps) {
  const integrations = new IntegrationRepository();
  const audit = deps.audit ?? createAuditService();
  const apiKeys = new ApiKeyService(integrations, audit);
  const services: IntegrationServices = {
    apiKeyAuthentication: new ApiKeyAuthenticationService(integrations, { keyCache: deps.keyCache }),
    integrationSettings: new IntegrationSettingsService(deps.secretBox, integrations, apiKeys, audit),
    apiKeys,
    payoutOnboarding: new PayoutOnboardingService(deps.secretBox, integrations, audit),
    signingSecrets: new SigningSecretsService(deps.secretBox, integrations, audit, deps.signingSecretGraceMs),
    adminScope: new AdminScope(integrations),
  };
  return { services, loaders: (emFor: () => EntityManager) => createIntegrationLoaders(emFor, integrations) };
}

/** The services alone, for tests and benchmarks that provision without a server. */
export function createIntegrationServices(deps: IntegrationServiceDeps): IntegrationServices {
  return createIntegrationModule(deps).services;
}
