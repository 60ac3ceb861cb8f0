import type { SecretBox } from '../../security/secret-box.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { AuditService } from '../audit/audit.service.js';
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
  /** Plain reads for the per-request loaders (graphql/loaders.ts). */
  integrationRecords: IntegrationRepository;
}

/** Wires the module once: createApp, the CLI, and tests or benchmarks that provision without a server. */
export function createIntegrationServices(deps: {
  secretBox: SecretBox;
  integrations?: IntegrationRepository;
  audit?: AuditService;
  /** See ApiKeyAuthenticationService. */
  keyCache?: FeedCache<ApiKeyRow>;
  signingSecretGraceMs?: number;
}): IntegrationServices {
  const integrations = deps.integrations ?? new IntegrationRepository();
  const audit = deps.audit ?? new AuditService(new AuditRepository());
  const apiKeys = new ApiKeyService(integrations, audit);
  return {
    apiKeyAuthentication: new ApiKeyAuthenticationService(integrations, { keyCache: deps.keyCache }),
    integrationSettings: new IntegrationSettingsService(deps.secretBox, integrations, apiKeys, audit),
    apiKeys,
    payoutOnboarding: new PayoutOnboardingService(deps.secretBox, integrations, audit),
    signingSecrets: new SigningSecretsService(deps.secretBox, integrations, audit, deps.signingSecretGraceMs),
    integrationRecords: integrations,
  };
}
