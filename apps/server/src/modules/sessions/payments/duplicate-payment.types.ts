import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { enumFromValues } from '../../../graphql/enums.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';

/**
 * What became of a duplicate payment's money. Automatic capture refunds it (REFUNDING, REFUNDED,
 * FAILED); RELEASING and RELEASED are for a held payment that is let go instead (manual capture).
 */
export const DUPLICATE_OUTCOMES = ['releasing', 'released', 'refunding', 'refunded', 'failed'] as const;
export type DuplicateOutcome = (typeof DUPLICATE_OUTCOMES)[number];

export const DuplicateOutcomeEnum = enumFromValues(DUPLICATE_OUTCOMES);
registerEnumType(DuplicateOutcomeEnum, {
  name: 'DuplicateOutcome',
  description:
    'REFUNDING: its refund is asked for and not yet done (without a partnerRefundUrl: it is in refundsOwed for you to void or refund); ' +
    'REFUNDED: all of it went back; FAILED: its refund failed (refund it again, or at your processor); ' +
    'RELEASING / RELEASED: a hold being released, or released, instead of a refund (manual capture only).',
});

@ObjectType({ description: 'A payment authorized for shares another payment had already paid: its money goes back.' })
export class DuplicatePaymentView {
  @Field(() => ID) paymentId!: string;
  @Field(() => ID, { description: 'Who paid it.' }) participantId!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => String, { nullable: true }) processorReference!: string | null;
  @Field(() => ID, { description: 'The payment that counts for those shares.' }) duplicateOf!: string;
  @Field(() => DuplicateOutcomeEnum) outcome!: DuplicateOutcome;
  @Field(() => ID, { nullable: true, description: 'Its latest refund, when one was made.' }) refundId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The cancel PaySplit sent for its checkout, when there was one.' }) cancelId!:
    string | null;
}
