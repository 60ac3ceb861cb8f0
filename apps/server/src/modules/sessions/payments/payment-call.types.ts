import { CANCEL_REASONS } from '@paysplit/domain';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumFromValues } from '../../../graphql/enums.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';

export const CancellationStatusEnum = enumFromValues(['pending', 'succeeded', 'failed'] as const);
registerEnumType(CancellationStatusEnum, {
  name: 'CancellationStatus',
  description: 'PENDING: asked for, not yet done; SUCCEEDED: the checkout can no longer be paid; FAILED: it could not be cancelled.',
});

export const CancelReasonEnum = enumFromValues(CANCEL_REASONS);
registerEnumType(CancelReasonEnum, {
  name: 'CancelReason',
  description:
    'REPLACED: a newer attempt of the payer replaced it; SHARE_CHANGED: the host changed or removed the share; SHARE_PAID: another payment paid the share; SESSION_EXPIRED / SESSION_CANCELLED: the session ended.',
});

export const SettleCancellationStatusEnum = enumFromValues(['succeeded', 'failed'] as const);
registerEnumType(SettleCancellationStatusEnum, { name: 'SettleCancellationStatus' });

@ObjectType({
  description: "PaySplit telling the merchant that a payment's checkout will not be used (the partner.payment.cancel call).",
})
export class CancellationView {
  @Field(() => ID, { description: 'Also the webhook-id of every call for it.' }) cancelId!: string;
  @Field(() => ID) paymentId!: string;
  @Field(() => ID) participantId!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => String) currency!: string;
  @Field(() => CancelReasonEnum) reason!: string;
  @Field(() => CancellationStatusEnum) status!: string;
  @Field(() => String, { nullable: true, description: "What the merchant answered or settled with (its processor's reference)." })
  processorReference!: string | null;
  @Field(() => String, { nullable: true }) failureReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) settledAt!: Date | null;
  @Field(() => Int, { description: 'Calls made so far.' }) attempts!: number;
}

@InputType({ description: "How the merchant's processor settled a cancellation answered pending." })
export class SettleCancellationInput {
  @Field(() => SettleCancellationStatusEnum) status!: 'succeeded' | 'failed';
  @Field(() => String, { nullable: true }) processorReference?: string | null;
  @Field(() => String, { nullable: true }) failureReason?: string | null;
}
