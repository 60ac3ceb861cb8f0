// The emails module's front door: what other modules may use (docs/architecture.md, "Modules").
export { createEmailServices, type EmailServices } from './email-services.js';
export { createEmailTransport } from './email-send.job.js';
export type { EmailLoaders } from './email.loaders.js';
export type { EmailService, EmailStatus } from './email.service.js';
export { ParticipantEmailResolver, SessionEmailsResolver } from './email.resolver.js';
export type { UnsubscribePage } from './unsubscribe-page.js';
export type { SignInPageWords } from './sign-in-page.js';
