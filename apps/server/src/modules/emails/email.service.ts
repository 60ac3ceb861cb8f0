import type { EntityManager } from '@mikro-orm/postgresql';
import {
  acceptedLanguages,
  AppError,
  ErrorCode,
  isUuid,
  isTerminalStatus,
  nextManualRemindAt,
  negotiateLocale,
  type ReaderLocale,
  sessionNow,
} from '@paysplit/domain';
import type { Viewer } from '../sessions/index.js';
import type { SessionChangeAnnouncer } from '../../feed/session-changes.js';
import type { SessionLocks } from '../sessions/index.js';
import type { EmailOutbox } from './email-outbox.js';
import type { EmailSweepRepository } from './email-sweep.repository.js';
import { ScheduledReminders } from './scheduled-reminders.js';
import type { SessionLinks, SessionSchedule } from '../sessions/index.js';
import type { EmailFacts } from './email-wording.js';
import { emailFactsOf } from './email-facts.js';
import { emailLocale } from './email-locale.js';
import type { EmailFactsRepository } from './email-facts.repository.js';
import type { EmailRepository, EmailStatusRow, OutgoingEmail } from './email.repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';
import { renderInvalidUnsubscribeLink, renderUnsubscribePage, type UnsubscribePage } from './unsubscribe-page.js';
import { signInPageWords, type SignInPageWords } from './sign-in-page.js';

export interface EmailServiceOptions {
  emails: EmailRepository;
  sweeps: EmailSweepRepository;
  facts: EmailFactsRepository;
  outbox: EmailOutbox;
  /** The sessions module's row locks: a reminder or an unsubscribe takes the session's lock first, like every change of it. */
  sessions: SessionLocks;
  announcer: SessionChangeAnnouncer;
  unsubscribeTokens: UnsubscribeTokens;
  now?: () => Date;
}

/** A participant's email status as the host's roster shows it. */
export interface EmailStatus {
  invitedAt: Date | null;
  lastRemindedAt: Date | null;
  nextRemindAllowedAt: Date | null;
  unsubscribed: boolean;
}

/** What a payer's unsubscribe page says: the merchant's brand, the group payment, and where the payer stands. */
export interface UnsubscribeContext {
  merchantName: string;
  logoUrl: string | null;
  accentColor: string | null;
  description: string | null;
  organiserName: string | null;
  unsubscribed: boolean;
  /** Paid: no reminder comes any more, whatever the choice. */
  paid: boolean;
  /** The session ended or its deadline passed: nothing but receipts goes out for it. */
  ended: boolean;
  /** The language of the page: the one the emails it comes from are written in. */
  locale: ReaderLocale;
}

/** The host's Remind, unsubscribing, the reminder and erasure sweeps, and what the roster shows. */
export class EmailService {
  private readonly now: () => Date;
  private readonly reminders: ScheduledReminders;

  constructor(private readonly options: EmailServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.reminders = new ScheduledReminders(options);
  }

