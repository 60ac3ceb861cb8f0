import { ErrorCode } from '@paysplit/domain';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';
import { enumFromValues } from '../../../graphql/enums.js';

export const RefundStatusEnum = enumFromValues(['pending', 'succeeded', 'failed'] as const);
registerEnumType(RefundStatusEnum, { name: 'RefundStatus', description: 'PENDING: asked for, not yet back; SUCCEEDED; FAILED.' });

export const RefundSourceEnum = enumFromValues(['automatic', 'merchant'] as const);
registerEnumType(RefundSourceEnum, {
  name: 'RefundSource',
  description: 'AUTOMATIC: money the session could not use (expired, cancelled, late); MERCHANT: asked for over the API.',
});

export const RefundPurposeEnum = enumFromValues(['booking', 'duplicate', 'price_drop'] as const);
registerEnumType(RefundPurposeEnum, {
  name: 'RefundPurpose',
  description:
    'BOOKING: money paid toward the session; DUPLICATE: a payment for shares another payment had already paid; PRICE_DROP: what an open group’s payer paid above their final amount (the price per place fell as more joined).',
});

export const SettleRefundStatusEnum = enumFromValues(['succeeded', 'failed'] as const);
registerEnumType(SettleRefundStatusEnum, { name: 'SettleRefundStatus' });

@ObjectType({ description: 'Money going back to one payer: part or all of one authorized payment.' })
export class RefundView {
  @Field(() => ID) refundId!: string;
  @Field(() => ID) paymentId!: string;
  @Field(() => ID) participantId!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => String) currency!: string;
  @Field(() => RefundStatusEnum) status!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => RefundSourceEnum) source!: string;
  @Field(() => RefundPurposeEnum, {
    description: 'What the money was. The merchant of an integration with a partnerCancelUrl sees duplicates in duplicatePayments instead.',
  })
  purpose!: string;
  @Field(() => String, { nullable: true }) processorRefundReference!: string | null;
  @Field(() => String, { nullable: true }) failureReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) settledAt!: Date | null;
  @Field(() => Int, { description: 'Partner refund calls made so far.' }) attempts!: number;
}

@InputType({ description: "One payment's part of a refund." })
export class RefundAllocationInput {
  // A payment that is not one of the session's captured payments is a problem of this allocation.
  @Field(() => ID) @UnknownIdAnswers(ErrorCode.ValidationError) paymentId!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: string | number;
}

@InputType({ description: 'A refund of a session: no amount means everything still refundable.' })
export class RefundSessionInput {
  @Field(() => MinorUnitsScalar, { nullable: true }) amountMinor?: string | number | null;
  @Field(() => String, { nullable: true, description: 'One line, at most 500 characters; sent to your refund endpoint.' }) reason?:
    string | null;
  @Field(() => [RefundAllocationInput], {
    nullable: true,
    description: 'Per-payment amounts; without them the amount is spread in proportion to what each paid.',
  })
  allocations?: RefundAllocationInput[] | null;
}

@ObjectType({ description: 'The reply to refundSession: the session totals after it and the refunds it created.' })
export class RefundSessionPayload {
  @Field(() => Boolean) success!: boolean;
  @Field(() => ID) sessionId!: string;
  @Field(() => String) currency!: string;
  @Field(() => MinorUnitsScalar, { description: 'Authorized money of the session.' }) capturedMinor!: string;
  @Field(() => MinorUnitsScalar, { description: 'Refunded (succeeded) so far.' }) refundedMinor!: string;
  @Field(() => MinorUnitsScalar, { description: 'Still refundable: captured minus every refund not failed.' }) refundableMinor!: string;
  @Field(() => MinorUnitsScalar, { description: 'Asked for and not yet settled.' }) pendingRefundMinor!: string;
  @Field(() => [RefundView]) refunds!: RefundView[];
}

@InputType({ description: "How the merchant's processor settled a pending refund." })
export class SettleRefundInput {
  @Field(() => SettleRefundStatusEnum) status!: 'succeeded' | 'failed';
  @Field(() => String, { nullable: true }) processorRefundReference?: string | null;
  @Field(() => String, { nullable: true }) failureReason?: string | null;
}
