import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { SessionEventBus, SessionLocks, SessionSchedules } from '../sessions/index.js';
import { EmailOutbox } from './email-outbox.js';
import { type EmailJobOptions, emailJobs } from './email-send.job.js';
import { EmailFactsRepository } from './email-facts.repository.js';
import { EmailSweepRepository } from './email-sweep.repository.js';
import { createEmailLoaders } from './email.loaders.js';
import { EmailRepository } from './email.repository.js';
import { EmailService } from './email.service.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

export interface EmailServices {
  emails: EmailService;
}

export interface EmailServiceDeps {
  secretBox: SecretBox;
  announcer: SessionChangeAnnouncer;
  sessionLocks: SessionLocks;
  events: SessionEventBus;
  /** A session's schedules (test clocks): its reminders are one. */
  schedules: SessionSchedules;
  now?: () => Date;
}

/**
 * The emails module, made once per app. An email for every money event (invitations, receipts,
 * covered shares, refunds, endings, the completion note) and the host's way back are its reactions
 * to the sessions module's events, written in their transaction (the mail outbox); the send and sweep job kinds and the loaders read through its
 * repositories.
 */
export function createEmailServices(deps: EmailServiceDeps) {
  const repository = new EmailRepository();
  const outbox = new EmailOutbox(repository);
  deps.events
    .on('splitSaved', (tx, { session, invite }) => outbox.splitSaved(tx, session, invite))
    .on('sharePaid', (tx, { session, payment }) => outbox.paymentAuthorized(tx, session, payment))
    .on('refundSettled', (tx, { session, refund }) => outbox.refundSettled(tx, session, refund))
    .on('paymentRefundRecorded', (tx, { session, payment }) => outbox.paymentRefundRecorded(tx, session, payment))
    .on('sessionEnded', (tx, { session, outcome }) => outbox.sessionEnded(tx, session, outcome))
    .on('paymentCaptureFailed', (tx, { session, payment }) => outbox.captureDeclined(tx, session, payment))
    .on('sessionCompleted', (tx, { session }) => outbox.sessionCompleted(tx, session))
    .on('groupTipped', (tx, { session }) => outbox.groupTipped(tx, session))
    .on('hostSignInRequested', (tx, { session, host, signInId }) => outbox.hostSignInRequested(tx, session, host, signInId));
  const emails = new EmailService({
    emails: repository,
    sweeps: new EmailSweepRepository(),
    facts: new EmailFactsRepository(),
    outbox,
    sessions: deps.sessionLocks,
    announcer: deps.announcer,
    unsubscribeTokens: new UnsubscribeTokens(deps.secretBox.deriveKey('email-unsubscribe')),
    now: deps.now,
  });
  deps.schedules.register(emails.reminderSchedule());
  return {
    services: { emails } satisfies EmailServices,
    jobs: (options: Omit<EmailJobOptions, 'repository' | 'emails'>) => emailJobs({ ...options, repository, emails }),
    loaders: (emFor: () => EntityManager) => createEmailLoaders(emFor, repository, emails),
  };
}
