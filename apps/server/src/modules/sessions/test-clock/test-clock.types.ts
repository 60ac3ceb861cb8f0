import { TEST_CLOCK_RUN_KINDS } from '@paysplit/domain';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumFromValues } from '../../../graphql/enums.js';
import { SessionStatusEnum } from '../session.types.js';

export const TestClockRunKindEnum = enumFromValues(TEST_CLOCK_RUN_KINDS);
registerEnumType(TestClockRunKindEnum, {
  name: 'TestClockRunKind',
  description:
    'REMINDER: a reminder email was queued to an unpaid payer; HOLD_LAPSED: a hold about to lapse stopped counting and was released (MANUAL capture); SESSION_EXPIRED: the deadline passed and the session expired.',
});

@InputType({ description: 'How far to advance a test-mode session’s clock: exactly one of seconds and to.' })
export class AdvanceTestClockInput {
  @Field(() => Int, { nullable: true, description: 'Seconds to advance by: 1 to 5184000 (60 days).' }) seconds?: number | null;
  @Field(() => String, {
    nullable: true,
    description: "An ISO 8601 time with its offset to advance to: not before the session's clock, at most 60 days after it.",
  })
  to?: string | null;
}

@ObjectType({ description: 'One thing that fell due while a test clock was advanced, and ran at its moment.' })
export class TestClockRunView {
  @Field(() => Date, { description: "Its moment on the session's clock." }) at!: Date;
  @Field(() => TestClockRunKindEnum) kind!: string;
  @Field(() => ID, { nullable: true, description: 'REMINDER: the payer reminded; RESERVATION_LAPSED: whose claim lapsed.' })
  participantId!: string | null;
  @Field(() => ID, { nullable: true, description: 'HOLD_LAPSED: the payment whose hold was released.' }) paymentId!: string | null;
  @Field(() => Int, { nullable: true, description: 'REMINDER: how many minutes before the deadline it was due.' })
  offsetMinutes!: number | null;
}

@ObjectType({ description: "A test-mode session's clock after an advance, and what fell due on the way, in order." })
export class TestClockAdvanceView {
  @Field(() => ID) sessionId!: string;
  @Field(() => SessionStatusEnum, { description: 'The session’s status afterwards.' }) status!: string;
  @Field(() => Date, { description: "The session's clock now: frozen there until advanced again." }) testClockAt!: Date;
  @Field(() => Date, { description: 'Its clock before (real time when it had none yet).' }) advancedFrom!: Date;
  @Field(() => [TestClockRunView], { description: 'What fell due and ran, in the order it ran.' }) ran!: TestClockRunView[];
}
