import type { SecretBox } from '../../security/secret-box.js';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { EmailOutbox } from './email-outbox.js';
import { emailSweepRepository } from './email-sweep.repository.js';
import { emailRepository } from './email.repository.js';
import { EmailService } from './email.service.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

export interface EmailServices {
  /** Writes emails in the transaction of their cause (the sessions and payments services use it). */
  emailOutbox: EmailOutbox;
  emails: EmailService;
}

/** Made once per app, like the other modules' services. */
export function createEmailServices(deps: { secretBox: SecretBox; announcer: SessionChangeAnnouncer; now?: () => Date }): EmailServices {
  const emailOutbox = new EmailOutbox(emailRepository);
  return {
    emailOutbox,
    emails: new EmailService({
      emails: emailRepository,
      sweeps: emailSweepRepository,
      outbox: emailOutbox,
      sessions: new SessionRepository(),
      announcer: deps.announcer,
      unsubscribeTokens: new UnsubscribeTokens(deps.secretBox.deriveKey('email-unsubscribe')),
      now: deps.now,
    }),
  };
}
