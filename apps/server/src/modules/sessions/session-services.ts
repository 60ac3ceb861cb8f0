import type { EntityManager } from '@mikro-orm/postgresql';
import { HOLD_MARGIN_SECONDS } from '@paysplit/domain';
import type { FeedCache } from '../../feed/feed-cache.js';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import type { Listeners } from '../../listen/listeners.js';
import type { Logger } from '../../logger.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { SigningSecretsService } from '../integrations/index.js';
import { SessionAccess } from './access/session-access.js';
import { ExportRepository } from './exports/export.repository.js';
import { ExportService } from './exports/export.service.js';
import { SessionAccessRepository } from './access/session-access.repository.js';
import { HostSignInService } from './access/host-sign-in.service.js';
import type { SessionEventBus } from './events.js';
import { holdExpiryJob } from './hold-expiry.job.js';
import { HoldLapseService } from './payments/hold-lapse.service.js';
import { PartnerClient } from './payments/partner-client.js';
import { type PaymentCallJobOptions, paymentCallJob } from './payments/payment-call.job.js';
import { PaymentCallOutcomeService } from './payments/payment-call-outcomes.service.js';
import { PaymentCallRepository } from './payments/payment-call.repository.js';
import { PaymentCallService } from './payments/payment-call.service.js';
import { PaymentRecordingService } from './payments/payment-recording.service.js';
import { PaymentRepository } from './payments/payment.repository.js';
import { PaymentStartService } from './payments/payment-start.service.js';
import { type RefundCallJobOptions, refundCallJob } from './refunds/refund-call.job.js';
import { RefundRepository } from './refunds/refund.repository.js';
import { RefundService } from './refunds/refund.service.js';
import { SessionConfigurationService } from './session-configuration.service.js';
import { SessionCreationService } from './session-creation.service.js';
import { SessionEndingService } from './session-ending.service.js';
import { sessionExpiryJob } from './session-expiry.job.js';
import { SessionLinks } from './session-links.js';
import { createSessionLoaders } from './session.loaders.js';
import { SessionReadService } from './session-reads.service.js';
import { PaySessionRecordRepository } from './pay-session-record.repository.js';
import { SessionRecordRepository } from './session-record.repository.js';
import { type SessionProgress, SessionRepository } from './session.repository.js';
import { SessionSchedules } from './test-clock/session-schedules.js';
import { OpenGroupReadService } from './open-groups/open-group-reads.service.js';
import { DEFAULT_RESERVATION_SECONDS, OpenGroupJoinService } from './open-groups/open-group-join.service.js';
import { OpenGroupRepository } from './open-groups/open-group.repository.js';
import { ClaimCounting } from './open-groups/claim-counting.js';
import { OpenGroupLeaveService } from './open-groups/open-group-leave.service.js';
import { reservationLapseJob } from './open-groups/reservation-lapse.job.js';
import { ReservationLapseService } from './open-groups/reservation-lapse.service.js';
import { TestClockService } from './test-clock/test-clock.service.js';
import { OpenGroupEndService } from './open-groups/open-group-end.service.js';

/** Refunds read as plain rows by the live pay page's view. */
export type RefundReads = Pick<RefundRepository, 'findOfSessions'>;

/** The row locks other modules take before changing something of a session (its lock order comes first). */
export type SessionLocks = Pick<SessionRepository, 'lockSession' | 'lockParticipant'>;

/** The services of the sessions module (sessions, participants' access, payments, refunds), as the request context offers them. */
export interface SessionServices {
  access: SessionAccess;
  sessionCreation: SessionCreationService;
  sessionConfiguration: SessionConfigurationService;
  sessionReads: SessionReadService;
  sessionEnding: SessionEndingService;
  sessionLinks: SessionLinks;
  paymentStart: PaymentStartService;
  paymentRecording: PaymentRecordingService;
  /** Refunds of captured money: the merchant's, automatic ones, settling. */
  refunds: RefundService;
  /** The host's way back on another device: sign-in links emailed to the host. */
  hostSignIn: HostSignInService;
  /** Calls to the merchant about one payment (partner.payment.cancel and .capture) and settling them. */
  paymentCalls: PaymentCallService;
  /** Test mode: advancing a session's clock through what falls due. */
  testClocks: TestClockService;
  /** Reconciliation exports: an integration's sessions, payments, captures, releases or refunds, a page at a time. */
  exports: ExportService;
  /** Open groups: what their join links show, and joining. */
  openGroupReads: OpenGroupReadService;
  openGroupJoins: OpenGroupJoinService;
  openGroupLeaves: OpenGroupLeaveService;
}

