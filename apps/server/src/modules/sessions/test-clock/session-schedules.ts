import type { EntityManager } from '@mikro-orm/postgresql';
import type { TestClockRunKind } from '@paysplit/domain';
import type { Session } from '../session.entity.js';

/** One thing that fell due and ran, at its moment on the session's clock. */
export interface TestClockRun {
  at: Date;
  kind: TestClockRunKind;
  /** reminder: the payer reminded. */
  participantId: string | null;
  /** hold_lapsed: the payment whose hold was released. */
  paymentId: string | null;
  /** reminder: how long before the deadline it was due (the integration's offset). */
  offsetMinutes: number | null;
}

export function testClockRun(
  at: Date,
  kind: TestClockRunKind,
  about: { participantId?: string; paymentId?: string; offsetMinutes?: number } = {},
): TestClockRun {
  return {
    at,
    kind,
    participantId: about.participantId ?? null,
    paymentId: about.paymentId ?? null,
    offsetMinutes: about.offsetMinutes ?? null,
  };
}

/**
 * Something that falls due in a session's life at a moment of its own (a reminder, a hold about to
 * lapse, the deadline). The periodic sweeps find these for every session; an advance of a test
 * clock asks each schedule of one session for its next moment and runs it through the same code.
 * Both methods run in the advance's transaction, the session locked and its clock set.
 */
export interface SessionSchedule {
  /** When several fall due at one moment, the lower rank runs first (what leads up to a deadline before it). */
  readonly rank: number;
  /** The next moment something falls due (at or before the clock: due now), or null when nothing will. */
  nextDueAt(tx: EntityManager, session: Session): Promise<Date | null>;
  /** Runs what is due at `at` (the session's clock), as the sweep would; says what ran. */
  runDue(tx: EntityManager, session: Session, at: Date): Promise<TestClockRun[]>;
}

/**
 * The schedules of a session, made once per app: the sessions module registers its own (hold
 * lapses, the deadline), the emails module its reminders (in createServices, as it subscribes to
 * events), and the sessions module never imports the modules that register.
 */
export class SessionSchedules {
  private readonly schedules: SessionSchedule[] = [];

  register(schedule: SessionSchedule): this {
    this.schedules.push(schedule);
    this.schedules.sort((a, b) => a.rank - b.rank);
    return this;
  }

  /** In the order they run at one moment. */
  get all(): readonly SessionSchedule[] {
    return this.schedules;
  }
}
