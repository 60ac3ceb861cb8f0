// The integrations module's front door: what other modules may use (docs/architecture.md, "Modules").
export { ownerScope, type AdminScope } from './admin-scope.js';
export type { ApiKeyRow } from './integration.repository.js';
export type { MerchantPrincipal } from './api-key-authentication.service.js';
export type { Integration } from './integration.entity.js';
export type { SigningSecretsService } from './signing-secrets.service.js';
export type { IntegrationSettings } from './integration-settings.service.js';
export { createIntegrationModule, createIntegrationServices, type IntegrationServices } from './integration-services.js';
export type { IntegrationLoaders } from './integration.loaders.js';
export { IntegrationResolver } from './integration.resolver.js';
