import { ErrorCode, SPLIT_MODES } from '@paysplit/domain';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { CaptureMethodEnum, ModeEnum } from '../../graphql/enums.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { DecimalAmountScalar, MinorUnitsScalar } from '../../graphql/scalars.js';
import { OpenGroupInput, OpenGroupView } from './open-groups/open-group-view.types.js';

import { OPEN_GROUP_ONLY, ParticipantStatusEnum, SessionStatusEnum, SplitModeEnum } from './session-enums.types.js';

export { OPEN_GROUP_ONLY, ParticipantStatusEnum, SessionStatusEnum, SplitModeEnum };
// The pay app's views live in their own file; every module imports both from here.
export { PayParticipantView, PaySessionView, ViewerRoleEnum } from './pay-session.types.js';

@ObjectType({ description: 'One payer of a session; the host is the first.' })
export class ParticipantView {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Display order, 0 for the host.' }) position!: number;
  @Field(() => String) displayName!: string;
  @Field(() => String, {
    nullable: true,
    description: "Whole for the merchant's API key; masked (a•••@example.com) for the administration area, as email recipients are.",
  })
  email!: string | null;
  @Field(() => Boolean) isHost!: boolean;
  @Field(() => MinorUnitsScalar, { description: "This participant's share." }) amountMinor!: bigint;
  @Field(() => ParticipantStatusEnum) status!: string;
  @Field(() => Int, { nullable: true, description: `${OPEN_GROUP_ONLY} The places they claimed.` }) places!: number | null;
  @Field(() => Date, { nullable: true, description: `${OPEN_GROUP_ONLY} When they joined.` }) joinedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: `${OPEN_GROUP_ONLY} While paying: until when their places are kept.` })
  reservedUntil!: Date | null;
  @Field(() => MinorUnitsScalar, { nullable: true, description: `${OPEN_GROUP_ONLY} What they are finally charged, once it ended tipped.` })
  finalAmountMinor!: bigint | null;
}

@ObjectType({ description: 'A split-payment session.' })
export class SessionView {
  @Field(() => ID) id!: string;
  @Field(() => ID, { description: 'The integration whose API key created the session.' }) integrationId!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => ModeEnum) mode!: string;
  @Field(() => CaptureMethodEnum, { description: "The integration's captureMethod when the session was created." })
  captureMethod!: string;
  @Field(() => String, { description: 'ISO 4217 code.' }) currency!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => MinorUnitsScalar) paidMinor!: bigint;
  @Field(() => MinorUnitsScalar) remainingMinor!: bigint;
  @Field(() => MinorUnitsScalar, {
    description:
      'Refunded so far (succeeded refunds); the status stays what it was. For the merchant of an integration with a ' +
      'partnerCancelUrl, refunds of duplicate payments are left out (see duplicatePayments).',
  })
  refundedMinor!: bigint;
  @Field(() => SplitModeEnum, { nullable: true }) splitMode!: string | null;
  @Field(() => [ParticipantView]) participants!: ParticipantView[];
  /** Not fields: how the merchant's read shows duplicates (session.mapper.ts), and the refunded part that was theirs. */
  listsDuplicatesApart!: boolean;
  duplicateRefundedMinor!: bigint;
  @Field(() => String, { nullable: true, description: 'The merchantOrderRef sent at creation.' }) orderReference!: string | null;
  @Field(() => String, { nullable: true, description: 'What is bought, as sent at creation; shown to every payer.' })
  description!: string | null;
  @Field(() => GraphQLJSONObject) metadata!: Record<string, unknown>;
  @Field(() => Int, { description: 'Increments on every change of the session.' }) version!: number;
  @Field(() => Date, { nullable: true }) completedAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date, {
    nullable: true,
    description:
      "Test mode: the session's clock, frozen there since it was last advanced (advanceTestClock); null: the session runs on real time (always for live mode).",
  })
  testClockAt!: Date | null;
  @Field(() => OpenGroupView, { nullable: true, description: 'An open group: its terms and where it stands (null for a closed session).' })
  openGroup!: OpenGroupView | null;
}

@InputType({ description: 'A participant named at creation (with unconfigured: false).' })
export class ParticipantInput {
  @Field(() => String) displayName!: string;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => MinorUnitsScalar, { nullable: true, description: 'Share in minor units (splitMode exact).' }) amountMinor?:
    string | number | null;
  @Field(() => Int, { nullable: true, description: 'Share in basis points, all summing to 10000 (splitMode percent).' }) basisPoints?:
    number | null;
  @Field(() => Int, { nullable: true, description: 'Integer weight (splitMode shares).' }) shares?: number | null;
}

@InputType({ description: 'A new session. Send amount (major units) or amountMinor (or both, equal).' })
export class CreateSessionInput {
  // Compared with the API key's own integration, never looked up: any other id is a mismatch.
  @Field(() => ID) @UnknownIdAnswers(ErrorCode.IntegrationMismatch) integrationId!: string;
  @Field(() => DecimalAmountScalar, { nullable: true }) amount?: number | string | null;
  @Field(() => MinorUnitsScalar, { nullable: true }) amountMinor?: string | number | null;
  @Field(() => String, { nullable: true, description: 'ISO 4217 code; default NZD.' }) currency?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Default true: the host sets participants and split on first visit.' })
  unconfigured?: boolean | null;
  @Field(() => String, { nullable: true }) successUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'Alias of successUrl.' }) successReturnUrl?: string | null;
  @Field(() => String, { nullable: true }) cancelUrl?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) merchantOrderRef?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'What is bought ("Dinner for 4"), shown to every payer: plain text, at most 140 characters, one line.',
  })
  description?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The language of the pay pages and emails (BCP 47, e.g. de, pt-BR, ar-EG), unless a payer picks another; ' +
      "without it each payer's browser decides. A language PaySplit does not write falls back to the browser's.",
  })
  locale?: string | null;
  @Field(() => [ParticipantInput], { nullable: true }) participants?: ParticipantInput[] | null;
  @Field(() => SplitModeEnum, { nullable: true }) splitMode?: (typeof SPLIT_MODES)[number] | null;
  @Field(() => Int, { nullable: true, description: 'Seconds until the session expires (1800 to 2592000; default 259200).' })
  expiresInSeconds?: number | null;
  @Field(() => OpenGroupInput, {
    nullable: true,
    description:
      'An open group: anyone with its join link claims places. Not with participants, splitMode or unconfigured. SPLIT_TOTAL shares ' +
      'the amount; PER_PLACE takes no amount. Needs a partnerCancelUrl, and a partnerRefundUrl under automatic capture.',
  })
  openGroup?: OpenGroupInput | null;
}

