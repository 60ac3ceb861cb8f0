import type { MikroORM } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Services } from '../graphql/context.js';
import { NotificationListener } from '../db/notification-listener.js';
import type { Logger } from '../logger.js';
import { type EmailFacts, renderEmail } from '../modules/emails/email-content.js';
import { type ClaimedEmail, EMAIL_OUTBOX_CHANNEL, emailRepository } from '../modules/emails/email.repository.js';
import type { EmailService } from '../modules/emails/email.service.js';
import type { SessionLinks } from '../modules/sessions/session-links.js';

export interface EmailSenderOptions {
  orm: MikroORM;
  databaseUrl: string;
  logger: Logger;
  /** A nodemailer SMTP transport (SMTP_URL). */
  transport: Transporter;
  /** The From header (EMAIL_FROM). */
  from: string;
  publicBaseUrl: string;
  links: SessionLinks;
  emails: EmailService;
  /** Delay before retry n; after the last one the message is `failed`. */
  retryScheduleMs: readonly number[];
  /** How often reminders are queued and old addresses erased. */
  sweepMs: number;
  retentionDays: number;
  concurrency?: number;
  /** How long a claim lasts; an instance that dies mid-send loses its claim after this. */
  leaseMs?: number;
  maxIdleMs?: number;
  random?: () => number;
}

/** application_name of the sender's LISTEN connection. */
export const EMAIL_SENDER_APPLICATION_NAME = 'paysplit-email-sender';

const EXCERPT_CHARS = 300;

/**
 * Sends the mail outbox over SMTP, as the webhook dispatcher sends events: woken by NOTIFY when a
 * message commits and by a timer for retries, rows claimed with FOR UPDATE SKIP LOCKED and a lease,
 * each try recorded. Also runs the reminder and erasure sweeps every `sweepMs`.
 *
 * At least once: an instance that dies between the server's 250 and recording it sends that message
 * again after the lease; the Message-ID is the message's id, so mail clients show it once.
 */
export class EmailSender {
  private listener: NotificationListener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private sweeping: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly outbox = emailRepository;

