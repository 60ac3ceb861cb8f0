import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { DomainEvents } from './events/domain-events.js';
import { FeedCache } from './feed/feed-cache.js';
import { SessionChangeAnnouncer, SessionChangeHub } from './feed/session-changes.js';
import type { Services } from './graphql/context.js';
import type { RequestLoaders } from './graphql/loaders.js';
import type { Metrics } from './http/metrics.js';
import { JobRunner } from './jobs/job-runner.js';
import { LISTEN_CHANNEL } from './listen/listen.repository.js';
import { Listeners } from './listen/listeners.js';
import type { Logger } from './logger.js';
import { createAccountServices, type LoginThrottle } from './modules/accounts/index.js';
import { ExplorerService } from './modules/admin/index.js';
import { createAuditService } from './modules/audit/index.js';
import { createEmailServices, createEmailTransport } from './modules/emails/index.js';
import { type ApiKeyRow, createIntegrationModule } from './modules/integrations/index.js';
import { LiveSessionReader, SessionFanout } from './modules/live/index.js';
import { createRequestLogModule, type RequestLog } from './modules/requests/index.js';
import { createSessionServices, type SessionEvents, type SessionProgress } from './modules/sessions/index.js';
import { createWebhookServices } from './modules/webhooks/index.js';
import type { SecretBox } from './security/secret-box.js';

export interface ServiceDeps {
  config: Config;
  orm: MikroORM;
  /** For the change feed's dedicated LISTEN connection (opened only when the app starts it). */
  databaseUrl: string;
  logger: Logger;
  secretBox: SecretBox;
  /** Sign-in attempts are counted here (the CLI, which signs nobody in, has none). */
  loginThrottle?: LoginThrottle;
  metrics?: Metrics;
  now?: () => Date;
}

/** Job kinds each module offers, bound to its own repositories; createJobRunner registers them. */
type ModuleJobs = {
  webhookDelivery: ReturnType<typeof createWebhookServices>['deliveryJob'];
  refundCall: ReturnType<typeof createSessionServices>['jobs']['refundCall'];
  paymentCancelCall: ReturnType<typeof createSessionServices>['jobs']['paymentCancelCall'];
  paymentCaptureCall: ReturnType<typeof createSessionServices>['jobs']['paymentCaptureCall'];
  expiry: ReturnType<typeof createSessionServices>['jobs']['expiry'];
  holdExpiry: ReturnType<typeof createSessionServices>['jobs']['holdExpiry'];
  reservationLapse: ReturnType<typeof createSessionServices>['jobs']['reservationLapse'];
  emails: ReturnType<typeof createEmailServices>['jobs'];
  requestLogPurge: ReturnType<typeof createRequestLogModule>['purgeJob'];
};

/** Everything one app (server, test server, CLI, bench) runs on, made in one place. */
export interface AppServices extends Services {
  /** The job kinds of every module, for createJobRunner. */
  readonly moduleJobs: ModuleJobs;
  /** Records the merchant API's requests (the REST routes hand them over; createApp flushes it when it stops). */
  readonly requestLogWriter: RequestLog;
  /** This app's listeners (`paysplit listen`) and where test-mode calls go while one is connected. */
  readonly listeners: Listeners;
}

/**
 * The one place that builds the modules, bottom up in the order docs/architecture.md draws, and
 * wires what reacts to what: the webhooks and emails modules subscribe to the sessions module's
 * events here, so the sessions module imports neither. Repositories are made inside their modules
 * (no module singletons). The ORM subscribers are registered here, once; MikroORM 6 cannot
 * unregister one, so after the app stops they stay registered without listeners.
 */
