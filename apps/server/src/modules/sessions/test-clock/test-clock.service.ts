import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  assertClockCanMove,
  assertTestMode,
  earliestMoment,
  ErrorCode,
  isUuid,
  MAX_TEST_CLOCK_STEPS,
  sessionNow,
  type SessionStatus,
  type TestClockAdvanceRequest,
  testClockTarget,
} from '@paysplit/domain';
import type { KeyMode } from '../../../security/tokens.js';
import type { Session } from '../session.entity.js';
import type { SessionRepository } from '../session.repository.js';
import type { SessionSchedules, TestClockRun } from './session-schedules.js';

/** Who advances: a merchant's key (its integration and mode), an administration-area user in scope, or the CLI (any session). */
export interface TestClockCaller {
  /** The session must be this integration's (anything else is not found); absent for the CLI. */
  integrationId?: string;
  /** The API key's mode: a live key is refused whatever the session. */
  keyMode?: KeyMode;
}

/** What an advance did: the clock before and after, and what fell due and ran in between, in order. */
export interface TestClockAdvance {
  sessionId: string;
  status: SessionStatus;
  from: Date;
  to: Date;
  ran: TestClockRun[];
}

export interface TestClockOptions {
  sessions: SessionRepository;
  schedules: SessionSchedules;
  now?: () => Date;
}

/**
 * Advances a test-mode session's clock (docs/decisions.md, "Test clocks"). In one transaction with
 * the session's row locked, it walks the moments that fall due up to the target, the earliest
 * first: the clock is set to that moment and whatever is due then runs through the code the sweeps
 * run (reminders, holds about to lapse, the deadline's expiry), then the next. Two advances of one
 * session wait for each other on the row lock, so each due thing runs once whichever instance
 * advances; the sweeps skip a locked session and find nothing left due by its clock afterwards.
 */
export class TestClockService {
  private readonly now: () => Date;

  constructor(private readonly options: TestClockOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async advance(
    em: EntityManager,
    caller: TestClockCaller,
    sessionId: string,
    request: TestClockAdvanceRequest,
    audit?: (tx: EntityManager, advance: TestClockAdvance, session: Session) => void,
  ): Promise<TestClockAdvance> {
    if (!isUuid(sessionId)) throw notFound(sessionId);
    return em.transactional(async (tx) => {
      const where = caller.integrationId ? { id: sessionId, integration: caller.integrationId } : { id: sessionId };
      const session = await this.options.sessions.lockSessionWithIntegration(tx, where);
      if (!session) throw notFound(sessionId);
      assertTestMode(session.mode, caller.keyMode);
      const from = sessionNow(session, this.now());
      const to = testClockTarget(from, request);
      const ran: TestClockRun[] = [];
      // The same target again: nothing moves and nothing runs (a retried request), even once ended.
      if (to.getTime() === from.getTime()) return { sessionId: session.id, status: session.status, from, to, ran };
      assertClockCanMove(session.status);
      for (let clock = from, steps = 0; ; steps += 1) {
        if (steps > MAX_TEST_CLOCK_STEPS) throw new AppError(ErrorCode.InternalError, 'A test clock found no end to what falls due');
        const due = await this.nextDue(tx, session);
        if (!due || due.getTime() > to.getTime()) break;
        // What fell due before the clock (a payer added since, a sweep not yet run) runs at the clock.
        clock = due.getTime() > clock.getTime() ? due : clock;
        session.testClockAt = clock;
        await this.options.sessions.save(tx);
        for (const schedule of this.options.schedules.all) {
          const next = await schedule.nextDueAt(tx, session);
          if (next && next.getTime() <= clock.getTime()) ran.push(...(await schedule.runDue(tx, session, clock)));
        }
      }
      session.testClockAt = to;
      await this.options.sessions.save(tx);
      const advance = { sessionId: session.id, status: session.status, from, to, ran };
      audit?.(tx, advance, session);
      return advance;
    });
  }

  private async nextDue(tx: EntityManager, session: Session): Promise<Date | null> {
    const moments: (Date | null)[] = [];
    for (const schedule of this.options.schedules.all) moments.push(await schedule.nextDueAt(tx, session));
    return earliestMoment(moments);
  }
}

/** The audit entry of an advance made from the administration area or the CLI. */
export function testClockAuditEntry(advance: TestClockAdvance, integrationId: string) {
  const { sessionId, from, to, ran } = advance;
  return {
    action: 'session.test_clock_advanced',
    integrationId,
    summary: `Advanced the test clock of session ${sessionId} to ${to.toISOString()}`,
    details: { sessionId, from: from.toISOString(), to: to.toISOString(), ran: ran.length },
  };
}

function notFound(sessionId: string): AppError {
  return new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
}