  /**
   * The host reminds one unpaid participant with an email, at most once an hour per person
   * (RATE_LIMIT_EXCEEDED with retryAfterSeconds otherwise). Under the session and participant locks,
   * so two presses at once send one reminder.
   */
  async remindParticipant(em: EntityManager, viewer: Viewer, participantId: string): Promise<void> {
    if (viewer.role !== 'host') throw new AppError(ErrorCode.Forbidden, 'Only the host can send reminders');
    if (!isUuid(participantId)) {
      throw new AppError(ErrorCode.ValidationError, 'participantId must be a UUID', [{ path: 'participantId', message: 'must be a UUID' }]);
    }
    const { sessions, emails, outbox, announcer } = this.options;
    await em.transactional(async (tx) => {
      const session = await sessions.lockSession(tx, { id: viewer.sessionId });
      if (!session) throw new AppError(ErrorCode.SessionNotFound, `Session ${viewer.sessionId} not found`);
      // Ended by the session's own clock (real time, or its test clock); the hourly limit below is real time.
      const now = this.now();
      if (isTerminalStatus(session.status) || session.expiresAt.getTime() <= sessionNow(session, now).getTime()) {
        throw new AppError(ErrorCode.InvalidState, 'This session has ended: no more reminders');
      }
      const participant = await sessions.lockParticipant(tx, participantId, session.id);
      if (!participant) throw new AppError(ErrorCode.NotFound, `Participant ${participantId} not found in this session`);
      if (participant.isHost) throw new AppError(ErrorCode.InvalidState, 'The host is not reminded');
      if (participant.status === 'paid') throw new AppError(ErrorCode.InvalidState, 'This participant has paid already');
      if (!participant.email) throw new AppError(ErrorCode.InvalidState, 'This participant has no email address');
      if (participant.emailUnsubscribedAt) throw new AppError(ErrorCode.InvalidState, 'This participant unsubscribed from reminders');
      const allowedAt = nextManualRemindAt(await emails.lastManualRemind(tx, participant.id), now);
      if (allowedAt.getTime() > now.getTime()) {
        const retryAfterSeconds = Math.ceil((allowedAt.getTime() - now.getTime()) / 1000);
        throw new AppError(
          ErrorCode.RateLimitExceeded,
          `This participant was reminded less than an hour ago; try again after ${allowedAt.toISOString()}`,
          undefined,
          {
            retryAfterSeconds,
          },
        );
      }
      // The hour bucket in the reason: one manual reminder per person and hour, even across instances.
      const reason = `remind:${now.toISOString().slice(0, 13)}`;
      await outbox.reminder(tx, { sessionId: session.id, participantId: participant.id, email: participant.email, reason });
      // The roster shows "Reminded …": push the change to the host's open pages.
      await announcer.announce(tx, session.id);
    });
  }

  /** One-click unsubscribe (RFC 8058): true when the token was ours. Idempotent. */
  unsubscribe(em: EntityManager, token: unknown): Promise<boolean> {
    return this.setReminders(em, token, 'off');
  }

  /** The unsubscribe page's undo: reminders for this payment come again. True when the token was ours. Idempotent. */
  resubscribe(em: EntityManager, token: unknown): Promise<boolean> {
    return this.setReminders(em, token, 'on');
  }

  private async setReminders(em: EntityManager, token: unknown, reminders: 'on' | 'off'): Promise<boolean> {
    const participantId = this.options.unsubscribeTokens.participantOf(token);
    if (!participantId) return false;
    const { emails, sessions, announcer } = this.options;
    return em.transactional(async (tx) => {
      const sessionId = await emails.sessionOfParticipant(tx, participantId);
      if (!sessionId) return false;
      // Lock order: session, then participant.
      await sessions.lockSession(tx, { id: sessionId });
      const done = reminders === 'off' ? await emails.unsubscribe(tx, participantId) : await emails.resubscribe(tx, participantId);
      // The host's roster shows "Unsubscribed" (or no longer) at once.
      await announcer.announce(tx, sessionId);
      return done;
    });
  }

  /**
   * The page behind an email's unsubscribe link, in the merchant's colours: as it stands (`ask`, or
   * `off` once unsubscribed) or after the payer's step. Null when the token is not ours or its
   * participant is gone; `invalidLinkPage` is the answer then.
   */
  async unsubscribePage(em: EntityManager, token: unknown, after?: 'off' | 'on'): Promise<UnsubscribePage | null> {
    const context = typeof token === 'string' ? await this.unsubscribeContext(em, token) : null;
    if (!context) return null;
    return renderUnsubscribePage(context, after ?? (context.unsubscribed ? 'off' : 'ask'), token as string);
  }

  /** The host's sign-in pages' words, in the browser's language (Accept-Language): the host may be on a new device. */
  signInPageWords(acceptLanguage?: string): SignInPageWords {
    return signInPageWords(acceptLanguage);
  }

  /** For a link that is not ours: in the browser's language (Accept-Language), as nothing says whose it is. */
  invalidLinkPage(acceptLanguage?: string): UnsubscribePage {
    return renderInvalidUnsubscribeLink(negotiateLocale(acceptedLanguages(acceptLanguage)));
  }

