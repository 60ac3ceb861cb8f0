import type { SessionStatus } from '@paysplit/domain';
import type { EmailFacts } from '../sessions/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailMessage, type EmailKind } from './email-message.entity.js';
import { placeholders } from '../../db/bindings.js';
import { abandonedClaim, queueTable } from '../../db/job-queue.repository.js';

/** The channel the email send job is woken on; the payload is a message id. */
export const EMAIL_OUTBOX_CHANNEL = 'paysplit_email_outbox';

/** Session statuses in which nothing but a receipt or a completion note goes out any more. */
const ENDED_STATUSES = `('completed', 'expired', 'cancelled')`;

/**
 * Test clocks: a message written at an earlier moment of its session's clock than the clock shows
 * now went out then, in the session's time, even when an advance walked on in the same transaction
 * before anything was sent. It counts as sent, and nothing that happened later cancels it.
 */
const SENT_IN_SESSION_TIME = (m: string, s: string) => `(${m}.session_clock_at is not null and ${m}.session_clock_at < ${s}.test_clock_at)`;

export interface NewEmail {
  sessionId: string;
  participantId: string | null;
  kind: EmailKind;
  reason: string;
  recipient: string;
}

/** A message being sent. */
export interface OutgoingEmail {
  id: string;
  session_id: string;
  participant_id: string | null;
  kind: EmailKind;
  reason: string;
  recipient: string;
  created_at: Date;
  /** Its session's test clock when it was written, or null (real time). */
  session_clock_at: Date | null;
}

/** What a payer's unsubscribe page says: whose reminders, about which group payment, where they stand. */
export interface UnsubscribeContextRow {
  merchant_name: string;
  logo_url: string | null;
  accent_color: string | null;
  description: string | null;
  organiser_name: string | null;
  session_status: SessionStatus;
  expires_at: Date;
  /** The session's test clock, or null (real time). */
  test_clock_at: Date | null;
  participant_status: string;
  unsubscribed: boolean;
  /** The languages that decide the page's, as they decide the emails' (email-locale.ts). */
  recipient_locale: string | null;
  session_locale: string | null;
  organiser_locale: string | null;
}

export interface EmailAttemptRecord {
  messageId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  outcome: 'sent' | 'retry' | 'failed';
  excerpt: string | null;
}

/** What the host's roster shows per participant with an email (the pay page's own read brings the same facts). */
export type EmailStatusRow = EmailFacts;

/** The email_message table as the queue of the mail outbox. */
export const EMAIL_SEND_QUEUE = queueTable(
  'email_message',
  EMAIL_OUTBOX_CHANNEL,
  'status',
  { waiting: ['queued'], running: 'sending', done: 'sent', failed: 'failed', retry: 'queued' },
  { attempts: 'attempts', lease: 'lease_until', claimableWhere: 'recipient is not null' },
);

/**
 * Every query and write of email_message and email_attempt (the mail outbox), and the email
 * columns of participants. Each method works in the unit of work (transaction) it is given.
 */
export class EmailRepository {
  /**
   * Queues messages in the caller's transaction; a message whose (session, participant, kind,
   * reason) exists already is skipped, so one reason never sends twice. Returns the ids written.
   * The NOTIFY is delivered when the transaction commits.
   */
  async queue(em: EntityManager, messages: readonly NewEmail[]): Promise<string[]> {
    if (messages.length === 0) return [];
    // Each is stamped with its session's test clock, if it has one (read in this transaction: the clock as the cause saw it).
    const values = messages
      .map(() => `(gen_random_uuid(), ?, ?, ?, ?, ?, 'queued', 0, now(), now(), now(), (select test_clock_at from session where id = ?))`)
      .join(', ');
    const rows = await em.execute<{ id: string }[]>(
      `insert into email_message (id, session_id, participant_id, kind, reason, recipient, status, attempts, next_attempt_at, created_at, updated_at,
                                  session_clock_at)
       values ${values} on conflict do nothing returning id`,
      messages.flatMap((message) => [
        message.sessionId,
        message.participantId,
        message.kind,
        message.reason,
        message.recipient,
        message.sessionId,
      ]),
    );
    for (const row of rows) await em.execute(`select pg_notify('${EMAIL_OUTBOX_CHANNEL}', ?)`, [row.id]);
    return rows.map((row) => row.id);
  }