@ObjectType({ description: 'The reply to createSession. hostToken is shown once: store it server-side.' })
export class CreateSessionPayload {
  @Field(() => Boolean) success!: boolean;
  @Field(() => ID) sessionId!: string;
  @Field(() => String) hostToken!: string;
  @Field(() => [ID]) participantIds!: string[];
  @Field(() => ModeEnum) mode!: string;
  @Field(() => String) message!: string;
  @Field(() => String, {
    description:
      'Where to send the host: {PUBLIC_BASE_URL}/pay/{sessionId}?host=1&hostToken=…; also their way back (a "Return to your split" ' +
      'link to a route of yours that answers 302 to it). Keep it server-side.',
  })
  sessionUrl!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => MinorUnitsScalar) amountMinor!: string;
  @Field(() => String) currency!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'Open groups: the link to share ({PUBLIC_BASE_URL}/pay/{sessionId}/join?code=…); it carries its own code, never the hostToken.',
  })
  joinUrl!: string | null;
  @Field(() => OpenGroupView, { nullable: true, description: 'Open groups: the terms and where the group stands.' })
  openGroup!: OpenGroupView | null;
}

@ObjectType({ description: 'The public progress of a session (no names, emails or tokens).' })
export class SessionStatusView {
  @Field(() => ID) sessionId!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => String) currency!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => MinorUnitsScalar) paidMinor!: bigint;
  @Field(() => MinorUnitsScalar) remainingMinor!: bigint;
  @Field(() => MinorUnitsScalar, { description: 'Refunded so far (succeeded refunds).' }) refundedMinor!: bigint;
  @Field(() => Int) participantCount!: number;
  @Field(() => Int) paidCount!: number;
  @Field(() => Boolean) completed!: boolean;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@InputType({ description: 'A participant in a configuration; the first is the host.' })
export class ConfigureParticipantInput extends ParticipantInput {
  // Not one of the session's participants: a problem of this entry of the list.
  @Field(() => ID, { nullable: true, description: 'An existing participant to keep (their invite link stays valid).' })
  @UnknownIdAnswers(ErrorCode.ValidationError)
  participantId?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'Email this participant an invitation with their own link (needs an email; not sent twice to one address).',
  })
  sendInvite?: boolean | null;
}

@InputType()
export class ConfigureSessionInput {
  @Field(() => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId!: string;
  @Field(() => SplitModeEnum) splitMode!: (typeof SPLIT_MODES)[number];
  @Field(() => [ConfigureParticipantInput], {
    description:
      "Everyone who pays, the host first. The host's email (optional, on the first entry) is where the host's emails go: " +
      'a way back to the split from any device, their receipt, the completion note and how the session ended. ' +
      'The host gets no invitation or reminder, and never a link with the host token.',
  })
  participants!: ConfigureParticipantInput[];
}

@ObjectType({ description: 'A payment attempt.' })
export class PaymentView {
  @Field(() => ID) id!: string;
  @Field(() => ID) participantId!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => String, {
    description:
      'creating, redirected, authorized, failed or abandoned; with captureMethod MANUAL authorized means held, and captured, capture_failed or released follow',
  })
  status!: string;
  @Field(() => String, { nullable: true }) processorReference!: string | null;
  @Field(() => Boolean) refundRequired!: boolean;
  @Field(() => Date, {
    nullable: true,
    description: 'When money owed back on it was all returned: refunded in full through PaySplit, or recorded refunded by the merchant.',
  })
  refundedAt!: Date | null;
  @Field(() => ID, { nullable: true, description: 'A duplicate: authorized for shares this other payment had already paid.' })
  duplicateOf!: string | null;
  @Field(() => MinorUnitsScalar, { description: 'Refunded so far (succeeded refunds of this payment).' }) refundedMinor!: bigint;
  @Field(() => MinorUnitsScalar, {
    description: 'Still refundable: 0 unless authorized; the amount minus every refund not failed (0 once refunded by hand).',
  })
  refundableMinor!: bigint;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) authorizedAt!: Date | null;
  @Field(() => Date, {
    nullable: true,
    description: 'When the attempt ended without money: failed (the merchant reported it) or abandoned (replaced by a newer one).',
  })
  endedAt!: Date | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why it failed, when it did; on an authorized payment, why an earlier try at the same checkout failed.',
  })
  failureReason!: string | null;
  @Field(() => CaptureMethodEnum) captureMethod!: string;
  @Field(() => Date, { nullable: true, description: 'MANUAL only: when the hold lapses at the processor.' }) holdExpiresAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'MANUAL only: when the capture succeeded.' }) capturedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'MANUAL only: when the hold was released.' }) releasedAt!: Date | null;
}
