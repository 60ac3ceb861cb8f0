import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders } from '../../db/bindings.js';

/**
 * Payers who may be reminded: unpaid, subscribed, with an email, of a running session whose
 * integration reminds (the first placeholder is real time, when the session has no test clock).
 * Never an open group's: its unpaid are claims a few minutes from lapsing, not shares due by the deadline.
 */
const REMINDABLE_PAYERS = `select s.id as session_id, p.id as participant_id, p.email, s.expires_at, coalesce(s.test_clock_at, ?) as clock_at,
              i.reminder_offsets_minutes as offsets,
              coalesce(array(select m.reason from email_message m where m.participant_id = p.id and m.kind = 'reminder' and m.reason like 'reminder:%'), '{}') as sent_reasons
         from session s
         join integration i on i.id = s.integration_id
         join participant p on p.session_id = s.id
        where s.status in ('open', 'partially_paid') and s.open_group_pricing is null and jsonb_array_length(i.reminder_offsets_minutes) > 0
          and p.status = 'pending' and not p.is_host and p.email is not null and p.email_unsubscribed_at is null`;

/** Session statuses after which only the erasure sweep touches a session's emails. */
const ENDED_STATUSES = `('completed', 'expired', 'cancelled')`;

/** An unpaid payer of a running session who may be reminded, with the reminders sent so far. */
export interface ReminderCandidate {
  session_id: string;
  participant_id: string;
  email: string;
  expires_at: Date;
  /** The session's time: real time (the sweep's now), or its test clock. */
  clock_at: Date;
  offsets: number[];
  sent_reasons: string[];
}

/** The queries of the reminder and erasure sweeps (the email-schedules job kind runs them). */
export class EmailSweepRepository {
  /**
   * Unpaid, subscribed payers with an email of running sessions whose first reminder may be due by
   * their session's clock (`now`, or its test clock), a page at a time in (deadline, participant)
   * order: `after` is the last row of the page before. `sessionId`: one session's only.
   */
  async reminderCandidates(
    em: EntityManager,
    now: Date,
    limit: number,
    after?: { expiresAt: Date; participantId: string },
    sessionId?: string,
  ): Promise<ReminderCandidate[]> {
    return em.execute<ReminderCandidate[]>(
      `${REMINDABLE_PAYERS}
          and s.expires_at > coalesce(s.test_clock_at, ?)
          and s.expires_at - make_interval(mins => (select max(value::int) from jsonb_array_elements_text(i.reminder_offsets_minutes)))
              <= coalesce(s.test_clock_at, ?)
          and (?::uuid is null or s.id = ?::uuid)
          and (?::timestamptz is null or (s.expires_at, p.id) > (?::timestamptz, ?::uuid))
        order by s.expires_at, p.id
        limit ?`,
      [
        now,
        now,
        now,
        sessionId ?? null,
        sessionId ?? null,
        after?.expiresAt ?? null,
        after?.expiresAt ?? null,
        after?.participantId ?? null,
        limit,
      ],
    );
  }

  /** Every payer of one session who may yet be reminded, due or not (when its next reminder falls due: test clocks). */
  async remindablePayersOf(em: EntityManager, sessionId: string, now: Date): Promise<ReminderCandidate[]> {
    return em.execute<ReminderCandidate[]>(`${REMINDABLE_PAYERS} and s.id = ? order by p.id`, [now, sessionId]);
  }

  /**
   * Erases the email addresses of sessions that ended more than `retentionDays` ago: participants'
   * emails and the outbox's recipients become null, queued messages are cancelled. Returns how many
   * sessions were erased.
   */
  async eraseEnded(em: EntityManager, retentionDays: number, limit: number): Promise<number> {
    return em.getConnection().transactional(async (trx) => {
      const connection = em.getConnection();
      const sessions = await connection.execute<{ id: string }[]>(
        `select id from session
          where emails_erased_at is null and status in ${ENDED_STATUSES}
            and (case when test_clock_at is not null then updated_at
                      when status = 'completed' then coalesce(completed_at, updated_at) when status = 'expired' then expires_at else updated_at end)
                < now() - (? * interval '1 day')
          limit ? for update skip locked`,
        [retentionDays, limit],
        'all',
        trx,
      );
      if (sessions.length === 0) return 0;
      const ids = sessions.map((session) => session.id);
      const list = placeholders(ids);
      await connection.execute(`update participant set email = null where session_id in (${list}) and email is not null`, ids, 'run', trx);
      await connection.execute(
        `update email_message set recipient = null, status = case when status in ('queued', 'sending') then 'cancelled' else status end, updated_at = now()
          where session_id in (${list})`,
        ids,
        'run',
        trx,
      );
      await connection.execute(`update session set emails_erased_at = now() where id in (${list})`, ids, 'run', trx);
      return ids.length;
    });
  }
}

/** Stateless: one instance serves every unit of work. */
