import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { byIntegrationOfApiKeyCalls, RateLimited } from '../../../graphql/rate-limited.js';
import { type TestClockAdvance, testClockAuditEntry } from './test-clock.service.js';
import { AdvanceTestClockInput, TestClockAdvanceView, TestClockRunView } from './test-clock.types.js';

export function toTestClockAdvanceView(advance: TestClockAdvance): TestClockAdvanceView {
  return Object.assign(new TestClockAdvanceView(), {
    sessionId: advance.sessionId,
    status: advance.status,
    testClockAt: advance.to,
    advancedFrom: advance.from,
    ran: advance.ran.map((run) => Object.assign(new TestClockRunView(), run)),
  });
}

/** Test clocks (test mode only): the merchant's key, or an administration-area user who may see the session. */
@Resolver()
export class TestClockResolver {
  @RateLimited('merchantApi', byIntegrationOfApiKeyCalls)
  @Mutation(() => TestClockAdvanceView, {
    description:
      "Advances a test-mode session's clock (API key, or a signed-in admin user) and runs what falls due on the way, in order, once: reminders, holds about to lapse, the deadline. Live mode: TEST_MODE_ONLY.",
  })
  async advanceTestClock(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('input', () => AdvanceTestClockInput) input: AdvanceTestClockInput,
    @Ctx() context: RequestContext,
  ): Promise<TestClockAdvanceView> {
    if (!context.hasApiKey) {
      const principal = await context.requireAdmin();
      // Not found outside the user's scope, exactly as the session page.
      const visible = await context.services.explorer.findSession(context.readEm(), principal, sessionId);
      const integrationId = visible.integration.id;
      const advance = await context.services.testClocks.advance(context.em, { integrationId }, sessionId, input, (tx, done) =>
        context.services.audit.record(tx, principal, testClockAuditEntry(done, integrationId)),
      );
      context.logger.info(
        { sessionId, accountId: principal.accountId, ran: advance.ran.length },
        'test clock advanced from the administration area',
      );
      return toTestClockAdvanceView(advance);
    }
    const merchant = await context.requireMerchant();
    const advance = await context.services.testClocks.advance(
      context.em,
      { integrationId: merchant.integrationId, keyMode: merchant.mode },
      sessionId,
      input,
    );
    context.logger.info({ sessionId, integrationId: merchant.integrationId, ran: advance.ran.length }, 'test clock advanced');
    return toTestClockAdvanceView(advance);
  }
}
