// The accounts module's front door: what other modules may use (docs/architecture.md, "Modules").
export { type AccountServices, createAccountServices } from './account-services.js';
export type { Account } from './account.entity.js';
export { AccountResolver } from './account.resolver.js';
export type { AccountService, AdminPrincipal } from './account.service.js';
export { isEmailAddress } from './email-address.js';
export { type LoginThrottle } from './sign-in.service.js';