  private async unsubscribeContext(em: EntityManager, token: string): Promise<UnsubscribeContext | null> {
    const participantId = this.options.unsubscribeTokens.participantOf(token);
    const row = participantId ? await this.options.emails.unsubscribeContext(em, participantId) : null;
    if (!row) return null;
    return {
      merchantName: row.merchant_name,
      logoUrl: row.logo_url,
      accentColor: row.accent_color,
      description: row.description,
      organiserName: row.organiser_name,
      unsubscribed: row.unsubscribed,
      paid: row.participant_status === 'paid',
      ended:
        isTerminalStatus(row.session_status) ||
        new Date(row.expires_at).getTime() <=
          sessionNow({ testClockAt: row.test_clock_at && new Date(row.test_clock_at) }, this.now()).getTime(),
      locale: emailLocale({ recipient: row.recipient_locale, session: row.session_locale, organiser: row.organiser_locale }),
    };
  }

  isUnsubscribeToken(token: unknown): boolean {
    return this.options.unsubscribeTokens.participantOf(token) !== undefined;
  }

  /** What a message says, read when it is sent (null when its session is gone): email-facts.ts. */
  async factsOf(
    em: EntityManager,
    message: OutgoingEmail,
    addresses: { links: SessionLinks; publicBaseUrl: string },
  ): Promise<EmailFacts | null> {
    const row = await this.options.facts.factsOf(em, message);
    if (!row) return null;
    return emailFactsOf(row, message, addresses, (participantId) => this.unsubscribeToken(participantId));
  }

  unsubscribeToken(participantId: string): string {
    return this.options.unsubscribeTokens.tokenFor(participantId);
  }

  /** The status of facts already read (the pay page's one statement). */
  statusOf(row: EmailStatusRow): EmailStatus {
    return toStatus(row, this.now());
  }

  /** Email statuses by participant id (only the ids asked for; the caller decides who may see them). */
  async statuses(em: EntityManager, participantIds: readonly string[]): Promise<Map<string, EmailStatus>> {
    const rows = await this.options.emails.emailStatuses(em, participantIds);
    const now = this.now();
    return new Map(rows.map((row: EmailStatusRow) => [row.participant_id, toStatus(row, now)]));
  }

  /** The session a participant belongs to, or null (ids that are not UUIDs included). */
  sessionOfParticipant(em: EntityManager, participantId: string): Promise<string | null> {
    if (!isUuid(participantId)) return Promise.resolve(null);
    return this.options.emails.sessionOfParticipant(em, participantId);
  }

  /** Queues every reminder due now, each by its session's clock (scheduled-reminders.ts), pages of `limit`; how many were queued. */
  queueDueReminders(em: EntityManager, limit?: number): Promise<number> {
    return this.reminders.queueDue(em, limit);
  }

  /** Test clocks: a session's reminders as one of its schedules. */
  reminderSchedule(): SessionSchedule {
    return this.reminders.schedule();
  }

  /** Erases the addresses of sessions that ended more than `retentionDays` ago. Returns how many sessions. */
  async eraseEnded(em: EntityManager, retentionDays: number): Promise<number> {
    let total = 0;
    for (;;) {
      const erased = await this.options.sweeps.eraseEnded(em, retentionDays, 200);
      total += erased;
      if (erased < 200) return total;
    }
  }
}

/** Paid participants' nextRemindAllowedAt is nulled by the caller, which knows their status. */
function toStatus(row: EmailStatusRow, now: Date): EmailStatus {
  const unsubscribed = row.unsubscribed_at !== null;
  const lastManual = row.last_manual_remind_at ? new Date(row.last_manual_remind_at) : null;
  return {
    invitedAt: row.invited_at ? new Date(row.invited_at) : null,
    lastRemindedAt: row.last_reminded_at ? new Date(row.last_reminded_at) : null,
    nextRemindAllowedAt: unsubscribed ? null : nextManualRemindAt(lastManual, now),
    unsubscribed,
  };
}
