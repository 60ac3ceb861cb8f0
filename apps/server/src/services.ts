import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import type { Services } from './graphql/context.js';
import type { Metrics } from './http/metrics.js';
import { JobRunner } from './jobs/job-runner.js';
import type { Logger } from './logger.js';
import { SessionAccess } from './modules/sessions/access/session-access.js';
import { SessionAccessRepository } from './modules/sessions/access/session-access.repository.js';
import { createAccountServices } from './modules/accounts/account-services.js';
import type { LoginThrottle } from './modules/accounts/sign-in.service.js';
import { AdminScope } from './modules/admin/admin-scope.js';
import { ExplorerRepository } from './modules/admin/explorer.repository.js';
import { ExplorerService } from './modules/admin/explorer.service.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { AuditService } from './modules/audit/audit.service.js';
import { createEmailTransport, emailJobs } from './modules/emails/email-send.job.js';
import { createEmailServices } from './modules/emails/email-services.js';
import { createIntegrationServices } from './modules/integrations/integration-services.js';
import { type ApiKeyRow, IntegrationRepository } from './modules/integrations/integration.repository.js';
import { FeedCache } from './feed/feed-cache.js';
import { LiveSessionReader } from './modules/live/live-session.js';
import { SessionFanout } from './modules/live/session-fanout.js';
import { SessionChangeAnnouncer, SessionChangeHub } from './feed/session-changes.js';
import { PartnerClient } from './modules/sessions/payments/partner-client.js';
import { refundCallJob } from './modules/sessions/refunds/refund-call.job.js';
import { sessionExpiryJob } from './modules/sessions/session-expiry.job.js';
import { createSessionServices } from './modules/sessions/session-services.js';
import type { SessionProgress } from './modules/sessions/session.repository.js';
import { webhookRepository } from './modules/webhooks/webhook.repository.js';
import { webhookDeliveryJob } from './modules/webhooks/webhook-delivery.job.js';
import { WebhookService } from './modules/webhooks/webhook.service.js';
import type { SecretBox } from './security/secret-box.js';

export interface ServiceDeps {
  config: Config;
  orm: MikroORM;
  /** For the change feed's dedicated LISTEN connection. */
  databaseUrl: string;
  logger: Logger;
  secretBox: SecretBox;
  loginThrottle: LoginThrottle;
  now?: () => Date;
}

/**
 * Every module's services, made once per app: one repository per aggregate, shared by the services
 * of one concern each, and the per-app state of the change feed (announcer, hub, caches). The ORM
 * subscribers are registered here, once; MikroORM 6 cannot unregister one, so after the app stops
 * they stay registered without listeners.
 */
