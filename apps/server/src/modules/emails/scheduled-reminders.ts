import type { EntityManager } from '@mikro-orm/postgresql';
import { dueReminder, earliestMoment, nextReminderAt, reminderOffsetOf, reminderReason } from '@paysplit/domain';
import { type SessionSchedule, testClockRun } from '../sessions/index.js';
import type { EmailOutbox } from './email-outbox.js';
import type { EmailSweepRepository, ReminderCandidate } from './email-sweep.repository.js';

/** A reminder written: to whom, and which offset before the deadline it was. */
export interface QueuedReminder {
  participantId: string;
  offsetMinutes: number;
}

/**
 * The reminders that fall due at the integration's offsets before a session's deadline
 * (`dueReminder` decides), each by its session's clock: real time, or its test clock. The sweep
 * queues them for every session; an advance of a test clock, for its one session, through the same
 * code. A reason already written is skipped, so any number of sweeps and advances send each once.
 */
export class ScheduledReminders {
  private readonly now: () => Date;

  constructor(private readonly options: { sweeps: EmailSweepRepository; outbox: EmailOutbox; now?: () => Date }) {
    this.now = options.now ?? (() => new Date());
  }

  /** Queues every reminder due now; returns how many were queued. */
  async queueDue(em: EntityManager, limit = 500): Promise<number> {
    const now = this.now();
    let queued = 0;
    // Every page, not only the first: payers whose reminders are all sent stay candidates until
    // their session ends, and must not crowd out the sessions due later.
    for (let after: { expiresAt: Date; participantId: string } | undefined; ;) {
      const candidates = await this.options.sweeps.reminderCandidates(em, now, limit, after);
      queued += (await this.queue(em, candidates)).length;
      const last = candidates.at(-1);
      if (candidates.length < limit || !last) return queued;
      after = { expiresAt: new Date(last.expires_at), participantId: last.participant_id };
    }
  }

  /** Test clocks: a session's next reminder falls due at its offset, and is then queued as the sweep queues it. */
  schedule(): SessionSchedule {
    return {
      rank: 10,
      nextDueAt: async (tx, session) => {
        const payers = await this.options.sweeps.remindablePayersOf(tx, session.id, this.now());
        return earliestMoment(
          payers.map((payer) =>
            nextReminderAt({ deadline: new Date(payer.expires_at), offsetsMinutes: payer.offsets, sent: sentOffsets(payer), ended: false }),
          ),
        );
      },
      runDue: async (tx, session, at) => {
        const candidates = await this.options.sweeps.reminderCandidates(tx, this.now(), 500, undefined, session.id);
        return (await this.queue(tx, candidates)).map((reminder) => testClockRun(at, 'reminder', reminder));
      },
    };
  }

  /** Queues the reminder due for each candidate by its session's clock; returns those written. */
  private async queue(em: EntityManager, candidates: readonly ReminderCandidate[]): Promise<QueuedReminder[]> {
    const queued: QueuedReminder[] = [];
    for (const candidate of candidates) {
      const due = dueReminder({
        deadline: new Date(candidate.expires_at),
        offsetsMinutes: candidate.offsets,
        sent: sentOffsets(candidate),
        now: new Date(candidate.clock_at),
        ended: false,
      });
      if (due === null) continue;
      const written = await em.transactional((tx) =>
        this.options.outbox.reminder(tx, {
          sessionId: candidate.session_id,
          participantId: candidate.participant_id,
          email: candidate.email,
          reason: reminderReason(due),
        }),
      );
      if (written) queued.push({ participantId: candidate.participant_id, offsetMinutes: due });
    }
    return queued;
  }
}

/** The reminder offsets already sent to a payer. */
function sentOffsets(candidate: ReminderCandidate): number[] {
  return candidate.sent_reasons.map(reminderOffsetOf).filter((offset): offset is number => offset !== undefined);
}