export function createServices(deps: ServiceDeps): AppServices {
  const { config, orm, logger, secretBox, now } = deps;
  // The change feed keeps two caches of the hottest reads true across instances (docs/architecture.md).
  const announcer = new SessionChangeAnnouncer();
  orm.em.getEventManager().registerSubscriber(announcer);
  const live = new SessionChangeHub({ databaseUrl: deps.databaseUrl, logger, announcer, channels: [LISTEN_CHANNEL] });
  const statusCache = new FeedCache<SessionProgress>({ ttlMs: 2_000, maxEntries: 10_000, isListening: () => live.listening });
  const keyCache = new FeedCache<ApiKeyRow>({ ttlMs: 60_000, maxEntries: 10_000, isListening: () => live.listening });
  live.onSessionChange((sessionId) => statusCache.invalidateGroup(sessionId));
  live.onIntegrationChange((integrationId) => keyCache.invalidateGroup(integrationId));
  live.onInterruption(() => {
    statusCache.clear();
    keyCache.clear();
  });

  // `paysplit listen`: where each test-mode call goes while an integration has a listener (listen/).
  const listeners = new Listeners({
    em: () => orm.em.fork(),
    logger,
    secretKey: secretBox.deriveKey('listen-signing-secret'),
    pingIntervalMs: config.live.pingIntervalMs,
    metrics: deps.metrics,
  });
  live.onChannel(LISTEN_CHANNEL, (payload) => listeners.heard(payload));
  live.onIntegrationChange((integrationId) => listeners.integrationChanged(integrationId));
  live.onReconnection(() => listeners.catchUp());

  const audit = createAuditService();
  const accounts = createAccountServices({ audit, csrfKey: secretBox.deriveKey('admin-csrf-token'), now, throttle: deps.loginThrottle });
  const integrations = createIntegrationModule({ secretBox, audit, keyCache, signingSecretGraceMs: config.signingSecretGraceMs });
  orm.em.getEventManager().registerSubscriber(integrations.services.apiKeyAuthentication.keyCacheInvalidator());
  const events = new DomainEvents<SessionEvents>();
  const sessions = createSessionServices({
    publicBaseUrl: config.publicBaseUrl,
    signingSecrets: integrations.services.signingSecrets,
    secretBox,
    partner: { timeoutMs: config.partnerTimeoutMs, logger, privateTestUrls: config.privateTestUrls, listeners },
    announcer,
    statusCache,
    events,
    accessKeepDays: config.emailRetentionDays,
    holdMarginMs: config.holdMarginMs,
    openGroupReservationSeconds: config.openGroupReservationSeconds,
    exportPageRows: config.exports.pageRows,
    now,
  });
  // Reactions run in the order they subscribe: the merchant's event, then the emails.
  const webhooks = createWebhookServices({ events });
  const emails = createEmailServices({
    secretBox,
    announcer,
    sessionLocks: sessions.sessionLocks,
    events,
    schedules: sessions.schedules,
    now,
  });
  // Live pay pages: one read per committed change per instance, fanned out in memory (docs/architecture.md).
  const liveReader = new LiveSessionReader({
    sessionReads: sessions.services.sessionReads,
    refunds: sessions.refundRecords,
    emails: emails.services.emails,
  });
  const liveViews = new SessionFanout({
    // A fresh unit of work per read: the subscriptions live long, their data must not go stale.
    load: (sessionId) => liveReader.read(orm.em.fork({ clear: true }), sessionId),
    limits: config.live,
    logger,
  });
  live.onCommittedSessionChange((sessionId) => liveViews.changed(sessionId));
  const requests = createRequestLogModule({
    em: orm.em,
    adminScope: integrations.services.adminScope,
    settings: config.requestLog,
    logger,
    now,
  });
  live.onReconnection(() => liveViews.refreshAll());
  return {
    ...accounts,
    audit,
    ...integrations.services,
    ...sessions.services,
    ...webhooks.services,
    ...emails.services,
    explorer: new ExplorerService({ adminScope: integrations.services.adminScope }),
    requestLog: requests.requestLog,
    requestLogWriter: requests.writer,
    live,
    liveViews,
    listeners,
    requestLoaders: (emFor: () => EntityManager): RequestLoaders => ({
      ...integrations.loaders(emFor),
      ...sessions.loaders(emFor),
      ...webhooks.loaders(emFor),
      ...emails.loaders(emFor),
    }),
    moduleJobs: { webhookDelivery: webhooks.deliveryJob, ...sessions.jobs, emails: emails.jobs, requestLogPurge: requests.purgeJob },
  };
}

export interface JobDeps {
  config: Config;
  orm: MikroORM;
  /** PostgreSQL itself, for the runner's LISTEN connection. */
  databaseUrl: string;
  logger: Logger;
  metrics?: Metrics;
  services: AppServices;
  /** Names the process in job_instance. */
  application?: string;
  /** Upper bound between sweeps of a kind when no notification arrives (default 30 s). */
  maxIdleMs?: number;
}

/** The one job runner with every module's job kinds registered (server and tests alike; started by the caller). */
export function createJobRunner(deps: JobDeps): JobRunner {
  const { config, orm, logger, services, metrics } = deps;
  const jobs = services.moduleJobs;
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
    jobs.webhookDelivery({
      em,
      signingSecrets: services.signingSecrets,
      logger,
      retryScheduleMs: config.webhookRetryScheduleMs,
      timeoutMs: config.webhookTimeoutMs,
      leaseMs: config.webhookClaimMs,
      metrics,
      privateTestUrls: config.privateTestUrls,
      listeners: services.listeners,
    }),
  );
  runner.register(
    jobs.refundCall({
      em,
      logger,
      retryScheduleMs: config.refundRetryScheduleMs,
      timeoutMs: config.partnerTimeoutMs,
      // Longer than one call can take (its timeout, twice): an instance never takes over a call still in flight.
      leaseMs: Math.max(config.webhookClaimMs, config.partnerTimeoutMs * 2 + 10_000),
      privateTestUrls: config.privateTestUrls,
      listeners: services.listeners,
    }),
  );
  // Cancels and captures: like the refund call's, the lease outlasts a call still in flight.
  const paymentCalls = {
    em,
    logger,
    retryScheduleMs: config.paymentCallRetryScheduleMs,
    timeoutMs: config.partnerTimeoutMs,
    leaseMs: Math.max(config.webhookClaimMs, config.partnerTimeoutMs * 2 + 10_000),
    privateTestUrls: config.privateTestUrls,
    listeners: services.listeners,
  };
  runner.register(jobs.paymentCancelCall(paymentCalls)).register(jobs.paymentCaptureCall(paymentCalls));
  runner.registerPeriodic(jobs.expiry({ logger, everyMs: config.expirySweepMs }));
  runner.registerPeriodic(jobs.holdExpiry({ logger, everyMs: config.expirySweepMs }));
  runner.registerPeriodic(jobs.reservationLapse({ logger, everyMs: config.expirySweepMs }));
  runner.registerPeriodic(jobs.requestLogPurge({ logger }));
  // Without SMTP_URL emails stay queued (the start log says so), and their schedules wait too.
  if (config.smtpUrl) {
    const emails = jobs.emails({
      em,
      logger,
      transport: createEmailTransport(config.smtpUrl),
      from: config.emailFrom,
      publicBaseUrl: config.publicBaseUrl,
      links: services.sessionLinks,
      retryScheduleMs: config.emailRetryScheduleMs,
      sweepMs: config.emailSweepMs,
      retentionDays: config.emailRetentionDays,
    });
    runner.register(emails.send).registerPeriodic(emails.schedules);
  }
  return runner;
}
