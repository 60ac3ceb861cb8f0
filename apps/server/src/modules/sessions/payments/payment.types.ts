import { ErrorCode } from '@paysplit/domain';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';

export const RecordActionEnum = { AUTHORIZE: 'authorize', FAIL: 'fail', REFUND: 'refund' } as const;
registerEnumType(RecordActionEnum, {
  name: 'RecordAction',
  description:
    'authorize: the processor authorized (or took) the share; fail: it did not; refund: the merchant voided or refunded a payment listed in refundsOwed.',
});

@ObjectType()
export class StartPaymentPayload {
  @Field(() => ID) paymentId!: string;
  @Field(() => String, { description: "The processor's hosted checkout; send the payer there." }) redirectUrl!: string;
}

@InputType()
export class RecordPaymentInput {
  @Field(() => ID) @UnknownIdAnswers(ErrorCode.PaymentNotFound) paymentId!: string;
  @Field(() => RecordActionEnum) action!: 'authorize' | 'fail' | 'refund';
  @Field(() => String, { nullable: true }) processorReference?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "With fail: why the processor did not take the money (e.g. 'Card declined'), shown to the session's administrators.",
  })
  failureReason?: string | null;
  @Field(() => MinorUnitsScalar, { nullable: true, description: 'When sent, must equal the payment amount (else AMOUNT_MISMATCH).' })
  amountMinor?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "captureMethod MANUAL only, with authorize: when the hold lapses (ISO 8601); default the integration's holdLifetimeSeconds from now. Refused for other sessions.",
  })
  holdExpiresAt?: string | null;
}

@ObjectType()
export class RecordPaymentPayload {
  @Field(() => Boolean) success!: boolean;
  @Field(() => ID) paymentId!: string;
  @Field(() => ID) sessionId!: string;
  @Field(() => ID) participantId!: string;
  @Field(() => String) paymentStatus!: string;
  @Field(() => String) sessionStatus!: string;
  @Field(() => MinorUnitsScalar) paidMinor!: string;
  @Field(() => MinorUnitsScalar) remainingMinor!: string;
  @Field(() => Boolean) refundRequired!: boolean;
  @Field(() => String) serviceHostResumeUrl!: string;
  @Field(() => String) serviceParticipantReturnUrl!: string;
  @Field(() => String, { nullable: true, description: 'captureMethod MANUAL only: when the hold lapses (null otherwise).' })
  holdExpiresAt?: string | null;
}
