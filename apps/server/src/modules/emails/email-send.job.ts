import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import { kindSettings, type PeriodicJobKind, type QueueJobKind, type QueueKindSettings } from '../../jobs/job-kind.js';
import type { Logger } from '../../logger.js';
import type { SessionLinks } from '../sessions/index.js';
import { renderEmail } from './email-content.js';
import { EMAIL_SEND_QUEUE, type EmailRepository, type OutgoingEmail } from './email.repository.js';
import type { EmailService } from './email.service.js';

const EXCERPT_CHARS = 300;

/** The schedule is EMAIL_RETRY_SCHEDULE; the lease outlasts the transport's timeouts together (120 s). */
export interface EmailJobOptions extends Partial<Pick<QueueKindSettings, 'leaseMs'>>, Omit<QueueKindSettings, 'leaseMs'> {
  em: () => EntityManager;
  repository: EmailRepository;
  logger: Logger;
  /** A nodemailer SMTP transport (SMTP_URL). */
  transport: Transporter;
  /** EMAIL_FROM: its address sends every email; its name gives way to the merchant's (senderOf). */
  from: string;
  publicBaseUrl: string;
  links: SessionLinks;
  emails: EmailService;
  /** How often reminders are queued and old addresses erased. */
  sweepMs: number;
  retentionDays: number;
}

/** One SMTP try: accepted, or refused with the (address-free) reply. */
export interface SmtpResult {
  accepted: boolean;
  excerpt: string;
}

/**
 * The mail outbox's job kinds: sending a message over SMTP (each try recorded), and the reminder
 * and erasure sweep every `sweepMs`.
 *
 * At least once: an instance that dies between the server's 250 and recording it sends that message
 * again when its claim is taken over; the Message-ID is the message's id, so mail clients show it once.
 */
export function emailJobs(options: EmailJobOptions): { send: QueueJobKind<OutgoingEmail, SmtpResult>; schedules: PeriodicJobKind } {
  const fromAddress = addressOf(options.from);
  const send: QueueJobKind<OutgoingEmail, SmtpResult> = {
    name: 'email-send',
    queue: EMAIL_SEND_QUEUE,
    ...kindSettings({ ...options, leaseMs: options.leaseMs ?? 120_000 }, 4),
    beforeClaim: (em) => options.repository.cancelUnwanted(em),
    load: (em, ids) => options.repository.messagesOf(em, ids),
    async run(message) {
      const facts = await options.emails.factsOf(options.em(), message, { links: options.links, publicBaseUrl: options.publicBaseUrl });
      if (!facts)
        return {
          outcome: { kind: 'failed', reason: 'session no longer exists' },
          result: { accepted: false, excerpt: 'session no longer exists' },
        };
      const rendered = renderEmail(facts);
      const headers: Record<string, string> = {};
      // A session whose test clock was advanced: the clock when this was written (Date stays the real sending time).
      if (message.session_clock_at) headers['X-PaySplit-Test-Clock'] = new Date(message.session_clock_at).toISOString();
      if (facts.unsubscribeUrl) {
        headers['List-Unsubscribe'] = `<${facts.unsubscribeUrl}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      try {
        const info = (await options.transport.sendMail({
          from: senderOf(facts.merchantName, fromAddress),
          to: message.recipient,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          date: new Date(),
          messageId: `<${message.id}@${messageIdDomain(options.publicBaseUrl)}>`,
          headers: { ...headers, 'Auto-Submitted': 'auto-generated' },
        })) as { response?: string };
        return { outcome: { kind: 'done' }, result: { accepted: true, excerpt: withoutAddresses(info.response ?? '250 accepted') } };
      } catch (error) {
        const excerpt = withoutAddresses(describeSmtpError(error));
        return { outcome: { kind: 'retry', reason: excerpt }, result: { accepted: false, excerpt } };
      }
    },
    async record(tx, message, attempt, result) {
      const { decision } = attempt;
      await options.repository.recordAttempt(tx, {
        messageId: message.id,
        attempt: attempt.attempt,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        outcome: decision.kind === 'done' ? 'sent' : decision.kind,
        excerpt: result.excerpt,
      });
      // Queued again for a retry: not if its session ended (or its payer paid) during this try.
      if (decision.kind === 'retry') await options.repository.cancelUnwanted(tx, message.id);
    },
    after(message, attempt, result) {
      const outcome = attempt.decision.kind === 'done' ? 'sent' : attempt.decision.kind;
      // Ids and outcomes only: an address never reaches the log.
      const log = { emailId: message.id, kind: message.kind, attempt: attempt.attempt, durationMs: attempt.durationMs, outcome };
      if (result.accepted) options.logger.info(log, 'email sent');
      else
        options.logger.warn(
          { ...log, reply: result.excerpt },
          outcome === 'failed' ? 'email failed for good' : 'email attempt failed; will retry',
        );
    },
  };
  const schedules: PeriodicJobKind = {
    name: 'email-schedules',
    everyMs: options.sweepMs,
    async run(em) {
      const reminders = await options.emails.queueDueReminders(em);
      const erased = await options.emails.eraseEnded(options.em(), options.retentionDays);
      if (reminders > 0 || erased > 0) options.logger.info({ reminders, erasedSessions: erased }, 'email schedules swept');
    },
  };
  return { send, schedules };
}

/** The address part of EMAIL_FROM ("PaySplit <no-reply@example.com>" -> "no-reply@example.com"). */
export function addressOf(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * "Harbour Table via PaySplit" <EMAIL_FROM's address>: payers know the merchant, not us, so its
 * name leads; the address stays ours, the one whose domain the relay signs (SPF and DKIM) and
 * DMARC aligns with. A merchant's own address in From would fail DMARC at the payer's provider.
 */
export function senderOf(merchantName: string, address: string): { name: string; address: string } {
  return { name: `${merchantName} via PaySplit`, address };
}

/** The SMTP transport of SMTP_URL. */
export function createEmailTransport(smtpUrl: string): Transporter {
  // Short timeouts: a relay that hangs must fail the try well within the claim's lease.
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
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