  constructor(private readonly options: EmailSenderOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.listener = new NotificationListener({
      databaseUrl: this.options.databaseUrl,
      channels: [EMAIL_OUTBOX_CHANNEL],
      applicationName: EMAIL_SENDER_APPLICATION_NAME,
      logger: this.options.logger,
      onNotification: () => this.wake(),
      onConnected: () => this.wake(),
    });
    await this.listener.start();
    this.sweepTimer = setInterval(() => void this.sweepSchedules(), this.options.sweepMs);
    this.sweepTimer.unref();
    void this.sweepSchedules();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.sweepTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.stop();
    await Promise.allSettled([this.running, this.sweeping]);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Sends what is due now (or right after the current pass). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'email sweep failed'))
      .finally(() => {
        this.running = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Queues due reminders and erases old addresses now; resolves when done (tests call it). */
  async sweepSchedules(): Promise<void> {
    if (this.stopped || this.sweeping) return this.sweeping;
    const { emails, orm, logger, retentionDays } = this.options;
    this.sweeping = (async () => {
      const reminders = await emails.queueDueReminders(orm.em.fork());
      const erased = await emails.eraseEnded(orm.em.fork(), retentionDays);
      if (reminders > 0 || erased > 0) logger.info({ reminders, erasedSessions: erased }, 'email schedules swept');
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'email schedule sweep failed'))
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  private async sendDue(): Promise<void> {
    const concurrency = this.options.concurrency ?? 4;
    const leaseMs = this.options.leaseMs ?? 120_000;
    for (;;) {
      if (this.stopped) return;
      const free = concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      const claimed = await this.outbox.claimDue(this.options.orm.em.fork(), free, leaseMs);
      if (claimed.length === 0) break;
      for (const message of claimed) {
        const sending: Promise<void> = this.send(message)
          .catch((error: unknown) => this.options.logger.error({ err: error, emailId: message.id }, 'email bookkeeping failed'))
          .finally(() => {
            this.inFlight.delete(sending);
            this.wake();
          });
        this.inFlight.add(sending);
      }
    }
    if (this.stopped) return;
    const maxIdleMs = this.options.maxIdleMs ?? 30_000;
    const dueInMs = await this.outbox.msUntilNextDue(this.options.orm.em.fork());
    const delayMs = dueInMs === null ? maxIdleMs : Math.max(0, Math.min(maxIdleMs, Math.ceil(dueInMs)));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delayMs);
    this.timer.unref();
  }

  private async send(message: ClaimedEmail): Promise<void> {
    const em = this.options.orm.em.fork();
    const facts = await this.factsOf(message);
    const startedAt = new Date();
    let accepted = false;
    let excerpt: string | null = null;
    if (!facts) {
      excerpt = 'session no longer exists';
    } else {
      const rendered = renderEmail(facts);
      const headers: Record<string, string> = {};
      if (facts.unsubscribeUrl) {
        headers['List-Unsubscribe'] = `<${facts.unsubscribeUrl}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      try {
        const info = (await this.options.transport.sendMail({
          from: this.options.from,
          to: message.recipient,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          date: new Date(),
          messageId: `<${message.id}@${messageIdDomain(this.options.publicBaseUrl)}>`,
          headers: { ...headers, 'Auto-Submitted': 'auto-generated' },
        })) as { response?: string };
        accepted = true;
        excerpt = withoutAddresses(info.response ?? '250 accepted');
      } catch (error) {
        excerpt = withoutAddresses(describeSmtpError(error));
      }
    }
    const durationMs = Date.now() - startedAt.getTime();
    const schedule = this.options.retryScheduleMs;
    const exhausted = !facts || message.attempts > schedule.length;
    const outcome = accepted ? 'sent' : exhausted ? 'failed' : 'retry';
    let nextDelayMs = 0;
    if (outcome === 'retry') {
      const jitter = 1 + ((this.options.random ?? Math.random)() * 0.2 - 0.1);
      nextDelayMs = Math.round(schedule[message.attempts - 1]! * jitter);
    }
    await this.outbox.recordAttempt(em, { message, startedAt, durationMs, outcome, excerpt, nextDelayMs });
    // Ids and outcomes only: an address never reaches the log.
    const log = { emailId: message.id, kind: message.kind, attempt: message.attempts, durationMs, outcome };
    if (accepted) this.options.logger.info(log, 'email sent');
    else
      this.options.logger.warn(
        { ...log, reply: excerpt },
        outcome === 'failed' ? 'email failed for good' : 'email attempt failed; will retry',
      );
  }

  private async factsOf(message: ClaimedEmail): Promise<EmailFacts | null> {
    const row = await this.outbox.factsOf(this.options.orm.em.fork(), message);
    if (!row) return null;
    const toPayer = message.participant_id !== null && row.recipient_is_host === false;
    const kindAmount =
      message.kind === 'completion'
        ? row.session_amount_minor
        : message.kind === 'receipt'
          ? (row.payment_minor ?? row.share_minor)
          : row.share_minor;
    return {
      kind: message.kind,
      merchantName: row.merchant_name,
      accentColor: row.accent_color,
      description: row.description,
      recipientName: row.recipient_name ?? 'there',
      organiserName: row.organiser_name,
      currency: row.currency,
      amountMinor: BigInt(kindAmount ?? '0'),
      deadline: new Date(row.expires_at),
      // Only a payer's own link; the host's would be the host token, which is never emailed.
      inviteUrl: toPayer ? this.options.links.inviteUrl(message.session_id, message.participant_id!) : null,
      unsubscribeUrl:
        toPayer && (message.kind === 'invitation' || message.kind === 'reminder')
          ? `${this.options.publicBaseUrl}/email/unsubscribe?t=${encodeURIComponent(this.options.emails.unsubscribeToken(message.participant_id!))}`
          : null,
    };
  }
}

/** The host of PUBLIC_BASE_URL names our Message-IDs. */
function messageIdDomain(publicBaseUrl: string): string {
  return new URL(publicBaseUrl).hostname || 'paysplit.invalid';
}

function describeSmtpError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { response, code, message } = error as { response?: unknown; code?: unknown; message?: unknown };
    if (typeof response === 'string' && response) return response;
    if (typeof message === 'string') return typeof code === 'string' ? `${code}: ${message}` : message;
  }
  return String(error);
}

/** SMTP replies may quote the recipient ("550 <a@b.c>: no such user"): addresses become "<address>". */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'()[\]@,;:]+@[^\s<>"'()[\],;:]+/g, '<address>').slice(0, EXCERPT_CHARS);
}

/** The sender for this configuration, or undefined when no SMTP_URL is set (emails then stay queued). */
export function createEmailSender(deps: {
  config: Config;
  orm: MikroORM;
  databaseUrl: string;
  logger: Logger;
  services: Pick<Services, 'emails' | 'sessionLinks'>;
}): EmailSender | undefined {
  const { config } = deps;
  if (!config.smtpUrl) return undefined;
  return new EmailSender({
    orm: deps.orm,
    databaseUrl: deps.databaseUrl,
    logger: deps.logger,
    // Short timeouts: a relay that hangs must fail the try well within the claim's lease.
    transport: nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    }),
    from: config.emailFrom,
    publicBaseUrl: config.publicBaseUrl,
    links: deps.services.sessionLinks,
    emails: deps.services.emails,
    retryScheduleMs: config.emailRetryScheduleMs,
    sweepMs: config.emailSweepMs,
    retentionDays: config.emailRetentionDays,
  });
}