export function createServices(deps: ServiceDeps): Services {
  const { config, orm, logger, secretBox, now } = deps;
  // The change feed keeps two caches of the hottest reads true across instances (docs/architecture.md).
  const announcer = new SessionChangeAnnouncer();
  orm.em.getEventManager().registerSubscriber(announcer);
  const live = new SessionChangeHub({ databaseUrl: deps.databaseUrl, logger, announcer });
  const statusCache = new FeedCache<SessionProgress>({ ttlMs: 2_000, maxEntries: 10_000, isListening: () => live.listening });
  const keyCache = new FeedCache<ApiKeyRow>({ ttlMs: 60_000, maxEntries: 10_000, isListening: () => live.listening });
  live.onSessionChange((sessionId) => statusCache.invalidateGroup(sessionId));
  live.onIntegrationChange((integrationId) => keyCache.invalidateGroup(integrationId));
  live.onInterruption(() => {
    statusCache.clear();
    keyCache.clear();
  });

  const audit = new AuditService(new AuditRepository());
  const integrationRepository = new IntegrationRepository();
  const integrations = createIntegrationServices({
    secretBox,
    integrations: integrationRepository,
    audit,
    keyCache,
    signingSecretGraceMs: config.signingSecretGraceMs,
  });
  orm.em.getEventManager().registerSubscriber(integrations.apiKeyAuthentication.keyCacheInvalidator());
  const access = new SessionAccess(secretBox.deriveKey('participant-invite-token'), new SessionAccessRepository());
  const emails = createEmailServices({ secretBox, announcer, now });
  const sessionServices = createSessionServices({
    publicBaseUrl: config.publicBaseUrl,
    signingSecrets: integrations.signingSecrets,
    secretBox,
    access,
    partner: new PartnerClient({ timeoutMs: config.partnerTimeoutMs, logger, privateTestUrls: config.privateTestUrls }),
    announcer,
    statusCache,
    emailOutbox: emails.emailOutbox,
    now,
  });
  // Live pay pages: one read per committed change per instance, fanned out in memory (docs/architecture.md).
  const liveReader = new LiveSessionReader({
    sessionReads: sessionServices.sessionReads,
    refunds: sessionServices.refundRecords,
    emails: emails.emails,
  });
  const liveViews = new SessionFanout({
    // A fresh unit of work per read: the subscriptions live long, their data must not go stale.
    load: (sessionId) => liveReader.read(orm.em.fork({ clear: true }), sessionId),
    limits: config.live,
    logger,
  });
  live.onCommittedSessionChange((sessionId) => liveViews.changed(sessionId));
  live.onReconnection(() => liveViews.refreshAll());
  return {
    ...createAccountServices({ audit, csrfKey: secretBox.deriveKey('admin-csrf-token'), now, throttle: deps.loginThrottle }),
    explorer: new ExplorerService(new ExplorerRepository(), integrationRepository),
    adminScope: new AdminScope(integrationRepository),
    audit,
    ...integrations,
    access,
    ...sessionServices,
    ...emails,
    webhooks: new WebhookService(webhookRepository),
    live,
    liveViews,
  };
}

export interface JobDeps {
  config: Config;
  orm: MikroORM;
  /** PostgreSQL itself, for the runner's LISTEN connection. */
  databaseUrl: string;
  logger: Logger;
  metrics?: Metrics;
  services: Services;
  /** Names the process in job_instance. */
  application?: string;
  /** Upper bound between sweeps of a kind when no notification arrives (default 30 s). */
  maxIdleMs?: number;
}

/** The one job runner with every module's job kinds registered (server and tests alike; started by the caller). */
export function createJobRunner(deps: JobDeps): JobRunner {
  const { config, orm, logger, services, metrics } = deps;
  const runner = new JobRunner({
    orm,
    databaseUrl: deps.databaseUrl,
    logger,
    metrics,
    application: deps.application,
    maxIdleMs: deps.maxIdleMs,
  });
  const em = () => orm.em.fork();
  runner.register(
    webhookDeliveryJob({
      em,
      signingSecrets: services.signingSecrets,
      logger,
      retryScheduleMs: config.webhookRetryScheduleMs,
      timeoutMs: config.webhookTimeoutMs,
      leaseMs: config.webhookClaimMs,
      metrics,
      privateTestUrls: config.privateTestUrls,
    }),
  );
  runner.register(
    refundCallJob({
      em,
      signingSecrets: services.signingSecrets,
      refunds: services.refunds,
      refundRecords: services.refundRecords,
      logger,
      retryScheduleMs: config.refundRetryScheduleMs,
      timeoutMs: config.partnerTimeoutMs,
      // Longer than one call can take (its timeout, twice): an instance never takes over a call still in flight.
      leaseMs: Math.max(config.webhookClaimMs, config.partnerTimeoutMs * 2 + 10_000),
      privateTestUrls: config.privateTestUrls,
    }),
  );
  runner.registerPeriodic(sessionExpiryJob({ sessions: services.sessionEnding, logger, everyMs: config.expirySweepMs }));
  // Without SMTP_URL emails stay queued (the start log says so), and their schedules wait too.
  if (config.smtpUrl) {
    const emails = emailJobs({
      em,
      logger,
      transport: createEmailTransport(config.smtpUrl),
      from: config.emailFrom,
      publicBaseUrl: config.publicBaseUrl,
      links: services.sessionLinks,
      emails: services.emails,
      retryScheduleMs: config.emailRetryScheduleMs,
      sweepMs: config.emailSweepMs,
      retentionDays: config.emailRetentionDays,
    });
    runner.register(emails.send).registerPeriodic(emails.schedules);
  }
  return runner;
}
