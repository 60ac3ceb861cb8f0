import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { CaptureMethodEnum } from '../../../graphql/enums.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';
import { PaySessionView } from '../pay-session.types.js';
import { SessionStatusEnum } from '../session-enums.types.js';
import { OpenGroupView } from './open-group-view.types.js';

@ObjectType({ description: "What an open group's join page shows: anyone with its link may read it (no link: SESSION_NOT_FOUND)." })
export class OpenGroupInvitation {
  @Field(() => ID) sessionId!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => String, { description: "Who is paid: the integration's display name, or its name when none is set." })
  merchantName!: string;
  @Field(() => String, { nullable: true, description: "The merchant's logo (an https address)." }) merchantLogoUrl!: string | null;
  @Field(() => String, { nullable: true, description: "The merchant's #RRGGBB accent; white text on it meets WCAG AA." })
  accentColor!: string | null;
  @Field(() => String, { description: "The merchant's time zone (IANA), in which the page states the deadline." })
  merchantTimeZone!: string;
  @Field(() => String, { nullable: true, description: 'What is bought, as the merchant described it.' }) description!: string | null;
  @Field(() => String, { nullable: true, description: "The merchant's language for the session (BCP 47), or null." }) locale!:
    string | null;
  @Field(() => String, { description: 'ISO 4217 code.' }) currency!: string;
  @Field(() => CaptureMethodEnum, {
    description: 'MANUAL: a place is held on the card and charged only if the group goes ahead. AUTOMATIC: charged now, refunded if not.',
  })
  captureMethod!: string;
  @Field(() => MinorUnitsScalar, { description: "The group's total now (SPLIT_TOTAL: the shared amount)." }) amountMinor!: bigint;
  @Field(() => Date, { description: 'The deadline: the group ends then, tipped or not.' }) expiresAt!: Date;
  @Field(() => OpenGroupView, { description: 'The figures of the group (without its link).' }) openGroup!: OpenGroupView;
}

@InputType({ description: 'Someone claiming places in an open group.' })
export class JoinOpenGroupInput {
  @Field(() => String, { description: 'Shown to the organiser and the merchant: one line, 1 to 80 characters.' }) displayName!: string;
  @Field(() => String, { description: 'Where the receipt, their own link and how the group ends are sent.' }) email!: string;
  @Field(() => Int, { description: 'At least 1, at most the per-payer cap and the places left.' }) places!: number;
  @Field(() => String, { nullable: true, description: 'The language their pages and emails are in (BCP 47).' }) locale?: string | null;
}

@ObjectType({ description: 'A claim made: the places are kept for the payer until reservedUntil while they pay at redirectUrl.' })
export class JoinOpenGroupPayload {
  @Field(() => ID) participantId!: string;
  @Field(() => String, { description: "The merchant's checkout: send the browser there." }) redirectUrl!: string;
  @Field(() => Date, { description: 'Until when the places are kept unless the payment counts.' }) reservedUntil!: Date;
  @Field(() => MinorUnitsScalar, { description: 'What is held (or charged) now: the price per place times the places.' })
  amountMinor!: bigint;
  @Field(() => MinorUnitsScalar) pricePerPlaceMinor!: bigint;
  @Field(() => PaySessionView, { description: 'The session as the new payer sees it (their cookie is set).' }) view!: PaySessionView;
}