  /** Messages of one kind written so far for these participants, with the address each went to. */
  async writtenOf(
    em: EntityManager,
    kind: EmailKind,
    participantIds: readonly string[],
  ): Promise<{ participant_id: string; recipient: string | null }[]> {
    if (participantIds.length === 0) return [];
    return em.execute(
      `select participant_id, recipient from email_message where kind = ? and participant_id in (${placeholders(participantIds)})`,
      [kind, ...participantIds],
    );
  }

  /**
   * Who of an ended session hears how it ended, with what each paid that is still theirs to get
   * back: everyone with an email who paid, the host, and the unpaid payers who were sent an
   * invitation or a reminder (they were asked to pay) unless they unsubscribed.
   */
  async endingAudience(em: EntityManager, sessionId: string): Promise<{ id: string; email: string }[]> {
    return em.execute(
      `select p.id, p.email from participant p join session s on s.id = p.session_id
        where p.session_id = ? and p.email is not null
          and (p.is_host
               or exists (select 1 from payment q where q.payer_id = p.id and q.session_id = p.session_id
                            and q.status in ('authorized', 'captured'))
               or (p.email_unsubscribed_at is null
                   and exists (select 1 from email_message m where m.participant_id = p.id and m.kind in ('invitation', 'reminder')
                                 and (m.status in ('sent', 'sending') or (m.status = 'queued' and ${SENT_IN_SESSION_TIME('m', 's')})))))`,
      [sessionId],
    );
  }

  /** The latest manual reminder of a participant (its creation time), or null. */
  async lastManualRemind(em: EntityManager, participantId: string): Promise<Date | null> {
    const [row] = await em.execute<{ at: Date | null }[]>(
      `select max(created_at) as at from email_message where participant_id = ? and kind = 'reminder' and reason like 'remind:%'`,
      [participantId],
    );
    return row?.at ? new Date(row.at) : null;
  }

  async emailStatuses(em: EntityManager, participantIds: readonly string[]): Promise<EmailStatusRow[]> {
    if (participantIds.length === 0) return [];
    return em.execute<EmailStatusRow[]>(
      `select p.id as participant_id, p.email_unsubscribed_at as unsubscribed_at,
              (select max(coalesce(m.sent_at, m.created_at)) from email_message m
                where m.participant_id = p.id and m.kind = 'invitation' and m.status <> 'cancelled') as invited_at,
              (select max(coalesce(m.sent_at, m.created_at)) from email_message m
                where m.participant_id = p.id and m.kind = 'reminder' and m.status <> 'cancelled') as last_reminded_at,
              (select max(m.created_at) from email_message m
                where m.participant_id = p.id and m.kind = 'reminder' and m.reason like 'remind:%') as last_manual_remind_at
         from participant p where p.id in (${placeholders(participantIds)})`,
      [...participantIds],
    );
  }

  /** An open group's payers whose places count (their payment held or paid), with an email. */
  async countedPayersOfSession(em: EntityManager, sessionId: string): Promise<{ id: string; email: string }[]> {
    return em.execute(`select id, email from participant where session_id = ? and status = 'paid' and email is not null`, [sessionId]);
  }

  /** Who of a session has an email (the payer of a receipt, the host of a completion note). */
  async addressesOfSession(em: EntityManager, sessionId: string): Promise<{ id: string; email: string | null; is_host: boolean }[]> {
    return em.execute(`select id, email, is_host from participant where session_id = ?`, [sessionId]);
  }

  async sessionOfParticipant(em: EntityManager, participantId: string): Promise<string | null> {
    const [row] = await em.execute<{ session_id: string }[]>(`select session_id from participant where id = ?`, [participantId]);
    return row?.session_id ?? null;
  }