export interface SessionServiceDeps {
  publicBaseUrl: string;
  secretBox: SecretBox;
  signingSecrets: SigningSecretsService;
  /** The partner create-payment call (to the integration's listener, in test mode, while one is connected). */
  partner: { timeoutMs: number; logger: Logger; privateTestUrls: boolean; listeners?: Listeners };
  announcer: SessionChangeAnnouncer;
  statusCache?: FeedCache<SessionProgress>;
  /** What the module publishes, inside the transaction of each change; webhooks and emails subscribe. */
  events: SessionEventBus;
  /** Days a session's personal data is kept after it ends (EMAIL_RETENTION_DAYS): its people's access lasts as long. */
  accessKeepDays: number;
  /** HOLD_MARGIN (manual capture): how long before a hold lapses it stops counting; HOLD_MARGIN_SECONDS unless set. */
  holdMarginMs?: number;
  /** OPEN_GROUP_RESERVATION_SECONDS: how long an open group's claim keeps its places while its payer pays. */
  openGroupReservationSeconds?: number;
  /** Rows per page of a reconciliation export (EXPORT_PAGE_ROWS). */
  exportPageRows: number;
  now?: () => Date;
}

/** Made once per app: one repository per aggregate, shared by the services of one concern each. */
export function createSessionServices(deps: SessionServiceDeps) {
  const { publicBaseUrl, secretBox, signingSecrets, announcer, statusCache, events, now } = deps;
  const sessions = new SessionRepository();
  const payments = new PaymentRepository();
  const accessTokens = new SessionAccessRepository();
  const access = new SessionAccess(
    {
      invite: secretBox.deriveKey('participant-invite-token'),
      hostDevice: secretBox.deriveKey('host-device-token'),
      signIn: secretBox.deriveKey('host-sign-in-code'),
      join: secretBox.deriveKey('open-group-join-code'),
    },
    accessTokens,
    deps.accessKeepDays,
  );
  const sessionLinks = new SessionLinks(publicBaseUrl, access);
  const sessionReads = new SessionReadService({
    sessions,
    records: new SessionRecordRepository(),
    payRecords: new PaySessionRecordRepository(),
    statusCache,
    access,
  });
  const refundRecords = new RefundRepository();
  const refunds = new RefundService({ sessions, refunds: refundRecords, secretBox, announcer, events, now });
  const callRecords = new PaymentCallRepository();
  const calls: PaymentCallService = new PaymentCallService({
    calls: callRecords,
    sessions,
    payments,
    partnerTimeoutMs: deps.partner.timeoutMs,
    // Made below: what a settled call does needs the endings, which need the calls.
    onSettled: (tx, session, payment, call) => outcomes.settled(tx, session, payment, call),
    now,
  });
  const sessionEnding: SessionEndingService = new SessionEndingService({
    ...{ sessions, payments, reads: sessionReads, announcer, events, refunds, calls, now },
    // Made below: an open group's end needs the endings (a group that did not tip expires), which need it.
    openGroupDeadline: (tx, session, at, recording) => openGroupEnd.atDeadline(tx, session, at, recording),
  });
  const openGroupEnd = new OpenGroupEndService({
    ...{ sessions, payments, calls, refunds: refundRecords, ending: sessionEnding, announcer, events, now },
  });
  const outcomes = new PaymentCallOutcomeService({ sessions, payments, calls, ending: sessionEnding, refunds, announcer, events, now });
  const holdMarginMs = deps.holdMarginMs ?? HOLD_MARGIN_SECONDS * 1000;
  const holds = new HoldLapseService({ sessions, payments, calls, ending: sessionEnding, announcer, events, holdMarginMs, now });
  const openGroupClaims = new OpenGroupRepository();
  const lapses = new ReservationLapseService({ sessions, claims: openGroupClaims, payments, calls, announcer, now });
  // What falls due in a session's life, for its test clock; the emails module registers its reminders too.
  const schedules = new SessionSchedules()
    .register(lapses.schedule())
    .register(holds.schedule())
    .register(sessionEnding.deadlineSchedule());
  const paymentStart = new PaymentStartService({
    publicBaseUrl,
    sessions,
    payments,
    signingSecrets,
    partner: new PartnerClient(deps.partner),
    calls,
    now,
  });
  const services: SessionServices = {
    access,
    sessionCreation: new SessionCreationService({
      sessions,
      links: sessionLinks,
      secretBox,
      access,
      holdMarginSeconds: Math.ceil(holdMarginMs / 1000),
      now,
    }),
    sessionConfiguration: new SessionConfigurationService({ sessions, payments, access, announcer, events, calls, now }),
    sessionReads,
    sessionEnding,
    sessionLinks,
    paymentStart,
    paymentRecording: new PaymentRecordingService({
      publicBaseUrl,
      sessions,
      payments,
      ending: sessionEnding,
      announcer,
      events,
      refunds,
      calls,
      claims: new ClaimCounting({
        ...{ sessions, announcer, events },
        // The count may tip the group, or fill it and end it, in the same transaction.
        afterCount: (tx, session, at) => openGroupEnd.afterCount(tx, session, at),
      }),
      now,
    }),
    refunds,
    hostSignIn: new HostSignInService({ sessions, access, tokens: accessTokens, events, now }),
    paymentCalls: calls,
    testClocks: new TestClockService({ sessions, schedules, now }),
    exports: new ExportService({ exports: new ExportRepository(), pageRows: deps.exportPageRows }),
    openGroupReads: new OpenGroupReadService({ sessions, now }),
    openGroupJoins: new OpenGroupJoinService({
      sessions,
      claims: openGroupClaims,
      payments,
      paymentStart,
      access,
      announcer,
      calls,
      logger: deps.partner.logger,
      reservationSeconds: deps.openGroupReservationSeconds ?? DEFAULT_RESERVATION_SECONDS,
      now,
    }),
    openGroupLeaves: new OpenGroupLeaveService({ sessions, payments, calls, refunds, announcer, now }),
  };
  return {
    services,
    sessionLocks: sessions satisfies SessionLocks,
    /** What falls due in a session's life (test clocks): other modules register theirs. */
    schedules,
    /** Refunds and their call attempts as plain reads (the live pay page's view reads them). */
    refundRecords: refundRecords as RefundReads,
    jobs: {
      refundCall: (options: Omit<RefundCallJobOptions, 'refunds' | 'refundRecords' | 'signingSecrets'>) =>
        refundCallJob({ ...options, refunds, refundRecords, signingSecrets }),
      paymentCancelCall: (options: Omit<PaymentCallJobOptions, 'calls' | 'callRecords' | 'signingSecrets'>) =>
        paymentCallJob('cancel', { ...options, calls, callRecords, signingSecrets }),
      paymentCaptureCall: (options: Omit<PaymentCallJobOptions, 'calls' | 'callRecords' | 'signingSecrets'>) =>
        paymentCallJob('capture', { ...options, calls, callRecords, signingSecrets }),
      expiry: (options: { logger: Logger; everyMs: number }) => sessionExpiryJob({ ...options, sessions: sessionEnding }),
      holdExpiry: (options: { logger: Logger; everyMs: number }) => holdExpiryJob({ ...options, holds }),
      reservationLapse: (options: { logger: Logger; everyMs: number }) => reservationLapseJob({ ...options, lapses }),
    },
    loaders: (emFor: () => EntityManager) => createSessionLoaders(emFor, payments, refundRecords, callRecords),
  };
}
