import type { EmailOutbox } from '../emails/email-outbox.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { SessionAccess } from './access/session-access.js';
import type { SigningSecretsService } from '../integrations/signing-secrets.service.js';
import type { FeedCache } from '../../feed/feed-cache.js';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import type { PartnerClient } from './payments/partner-client.js';
import { PaymentRecordingService } from './payments/payment-recording.service.js';
import { PaymentRepository } from './payments/payment.repository.js';
import { PaymentStartService } from './payments/payment-start.service.js';
import { RefundRepository } from './refunds/refund.repository.js';
import { RefundService } from './refunds/refund.service.js';
import { SessionConfigurationService } from './session-configuration.service.js';
import { SessionCreationService } from './session-creation.service.js';
import { SessionEndingService } from './session-ending.service.js';
import { SessionLinks } from './session-links.js';
import { SessionReadService } from './session-reads.service.js';
import { PaySessionRecordRepository } from './pay-session-record.repository.js';
import { SessionRecordRepository } from './session-record.repository.js';
import { type SessionProgress, SessionRepository } from './session.repository.js';

/** The services of the sessions and payments rooms, as the request context offers them. */
export interface SessionServices {
  sessionCreation: SessionCreationService;
  sessionConfiguration: SessionConfigurationService;
  sessionReads: SessionReadService;
  sessionEnding: SessionEndingService;
  sessionLinks: SessionLinks;
  paymentStart: PaymentStartService;
  paymentRecording: PaymentRecordingService;
  /** Plain reads of payments (the per-request loaders batch them). */
  paymentRecords: PaymentRepository;
  /** Refunds of captured money (issue 15): the merchant's, automatic ones, settling. */
  refunds: RefundService;
  /** Plain reads of refunds and their call attempts (loaders, the refund-call job kind). */
  refundRecords: RefundRepository;
}

export interface SessionServiceDeps {
  publicBaseUrl: string;
  secretBox: SecretBox;
  access: SessionAccess;
  signingSecrets: SigningSecretsService;
  partner: PartnerClient;
  announcer: SessionChangeAnnouncer;
  statusCache?: FeedCache<SessionProgress>;
  /** Invitations, receipts and completion notes, written with their cause. */
  emailOutbox?: EmailOutbox;
  now?: () => Date;
}

/** Made once per app: one repository per aggregate, shared by the services of one concern each. */
export function createSessionServices(deps: SessionServiceDeps): SessionServices {
  const { publicBaseUrl, secretBox, access, signingSecrets, partner, announcer, statusCache, emailOutbox, now } = deps;
  const sessions = new SessionRepository();
  const payments = new PaymentRepository();
  const sessionReads = new SessionReadService({
    sessions,
    records: new SessionRecordRepository(),
    payRecords: new PaySessionRecordRepository(),
    statusCache,
  });
  const sessionLinks = new SessionLinks(publicBaseUrl, access);
  const refundRecords = new RefundRepository();
  const refunds = new RefundService({ sessions, refunds: refundRecords, secretBox, announcer, now });
  const sessionEnding = new SessionEndingService({ sessions, payments, reads: sessionReads, announcer, emailOutbox, refunds, now });
  return {
    sessionCreation: new SessionCreationService({ sessions, links: sessionLinks, secretBox, access, now }),
    sessionConfiguration: new SessionConfigurationService({ sessions, payments, access, announcer, emailOutbox, now }),
    sessionReads,
    sessionEnding,
    sessionLinks,
    paymentStart: new PaymentStartService({ publicBaseUrl, sessions, payments, signingSecrets, partner, now }),
    paymentRecording: new PaymentRecordingService({
      publicBaseUrl,
      sessions,
      payments,
      ending: sessionEnding,
      announcer,
      emailOutbox,
      refunds,
      now,
    }),
    paymentRecords: payments,
    refunds,
    refundRecords,
  };
}
