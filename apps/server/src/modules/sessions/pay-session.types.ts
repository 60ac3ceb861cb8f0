import type { SessionStatus } from '@paysplit/domain';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { CaptureMethodEnum, enumFromValues } from '../../graphql/enums.js';
import { MinorUnitsScalar } from '../../graphql/scalars.js';
import type { EmailFacts, RefundTotals } from './pay-session-record.repository.js';
import { OpenGroupView } from './open-groups/open-group-view.types.js';
import { OPEN_GROUP_ONLY, ParticipantStatusEnum, SessionStatusEnum, SplitModeEnum } from './session-enums.types.js';

export const ViewerRoleEnum = enumFromValues(['host', 'participant'] as const);
registerEnumType(ViewerRoleEnum, { name: 'ViewerRole' });

@ObjectType({ description: 'A participant as the pay app shows them.' })
export class PayParticipantView {
  @Field(() => ID) id!: string;
  @Field(() => String) displayName!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => ParticipantStatusEnum) status!: string;
  @Field(() => Boolean) isHost!: boolean;
  @Field(() => Boolean, { description: 'True for the viewer themself.' }) isYou!: boolean;
  @Field(() => String, { nullable: true, description: 'Host only.' }) email!: string | null;
  @Field(() => String, { nullable: true, description: 'Host only: the link to send this participant.' }) inviteUrl!: string | null;
  @Field(() => Boolean, { description: 'Paid by the host covering the rest.' }) coveredByHost!: boolean;
  @Field(() => Int, { nullable: true, description: `${OPEN_GROUP_ONLY} The places they claimed.` }) places!: number | null;
  @Field(() => Date, { nullable: true, description: `${OPEN_GROUP_ONLY} When they joined.` }) joinedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: `${OPEN_GROUP_ONLY} While paying: until when their places are kept.` })
  reservedUntil!: Date | null;
  @Field(() => MinorUnitsScalar, { nullable: true, description: `${OPEN_GROUP_ONLY} What they are finally charged, once it ended tipped.` })
  finalAmountMinor!: bigint | null;
  /** Not fields: what the refund fields (refunds/refund.resolver.ts) need to answer for this viewer. */
  sessionId!: string;
  refundsVisible!: boolean;
  /** Not fields: what the hold fields (payments/hold-state.resolver.ts) need. */
  captureMethod!: string;
  sessionStatus!: SessionStatus;
  /** This payer's refund totals when the read brought them (the pay page's statement); else the loader finds them. */
  refundTotals?: RefundTotals;
  /** The host's view, when the read brought them: what was emailed to this participant (null: no email). */
  emailFacts?: EmailFacts | null;
}

@ObjectType({ description: 'A session as its host or a participant sees it in the pay app.' })
export class PaySessionView {
  @Field(() => ID) id!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => ViewerRoleEnum) viewerRole!: string;
  @Field(() => ID, { nullable: true }) viewerParticipantId!: string | null;
  @Field(() => String) currency!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => MinorUnitsScalar) paidMinor!: bigint;
  @Field(() => MinorUnitsScalar) remainingMinor!: bigint;
  @Field(() => SplitModeEnum, { nullable: true }) splitMode!: string | null;
  @Field(() => String, { nullable: true, description: "The host's name, once configured; an open group's organiser, when named." })
  organiserName!: string | null;
  @Field(() => String, { description: "Who is paid: the integration's display name, or its name when none is set." })
  merchantName!: string;
  @Field(() => String, { nullable: true, description: "The merchant's logo (an https address)." }) merchantLogoUrl!: string | null;
  @Field(() => String, { nullable: true, description: "The merchant's #RRGGBB accent; white text on it meets WCAG AA." })
  accentColor!: string | null;
  @Field(() => String, { nullable: true, description: 'What is bought, as the merchant described it.' }) description!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The merchant's language for the session (BCP 47), or null: the reader's browser decides.",
  })
  locale!: string | null;
  @Field(() => CaptureMethodEnum, { description: 'MANUAL: each share is held on the card and charged once everyone has paid.' })
  captureMethod!: string;
  @Field(() => String, { description: "The merchant's time zone (IANA), in which the pay page states the session's deadline." })
  merchantTimeZone!: string;
  @Field(() => [PayParticipantView]) participants!: PayParticipantView[];
  @Field(() => String, { nullable: true, description: 'Where to go after completion (successUrl), when the merchant set one.' })
  successUrl!: string | null;
  @Field(() => String, { nullable: true }) cancelUrl!: string | null;
  @Field(() => Int) version!: number;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => OpenGroupView, {
    nullable: true,
    description: "An open group (null for a closed session), with the viewer's places; the join link for the organiser only.",
  })
  openGroup!: OpenGroupView | null;
}
