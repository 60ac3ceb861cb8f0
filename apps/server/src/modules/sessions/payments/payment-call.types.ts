import { CANCEL_REASONS, CAPTURE_REASONS } from '@paysplit/domain';
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
    'REPLACED: a newer attempt of the payer replaced it; SHARE_CHANGED: the host changed or removed the share; SHARE_PAID: another payment paid the share; SESSION_EXPIRED / SESSION_CANCELLED: the session ended. MANUAL capture only: DUPLICATE: a hold for a share already paid; CAPTURE_FAILED: the rest of a hold whose capture was declined; HOLD_LAPSED: a hold about to lapse before everyone paid (its share was reopened).',
});

export const SettleCancellationStatusEnum = enumFromValues(['succeeded', 'failed'] as const);
registerEnumType(SettleCancellationStatusEnum, { name: 'SettleCancellationStatus' });

export const CaptureStatusEnum = enumFromValues(['pending', 'succeeded', 'failed'] as const);
registerEnumType(CaptureStatusEnum, {
  name: 'CaptureStatus',
  description:
    'PENDING: asked for, not yet done (a capture never answered stays PENDING until settled); SUCCEEDED: the money is taken; FAILED: the capture was declined.',
});

export const CaptureReasonEnum = enumFromValues(CAPTURE_REASONS);
registerEnumType(CaptureReasonEnum, { name: 'CaptureReason', description: 'SESSION_COMPLETE: every share of the session is held.' });

export const SettleCaptureStatusEnum = enumFromValues(['succeeded', 'failed'] as const);
registerEnumType(SettleCaptureStatusEnum, { name: 'SettleCaptureStatus' });

/** What a cancellation and a capture both show: one call to the merchant about one payment. */
@ObjectType()
export abstract class PaymentCallFields {
  @Field(() => ID) paymentId!: string;
  @Field(() => ID, { description: 'The payer.' }) participantId!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => String) currency!: string;
  @Field(() => String, { nullable: true, description: "What the merchant answered or settled with (its processor's reference)." })
  processorReference!: string | null;
  @Field(() => String, { nullable: true }) failureReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) settledAt!: Date | null;
  @Field(() => Int, { description: 'Calls made so far.' }) attempts!: number;
}

@ObjectType({
  description:
    "PaySplit telling the merchant that a payment's checkout will not be used, or its hold is to be released (the partner.payment.cancel call).",
})
export class CancellationView extends PaymentCallFields {
  @Field(() => ID, { description: 'Also the webhook-id of every call for it.' }) cancelId!: string;
  @Field(() => CancelReasonEnum) reason!: string;
  @Field(() => CancellationStatusEnum) status!: string;
}

@ObjectType({
  description: 'PaySplit asking the merchant to capture a held payment (the partner.payment.capture call; captureMethod MANUAL).',
})
export class CaptureView extends PaymentCallFields {
  @Field(() => ID, { description: 'Also the webhook-id of every call for it.' }) captureId!: string;
  @Field(() => CaptureReasonEnum) reason!: string;
  @Field(() => CaptureStatusEnum) status!: string;
}

/** What the merchant's processor said, for both settle mutations. */
@InputType()
export abstract class SettleCallFields {
  @Field(() => String, { nullable: true }) processorReference?: string | null;
  @Field(() => String, { nullable: true }) failureReason?: string | null;
}

@InputType({ description: "How the merchant's processor settled a cancellation answered pending." })
export class SettleCancellationInput extends SettleCallFields {
  @Field(() => SettleCancellationStatusEnum) status!: 'succeeded' | 'failed';
}

@InputType({ description: "How the merchant's processor settled a capture answered pending (or never answered)." })
export class SettleCaptureInput extends SettleCallFields {
  @Field(() => SettleCaptureStatusEnum) status!: 'succeeded' | 'failed';
}