  /** Marks a participant unsubscribed from reminders (idempotent); false when there is no such participant. */
  async unsubscribe(em: EntityManager, participantId: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update participant set email_unsubscribed_at = coalesce(email_unsubscribed_at, now()) where id = ? returning id`,
      [participantId],
    );
    await em.execute(
      `update email_message set status = 'cancelled', updated_at = now()
        where participant_id = ? and kind in ('invitation', 'reminder') and status = 'queued'`,
      [participantId],
    );
    return rows.length > 0;
  }

  /** Turns a participant's reminders back on (idempotent); false when there is no such participant. */
  async resubscribe(em: EntityManager, participantId: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(`update participant set email_unsubscribed_at = null where id = ? returning id`, [
      participantId,
    ]);
    return rows.length > 0;
  }

  async unsubscribeContext(em: EntityManager, participantId: string): Promise<UnsubscribeContextRow | null> {
    const [row] = await em.execute<UnsubscribeContextRow[]>(
      `select coalesce(i.display_name, i.name) as merchant_name, i.logo_url, i.accent_color, s.description, s.status as session_status,
              s.expires_at, s.test_clock_at, p.status as participant_status, p.email_unsubscribed_at is not null as unsubscribed,
              p.locale as recipient_locale, s.locale as session_locale,
              (select h.display_name from participant h where h.session_id = s.id and h.is_host) as organiser_name,
              (select h.locale from participant h where h.session_id = s.id and h.is_host) as organiser_locale
         from participant p join session s on s.id = p.session_id join integration i on i.id = s.integration_id
        where p.id = ?`,
      [participantId],
    );
    return row ?? null;
  }

  /** Cancels a session's queued invitations and reminders (it ended), but those its clock already sent. */
  async cancelQueuedInvitationsAndReminders(em: EntityManager, sessionId: string): Promise<void> {
    await em.execute(
      `update email_message m set status = 'cancelled', updated_at = now() from session s
        where s.id = m.session_id and m.session_id = ? and m.kind in ('invitation', 'reminder') and m.status = 'queued'
          and not ${SENT_IN_SESSION_TIME('m', 's')}`,
      [sessionId],
    );
  }

  /**
   * Cancels queued invitations and reminders nobody should get any more (and those a crashed
   * instance left mid-send): the session ended (or its deadline passed, on its own clock), the payer
   * paid or unsubscribed, unless the session's clock sent it before that. Runs before each claim,
   * so none of them is sent; and for one message (`messageId`) in the transaction that queues its
   * retry, since a session that ended while that try was under way was not seen by the run before
   * the claim, and the retry would otherwise be claimed right after.
   */
  async cancelUnwanted(em: EntityManager, messageId?: string): Promise<void> {
    await em.execute(
      `update email_message m set status = 'cancelled', lease_until = null, claimed_by = null, updated_at = now()
         from session s, participant p
        where s.id = m.session_id and p.id = m.participant_id${messageId ? ' and m.id = ?' : ''}
          and (m.status = 'queued' or ${abandonedClaim(EMAIL_SEND_QUEUE, 'm')})
          and m.kind in ('invitation', 'reminder') and not ${SENT_IN_SESSION_TIME('m', 's')}
          and (s.status in ${ENDED_STATUSES} or s.expires_at <= coalesce(s.test_clock_at, now()) or p.status = 'paid'
               or (m.kind = 'reminder' and p.email_unsubscribed_at is not null))`,
      messageId ? [messageId] : [],
    );
  }

  /** What the messages of these ids need to be sent (in any order). */
  async messagesOf(em: EntityManager, ids: readonly string[]): Promise<OutgoingEmail[]> {
    if (ids.length === 0) return [];
    return em.getConnection().execute<OutgoingEmail[]>(
      `select id, session_id, participant_id, kind, reason, recipient, created_at, session_clock_at from email_message
          where id in (${placeholders(ids)})`,
      [...ids],
    );
  }

  /** Records an attempt and its outcome on the message, in the transaction that ends the message's claim. */
  async recordAttempt(em: EntityManager, record: EmailAttemptRecord): Promise<void> {
    await em.execute(
      `insert into email_attempt (id, message_id, attempt, started_at, duration_ms, outcome, excerpt) values (gen_random_uuid(), ?, ?, ?, ?, ?, ?)`,
      [record.messageId, record.attempt, record.startedAt, record.durationMs, record.outcome, record.excerpt],
    );
    await em.execute(`update email_message set last_error = ?, sent_at = case when ? then now() else sent_at end where id = ?`, [
      record.outcome === 'sent' ? null : record.excerpt,
      record.outcome === 'sent',
      record.messageId,
    ]);
  }

  /** A session's messages, oldest first, with their attempts (the admin session page). */
  async messagesOfSessions(em: EntityManager, sessionIds: readonly string[]): Promise<EmailMessage[]> {
    if (sessionIds.length === 0) return [];
    return em.find(EmailMessage, { session: { $in: [...sessionIds] } }, { populate: ['attemptRows'], orderBy: { createdAt: 'asc' } });
  }
}

/** Stateless: one instance serves every unit of work. */
